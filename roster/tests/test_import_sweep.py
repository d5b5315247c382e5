"""The beat sweep queues again a roster import whose message was lost (roster.services.import_jobs_restart_stuck,
registered with tournaments.events), and the roster's task is as reliable as the core's."""

import datetime as dt
from unittest import mock

import pytest
from django.utils import timezone

from roster import services
from roster import tasks as roster_tasks
from tournaments import tasks


def test_the_import_task_is_acknowledged_late_and_within_the_longest_task():
    task = roster_tasks.import_job_run_task
    assert task.acks_late and task.reject_on_worker_lost
    assert task.time_limit <= tasks.LONGEST_TASK_SECONDS


@pytest.mark.django_db
def test_the_sweep_runs_again_an_import_whose_message_was_lost(tournament, organizer):
    from roster.models import ImportJob

    with mock.patch.object(roster_tasks.import_job_run_task, "delay") as sent:
        job = {"tournament": tournament, "kind": "players", "content": b"x", "created_by": organizer}
        stuck = ImportJob.objects.create(filename="a.csv", **job)
        fresh = ImportJob.objects.create(filename="b.csv", **job)
        done = ImportJob.objects.create(filename="c.csv", status=ImportJob.Status.FAILED, **job)
        old = timezone.now() - dt.timedelta(seconds=services.IMPORT_STUCK_SECONDS + 1)
        ImportJob.objects.filter(pk__in=[stuck.pk, done.pk]).update(created_at=old)
        tasks.standings_sweep_task()
    assert [call.args for call in sent.call_args_list] == [(stuck.pk,)]
    assert fresh.pk != stuck.pk
