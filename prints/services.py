"""Writes of big documents: asking for one, and the worker's steps (start, render a part, merge).

Every step is idempotent, so a message delivered twice (a retry, the beat sweep restarting a job whose
worker went quiet) changes nothing the second time: a job is created once per version (the unique
slot + version), a part is counted once (`done` flips once), the merge is claimed once (status).
"""

import datetime as dt
import io
import logging
import time

from django.core.files.base import ContentFile
from django.core.files.storage import default_storage
from django.db import IntegrityError, transaction
from django.db.models import F
from django.utils import timezone, translation

from prints.models import PrintJob, PrintPart
from tournaments import documents, events
from tournaments.audit import AuditAction, audit_record
from tournaments.models import Tournament
from tournaments.workers import queue_waiting, worker_alive, worker_id

logger = logging.getLogger(__name__)

# A job the worker has not touched for this long lost its worker (killed, a lost message): the beat sweep
# starts it again (print_jobs_restart_stuck, registered with tournaments.events). Longer than one part takes
# on a busy machine. The backstop: a killed worker is noticed much sooner by print_jobs_restart_lost.
PRINT_STUCK_SECONDS = 300
# A job not touched for this long, whose parts left to make are taken by no live worker process while nothing
# waits on the documents queue, lost them with a killed worker: started again (issue 43, T4-5).
PRINT_LOST_SECONDS = 15
DOCUMENTS_QUEUE = "documents"  # settings.CELERY_TASK_ROUTES

# This app's kinds of later work, each done by the task prints/tasks.py registers (tournaments.events).
PRINT_JOB_START = "prints.job_start"
PRINT_PART_RENDER = "prints.part_render"


def print_job_start_later(*, job_id: int) -> None:
    """Once this transaction commits, have the worker split a big document into parts and queue them."""
    events.enqueue_on_commit(PRINT_JOB_START, job_id)


def print_part_render_later(*, part_id: int) -> None:
    """Once this transaction commits, have a worker process render one part of a big document."""
    events.enqueue_on_commit(PRINT_PART_RENDER, part_id)


def print_slot(*, tournament: Tournament, kind: str, options: dict, language: str) -> str:
    """Which document: the same tournament, kind, options and language are the same document."""
    return documents.digest((tournament.pk, kind, sorted(options.items()), language))


def print_version(*, tournament: Tournament, kind: documents.PrintKind, options: dict) -> str:
    """Which version of it: what it shows, and the renderer and fonts (a font installed makes it anew)."""
    return documents.digest((kind.version(tournament, options), documents.renderer_fingerprint()))


def print_job_request(*, actor, tournament: Tournament, kind: str, options: dict, language: str) -> PrintJob:
    """The job of this document at its current version: the one made (or being made) already, or a new one
    queued for the worker. The caller has checked that `actor` may have it (`PrintKind.authorize`)."""
    spec = documents.print_kind(kind)
    slot = print_slot(tournament=tournament, kind=kind, options=options, language=language)
    version = print_version(tournament=tournament, kind=spec, options=options)
    job = PrintJob.objects.filter(slot=slot, version=version).first()
    if job is not None:
        return job
    with translation.override(language):
        filename = spec.filename(tournament, options)
    try:
        with transaction.atomic():
            job = PrintJob.objects.create(
                tournament=tournament, kind=kind, options=options, language=language, slot=slot, version=version,
                filename=filename, requested_by=actor if actor is not None and actor.is_authenticated else None,
            )
            audit_record(actor=job.requested_by, tournament=tournament, action=AuditAction.DOCUMENT_REQUESTED,
                         obj=job, detail={"kind": kind, "filename": filename})
            print_job_start_later(job_id=job.pk)
    except IntegrityError:  # asked for twice at once: the other request made it
        return PrintJob.objects.get(slot=slot, version=version)
    job.refresh_from_db(fields=["status", "file"])  # made already on commit where Celery runs in-process (make run)
    return job


@transaction.atomic
def print_job_retry(*, job: PrintJob) -> PrintJob:
    """Make a failed document again (the progress page's button): its parts are forgotten, the job queued."""
    job = PrintJob.objects.select_for_update().get(pk=job.pk)
    if job.status != PrintJob.Status.FAILED:
        return job
    _part_files_delete(job.parts.exclude(file=""))
    job.parts.all().delete()
    job.status, job.error, job.parts_total, job.parts_done, job.touched_at = (
        PrintJob.Status.QUEUED, "", 0, 0, timezone.now())
    job.save(update_fields=["status", "error", "parts_total", "parts_done", "touched_at"])
    print_job_start_later(job_id=job.pk)
    return job


def print_job_start(*, job_id: int) -> None:
    """The worker: split the job into its parts and queue each part (again, for parts not done yet)."""
    job = PrintJob.objects.select_related("tournament").filter(pk=job_id).first()
    if job is None or job.finished:
        return
    if job.status == PrintJob.Status.MERGING:  # restarted by the sweep: the merge never finished
        PrintJob.objects.filter(pk=job.pk, status=PrintJob.Status.MERGING).update(status=PrintJob.Status.RUNNING)
        _merge_if_complete(job.pk)
        return
    spec = documents.print_kind(job.kind)
    with transaction.atomic():
        PrintJob.objects.select_for_update().filter(pk=job.pk).first()  # two starts at once: one splits it
        if not job.parts.exists():
            try:
                payloads = spec.parts(job.tournament, job.options) or [None]
            except Exception as error:  # noqa: BLE001 - the page must say it failed, not wait forever
                _fail(job.pk, error)
                return
            PrintPart.objects.bulk_create(
                [PrintPart(job=job, index=index, payload=payload) for index, payload in enumerate(payloads)]
            )
            PrintJob.objects.filter(pk=job.pk).update(
                status=PrintJob.Status.RUNNING, parts_total=len(payloads), touched_at=timezone.now())
        for part_id in job.parts.filter(done=False).values_list("pk", flat=True):
            print_part_render_later(part_id=part_id)
    _merge_if_complete(job.pk)  # every part done already (a restart after the last part)


def print_part_render(*, part_id: int) -> None:
    """The worker: render one part into the storage and count it; the part that completes the job merges it."""
    part = PrintPart.objects.select_related("job__tournament").filter(pk=part_id).first()
    if part is None or part.done or part.job.status != PrintJob.Status.RUNNING:
        return
    job = part.job
    me = worker_id()
    PrintPart.objects.filter(pk=part.pk).update(claimed_by=me, claimed_at=timezone.now())
    try:
        _part_render(job, part)
    finally:  # not made (the store failed, the task was stopped): no longer taken, the sweep may start it again
        PrintPart.objects.filter(pk=part.pk, done=False, claimed_by=me).update(claimed_by="")


def _part_render(job: PrintJob, part: PrintPart) -> None:
    spec = documents.print_kind(job.kind)
    started = _cpu_seconds()
    try:
        with translation.override(job.language):
            content = spec.render(job.tournament, job.options, part.payload)
    except Exception as error:  # noqa: BLE001 - a bug or bad data: say so on the page, keep the worker
        logger.exception("Document %s, part %s failed", job.pk, part.index)
        _fail(job.pk, error)
        return
    name = default_storage.save(f"prints/{job.pk}/part-{part.index:04d}.pdf", ContentFile(content))
    cpu_ms = round((_cpu_seconds() - started) * 1000)
    with transaction.atomic():
        counted = PrintPart.objects.filter(pk=part.pk, done=False).update(done=True, file=name)
        if counted:
            PrintJob.objects.filter(pk=job.pk).update(
                parts_done=F("parts_done") + 1, cpu_ms=F("cpu_ms") + cpu_ms, touched_at=timezone.now())
    if not counted:  # rendered twice (a duplicate message): keep the first file
        default_storage.delete(name)
        return
    _merge_if_complete(job.pk)


def _merge_if_complete(job_id: int) -> None:
    claimed = PrintJob.objects.filter(pk=job_id, status=PrintJob.Status.RUNNING, parts_done=F("parts_total"),
                                      parts_total__gt=0).update(status=PrintJob.Status.MERGING,
                                                                touched_at=timezone.now())
    if claimed:
        try:
            print_job_merge(job_id=job_id)
        except Exception as error:  # noqa: BLE001 - a part's file lost: fail with the reason, not loop
            logger.exception("Document %s: the merge failed", job_id)
            _fail(job_id, error)


def print_job_merge(*, job_id: int) -> None:
    """The parts, in order, into one PDF (pypdf: pages copied, not laid out again, so memory stays small);
    the job is ready, its parts' files deleted, and the older versions of the same document with them."""
    from pypdf import PdfWriter

    job = PrintJob.objects.get(pk=job_id)
    started = _cpu_seconds()
    parts = list(job.parts.order_by("index"))
    writer = PdfWriter()
    for part in parts:
        with default_storage.open(part.file, "rb") as handle:
            writer.append(io.BytesIO(handle.read()))
    writer.add_metadata({"/Title": job.filename})
    out = io.BytesIO()
    writer.write(out)
    name = default_storage.save(f"prints/{job.pk}/{job.filename}", ContentFile(out.getvalue()))
    with transaction.atomic():
        PrintJob.objects.filter(pk=job.pk).update(
            status=PrintJob.Status.READY, file=name, size=len(out.getvalue()), finished_at=timezone.now(),
            touched_at=timezone.now(), cpu_ms=F("cpu_ms") + round((_cpu_seconds() - started) * 1000))
        older = list(PrintJob.objects.filter(slot=job.slot).exclude(pk=job.pk).filter(
            status__in=(PrintJob.Status.READY, PrintJob.Status.FAILED), created_at__lte=job.created_at))
        transaction.on_commit(lambda: _files_delete(parts, older))
        PrintJob.objects.filter(pk__in=[old.pk for old in older]).delete()


def _files_delete(parts: list[PrintPart], older: list[PrintJob]) -> None:
    _part_files_delete(parts)
    for old in older:
        if old.file:
            default_storage.delete(old.file.name)


def _part_files_delete(parts) -> None:
    for part in parts:
        if part.file:
            default_storage.delete(part.file)


def _fail(job_id: int, error: Exception) -> None:
    PrintJob.objects.filter(pk=job_id).exclude(status=PrintJob.Status.READY).update(
        status=PrintJob.Status.FAILED, error=f"{type(error).__name__}: {error}"[:500], finished_at=timezone.now(),
        touched_at=timezone.now())


def print_jobs_restart_stuck() -> list[int]:
    """The beat sweep: jobs waiting or running with no step for PRINT_STUCK_SECONDS start again (their
    finished parts are kept). The ids restarted."""
    quiet_since = timezone.now() - dt.timedelta(seconds=PRINT_STUCK_SECONDS)
    stuck = list(PrintJob.objects.filter(
        status__in=(PrintJob.Status.QUEUED, PrintJob.Status.RUNNING, PrintJob.Status.MERGING),
        touched_at__lt=quiet_since).values_list("pk", flat=True))
    _restart(stuck)
    return stuck


def print_jobs_restart_lost() -> list[int]:
    """The documents sweep (beat, every DOCUMENTS_SWEEP_SECONDS): jobs quiet for PRINT_LOST_SECONDS whose work was
    taken by a worker process no longer alive, or whose messages are nowhere, start again at once instead of
    after PRINT_STUCK_SECONDS. Only while nothing waits on the documents queue (a waiting message may be theirs)
    and the broker can say so. The ids restarted."""
    waiting = queue_waiting(DOCUMENTS_QUEUE)
    if waiting is None or waiting > 0:
        return []
    quiet_since = timezone.now() - dt.timedelta(seconds=PRINT_LOST_SECONDS)
    quiet = PrintJob.objects.filter(
        status__in=(PrintJob.Status.QUEUED, PrintJob.Status.RUNNING, PrintJob.Status.MERGING),
        touched_at__lt=quiet_since)
    lost = []
    for job in quiet.prefetch_related("parts"):
        # The merge is made by the worker of the part that completed the job: any part's process counts then.
        working = [part for part in job.parts.all() if not part.done or job.status == PrintJob.Status.MERGING]
        if not any(worker_alive(part.claimed_by) for part in working):
            lost.append(job.pk)
    _restart(lost)
    return lost


def _restart(job_ids: list[int]) -> None:
    for job_id in job_ids:
        PrintJob.objects.filter(pk=job_id).update(touched_at=timezone.now(), restarted_at=timezone.now())
        with transaction.atomic():
            print_job_start_later(job_id=job_id)


def _cpu_seconds() -> float:
    """This thread's CPU time: a worker process's, or one request's thread where Celery runs in-process."""
    return time.thread_time()

