"""A documents worker killed whole (its main process and its child, SIGKILL) while it makes a document: the
documents it had taken are started again by the documents sweep once the worker is unheard of, not after the
5-minute sweep or the broker's 16-minute visibility timeout (issue 43, T4-5; the review's file came after 395 s).

Real parts: PostgreSQL, Redis as the broker and the cache, two Celery worker processes one after the other (prefork,
one child each, so that the child dies with its parent), the sweep's own service called as beat calls it. Bounded:
the test gives up after 90 s, where the old sweep needed 300 s. The time from the kill to the file is printed."""

import os
import shutil
import signal
import subprocess
import sys
import tempfile
import time
import urllib.parse

import pytest
from django.conf import settings as django_settings
from django.db import connection

from prints import services
from prints.models import PrintJob, PrintPart
from tournaments.sheets import paper

pytestmark = [pytest.mark.worker, pytest.mark.postgres, pytest.mark.xdist_group("broker"),
              pytest.mark.django_db(transaction=True)]


@pytest.fixture
def documents_workers(settings):
    """Start documents workers on demand (each in a session of its own, to be killed whole), on a shared folder."""
    from config.celery import app

    broker = os.environ.get("CELERY_BROKER_URL", "")
    if not broker.startswith("redis://"):
        pytest.fail("CELERY_BROKER_URL must point at Redis; run the suite with `make test`")
    database = urllib.parse.urlsplit(os.environ["DATABASE_URL"])._replace(path="/" + connection.settings_dict["NAME"])
    media = tempfile.mkdtemp(prefix="mcr-test-media.")
    settings.STORAGES = {**settings.STORAGES, "default": {
        "BACKEND": "django.core.files.storage.FileSystemStorage", "OPTIONS": {"location": media}}}
    env = {**os.environ, "DJANGO_SETTINGS_MODULE": "config.settings.test", "DJANGO_TEST_MEDIA_ROOT": media,
           "DATABASE_URL": urllib.parse.urlunsplit(database)}
    started = []

    def start(name):
        worker = subprocess.Popen(
            [sys.executable, "-m", "celery", "-A", "config", "worker", "--pool", "prefork", "--concurrency", "1",
             "--queues", "documents,celery", "--loglevel", "WARNING", "--without-gossip", "--without-mingle",
             "--without-heartbeat", "--hostname", f"{name}@%h"],
            cwd=django_settings.BASE_DIR, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
            start_new_session=True)
        started.append(worker)
        deadline = time.monotonic() + 60
        while not app.control.ping(destination=[f"{name}@{os.uname().nodename}"], timeout=0.5):
            assert worker.poll() is None and time.monotonic() < deadline, "the Celery worker did not start"
        return worker

    app.conf.task_always_eager = False
    try:
        yield start
    finally:
        app.conf.task_always_eager = True
        for worker in started:
            try:
                os.killpg(worker.pid, signal.SIGKILL)
            except ProcessLookupError:
                pass
            worker.wait()
        shutil.rmtree(media, ignore_errors=True)


def _ask(user, tournament, form):
    options = paper.session_print_options(user=user, tournament_id=tournament.pk, number=1, form=form,
                                          table_number=None, hands=False)
    return services.print_job_request(actor=user, tournament=tournament, kind="session-sheets", options=options,
                                      language="en")


def test_the_documents_a_killed_worker_had_taken_are_made_again_within_half_a_minute(
        documents_workers, organizer, tournament, running_session):
    first = documents_workers("doomed")
    jobs = [_ask(organizer, tournament, form) for form in ("filled", "blank")]  # queued on commit (autocommit)
    deadline = time.monotonic() + 60
    while not PrintPart.objects.exclude(claimed_by="").exists():  # a part is being rendered
        assert time.monotonic() < deadline, "the worker took no part in 60 s"
        time.sleep(0.02)
    os.killpg(first.pid, signal.SIGKILL)  # the main process and its child: what they had taken is held in Redis
    first.wait()
    killed_at = time.monotonic()
    assert PrintJob.objects.filter(pk__in=[job.pk for job in jobs], status="ready").count() < 2
    documents_workers("heir")
    restarted = []
    while PrintJob.objects.filter(pk__in=[job.pk for job in jobs], status="ready").count() < 2:
        assert time.monotonic() - killed_at < 90, (
            "the documents were not made again within 90 s of the kill: "
            f"{list(PrintJob.objects.values_list('status', 'parts_done', 'parts_total'))}")
        restarted += services.print_jobs_restart_lost()  # what beat's documents sweep does every 10 s
        time.sleep(2)
    took = time.monotonic() - killed_at
    assert restarted and set(restarted) <= {job.pk for job in jobs}
    assert all(job.restarted_at is not None for job in PrintJob.objects.filter(pk__in=restarted))
    for job in PrintJob.objects.filter(pk__in=[job.pk for job in jobs]):
        assert job.file and job.size > 0 and job.parts_done == job.parts_total
    print(f"\nkilled worker: both documents ready {took:.0f} s after the kill (the 5-minute sweep would have "
          f"waited {services.PRINT_STUCK_SECONDS} s)")
