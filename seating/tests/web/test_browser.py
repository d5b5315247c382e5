"""The organizer draws the chart on a tablet; a player finds their seat on a 360-px phone."""

import pytest

from scoring.browser_testing import PHONE, TABLET
from tournaments.models import SeatAssignment, Tournament


@pytest.mark.browser
def test_chart_on_a_tablet_and_the_players_seat_on_a_phone(
    browser, live_server, browser_login, organizer, player_user, tournament, registrations
):
    Tournament.objects.filter(pk=tournament.pk).update(status=Tournament.Status.PUBLISHED)
    tablet = browser.new_context(**TABLET)
    page = tablet.new_page()
    browser_login(page, organizer)
    page.goto(f"{live_server.url}/t/{tournament.pk}/")
    page.get_by_role("link", name="Seating chart", exact=True).click()
    page.fill("input[name=seed]", "11")
    page.get_by_role("button", name="Generate").click()
    page.get_by_text("Chart drawn").wait_for()
    assert page.locator(".seating-session").count() == 6
    assert page.locator("#session-1 table.chart tbody tr").count() == 3
    tablet.close()

    session1 = tournament.sessions.get(number=1)
    mine = SeatAssignment.objects.select_related("table").get(session=session1, registration__entry_number=1)
    table = {s.seat: s.registration.entry_number for s in SeatAssignment.objects.filter(
        session=session1, table=mine.table).select_related("registration")}

    phone = browser.new_context(**PHONE)
    page = phone.new_page()
    browser_login(page, player_user)
    page.goto(f"{live_server.url}/t/{tournament.pk}/my-seats/")
    page.wait_for_url(f"{live_server.url}/t/{tournament.pk}/players/1/seats/")
    now = page.locator("#seat-now")
    assert "Next: session 1" in now.inner_text()
    assert f"Table {mine.table.number} · {['East', 'South', 'West', 'North'][mine.seat]}" in now.inner_text()
    rounds = now.locator("table.rounds tbody tr")
    assert rounds.count() == 4
    # Appendix 4: round 3 has starting seats 3, 4, 2, 1 in East, South, West, North.
    assert rounds.nth(2).locator("td").all_inner_texts() == [str(table[2]), str(table[3]), str(table[1]), str(table[0])]
    assert rounds.nth(0).locator("td.me").inner_text() == "1"
    assert page.locator("table.grid").last.locator("tbody tr").count() == 6
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
    phone.close()
