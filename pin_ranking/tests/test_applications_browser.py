# ruff: noqa: F811  (the fixtures are imported from test_applications)
"""Appendix 9, 7.1-7.4 in a browser: a player applies on a phone (360 px), the committee approves on a desktop,
the public register shows the new Pin."""

import pytest

from pin_ranking.models import PinAward
from pin_ranking.tests.test_applications import FORM, applicant, national  # noqa: F401 (fixtures)
from pin_ranking.tests.test_committee import member  # noqa: F401
from scoring.browser_testing import PHONE


@pytest.mark.browser
@pytest.mark.django_db(transaction=True)
def test_7_a_player_applies_on_a_phone_the_committee_approves_the_register_shows_it(
    browser, live_server, browser_login, applicant, member
):
    phone = browser.new_context(**PHONE)
    page = phone.new_page()
    browser_login(page, applicant.user)
    page.goto(f"{live_server.url}/pin/me/")
    page.locator("a[href='/pin/apply/pin/']").click()
    page.select_option("select[name=sex]", FORM["sex"])
    page.fill("input[name=age]", str(FORM["age"]))
    page.fill("input[name=id_number]", FORM["id_number"])
    page.fill("input[name=contact]", FORM["contact"])
    page.check("input[name=pledge_accepted]")
    page.get_by_role("button", name="Sign and send").click()
    page.wait_for_url("**/pin/applications/*/")
    assert page.get_by_text(FORM["id_number"]).count() == 1
    phone.close()

    desk = browser.new_context(viewport={"width": 1366, "height": 800})
    page = desk.new_page()
    browser_login(page, member)
    page.goto(f"{live_server.url}/pin/committee/applications/")
    page.get_by_text("Automatic check").wait_for()
    page.select_option("select[name=decision]", "approve")
    page.get_by_role("button", name="Decide").click()
    page.get_by_text("No application is waiting.").wait_for()
    desk.close()

    public = browser.new_context(**PHONE)
    page = public.new_page()
    page.goto(f"{live_server.url}/pin/register/")
    number = PinAward.objects.get().number
    page.get_by_text(number).wait_for()
    assert page.get_by_text("Wang Fang").count() == 1 and FORM["id_number"] not in page.content()
    public.close()
