"""Reserves (not seated), deleting a registration before the day, and a late entry that needs no redraw of the
sessions drawn: the roster of a team event with reserves runs from the import through the chart, the
pre-flight, the start and a replacement (the rules are silent on reserves; 3.5.2 asks four to a table)."""

import pytest
from django.core.exceptions import ValidationError

from roster import selectors, services
from roster.tests.helpers import problems, run_import, xlsx
from seating import services as seating_services
from tournaments.core import services as core_services
from tournaments.models import AuditEvent, Player, Registration, SeatAssignment
from tournaments.sessions import selectors as session_selectors
from tournaments.sessions import services as session_services
from tournaments.standings.compute import standings_compute

pytestmark = pytest.mark.django_db

HEADER = ["参赛号", "姓名", "队伍", "替补"]


def roster_with_reserves(organizer, tournament, teams, *, reserves_allowed=1):
    """Twelve players of three teams and one reserve each (a Chinese header, 是 and empty cells)."""
    core_services.tournament_update(actor=organizer, tournament=tournament, team_reserves=reserves_allowed)
    rows = [HEADER] + [[entry, f"Player {entry}", teams[(entry - 1) // 4].name, ""] for entry in range(1, 13)]
    rows += [[20 + n, f"Reserve {n}", teams[n].name, "是"] for n in range(3)]
    return run_import(organizer, tournament, "players", "players.xlsx", xlsx(rows))


def test_reserves_from_the_import_are_left_out_of_the_chart_the_tables_and_the_standings(organizer, tournament,
                                                                                        teams):
    job = roster_with_reserves(organizer, tournament, teams)
    assert job.status == "done", job.errors
    assert set(tournament.registrations.filter(reserve=True).values_list("entry_number", flat=True)) == {20, 21, 22}
    assert tournament.tables.count() == 3  # 12 players seated; the 3 reserves need no table
    metrics = seating_services.chart_generate(actor=organizer, tournament=tournament, seed=1)
    # 3.5.1 keeps teammates apart, but four of a team at three tables must share one: the fewest, said why.
    assert metrics["same_key_pairs"] == 3 * 6
    from seating.selectors import chart_overview
    assert "team “Team 1” has 4 players for 3 tables" in chart_overview(tournament=tournament)["constraints"][0]
    assert not SeatAssignment.objects.filter(registration__reserve=True).exists()
    session = tournament.sessions.get(number=1)
    assert not [item for item in session_selectors.session_preflight(session=session) if item["level"] == "refuse"]
    session_services.session_start(actor=organizer, session=session)
    ranked = {row["entry"] for row in standings_compute(tournament)["individuals"]}
    assert ranked == set(range(1, 13))  # a reserve who has not played is not ranked


def test_the_import_refuses_more_reserves_a_team_than_the_tournament_allows(organizer, tournament, teams):
    job = roster_with_reserves(organizer, tournament, teams, reserves_allowed=0)
    assert job.status == "failed"
    assert problems(job) == [(14, "reserve", "too_many_reserves"), (15, "reserve", "too_many_reserves"),
                             (16, "reserve", "too_many_reserves")]
    assert not tournament.registrations.exists()
    bad = run_import(organizer, tournament, "players", "p.csv", "entry,name,reserve\n1,A,perhaps\n".encode())
    assert problems(bad) == [(2, "reserve", "not_yes_no")]


def test_a_withdrawn_player_and_a_reserve_leave_the_draw_to_the_players_who_play(organizer, tournament, teams):
    roster_with_reserves(organizer, tournament, teams)
    late = services.registration_add(actor=organizer, tournament=tournament, name="Thirteenth")
    with pytest.raises(ValidationError, match="13 players cannot fill tables of four .reserves: 3 and withdrawn"):
        seating_services.chart_generate(actor=organizer, tournament=tournament)
    services.registration_withdraw(actor=organizer, registration=late)
    seating_services.chart_generate(actor=organizer, tournament=tournament)
    assert not SeatAssignment.objects.filter(registration=late).exists()


def test_a_reserve_replaces_a_player_of_their_team_and_plays_from_then_on(organizer, tournament, teams):
    roster_with_reserves(organizer, tournament, teams)
    seating_services.chart_generate(actor=organizer, tournament=tournament, seed=2)
    leaving = tournament.registrations.get(entry_number=1)  # team 1
    own, other = (tournament.registrations.get(entry_number=n) for n in (20, 21))
    candidates = list(selectors.substitute_candidates(registration=leaving))
    assert own in candidates and other not in candidates  # another team's reserve is not offered
    with pytest.raises(ValidationError, match="a reserve of another team"):
        services.registration_substitute(actor=organizer, registration=leaving, substitute=other)
    services.registration_substitute(actor=organizer, registration=leaving, substitute=own)
    own.refresh_from_db()
    assert not own.reserve and own.seated_from == 1 and own.seats.count() == 6
    session = tournament.sessions.get(number=1)
    session_services.session_start(actor=organizer, session=session)


def test_reserve_and_player_both_ways_with_the_team_bound_and_the_audit(organizer, tournament, registrations):
    player = registrations[0]
    with pytest.raises(ValidationError, match="the tournament allows 0 a team"):
        services.registration_reserve_set(actor=organizer, registration=player, reserve=True)
    core_services.tournament_update(actor=organizer, tournament=tournament, team_reserves=1)
    services.registration_reserve_set(actor=organizer, registration=player, reserve=True)
    with pytest.raises(ValidationError, match="has 1 reserves"):
        core_services.tournament_update(actor=organizer, tournament=tournament, team_reserves=0)
    with pytest.raises(ValidationError, match="already a reserve"):
        services.registration_reserve_set(actor=organizer, registration=player, reserve=True)
    services.registration_reserve_set(actor=organizer, registration=player, reserve=False)
    details = [event.detail["reserve"] for event in AuditEvent.objects.filter(action="registration.reserve_set")
               .order_by("pk")]
    assert details == [True, False]


def test_a_player_who_has_played_cannot_become_a_reserve(organizer, tournament, registrations):
    from testing.scenarios import seat_twelve

    core_services.tournament_update(actor=organizer, tournament=tournament, team_reserves=1)
    session = seat_twelve(actor=organizer, tournament=tournament, number=1, registrations=registrations)
    session_services.session_start(actor=organizer, session=session)
    with pytest.raises(ValidationError, match="has played: withdraw them instead"):
        services.registration_reserve_set(actor=organizer, registration=registrations[0], reserve=True)


def test_a_player_made_a_reserve_after_the_draw_stops_the_start_until_the_chart_is_drawn_again(
        organizer, tournament, registrations):
    from testing.scenarios import seat_twelve

    core_services.tournament_update(actor=organizer, tournament=tournament, team_reserves=1)
    session = seat_twelve(actor=organizer, tournament=tournament, number=1, registrations=registrations)
    services.registration_reserve_set(actor=organizer, registration=registrations[0], reserve=True)
    refusals = [item["message"] for item in session_selectors.session_preflight(session=session)
                if item["level"] == "refuse"]
    assert any("Entry 1 is a reserve but holds a seat: draw the chart again" in message for message in refusals)
    assert selectors.sessions_to_redraw(tournament=tournament) == [1]
    with pytest.raises(ValidationError, match="reserves but hold seats in session 1"):
        session_services.session_start(actor=organizer, session=session)


def test_a_registration_is_deleted_before_the_day_and_its_person_with_it(organizer, tournament, registrations):
    from testing.scenarios import seat_twelve

    seat_twelve(actor=organizer, tournament=tournament, number=2, registrations=registrations)
    extra = services.registration_add(actor=organizer, tournament=tournament, name="Typo", entry_number=99)
    person = extra.player_id
    services.registration_delete(actor=organizer, registration=extra)
    assert not Registration.objects.filter(pk=extra.pk).exists() and not Player.objects.filter(pk=person).exists()
    # A seated player: the sessions drawn with them are cleared, to be drawn again.
    services.registration_delete(actor=organizer, registration=registrations[11])
    assert not SeatAssignment.objects.filter(session__number=2).exists()
    event = AuditEvent.objects.filter(action="registration.deleted").order_by("-pk").first()
    assert event.detail == {"entry": 12, "name": "Player 12", "cleared": [2], "person_deleted": True}


def test_no_registration_is_deleted_once_a_session_has_started(organizer, tournament, registrations):
    from testing.scenarios import seat_twelve

    session = seat_twelve(actor=organizer, tournament=tournament, number=1, registrations=registrations)
    session_services.session_start(actor=organizer, session=session)
    with pytest.raises(ValidationError, match="Session 1 has started: .* Withdraw the player instead"):
        services.registration_delete(actor=organizer, registration=registrations[0])
    assert Registration.objects.filter(pk=registrations[0].pk).exists()


def test_keep_drawn_draws_only_the_sessions_without_seats(organizer, tournament, registrations):
    from testing.scenarios import seat_twelve

    seat_twelve(actor=organizer, tournament=tournament, number=1, registrations=registrations)
    before = set(SeatAssignment.objects.filter(session__number=1).values_list("registration_id", "table_id", "seat"))
    seating_services.chart_generate(actor=organizer, tournament=tournament, keep_drawn=True)
    after = set(SeatAssignment.objects.filter(session__number=1).values_list("registration_id", "table_id", "seat"))
    assert before == after and SeatAssignment.objects.filter(session__number=6).count() == 12
    with pytest.raises(ValidationError, match="nothing left to draw"):
        seating_services.chart_generate(actor=organizer, tournament=tournament, keep_drawn=True)
