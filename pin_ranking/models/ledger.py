"""Each player's ledger per track (Appendix 9) and its versioned snapshots."""

from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _

from pin_ranking.engine import Track
from pin_ranking.models.register import EDITION_CHOICES, TRACK_CHOICES
from tournaments.models import Player
from tournaments.models.standings import JSONTextField


class Ledger(models.Model):
    """A player's current ledger on one track: its latest version, stored here only (LedgerSnapshot keeps the
    earlier ones, and the version an application was checked against)."""

    player = models.ForeignKey(Player, on_delete=models.CASCADE, related_name="pin_ledgers")
    track = models.CharField(_("track"), max_length=8, choices=TRACK_CHOICES)
    version = models.PositiveIntegerField(default=1)
    edition = models.CharField(max_length=4, choices=EDITION_CHOICES)
    standards_version = models.PositiveIntegerField(default=1)
    # The highest Pin the ledger reaches (1 highest .. 9), eligibility whether applied for or not.
    pin = models.PositiveSmallIntegerField(_("Pin reached"), null=True, blank=True)
    # Pin track: table points in twelfths; Web Pin track: web competition points.
    points = models.IntegerField(default=0)
    contest_points = models.IntegerField(default=0)  # positive competition totals only
    competitions = models.PositiveIntegerField(default=0)
    data = JSONTextField()  # pin_ranking.engine.Ledger.as_data()
    digest = models.CharField(max_length=64)
    reason = models.CharField(max_length=64, blank=True)  # what triggered the recompute of this version
    computed_at = models.DateTimeField()

    class Meta:
        ordering = ["player", "track"]
        verbose_name = _("ledger")
        verbose_name_plural = _("ledgers")
        constraints = [
            models.UniqueConstraint(fields=["player", "track"], name="pin_ledger_one_per_track",
                violation_error_message=_("This player already has a ledger on this track.")),
            models.CheckConstraint(condition=Q(pin__isnull=True) | Q(pin__gte=1, pin__lte=9), name="pin_ledger_pin",
                violation_error_message=_("A Pin is 1 (highest) to 9 (lowest).")),
            models.CheckConstraint(condition=Q(track__in=[t.value for t in Track]), name="pin_ledger_track",
                violation_error_message=_("A ledger is on the Pin or the Web Pin track.")),
        ]

    def __str__(self):
        return f"{self.player} {self.track} v{self.version}"


class LedgerSnapshot(models.Model):
    """A ledger's earlier versions, append-only: each version is stored once, the current one in Ledger and,
    once a recompute replaces it (or an application is checked against it), here. What an application was
    checked against stays readable after later results change the ledger."""

    player = models.ForeignKey(Player, on_delete=models.CASCADE, related_name="pin_ledger_snapshots")
    track = models.CharField(max_length=8, choices=TRACK_CHOICES)
    version = models.PositiveIntegerField()
    edition = models.CharField(max_length=4, choices=EDITION_CHOICES)
    standards_version = models.PositiveIntegerField(default=1)
    pin = models.PositiveSmallIntegerField(null=True, blank=True)
    points = models.IntegerField(default=0)
    contest_points = models.IntegerField(default=0)
    competitions = models.PositiveIntegerField(default=0)
    data = JSONTextField()
    digest = models.CharField(max_length=64)
    reason = models.CharField(max_length=64, blank=True)  # what triggered the recompute
    computed_at = models.DateTimeField()

    class Meta:
        ordering = ["player", "track", "-version"]
        verbose_name = _("ledger snapshot")
        verbose_name_plural = _("ledger snapshots")
        constraints = [
            models.UniqueConstraint(fields=["player", "track", "version"], name="pin_ledger_snapshot_version",
                violation_error_message=_("This ledger version was already stored; recompute again.")),
        ]

    def __str__(self):
        return f"{self.player} {self.track} v{self.version}"
