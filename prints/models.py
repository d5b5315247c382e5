"""Big documents rendered by the Celery worker (prints): a job per version, its parts.

A session's score sheets for 150 tables, the seating chart, the players' schedule cards and the results
sheet take WeasyPrint tens of seconds and hundreds of megabytes: rendered in a web worker they starved
the tablets. A `PrintJob` is one document as of one version of what it shows; the worker
renders it in `PrintPart`s (ten tables, forty players ...) that any worker process may take, and merges
them into one file in the default storage. The same document at the same version is one job, made once
and served to everyone who asks (the unique `slot` + `version`).
"""

from django.conf import settings
from django.db import models
from django.db.models import F, Q
from django.utils.translation import gettext_lazy as _

from tournaments.models import Tournament


class PrintJob(models.Model):
    class Status(models.TextChoices):
        QUEUED = "queued", _("Waiting for the worker")
        RUNNING = "running", _("Being made")
        MERGING = "merging", _("Putting the pages together")
        READY = "ready", _("Ready")
        FAILED = "failed", _("Failed")

    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="print_jobs")
    kind = models.CharField(max_length=32)  # a kind registered in tournaments.documents
    options = models.JSONField(default=dict, blank=True)
    language = models.CharField(max_length=16)
    # Which document (tournament, kind, options, language), and which version of it: a digest of what it
    # shows and of the renderer (tournaments.documents.renderer_fingerprint).
    slot = models.CharField(max_length=64, db_index=True)
    version = models.CharField(max_length=64)
    status = models.CharField(max_length=16, choices=Status.choices, default=Status.QUEUED)
    parts_total = models.PositiveIntegerField(default=0)
    parts_done = models.PositiveIntegerField(default=0)
    file = models.FileField(upload_to="prints/", max_length=255, blank=True)
    filename = models.CharField(max_length=120)
    size = models.PositiveIntegerField(default=0)
    # CPU seconds the worker spent rendering the parts and merging them, in milliseconds (the bench reads it).
    cpu_ms = models.PositiveIntegerField(default=0)
    error = models.TextField(blank=True)
    requested_by = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL,
                                     related_name="+")
    created_at = models.DateTimeField(auto_now_add=True)
    # Set at every step the worker takes: the beat sweep restarts a job whose worker went quiet.
    touched_at = models.DateTimeField(auto_now_add=True, db_index=True)
    finished_at = models.DateTimeField(null=True, blank=True)
    # When a sweep last started it again (its worker died, its message was lost): the progress page says so.
    restarted_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        db_table = "tournaments_printjob"  # made in the core before this app was (migrations: state only)
        ordering = ["-created_at"]
        verbose_name = _("document")
        verbose_name_plural = _("documents")
        constraints = [
            models.UniqueConstraint(
                fields=["slot", "version"], name="print_job_one_per_version",
                violation_error_message=_("This document is being made already; reload the page.")),
            models.CheckConstraint(
                condition=Q(parts_done__lte=F("parts_total")), name="print_job_parts_done_lte_total",
                violation_error_message=_("A document cannot have more parts made than it has.")),
            models.CheckConstraint(
                condition=~Q(status="ready") | ~Q(file=""), name="print_job_ready_has_file",
                violation_error_message=_("A document is ready only with its file.")),
        ]

    def __str__(self):
        return f"{self.kind} {self.filename} ({self.status})"

    @property
    def finished(self) -> bool:
        return self.status in (self.Status.READY, self.Status.FAILED)


class PrintPart(models.Model):
    """One part of a job (`payload`: the tables, players or sessions it prints), rendered on its own."""

    job = models.ForeignKey(PrintJob, on_delete=models.CASCADE, related_name="parts")
    index = models.PositiveIntegerField()
    payload = models.JSONField(null=True, blank=True)
    file = models.CharField(max_length=255, blank=True)  # its PDF in the default storage until the merge
    done = models.BooleanField(default=False)
    # The worker process rendering it (tournaments.workers.worker_id), while it does: a part taken by a process no
    # longer alive is started again by the sweep (prints.services.print_jobs_restart_lost).
    claimed_by = models.CharField(max_length=100, blank=True)
    claimed_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        db_table = "tournaments_printpart"
        ordering = ["job", "index"]
        constraints = [models.UniqueConstraint(
            fields=["job", "index"], name="print_part_once",
            violation_error_message=_("This part of the document exists already."))]

    def __str__(self):
        return f"{self.job_id}/{self.index}"
