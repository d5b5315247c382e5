"""Big documents made by the worker (issue 30): parts, versions, idempotent steps, failures, the pages."""

import datetime as dt
import io

import pytest
from django.core.files.storage import InMemoryStorage, default_storage
from django.test import TestCase
from django.utils import timezone
from pypdf import PdfReader

from prints import services
from prints.models import PrintJob, PrintPart
from testing.documents import document_get
from tournaments import documents, events
from tournaments.models import AuditEvent
from tournaments.sheets import paper
from tournaments.sheets import services as sheet_services

run_on_commit = TestCase.captureOnCommitCallbacks


def filled_url(tournament) -> str:
    return f"/t/{tournament.pk}/sessions/1/score-sheets-filled.pdf"


def ask(user, tournament, form="filled") -> PrintJob:
    """The session's sheets asked for as `user` (nothing made yet: the on-commit message is not sent)."""
    options = paper.session_print_options(user=user, tournament_id=tournament.pk, number=1, form=form,
                                          table_number=None, hands=False)
    return services.print_job_request(actor=user, tournament=tournament, kind="session-sheets", options=options,
                                      language="en")


def page_texts(content: bytes) -> list[str]:
    return [page.extract_text() for page in PdfReader(io.BytesIO(content)).pages]


@pytest.mark.django_db
def test_a_session_pack_is_made_in_parts_merged_in_table_order(client_for, organizer, tournament, running_session,
                                                               monkeypatch):
    monkeypatch.setattr(paper, "SHEETS_PER_PART", 1)
    response = document_get(client_for(organizer), filled_url(tournament))
    assert response.status_code == 200 and response["Content-Type"] == "application/pdf"
    pages = page_texts(response.content)
    assert [next(word for word in ("Table 1", "Table 2", "Table 3") if word in text) for text in pages] == [
        "Table 1", "Table 2", "Table 3"]
    job = PrintJob.objects.get()
    assert (job.status, job.parts_total, job.parts_done, job.filename) == (
        "ready", 3, 3, "score-sheets-s1-filled.pdf")
    assert all(part.done for part in job.parts.all())
    assert not any(default_storage.exists(part.file) for part in job.parts.all())  # merged, then deleted
    event = AuditEvent.objects.get(action="document.requested")
    assert (event.actor, event.detail["filename"]) == (organizer, "score-sheets-s1-filled.pdf")


@pytest.mark.django_db
def test_one_version_is_made_once_and_a_change_makes_a_new_one(client_for, organizer, referee, tournament, sheet):
    client = client_for(organizer)
    first = document_get(client, filled_url(tournament)).content
    assert document_get(client, filled_url(tournament)).content == first  # the same file, not made again
    old = PrintJob.objects.get()
    sheet_services.sheet_remarks_set(actor=referee, sheet=sheet, remarks="East arrived late",
                                     expected_version=sheet.version)
    second = document_get(client, filled_url(tournament)).content
    assert second != first and "East arrived late" in page_texts(second)[0]
    assert PrintJob.objects.count() == 1 and not PrintJob.objects.filter(pk=old.pk).exists()  # the old one gone
    assert not default_storage.exists(old.file.name)
    # Another language is another document.
    document_get(client, filled_url(tournament), HTTP_ACCEPT_LANGUAGE="ja")
    assert sorted(PrintJob.objects.values_list("language", flat=True)) == ["en", "ja"]


@pytest.mark.django_db
def test_every_step_run_twice_changes_nothing(organizer, tournament, running_session, monkeypatch):
    monkeypatch.setattr(paper, "SHEETS_PER_PART", 2)
    monkeypatch.setattr(default_storage, "_wrapped", InMemoryStorage())  # its files alone
    job = ask(organizer, tournament)
    assert ask(organizer, tournament) == job  # asked twice: one job
    sent = []
    monkeypatch.setattr(events, "enqueue_on_commit", lambda kind, *args, **options: sent.append((kind, args)))
    services.print_job_start(job_id=job.pk)
    services.print_job_start(job_id=job.pk)  # a duplicate message: the parts are not made twice
    parts = list(PrintPart.objects.filter(job=job).order_by("index"))
    assert [part.payload for part in parts] == [[1, 2], [3]]
    services.print_part_render(part_id=parts[0].pk)
    services.print_part_render(part_id=parts[0].pk)  # rendered twice: counted once, its second file dropped
    job.refresh_from_db()
    assert (job.status, job.parts_done) == ("running", 1)
    assert len(default_storage.listdir(f"prints/{job.pk}")[1]) == 1
    services.print_part_render(part_id=parts[1].pk)  # the last part merges
    job.refresh_from_db()
    assert job.status == "ready" and len(page_texts(default_storage.open(job.file.name).read())) == 3
    services.print_job_start(job_id=job.pk)
    services.print_part_render(part_id=parts[1].pk)
    job.refresh_from_db()
    assert (job.status, job.parts_done) == ("ready", 2)
    assert job.cpu_ms > 0


@pytest.mark.django_db
def test_a_failed_document_says_so_and_is_made_again(client_for, organizer, tournament, running_session,
                                                     monkeypatch):
    real = documents.print_kind("session-sheets")
    broken = documents.PrintKind(**{**real.__dict__, "render": lambda *args: 1 / 0})
    monkeypatch.setitem(documents._print_kinds, "session-sheets", broken)
    client = client_for(organizer)
    with run_on_commit(execute=True):
        response = client.get(filled_url(tournament))
    page = client.get(response.url).content.decode()
    job = PrintJob.objects.get()
    assert job.status == "failed" and "ZeroDivisionError" in job.error
    assert "could not be made" in page and "Make it again" in page and "hx-trigger" not in page
    monkeypatch.setitem(documents._print_kinds, "session-sheets", real)
    with run_on_commit(execute=True):
        client.post(f"/t/{tournament.pk}/documents/{job.pk}/again/")
    job.refresh_from_db()
    assert job.status == "ready" and job.error == ""


@pytest.mark.django_db
def test_a_job_whose_worker_went_quiet_is_started_again_by_the_sweep(organizer, tournament, running_session):
    job = ask(organizer, tournament)  # its message lost: nothing ran
    assert services.print_jobs_restart_stuck() == []  # not quiet long enough yet
    PrintJob.objects.filter(pk=job.pk).update(touched_at=timezone.now() - dt.timedelta(minutes=10))
    with run_on_commit(execute=True):
        assert services.print_jobs_restart_stuck() == [job.pk]
    job.refresh_from_db()
    assert job.status == "ready"


@pytest.mark.django_db
def test_the_progress_page_polls_then_sends_the_browser_to_the_file(client_for, organizer, tournament,
                                                                    running_session):
    client = client_for(organizer)
    response = client.get(filled_url(tournament))  # queued, not made (the on-commit message is not sent here)
    job = PrintJob.objects.get()
    assert response.status_code == 302 and response.url == f"/t/{tournament.pk}/documents/{job.pk}/"
    page = client.get(response.url).content.decode()
    assert "Waiting for the worker" in page and 'hx-trigger="every 2s"' in page
    assert client.get(f"/t/{tournament.pk}/documents/{job.pk}/file/").url == response.url  # not yet
    with run_on_commit(execute=True):
        services.print_job_start_later(job_id=job.pk)  # what the worker gets
    fragment = client.get(response.url, HTTP_HX_REQUEST="true")
    file_url = f"/t/{tournament.pk}/documents/{job.pk}/file/"
    assert fragment["HX-Redirect"] == file_url and "Open the PDF" in fragment.content.decode()
    download = client.get(file_url)
    assert download["Content-Type"] == "application/pdf"
    assert download["Content-Disposition"] == 'inline; filename="score-sheets-s1-filled.pdf"'


@pytest.mark.django_db
def test_outsiders_get_404_for_a_document_its_page_and_its_file(client_for, everyone, organizer, referee, tournament,
                                                                running_session):
    document_get(client_for(organizer), filled_url(tournament))
    job = PrintJob.objects.get()
    for name in ("arbitrator", "team_leader", "player_user", "pin_member", "outsider"):
        client = client_for(everyone[name])
        for url in (f"/t/{tournament.pk}/documents/{job.pk}/", f"/t/{tournament.pk}/documents/{job.pk}/file/"):
            assert client.get(url).status_code == 404, (name, url)
    # The organizer's pack (every table) is not the referee's: theirs holds their own tables.
    referee_client = client_for(referee)
    assert referee_client.get(f"/t/{tournament.pk}/documents/{job.pk}/file/").status_code == 404
    assert referee_client.get(f"/t/{tournament.pk + 1}/documents/{job.pk}/").status_code == 404
    own = document_get(referee_client, filled_url(tournament))
    assert len(page_texts(own.content)) == len(running_session.sheets.filter(referee=referee))


@pytest.mark.django_db
def test_no_big_document_is_rendered_in_a_web_request(client_for, organizer, tournament, running_session, monkeypatch):
    """Every big document's link answers at once with its progress page; the PDF is left to the worker."""
    from testing.scenarios import publish

    publish(tournament)

    def refuse(html):
        raise AssertionError("a PDF was rendered in a web request")

    monkeypatch.setattr(documents, "html_to_pdf", refuse)
    sent = []
    monkeypatch.setattr(events, "enqueue", lambda task, *args, **options: sent.append(task.name))
    client = client_for(organizer)
    urls = [
        f"/t/{tournament.pk}/sessions/1/score-sheets-blank.pdf",
        f"/t/{tournament.pk}/sessions/1/score-sheets-filled.pdf",
        f"/t/{tournament.pk}/sessions/1/score-sheets-filled.pdf?hands=1",
        f"/t/{tournament.pk}/sessions/1/tables/2/score-sheet-blank.pdf",
        f"/t/{tournament.pk}/results.pdf",
        *(f"/t/{tournament.pk}/seating/{kind}.pdf" for kind in ("chart", "tables", "players")),
    ]
    with run_on_commit(execute=True):
        for url in urls:
            response = client.get(url)
            assert response.status_code == 302 and "/documents/" in response.url, url
            assert client.get(response.url).status_code == 200
    assert sent == ["prints.tasks.print_job_start_task"] * len(urls)
    assert PrintJob.objects.filter(status="queued").count() == len(urls)


@pytest.mark.django_db
def test_a_stranger_watches_a_public_document_but_cannot_have_it_made_again(client, organizer, tournament,
                                                                           running_session, monkeypatch):
    """The results are public: anyone follows their progress; "Make it again" (a render) is for signed-in users."""
    from testing.scenarios import publish

    publish(tournament)
    real = documents.print_kind("results")
    monkeypatch.setitem(documents._print_kinds, "results",
                        documents.PrintKind(**{**real.__dict__, "render": lambda *args: 1 / 0}))
    with run_on_commit(execute=True):
        response = client.get(f"/t/{tournament.pk}/results.pdf")
    job = PrintJob.objects.get()
    page = client.get(response.url).content.decode()
    assert job.status == "failed" and "could not be made" in page
    assert "Make it again" not in page and "ZeroDivisionError" not in page
    retry = client.post(f"/t/{tournament.pk}/documents/{job.pk}/again/")
    assert retry.status_code == 302 and "/accounts/login/" in retry.url
    job.refresh_from_db()
    assert job.status == "failed"


@pytest.mark.django_db
def test_the_documents_sweep_restarts_only_work_no_live_worker_holds_and_nothing_waits_for(
        organizer, tournament, running_session, monkeypatch, client_for):
    """T4-5's sweep (the killed worker itself: test_killed_worker.py). A quiet job whose part is taken by a live
    process, or while messages wait on the documents queue, is left alone; taken by a process unheard of, it starts
    again, and its page says so."""
    from django.core.cache import cache


    job = ask(organizer, tournament)
    PrintJob.objects.filter(pk=job.pk).update(status="running", parts_total=1)
    part = PrintPart.objects.create(job=job, index=0, payload=[1, 2, 3], claimed_by="host:41")
    waiting = {"n": 0}
    monkeypatch.setattr(services, "queue_waiting", lambda name: waiting["n"])
    assert services.print_jobs_restart_lost() == []  # not quiet long enough
    PrintJob.objects.filter(pk=job.pk).update(touched_at=timezone.now() - dt.timedelta(seconds=30))
    cache.set("worker-alive:host:41", 1, 10)
    assert services.print_jobs_restart_lost() == []  # its worker is alive: still rendering
    cache.delete("worker-alive:host:41")
    waiting["n"] = 3
    assert services.print_jobs_restart_lost() == []  # messages wait: one may be its part
    waiting["n"] = None
    assert services.print_jobs_restart_lost() == []  # the broker cannot say: the slow sweep will
    waiting["n"] = 0
    page = client_for(organizer).get(f"/t/{tournament.pk}/documents/{job.pk}/").content.decode()
    assert "being made again" not in page
    with run_on_commit(execute=True):
        assert services.print_jobs_restart_lost() == [job.pk]
    job.refresh_from_db()
    part.refresh_from_db()
    assert job.status == "ready" and job.restarted_at is not None and part.done and part.claimed_by


@pytest.mark.django_db
def test_the_progress_page_says_when_no_worker_is_there_or_the_work_started_again(
        organizer, tournament, running_session, client_for, settings):
    from django.core.cache import cache

    job = ask(organizer, tournament)
    client = client_for(organizer)
    settings.CELERY_TASK_ALWAYS_EAGER = False  # a deployment: a worker is expected
    cache.delete("worker-alive:any")
    assert "No worker is making documents just now" in client.get(
        f"/t/{tournament.pk}/documents/{job.pk}/").content.decode()
    cache.set("worker-alive:any", 1, 10)
    page = client.get(f"/t/{tournament.pk}/documents/{job.pk}/").content.decode()
    assert "No worker is making" not in page and "Waiting for the worker" in page
    PrintJob.objects.filter(pk=job.pk).update(restarted_at=timezone.now())
    assert "it is being made again" in client.get(f"/t/{tournament.pk}/documents/{job.pk}/").content.decode()
