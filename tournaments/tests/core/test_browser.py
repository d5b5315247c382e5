"""An organizer checks players in from a phone, in Chinese, through the real browser (3.5.7.1)."""

import pytest

from scoring.browser_testing import PHONE
from tournaments.models import SessionCheckIn


@pytest.mark.browser
def test_3_5_7_1_check_in_on_a_phone_and_switch_language(
    browser, live_server, browser_login, organizer, registrations, seated_session
):
    context = browser.new_context(**PHONE)
    page = context.new_page()
    browser_login(page, organizer)
    tournament_id = registrations[0].tournament_id
    page.goto(f"{live_server.url}/t/{tournament_id}/sessions/1/tables/2/check-in/")
    row = page.locator("tr", has_text="Player 5")
    row.get_by_role("button", name="Check in").click()
    row.get_by_text("checked in at").wait_for()
    assert SessionCheckIn.objects.filter(session=seated_session, registration=registrations[4]).exists()
    # Nothing wider than the phone's screen.
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")

    with page.expect_navigation():
        page.select_option("#language-select", "zh-hans")
    assert page.locator("h1").inner_text().startswith("检录")
    assert page.locator("tr", has_text="Player 6").get_by_text("未检录").count() == 1

    page.goto(f"{live_server.url}/t/{tournament_id}/registrations/")
    assert page.locator("h1").inner_text() == "报名名单"
    page.locator("#q").fill("Player 12")
    page.locator("#registration-rows tr").first.get_by_text("Player 12").wait_for()
    assert page.locator("#registration-rows tr").count() == 1
    context.close()


@pytest.mark.browser
def test_3_5_7_1_the_desk_checks_in_a_whole_table_with_one_tap_and_no_page_load(
    browser, live_server, browser_login, organizer, registrations, seated_session
):
    """Issue 29: 29 players took 29 clicks and 29 page loads (30 s)."""
    page = browser.new_page(viewport={"width": 1366, "height": 900})
    browser_login(page, organizer)
    tournament_id = registrations[0].tournament_id
    page.goto(f"{live_server.url}/t/{tournament_id}/sessions/1/check-in/")
    page.evaluate("window.__sameDocument = true")  # gone if the page reloads
    page.locator("[data-check-in-all='1']").click()
    page.locator("#table-1").get_by_text("0 missing").wait_for()
    table_1 = {s.registration_id for s in seated_session.seats.filter(table__number=1)}
    checked = set(SessionCheckIn.objects.filter(session=seated_session).values_list("registration_id", flat=True))
    assert checked == table_1 and len(table_1) == 4
    assert page.evaluate("window.__sameDocument === true")
    # One player of another table, also without a page load.
    page.locator("#table-2 tr.missing").first.get_by_role("button", name="Check in").click()
    page.locator("#table-2").get_by_text("3 missing").wait_for()
    assert page.evaluate("window.__sameDocument === true")
    page.close()
