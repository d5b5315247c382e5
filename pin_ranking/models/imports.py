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
        # Clean but for players the register does not know yet, or names that differ from the stored
        # ones: waits for the committee to confirm (creating them, accepting the names with a reason).
        REVIEW = "review", _("Waiting for review")

    kind = models.CharField(_("kind"), max_length=16, choices=Kind.choices)
    filename = models.CharField(_("file name"), max_length=255)
    status = models.CharField(_("status"), max_length=16, choices=Status.choices)
    # [{"row": 3, "field": "federation_id", "message": "..."}]: every problem, located; empty when imported.
    errors = models.JSONField(default=list, blank=True)
    # A file waiting for review keeps its bytes and the competition's particulars until confirmed.
    content = models.BinaryField(null=True, blank=True, editable=False)
    params = models.JSONField(default=dict, blank=True)
    digest = models.CharField(max_length=64, blank=True)
    # The review's findings: [{"row", "federation_id", "name", "country"}] and [{"row", "federation_id",
    # "name", "stored"}]; once confirmed, the reason the differing names were accepted.
    unknown_players = models.JSONField(default=list, blank=True)
    other_names = models.JSONField(default=list, blank=True)
    names_reason = models.CharField(_("why the names differ"), max_length=300, blank=True)
    # Registered competitions near these results (pin_ranking.register.sameness: most rows in common, or the same
    # players on overlapping dates), [{"competition", "name", "starts_on", "ends_on", "shared", "rows", …}], and
    # once confirmed, why these results are another competition (4.1: each competition counts once).
    near_duplicates = models.JSONField(default=list, blank=True)
    duplicate_reason = models.CharField(_("why these are other results"), max_length=300, blank=True)
    # The full results sheet (a scan), when the stated number of players exceeds the file's rows and the
    # class rests on the stated number (5.1.1 参赛人数).
    results_sheet = models.FileField(_("results sheet"), upload_to="pin/results-sheets/", blank=True)
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
