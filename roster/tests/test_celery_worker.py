"""A task through a real Celery worker on the real Redis, with its effect checked in PostgreSQL."""

import time

import pytest

from roster import services as roster_services
from roster.models import ImportJob

# The real broker (a worker, a ping, or a publish): one xdist process runs these in turn (conftest.py).
pytestmark = pytest.mark.xdist_group("broker")


@pytest.mark.worker
def test_roster_import_runs_in_the_worker(live_celery_worker, organizer, tournament):
    job = roster_services.import_job_create(
        actor=organizer,
        tournament=tournament,
        kind="players",
        filename="players.csv",
        content="entry,name\n1,Ana García\n2,王伟\n".encode(),
    )  # committed (transactional test), so the on-commit hook has sent the task to Redis
    deadline = time.monotonic() + 60
    while ImportJob.objects.get(pk=job.pk).status == ImportJob.Status.PENDING:
        assert time.monotonic() < deadline, "the worker did not finish the import in 60 s"
        assert live_celery_worker.poll() is None, "the worker died"
        time.sleep(0.2)
    job.refresh_from_db()
    assert job.status == ImportJob.Status.DONE, job.errors
    names = sorted(tournament.registrations.values_list("player__name", flat=True))
    assert names == ["Ana García", "王伟"]
