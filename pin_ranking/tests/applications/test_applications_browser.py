"""Appendix 9, 7.1-7.4 in a browser: a player applies on a phone (360 px), the committee asks for more on a
desktop, the player answers on the phone, the committee approves, the public register shows the new Pin and its
certificate PDF."""

import pytest

from pin_ranking.models import PinAward
from pin_ranking.tests.helpers import FORM
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
    application_url = page.url.removeprefix(live_server.url)
    phone.close()

    desk = browser.new_context(viewport={"width": 1366, "height": 800})
    page = desk.new_page()
    browser_login(page, member)
    page.goto(f"{live_server.url}/pin/committee/applications/")
    page.get_by_text("Automatic check").wait_for()
    # 7.3: first the committee asks for more; the player answers on the phone.
    page.select_option("select[name=decision]", "more_info")
    page.fill("input[name=reason]", "Check your ID number")
    page.get_by_role("button", name="Decide").click()
    page.get_by_text("More information asked").first.wait_for()

    phone = browser.new_context(**PHONE)
    answer = phone.new_page()
    browser_login(answer, applicant.user)
    answer.goto(f"{live_server.url}{application_url}")
    answer.get_by_text("Check your ID number").wait_for()
    answer.get_by_role("link", name="Answer the committee").click()
    answer.fill("textarea[name=note]", "The ID number had a typo.")
    answer.fill("input[name=id_number]", "110101199001019999")
    answer.get_by_role("button", name="Send to the committee").click()
    answer.wait_for_url(f"**{application_url}")
    answer.get_by_text("back with the committee").wait_for()
    assert answer.evaluate("document.documentElement.scrollWidth") <= 360  # nothing wider than the phone
    phone.close()

    page.reload()
    page.get_by_text("The ID number had a typo.").wait_for()
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
    page.get_by_role("link", name=number).click()  # 7.4: the certificate's page, and its PDF
    link = page.get_by_role("link", name="Pin certificate (PDF)").get_attribute("href")
    pdf = page.request.get(live_server.url + link)
    assert pdf.status == 200 and pdf.headers["content-type"] == "application/pdf" and pdf.body()[:4] == b"%PDF"
    public.close()
