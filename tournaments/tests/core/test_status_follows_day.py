"""The tournament's status follows the day (issue 13): Draft → Published → Running → Finished.

Published by the organizer (early) or by starting session 1 of a draft; Running only by starting a
session; Finished once the last session's results are final: every planned session over, every sheet
signed (Appendix 5), the appeal windows closed (3.12.2) and no appeal undecided (3.12-3.13).
"""

import datetime as dt

import pytest
from django.core.exceptions import ValidationError
from django.urls import reverse
from django.utils import timezone

from testing.scenarios import play, seat, sign_all
from tournaments.core import selectors as core_selectors
from tournaments.core import services as core_services
from tournaments.models import AuditEvent, Session
from tournaments.sessions import services as session_services

TABLES = {1: [1, 2, 3, 4], 2: [5, 6, 7, 8], 3: [9, 10, 11, 12]}


def status_events(tournament):
    return [
        (event.detail["before"], event.detail["after"], event.detail["because"])
        for event in AuditEvent.objects.filter(action="tournament.status_changed", tournament=tournament).order_by("pk")
    ]


def play_all_but_last(tournament, organizer, referee):
    for session in tournament.sessions.order_by("number")[: tournament.planned_sessions - 1]:
        seat(actor=organizer, session=session, tables=TABLES)
        play(actor=referee, session=session, hands={})


def windows_closed(tournament):
    """Every ended session ended long ago: its appeal window (3.12.2) is closed."""
    Session.objects.filter(tournament=tournament, ended_at__isnull=False).update(
        ended_at=timezone.now() - dt.timedelta(hours=2)
    )


@pytest.mark.django_db
def test_starting_session_1_of_a_draft_publishes_it_then_runs_it_each_step_audited(
    tournament, organizer, referee, seated_session
):
    assert tournament.status == "draft"
    session_services.session_start(actor=organizer, session=seated_session)
    tournament.refresh_from_db()
    assert tournament.status == "running"
    assert status_events(tournament) == [
        ("draft", "published", "session_start"), ("published", "running", "session_start")
    ]


@pytest.mark.django_db
def test_a_tournament_published_early_runs_at_the_first_start(tournament, organizer, referee, seated_session):
    core_services.tournament_publish(actor=organizer, tournament=tournament)
    session_services.session_start(actor=organizer, session=seated_session)
    tournament.refresh_from_db()
    assert tournament.status == "running"
    assert status_events(tournament) == [("draft", "published", "organizer"), ("published", "running", "session_start")]


@pytest.mark.django_db
def test_publishing_twice_is_refused(tournament, organizer):
    core_services.tournament_publish(actor=organizer, tournament=tournament)
    with pytest.raises(ValidationError, match="already published"):
        core_services.tournament_publish(actor=organizer, tournament=tournament)
    assert len(status_events(tournament)) == 1


@pytest.mark.django_db
def test_the_organizer_publishes_early_and_unpublishes_before_play_through_the_form(tournament, organizer):
    core_services.tournament_update(actor=organizer, tournament=tournament, status="published")
    core_services.tournament_update(actor=organizer, tournament=tournament, status="draft")
    tournament.refresh_from_db()
    assert tournament.status == "draft"
    assert status_events(tournament) == [("draft", "published", "organizer"), ("published", "draft", "organizer")]
    # Status changes have their own event, not a "tournament changed" one.
    assert not AuditEvent.objects.filter(action="tournament.updated", tournament=tournament).exists()


@pytest.mark.django_db
@pytest.mark.parametrize("before", ["draft", "published"])
def test_running_by_hand_is_refused_saying_it_comes_from_starting_session_1(tournament, organizer, before):
    if before == "published":
        core_services.tournament_publish(actor=organizer, tournament=tournament)
    with pytest.raises(ValidationError) as caught:
        core_services.tournament_update(actor=organizer, tournament=tournament, status="running")
    assert "starting session 1" in caught.value.message_dict["status"][0]
    tournament.refresh_from_db()
    assert tournament.status == before


@pytest.mark.django_db
def test_finished_by_hand_before_any_start_is_refused(tournament, organizer):
    with pytest.raises(ValidationError, match="Only a running tournament can finish"):
        core_services.tournament_update(actor=organizer, tournament=tournament, status="finished")


@pytest.mark.django_db
@pytest.mark.parametrize("target", ["draft", "published"])
def test_back_to_draft_or_published_after_a_start_is_refused(tournament, organizer, running_session, target):
    with pytest.raises(ValidationError, match="Sessions have started"):
        core_services.tournament_update(actor=organizer, tournament=tournament, status=target)


@pytest.mark.django_db
def test_the_form_offers_only_the_statuses_the_day_allows(tournament, organizer, referee, seated_session):
    assert core_selectors.status_choices_allowed(tournament=tournament) == ["draft", "published"]
    session_services.session_start(actor=organizer, session=seated_session)
    tournament.refresh_from_db()
    # Running, and the results far from final: nothing else.
    assert core_selectors.status_choices_allowed(tournament=tournament) == ["running"]


@pytest.mark.django_db
def test_it_finishes_by_itself_when_the_last_sheet_is_signed_after_the_windows_closed(
    tournament, organizer, referee, pins, registrations, django_capture_on_commit_callbacks
):
    play_all_but_last(tournament, organizer, referee)
    last = tournament.sessions.get(number=tournament.planned_sessions)
    seat(actor=organizer, session=last, tables=TABLES)
    session_services.session_start(actor=organizer, session=last)
    session_services.session_end(actor=organizer, session=last)
    windows_closed(tournament)
    sheets = list(last.sheets.order_by("table__number"))
    for sheet in sheets[:-1]:
        with django_capture_on_commit_callbacks(execute=True):
            sign_all(actor=referee, sheet=sheet)
    tournament.refresh_from_db()
    assert tournament.status == "running"  # a sheet is still unsigned
    with django_capture_on_commit_callbacks(execute=True):
        sign_all(actor=referee, sheet=sheets[-1])
    tournament.refresh_from_db()
    assert tournament.status == "finished"
    assert status_events(tournament)[-1] == ("running", "finished", "results_final")


@pytest.mark.django_db
def test_an_open_appeal_window_keeps_it_running_until_it_closes(tournament, organizer, referee, pins, registrations):
    play_all_but_last(tournament, organizer, referee)
    windows_closed(tournament)
    last = tournament.sessions.get(number=tournament.planned_sessions)
    seat(actor=organizer, session=last, tables=TABLES)
    play(actor=referee, session=last, hands={})
    last.refresh_from_db()
    # 3.12.2: 30 minutes after the session's end the window is still open (at 29 min), closed at 31.
    pending = core_services.tournament_finish_if_final(
        actor=None, tournament_id=tournament.pk, now=last.ended_at + dt.timedelta(minutes=29)
    )
    assert [item.until for item in pending] == [last.ended_at + dt.timedelta(minutes=30)]
    assert "3.12.2" in pending[0].message
    tournament.refresh_from_db()
    assert tournament.status == "running"
    # Finishing by hand meanwhile is refused, saying what is still awaited.
    with pytest.raises(ValidationError, match="time to appeal session 6"):
        core_services.tournament_update(actor=organizer, tournament=tournament, status="finished")
    assert core_services.tournament_finish_if_final(
        actor=None, tournament_id=tournament.pk, now=last.ended_at + dt.timedelta(minutes=31)
    ) == []
    tournament.refresh_from_db()
    assert tournament.status == "finished"


@pytest.mark.django_db
def test_sessions_not_played_keep_it_running_and_the_organizer_is_told_to_lower_the_plan(
    tournament, organizer, referee, pins, registrations
):
    play_all_but_last(tournament, organizer, referee)
    windows_closed(tournament)
    pending = core_services.tournament_finish_if_final(actor=None, tournament_id=tournament.pk)
    assert [item.message for item in pending] == [f"Sessions {tournament.planned_sessions} are not over."]
    with pytest.raises(ValidationError, match="lower the planned sessions"):
        core_services.tournament_update(actor=organizer, tournament=tournament, status="finished")


@pytest.mark.django_db
def test_the_organizer_may_finish_by_hand_once_the_results_are_final(
    tournament, organizer, referee, pins, registrations
):
    play_all_but_last(tournament, organizer, referee)
    last = tournament.sessions.get(number=tournament.planned_sessions)
    seat(actor=organizer, session=last, tables=TABLES)
    play(actor=referee, session=last, hands={})
    windows_closed(tournament)
    tournament.refresh_from_db()
    assert "finished" in core_selectors.status_choices_allowed(tournament=tournament)
    core_services.tournament_update(actor=organizer, tournament=tournament, status="finished")
    assert status_events(tournament)[-1] == ("running", "finished", "organizer")


@pytest.mark.django_db
def test_a_session_added_after_the_finish_runs_the_tournament_again(
    tournament, organizer, referee, pins, registrations
):
    play_all_but_last(tournament, organizer, referee)
    last = tournament.sessions.get(number=tournament.planned_sessions)
    seat(actor=organizer, session=last, tables=TABLES)
    play(actor=referee, session=last, hands={})
    windows_closed(tournament)
    core_services.tournament_finish_if_final(actor=None, tournament_id=tournament.pk)
    tournament.refresh_from_db()
    core_services.tournament_update(actor=organizer, tournament=tournament, planned_sessions=7)
    seventh = tournament.sessions.get(number=7)
    seat(actor=organizer, session=seventh, tables=TABLES)
    session_services.session_start(actor=organizer, session=seventh)
    tournament.refresh_from_db()
    assert tournament.status == "running"
    assert status_events(tournament)[-1] == ("finished", "running", "session_start")


@pytest.mark.django_db
def test_titles_say_results_after_session_n_until_the_tournament_is_finished(
    tournament, organizer, referee, pins, registrations
):
    assert core_selectors.results_title(tournament=tournament) == "Results so far"
    first = tournament.sessions.get(number=1)
    seat(actor=organizer, session=first, tables=TABLES)
    play(actor=referee, session=first, hands={})
    tournament.refresh_from_db()
    assert core_selectors.results_title(tournament=tournament) == "Results after session 1"
    # Session 2 over, its sheets waiting for signatures: the standings do not count it yet, nor does the title.
    second = tournament.sessions.get(number=2)
    seat(actor=organizer, session=second, tables=TABLES)
    session_services.session_start(actor=organizer, session=second)
    session_services.session_end(actor=organizer, session=second)
    assert core_selectors.results_title(tournament=tournament) == "Results after session 1"
    for sheet in second.sheets.all():
        sign_all(actor=referee, sheet=sheet)
    assert core_selectors.results_title(tournament=tournament) == "Results after session 2"
    for session in tournament.sessions.filter(number__gt=2).order_by("number"):
        seat(actor=organizer, session=session, tables=TABLES)
        play(actor=referee, session=session, hands={})
    tournament.refresh_from_db()
    assert core_selectors.results_title(tournament=tournament) == "Results after session 6"
    windows_closed(tournament)
    core_services.tournament_finish_if_final(actor=None, tournament_id=tournament.pk)
    tournament.refresh_from_db()
    assert core_selectors.results_title(tournament=tournament) == "Final results"


@pytest.mark.django_db
def test_the_standings_page_is_titled_results_after_session_n_not_final_results(
    client, tournament, organizer, referee, pins, registrations
):
    first = tournament.sessions.get(number=1)
    seat(actor=organizer, session=first, tables=TABLES)
    play(actor=referee, session=first, hands={})
    page = client.get(reverse("tournaments:standings", args=[tournament.pk])).content.decode()
    assert "Results after session 1" in page and "Final results" not in page
    zh = client.get(reverse("tournaments:standings", args=[tournament.pk]), HTTP_ACCEPT_LANGUAGE="zh-hans")
    assert "第 1 局后成绩" in zh.content.decode()
