"""The tournament day stalled on two substitutes in the roster. A roster with reserves, in the browser: the chart
is drawn without them, a reserve of the leaving player's team takes the seats (the only reserves offered), the
pre-flight refuses nothing and the session starts with the reserve at the table."""

import pytest

from roster.tests.helpers import run_import, xlsx
from tournaments.core import services as core_services
from tournaments.models import SeatAssignment

DESKTOP = {"viewport": {"width": 1366, "height": 900}}


@pytest.mark.browser
@pytest.mark.django_db(transaction=True)
def test_a_roster_with_reserves_through_the_chart_a_replacement_and_the_start(
        browser, live_server, browser_login, organizer, referee, tournament, teams):
    core_services.tournament_update(actor=organizer, tournament=tournament, team_reserves=1)
    rows = [["参赛号", "姓名", "队伍", "替补"]]
    rows += [[entry, f"Player {entry}", teams[(entry - 1) // 4].name, ""] for entry in range(1, 13)]
    rows += [[20 + n, f"Reserve {n}", teams[n].name, "是"] for n in range(3)]
    assert run_import(organizer, tournament, "players", "players.xlsx", xlsx(rows)).status == "done"
    base = f"{live_server.url}/t/{tournament.pk}"
    context = browser.new_context(**DESKTOP)
    page = context.new_page()
    page.on("dialog", lambda dialog: dialog.accept())
    browser_login(page, organizer)

    page.goto(f"{base}/import/")
    assert "A team may bring 1 reserve." in page.locator("#team-reserves").inner_text()
    page.goto(f"{base}/seating/")
    page.locator("form.seating-generate button[type=submit]").click()
    page.get_by_text("Chart drawn").wait_for()
    assert "not seated: 3 reserves, 0 withdrawn" in page.locator("#left-out").inner_text()
    assert not SeatAssignment.objects.filter(registration__reserve=True).exists()

    leaving = tournament.registrations.get(entry_number=1)
    page.goto(f"{live_server.url}/t/registrations/{leaving.pk}/leave/")
    options = page.locator("select[name='substitute-substitute'] option").all_inner_texts()
    assert "20 Reserve 0" in options and not any(text.startswith(("21 ", "22 ")) for text in options)
    page.select_option("select[name='substitute-substitute']", label="20 Reserve 0")
    page.get_by_role("button", name="Seat the substitute").click()
    page.locator("#registration-results").wait_for()

    page.goto(f"{base}/board/")
    page.get_by_role("link", name="Start session 1").click()
    assert page.locator(".preflight-refused").count() == 0
    page.locator("#preflight-start").click()
    page.get_by_text("Session 1 has started.").wait_for()
    assert SeatAssignment.objects.filter(session__number=1, registration__entry_number=20).exists()
    assert not tournament.registrations.get(entry_number=20).reserve
    context.close()
