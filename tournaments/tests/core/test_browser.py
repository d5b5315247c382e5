"""An organizer checks players in from a phone, in Chinese, through the real browser."""

import pytest

from scoring.browser_testing import PHONE
from tournaments.models import Registration


@pytest.mark.browser
def test_check_in_on_a_phone_and_switch_language(browser, live_server, browser_login, organizer, registrations):
    context = browser.new_context(**PHONE)
    page = context.new_page()
    browser_login(page, organizer)
    page.goto(f"{live_server.url}/t/{registrations[0].tournament_id}/registrations/")
    row = page.locator(f"#registration-{registrations[0].pk}")
    row.get_by_role("button", name="Check in").click()
    row.get_by_role("button", name="Checked in").wait_for()  # swapped in place by htmx
    assert Registration.objects.get(pk=registrations[0].pk).checked_in
    # Nothing wider than the phone's screen.
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")

    with page.expect_navigation():
        page.select_option("#language-select", "zh-hans")
    assert page.locator("h1").inner_text() == "报名名单"
    page.locator("#q").fill("Player 12")
    page.locator("#registration-rows tr").first.get_by_text("Player 12").wait_for()
    assert page.locator("#registration-rows tr").count() == 1
    context.close()
