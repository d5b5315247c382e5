"""Player records joined: the same person entered twice (no federation ID, two IDs, a name written two
ways). The Pin results and awards of one record move to the other (4.1 历次正式竞赛: one ledger per
person); the world body may undo it."""

from django.conf import settings
from django.db import models
from django.db.models import F, Q
from django.utils.translation import gettext_lazy as _


class PlayerMerge(models.Model):
    kept = models.ForeignKey("tournaments.Player", on_delete=models.PROTECT, related_name="+")
    merged = models.ForeignKey("tournaments.Player", on_delete=models.PROTECT, related_name="+")
    # What moved, so that undoing moves exactly these back: CompetitionResult and PinAward ids.
    results = models.JSONField(default=list)
    awards = models.JSONField(default=list)
    reason = models.CharField(_("reason"), max_length=300)
    created_by = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.PROTECT,
                                   related_name="+")
    created_at = models.DateTimeField(auto_now_add=True)
    undone_at = models.DateTimeField(null=True, blank=True)
    undone_by = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.PROTECT,
                                  related_name="+")

    class Meta:
        ordering = ["-created_at"]
        verbose_name = _("player merge")
        verbose_name_plural = _("player merges")
        constraints = [
            models.CheckConstraint(condition=~Q(kept=F("merged")), name="pin_merge_two_players",
                                   violation_error_message=_("A player is merged into another player.")),
            models.CheckConstraint(condition=~Q(reason=""), name="pin_merge_reason",
                                   violation_error_message=_("Say why these records are the same person.")),
        ]

    def __str__(self):
        return f"{self.merged_id} -> {self.kept_id}"
