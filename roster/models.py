"""Roster imports: a file uploaded, imported all or nothing by the worker. The table was made when the roster
was a room of the core: it keeps its name (db_table)."""

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _

from tournaments.models import Tournament


class ImportJob(models.Model):
    """An uploaded roster file (CSV or XLSX) imported all-or-nothing by a background task."""

    class Kind(models.TextChoices):
        TEAMS = "teams", _("Teams")
        PLAYERS = "players", _("Players")

    class Status(models.TextChoices):
        PENDING = "pending", _("Waiting")
        DONE = "done", _("Imported")
        FAILED = "failed", _("Rejected")

    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="import_jobs")
    kind = models.CharField(_("kind"), max_length=16, choices=Kind.choices)
    filename = models.CharField(_("file name"), max_length=255)
    content = models.BinaryField()
    status = models.CharField(_("status"), max_length=16, choices=Status.choices, default=Status.PENDING)
    # Row-level report: [{"row": 3, "field": "team", "message": "..."}]; empty when imported.
    errors = models.JSONField(default=list, blank=True)
    imported_rows = models.PositiveIntegerField(default=0)
    # A CSV's encoding as the organizer chose it ("" = UTF-8, or detect and ask), the one that read the
    # file, and its first rows as read: the import page's preview (roster.files.decode_csv).
    encoding = models.CharField(_("encoding"), max_length=16, blank=True)
    encoding_used = models.CharField(max_length=16, blank=True)
    preview = models.JSONField(default=list, blank=True)
    created_by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+")
    created_at = models.DateTimeField(auto_now_add=True)
    finished_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        db_table = "tournaments_importjob"
        ordering = ["-created_at"]
        verbose_name = _("import")
        verbose_name_plural = _("imports")

    def __str__(self):
        return f"{self.get_kind_display()} {self.filename}"
