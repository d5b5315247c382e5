"""Issue 13: a late player, a withdrawal, a substitute (3.5.2 four to a table; 3.10.1 ranks who played)."""

import pytest
from django.core.exceptions import ValidationError

from roster import services
from testing.scenarios import play, seat_twelve, win
from tournaments.models import AuditEvent, Registration, SeatAssignment
from tournaments.sessions import selectors as session_selectors
from tournaments.sessions import services as session_services
from tournaments.standings.compute import standings_compute

pytestmark = pytest.mark.django_db


# --- a late player ------------------------------------------------------------------------------


def test_late_player_gets_the_next_entry_a_pin_and_a_table(organizer, tournament, registrations):
    session = seat_twelve(actor=organizer, tournament=tournament, number=1, registrations=registrations)
    late = services.registration_add(actor=organizer, tournament=tournament, name="  Late   Comer ")
    assert late.entry_number == 13 and late.player.name == "Late Comer" and len(late.confirm_pin) == 4
    assert tournament.tables.count() == 4  # 3.5.2: 13 players need a fourth table
    event = AuditEvent.objects.get(action="registration.added")
    # Seated from session 2, the first not yet drawn: session 1's chart stands and the session starts.
    assert late.seated_from == 2 and event.detail["entry"] == 13 and event.detail["redraw"] == []
    assert session_selectors.players_to_seat(session=session) == {r.pk for r in registrations}
    session_services.session_start(actor=organizer, session=session)


def test_late_player_when_every_session_is_drawn_waits_for_a_redraw_or_is_a_reserve(
        organizer, tournament, registrations):
    sessions = [seat_twelve(actor=organizer, tournament=tournament, number=n, registrations=registrations)
                for n in range(1, 7)]
    late = services.registration_add(actor=organizer, tournament=tournament, name="Late", entry_number=40)
    assert late.seated_from == 1
    assert AuditEvent.objects.get(action="registration.added").detail["redraw"] == [1, 2, 3, 4, 5, 6]
    with pytest.raises(ValidationError, match="Entries 40 are registered but have no seat in session 1: draw its "
                                              "seats again, or make them reserves"):
        session_services.session_start(actor=organizer, session=sessions[0])
    services.registration_reserve_set(actor=organizer, registration=late, reserve=True)
    session_services.session_start(actor=organizer, session=sessions[0])


def test_late_player_can_join_only_sessions_not_started(organizer, tournament, registrations, referee):
    for number in range(1, 7):
        session = seat_twelve(actor=organizer, tournament=tournament, number=number, registrations=registrations)
        session_services.session_start(actor=organizer, session=session)
        session_services.session_end(actor=organizer, session=session)
    with pytest.raises(ValidationError, match="Every session has started"):
        services.registration_add(actor=organizer, tournament=tournament, name="Too late")
    assert not Registration.objects.filter(player__name="Too late").exists()


def test_late_player_bad_input_is_refused_with_nothing_saved(organizer, tournament, registrations):
    other = services.registration_add(actor=organizer, tournament=tournament, name="Fed", federation_id="CN-1")
    for kwargs, field in [
        ({"name": " "}, "name"),
        ({"name": "X", "entry_number": 3}, "entry_number"),
        ({"name": "X", "entry_number": 0}, "entry_number"),
        ({"name": "Fed", "federation_id": "CN-1"}, "federation_id"),
    ]:
        with pytest.raises(ValidationError) as caught:
            services.registration_add(actor=organizer, tournament=tournament, **kwargs)
        assert field in caught.value.message_dict
    assert tournament.registrations.count() == 13 and other.entry_number == 13


# --- a withdrawal -------------------------------------------------------------------------------


def test_withdrawal_is_no_penalty_and_the_player_stays_ranked_on_what_they_played_3_10_1(
    organizer, tournament, registrations, referee, pins
):
    session = seat_twelve(actor=organizer, tournament=tournament, number=1, registrations=registrations)
    play(actor=referee, session=session, hands={1: [win(0, 1)]})  # starts, plays, ends, signs
    leaver = registrations[0]
    services.registration_withdraw(actor=organizer, registration=leaver, reason="ill")
    leaver.refresh_from_db()
    assert leaver.withdrawn_at is not None and leaver.withdrawal_reason == "ill"
    data = standings_compute(tournament)
    (row,) = [r for r in data["individuals"] if r["entry"] == 1]
    assert row["rank"] == 1 and data["struck"] == []  # 3.10.1: ranked by the sessions played; 3.11.5 alone strikes
    team1 = next(team for team in data["teams"] if team["team"] == "Team 1")
    assert 1 in team1["members"]
    assert not AuditEvent.objects.filter(action__startswith="penalty.").exists()
    with pytest.raises(ValidationError, match="already withdrawn"):
        services.registration_withdraw(actor=organizer, registration=leaver)


def test_3_5_2_a_withdrawn_players_table_is_held_until_a_substitute_sits(organizer, tournament, registrations, referee):
    seat_twelve(actor=organizer, tournament=tournament, number=1, registrations=registrations)
    session2 = seat_twelve(actor=organizer, tournament=tournament, number=2, registrations=registrations)
    services.registration_withdraw(actor=organizer, registration=registrations[5])
    assert AuditEvent.objects.get(action="registration.withdrawn").detail["seats_in"] == [1, 2]
    session1 = tournament.sessions.get(number=1)
    session_services.session_start(actor=organizer, session=session1)
    session1.refresh_from_db()
    assert session_selectors.session_tables_held(session=session1) == [2]  # four players or none (3.5.2)
    assert sorted(session1.sheets.values_list("table__number", flat=True)) == [1, 3]
    late = services.registration_add(actor=organizer, tournament=tournament, name="Sub", entry_number=50)
    services.registration_substitute(actor=organizer, registration=registrations[5], substitute=late)
    assert sorted(session1.sheets.values_list("table__number", flat=True)) == [1, 2, 3]  # the held table starts
    assert SeatAssignment.objects.get(session=session2, registration=late).seat == 1
    assert not SeatAssignment.objects.filter(session__in=[session1, session2], registration=registrations[5]).exists()
    event = AuditEvent.objects.get(action="registration.substituted")
    assert event.detail == {"entry": 6, "substitute": 50, "seats_moved": 2, "withdrew": False, "reason": ""}


def test_withdrawn_player_cannot_be_seated_again(organizer, tournament, registrations):
    services.registration_withdraw(actor=organizer, registration=registrations[0])
    with pytest.raises(ValidationError, match="have withdrawn and cannot be seated"):
        seat_twelve(actor=organizer, tournament=tournament, number=1, registrations=registrations)


def test_withdrawing_a_player_at_a_table_in_play_is_refused(organizer, tournament, registrations, running_session):
    with pytest.raises(ValidationError, match="is playing in session 1, which is running"):
        services.registration_withdraw(actor=organizer, registration=registrations[0])
    registrations[0].refresh_from_db()
    assert registrations[0].withdrawn_at is None
    substitute = services.registration_add(actor=organizer, tournament=tournament, name="Sub", entry_number=50)
    with pytest.raises(ValidationError, match="is playing in session 1"):
        services.registration_substitute(actor=organizer, registration=registrations[0], substitute=substitute)


# --- a substitute -------------------------------------------------------------------------------


def test_substitute_takes_every_seat_not_yet_played_and_the_leaver_withdraws(organizer, tournament, registrations):
    for number in (1, 2, 3):
        seat_twelve(actor=organizer, tournament=tournament, number=number, registrations=registrations)
    sub = services.registration_add(actor=organizer, tournament=tournament, name="Sub", entry_number=50)
    services.registration_substitute(actor=organizer, registration=registrations[2], substitute=sub, reason="flight")
    leaver = Registration.objects.get(pk=registrations[2].pk)
    assert leaver.withdrawn_at is not None and leaver.substitute == sub and leaver.withdrawal_reason == "flight"
    assert SeatAssignment.objects.filter(registration=sub).count() == 3
    assert set(SeatAssignment.objects.filter(registration=sub).values_list("seat", flat=True)) == {2}
    session_services.session_start(actor=organizer, session=tournament.sessions.get(number=1))  # four everywhere


def test_substituting_with_a_player_already_seated_is_refused(organizer, tournament, registrations):
    seat_twelve(actor=organizer, tournament=tournament, number=1, registrations=registrations)
    with pytest.raises(ValidationError) as caught:
        services.registration_substitute(actor=organizer, registration=registrations[0], substitute=registrations[1])
    assert caught.value.message_dict["substitute"] == ["The substitute already has a seat in a later session."]
    registrations[0].refresh_from_db()
    assert registrations[0].withdrawn_at is None  # nothing half-saved
    assert SeatAssignment.objects.filter(registration=registrations[0]).count() == 1


def test_substitute_bad_choices_are_refused(organizer, tournament, registrations, teams):
    from tournaments.core import services as core_services

    other = core_services.tournament_create(
        actor=organizer, name="Other", starts_on=tournament.starts_on, ends_on=tournament.ends_on
    )
    stranger = services.registration_add(actor=organizer, tournament=other, name="Stranger", entry_number=1)
    for substitute in (None, registrations[0], stranger):
        with pytest.raises(ValidationError, match="Choose a substitute registered in this tournament"):
            services.registration_substitute(actor=organizer, registration=registrations[0], substitute=substitute)
    gone = services.registration_add(actor=organizer, tournament=tournament, name="Gone", entry_number=60)
    services.registration_withdraw(actor=organizer, registration=gone)
    with pytest.raises(ValidationError, match="The substitute has withdrawn"):
        services.registration_substitute(actor=organizer, registration=registrations[0], substitute=gone)
    sub = services.registration_add(actor=organizer, tournament=tournament, name="Sub", entry_number=50)
    services.registration_substitute(actor=organizer, registration=registrations[0], substitute=sub)
    sub2 = services.registration_add(actor=organizer, tournament=tournament, name="Sub2", entry_number=51)
    with pytest.raises(ValidationError, match="already has a substitute"):
        services.registration_substitute(actor=organizer, registration=registrations[0], substitute=sub2)


# --- undoing a withdrawal -----------------------------------------------------------------------


def test_a_withdrawal_undone_plays_again_and_its_held_table_starts(organizer, tournament, registrations, referee):
    seat_twelve(actor=organizer, tournament=tournament, number=1, registrations=registrations)
    seat_twelve(actor=organizer, tournament=tournament, number=2, registrations=registrations)
    leaver = registrations[5]
    services.registration_withdraw(actor=organizer, registration=leaver, reason="ill")
    assert [r["withdrawn"] for r in standings_compute(tournament)["individuals"] if r["entry"] == 6] == [True]
    session1 = tournament.sessions.get(number=1)
    session_services.session_start(actor=organizer, session=session1)
    session1.refresh_from_db()
    assert session_selectors.session_tables_held(session=session1) == [2]
    with pytest.raises(ValidationError) as caught:  # the reason is required
        services.registration_withdrawal_undo(actor=organizer, registration=leaver, reason="  ")
    assert "reason" in caught.value.message_dict
    services.registration_withdrawal_undo(actor=organizer, registration=leaver, reason="recovered")
    leaver.refresh_from_db()
    assert leaver.withdrawn_at is None and leaver.withdrawal_reason == ""
    session1.refresh_from_db()
    assert sorted(session1.sheets.values_list("table__number", flat=True)) == [1, 2, 3]  # the held table starts
    event = AuditEvent.objects.get(action="registration.withdrawal_undone")
    assert event.detail["entry"] == 6 and event.detail["reason"] == "recovered" and event.detail["missed"] == []
    assert [r["withdrawn"] for r in standings_compute(tournament)["individuals"] if r["entry"] == 6] == [False]
    with pytest.raises(ValidationError, match="has not withdrawn: there is nothing to undo"):
        services.registration_withdrawal_undo(actor=organizer, registration=leaver, reason="again")


def test_a_withdrawal_cannot_be_undone_once_a_substitute_took_the_seats(organizer, tournament, registrations):
    seat_twelve(actor=organizer, tournament=tournament, number=1, registrations=registrations)
    sub = services.registration_add(actor=organizer, tournament=tournament, name="Sub", entry_number=50)
    services.registration_substitute(actor=organizer, registration=registrations[2], substitute=sub)
    with pytest.raises(ValidationError, match="went to the substitute, entry 50, who keeps them"):
        services.registration_withdrawal_undo(actor=organizer, registration=registrations[2], reason="back")
    assert Registration.objects.get(pk=registrations[2].pk).withdrawn_at is not None
    assert not AuditEvent.objects.filter(action="registration.withdrawal_undone").exists()


def test_a_session_that_ended_without_the_player_is_listed_as_missed(organizer, tournament, registrations, referee):
    seat_twelve(actor=organizer, tournament=tournament, number=1, registrations=registrations)
    seat_twelve(actor=organizer, tournament=tournament, number=2, registrations=registrations)
    services.registration_withdraw(actor=organizer, registration=registrations[0])
    session1 = tournament.sessions.get(number=1)
    session_services.session_start(actor=organizer, session=session1)  # table 1 held back
    session_services.session_end(actor=organizer, session=session1)
    services.registration_withdrawal_undo(actor=organizer, registration=registrations[0], reason="back for session 2")
    assert AuditEvent.objects.get(action="registration.withdrawal_undone").detail["missed"] == [1]
    session2 = tournament.sessions.get(number=2)
    session_services.session_start(actor=organizer, session=session2)
    session2.refresh_from_db()
    assert session_selectors.session_tables_held(session=session2) == []  # plays again in session 2
    assert session2.sheets.count() == 3
