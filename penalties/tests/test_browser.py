"""The foul pages on a phone."""

import pytest
from django.urls import reverse

from scoring.browser_testing import PHONE


@pytest.mark.browser
def test_the_record_of_fouls_fits_a_phone(browser, live_server, browser_login, tournament, fouled_sheet, chief_referee):
    context = browser.new_context(**PHONE)
    page = context.new_page()
    browser_login(page, chief_referee)
    page.goto(live_server.url + reverse("penalties:record", args=[tournament.pk, 1]))
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
    reason = page.locator("input[name=reason]").first
    assert reason.bounding_box()["height"] >= 40
    context.close()


@pytest.mark.browser
def test_3_11_4_a_referee_disqualifies_at_the_tablet_the_organizer_seats_a_substitute_and_the_rank_stands(
    browser, live_server, browser_login, tournament, registrations, sheet, referee, organizer
):
    """停赛 end to end: the referee records it at the tablet with its public notice; the organizer
    seats a substitute for session 2 from the Record of Fouls; the standings keep the player's rank,
    marked, and the notices page shows the notice."""
    from scoring.browser_testing import TABLET
    from testing.scenarios import play, publish
    from tournaments.models import Player, Registration, SeatAssignment
    from tournaments.sessions import services as session_services
    from tournaments.standings.services import standings_recompute

    ids = [r.pk for r in registrations]
    session2 = tournament.sessions.get(number=2)
    session_services.session_seats_replace(
        actor=organizer, session=session2, tables={1: ids[:4], 2: ids[4:8], 3: ids[8:12]}
    )
    offender = registrations[1]  # South at table 1
    substitute = Registration.objects.create(
        tournament=tournament, player=Player.objects.create(name="Reserve Player"), entry_number=13
    )
    # The referee, at the table's tablet.
    context = browser.new_context(**TABLET)
    page = context.new_page()
    browser_login(page, referee)
    page.goto(live_server.url + reverse("penalties:sheet_fouls", args=[sheet.pk]))
    page.select_option("select[name=foul]", "cheating")
    page.select_option("select[name=offender]", str(offender.pk))
    page.fill("input[name=hand_number]", "1")
    page.fill("textarea[name=notice]", "Entry 2 hid a tile and is out of the competition.")
    page.select_option("select[name=illegal_gain]", "no")  # 3.11.5 asked with a cheating 停赛
    page.click("form[action$='/fouls/record/'] button[type=submit]")
    page.wait_for_selector("text=Penalty recorded.")
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
    context.close()
    # The organizer seats the substitute from the Record of Fouls.
    context = browser.new_context(viewport={"width": 1366, "height": 900})
    page = context.new_page()
    browser_login(page, organizer)
    page.goto(live_server.url + reverse("penalties:record", args=[tournament.pk, 1]))
    assert page.locator("text=Later tables wait for a substitute").count() == 1
    page.select_option("select[name=substitute]", str(substitute.pk))
    page.click("text=Seat the substitute")
    page.wait_for_selector("text=The substitute takes the seats of the later sessions.")
    assert page.locator("text=Substitute: 13").count() == 1
    context.close()
    assert SeatAssignment.objects.get(session=session2, table__number=1, seat=1).registration == substitute
    assert not SeatAssignment.objects.filter(session=session2, registration=offender).exists()
    # Session 1 ends and is signed: the 停赛 alone leaves the rank earned so far, marked.
    play(actor=referee, session=sheet.session, hands={})
    publish(tournament)
    standings_recompute(tournament_id=tournament.pk)
    context = browser.new_context(viewport={"width": 1366, "height": 900})
    page = context.new_page()
    page.goto(live_server.url + reverse("tournaments:standings", args=[tournament.pk]))
    row = page.locator("#individuals tr", has_text="Player 2")
    assert row.locator(".dq").inner_text() == "disqualified"
    assert row.locator("td.n").first.inner_text().strip() not in ("", "—")
    page.goto(live_server.url + reverse("penalties:notices", args=[tournament.pk]))
    assert page.locator("text=Entry 2 hid a tile").count() == 1
    context.close()


@pytest.mark.browser
def test_the_foul_form_shows_only_the_fields_of_the_foul_chosen(browser, live_server, browser_login, sheet, referee):
    from scoring.browser_testing import TABLET

    context = browser.new_context(**TABLET)
    page = context.new_page()
    browser_login(page, referee)
    page.goto(live_server.url + reverse("penalties:sheet_fouls", args=[sheet.pk]))
    form = page.locator("form[data-foul-form]")

    def shown():
        names = ("hand_number", "points", "victim", "late_minutes", "late_seconds", "notice", "illegal_gain")
        return {name for name in names if form.locator(f"[name={name}]").is_visible()}

    expected = {
        "warning": set(),                                   # 3.11.1: a warning, no hand, no amount
        "late": {"late_minutes", "late_seconds"},           # 3.11.2.1: how late
        "violation": {"hand_number", "points"},             # 3.11.2.2: the referee's amount
        "exposed_other_tiles": {"hand_number", "points", "victim"},  # 3.11.6.7(3): paid to the victim
        "cheating": {"hand_number", "notice", "illegal_gain"},  # 3.11.4 停赛, its 通报, and 3.11.5 asked
        "false_win": {"hand_number"},                       # 3.11.6.6: a fixed amount
    }
    for foul, fields in expected.items():
        page.select_option("select[name=foul]", foul)
        assert shown() == fields, foul
        assert form.locator("[name=offender]").is_visible() and form.locator("[name=note]").is_visible()
    # a value typed for one foul is not sent with another: the hidden field is disabled
    page.select_option("select[name=foul]", "violation")
    page.fill("input[name=points]", "10")
    page.select_option("select[name=foul]", "warning")
    assert form.locator("input[name=points]").is_disabled()
    page.click("form[data-foul-form] button[type=submit]")
    page.wait_for_selector("text=Penalty recorded.")
    context.close()
