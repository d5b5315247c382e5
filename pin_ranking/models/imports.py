"""Results of competitions run elsewhere, imported all or nothing (4.4)."""

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _

from pin_ranking.models.register import Competition


class ResultsImport(models.Model):
    """An uploaded archive or results file of a competition run elsewhere, imported all or nothing."""

    class Kind(models.TextChoices):
        ARCHIVE = "archive", _("Tournament archive")
        RESULTS_FILE = "results_file", _("Results file (CSV or XLSX)")

    class Status(models.TextChoices):
        DONE = "done", _("Imported")
        FAILED = "failed", _("Rejected")

    kind = models.CharField(_("kind"), max_length=16, choices=Kind.choices)
    filename = models.CharField(_("file name"), max_length=255)
    status = models.CharField(_("status"), max_length=16, choices=Status.choices)
    # [{"row": 3, "field": "federation_id", "message": "..."}]: every problem, located; empty when imported.
    errors = models.JSONField(default=list, blank=True)
    competition = models.ForeignKey(Competition, null=True, blank=True, on_delete=models.SET_NULL,
                                    related_name="imports")
    created_by = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.PROTECT,
                                   related_name="+")
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-created_at"]
        verbose_name = _("results import")
        verbose_name_plural = _("results imports")

    def __str__(self):
        return self.filename
