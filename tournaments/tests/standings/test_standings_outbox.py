"""Standings that never go stale: the transactional outbox (StandingsChange), the task that absorbs
it, the beat sweep, the broker outage, and the organizer's board saying how far behind they are."""

import datetime as dt
import logging
from unittest import mock

import pytest
from django.db import transaction
from django.urls import reverse
from django.utils import timezone

from testing.scenarios import CHICKEN, sign_all, win
from tournaments import events, tasks
from tournaments.models import StandingsChange, StandingsSnapshot
from tournaments.sheets import services as sheet_services
from tournaments.sheets.entry import HandEntry
from tournaments.standings import services as standings_services
from tournaments.standings.selectors import standings_behind_tournament_ids, standings_lag

# The real broker (a worker, a ping, or a publish): one xdist process runs these in turn (conftest.py).
pytestmark = pytest.mark.xdist_group("broker")


def _record_and_sign(referee, sheet):
    sheet_services.hand_record(actor=referee, sheet_id=sheet.pk, number=1,
                               entry=HandEntry.from_mapping(win(0, 1, CHICKEN)))
    sheet.refresh_from_db()
    return sign_all(actor=referee, sheet=sheet)


@pytest.mark.django_db
def test_signing_marks_the_standings_dirty_in_its_own_transaction(tournament, referee, sheet, pins,
                                                                   django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks(execute=False) as callbacks:
        _record_and_sign(referee, sheet)
    # Committed with the signature, before any message left: the mark exists whatever the broker does.
    assert StandingsChange.objects.filter(tournament=tournament).count() == 1
    assert standings_behind_tournament_ids() == [tournament.pk]
    for callback in callbacks:
        callback()  # the on-commit message, run eagerly: the task absorbs the mark
    assert not StandingsChange.objects.exists()
    assert StandingsSnapshot.objects.filter(tournament=tournament).count() == 1


@pytest.mark.django_db
def test_a_write_rolled_back_leaves_no_mark(tournament):
    with pytest.raises(RuntimeError), transaction.atomic():
        events.standings_recompute_later(tournament_id=tournament.pk)
        raise RuntimeError("the write failed after marking")
    assert not StandingsChange.objects.exists()


@pytest.mark.django_db
def test_a_broker_outage_keeps_the_write_and_the_sweep_catches_up(tournament, referee, sheet, pins, caplog,
                                                                   django_capture_on_commit_callbacks):
    from kombu.exceptions import OperationalError

    with mock.patch.object(tasks.standings_recompute_task, "delay", side_effect=OperationalError("refused")):
        with caplog.at_level(logging.WARNING, logger="tournaments.tasks"):
            with django_capture_on_commit_callbacks(execute=True):
                locked = _record_and_sign(referee, sheet)
    assert locked.status == locked.Status.LOCKED  # the signature stands
    assert "Broker unreachable" in caplog.text and "beat sweep" in caplog.text
    assert StandingsChange.objects.filter(tournament=tournament).count() == 1
    assert not StandingsSnapshot.objects.exists()  # behind, not lost
    assert tasks.standings_sweep_task() == 1  # beat: the recompute is queued (run here eagerly)
    assert not StandingsChange.objects.exists()
    assert StandingsSnapshot.objects.filter(tournament=tournament).count() == 1
    assert tasks.standings_sweep_task() == 0  # nothing behind: nothing queued


@pytest.mark.django_db
def test_a_task_error_other_than_the_broker_is_not_swallowed(tournament):
    with mock.patch.object(tasks.standings_recompute_task, "delay", side_effect=ValueError("a bug")):
        with pytest.raises(ValueError):
            tasks.enqueue(tasks.standings_recompute_task, tournament.pk)


@pytest.mark.django_db
def test_a_recompute_absorbs_only_the_changes_it_saw(tournament, registrations):
    StandingsChange.objects.create(tournament=tournament)
    real_compute = standings_services.standings_compute

    def compute_while_a_change_arrives(t):
        StandingsChange.objects.create(tournament=t)  # committed by another write meanwhile
        return real_compute(t)

    with mock.patch.object(standings_services, "standings_compute", compute_while_a_change_arrives):
        standings_services.standings_recompute(tournament_id=tournament.pk)
    assert StandingsChange.objects.filter(tournament=tournament).count() == 1  # the newer one stays dirty
    assert tasks.standings_recompute_task(tournament.pk) == 1  # and is absorbed by the next run (same data)
    assert not StandingsChange.objects.exists()


@pytest.mark.django_db
def test_the_task_is_idempotent_and_a_duplicate_costs_nothing(tournament, registrations,
                                                              django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks(execute=True):
        events.standings_recompute_later(tournament_id=tournament.pk)  # eager: runs on commit
    assert StandingsSnapshot.objects.count() == 1 and not StandingsChange.objects.exists()
    with mock.patch.object(standings_services, "standings_compute") as compute:
        assert tasks.standings_recompute_task(tournament.pk) == 0  # duplicate: nothing pending
        compute.assert_not_called()
    assert StandingsSnapshot.objects.count() == 1


@pytest.mark.django_db
def test_a_task_for_a_deleted_or_unknown_tournament_does_nothing(tournament):
    events.standings_recompute_later(tournament_id=tournament.pk)
    assert tasks.standings_recompute_task(999_999) == 0
    assert tasks.standings_recompute_task(-1) == 0


@pytest.mark.django_db
def test_the_lag_counts_changes_and_the_age_of_the_oldest(tournament):
    assert standings_lag(tournament=tournament) == standings_lag(tournament=tournament)
    assert not standings_lag(tournament=tournament).behind
    now = timezone.now()
    with mock.patch.object(events, "enqueue_on_commit"):
        events.standings_recompute_later(tournament_id=tournament.pk)
        events.standings_recompute_later(tournament_id=tournament.pk)
    StandingsChange.objects.update(created_at=now - dt.timedelta(seconds=95))
    lag = standings_lag(tournament=tournament, now=now)
    assert lag.behind and lag.changes == 2 and lag.seconds == 95


@pytest.mark.django_db
def test_the_board_says_when_the_standings_are_behind(client_for, organizer, tournament):
    client = client_for(organizer)
    url = reverse("tournaments:board", args=[tournament.pk])
    page = client.get(url).content.decode()
    assert "standings are behind" not in page
    with mock.patch.object(events, "enqueue_on_commit"):
        events.standings_recompute_later(tournament_id=tournament.pk)
    StandingsChange.objects.update(created_at=timezone.now() - dt.timedelta(seconds=70))
    page = client.get(url, HTTP_HX_REQUEST="true").content.decode()  # the board's poll shows it too
    assert "The standings are behind: 1 change not counted yet, the oldest 70 s ago." in page


def test_the_beat_schedule_sweeps_every_half_minute_and_the_visibility_timeout_outlasts_every_task(settings):
    sweep = settings.CELERY_BEAT_SCHEDULE["standings-sweep"]
    assert sweep["task"] == "tournaments.tasks.standings_sweep_task" and sweep["schedule"] <= 60
    assert settings.CELERY_BROKER_TRANSPORT_OPTIONS["visibility_timeout"] > tasks.LONGEST_TASK_SECONDS
    for task in (tasks.standings_recompute_task, tasks.standings_sweep_task):
        assert task.acks_late and task.reject_on_worker_lost
        assert task.time_limit <= tasks.LONGEST_TASK_SECONDS

