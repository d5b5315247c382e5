"""A big document made by a real Celery worker on the real Redis, downloaded through the web (issue 30)."""

import io
import time

import pytest
from pypdf import PdfReader

from prints.models import PrintJob

# The real broker (a worker, a ping, or a publish): one xdist process runs these in turn (conftest.py).
pytestmark = pytest.mark.xdist_group("broker")


@pytest.mark.worker
def test_the_worker_makes_the_session_pack_and_the_web_serves_it(live_celery_worker, client_for, organizer,
                                                                tournament, running_session):
    client = client_for(organizer)
    url = f"/t/{tournament.pk}/sessions/1/score-sheets-blank.pdf"
    response = client.get(url)  # committed (transactional test): the on-commit hook sent the job to Redis
    assert response.status_code == 302
    deadline = time.monotonic() + 90
    while not PrintJob.objects.get().finished:
        assert time.monotonic() < deadline, "the worker did not make the document in 90 s"
        assert live_celery_worker.poll() is None, "the worker died"
        time.sleep(0.3)
    job = PrintJob.objects.get()
    assert job.status == "ready", job.error
    assert job.cpu_ms > 0  # measured in the worker's process
    fragment = client.get(response.url, HTTP_HX_REQUEST="true")
    download = client.get(fragment["HX-Redirect"])
    pages = PdfReader(io.BytesIO(b"".join(download.streaming_content))).pages
    assert len(pages) == running_session.sheets.count()
    again = client.get(url)  # the same version: the file at once, not a new job
    assert again.status_code == 200 and PrintJob.objects.count() == 1


def test_the_print_tasks_are_acknowledged_late_and_within_the_longest_task():
    from prints import tasks as print_tasks
    from tournaments import tasks

    for task in (print_tasks.print_job_start_task, print_tasks.print_part_render_task):
        assert task.acks_late and task.reject_on_worker_lost
        assert task.time_limit <= tasks.LONGEST_TASK_SECONDS
