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


class PlayerAlias(models.Model):
    """Another spelling of a player's name, accepted by the committee with a reason on a results file's review
    ("张三" for "Zhang San", family name first): the next file that writes it so is not asked about again."""

    player = models.ForeignKey("tournaments.Player", on_delete=models.CASCADE, related_name="pin_aliases")
    name = models.CharField(_("name"), max_length=200)
    # pin_ranking.imports.services.name_key of the name: case, width and spacing make no difference.
    key = models.CharField(max_length=200)
    reason = models.CharField(_("reason"), max_length=300)
    created_by = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL,
                                   related_name="+")
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["player", "name"]
        verbose_name = _("other spelling of a name")
        verbose_name_plural = _("other spellings of names")
        constraints = [
            models.UniqueConstraint(fields=["player", "key"], name="pin_alias_once",
                                    violation_error_message=_("This spelling is already known for the player.")),
        ]

    def __str__(self):
        return self.name


class AccountClaim(models.Model):
    """A player known only from results files asks to link their account to their register record by its
    federation ID (3.10.2 经本人申请: they apply themselves, so they need their ledger in their account). The
    committee of the record's country (else the world body's) confirms or refuses it, with a reason, audited."""

    class Status(models.TextChoices):
        PENDING = "pending", _("Waiting for the committee")
        CONFIRMED = "confirmed", _("Confirmed")
        REFUSED = "refused", _("Refused")

    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="pin_claims")
    player = models.ForeignKey("tournaments.Player", on_delete=models.CASCADE, related_name="pin_claims")
    # What the claimant typed, and what tells the committee it is them (kept until decided, then for the record).
    federation_id = models.CharField(_("federation ID"), max_length=64)
    note = models.CharField(_("how the committee can tell it is you"), max_length=300, blank=True)
    status = models.CharField(_("status"), max_length=16, choices=Status.choices, default=Status.PENDING)
    reason = models.CharField(_("reason"), max_length=300, blank=True)
    decided_by = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL,
                                   related_name="+")
    decided_at = models.DateTimeField(null=True, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["created_at", "pk"]
        verbose_name = _("account claim")
        verbose_name_plural = _("account claims")
        constraints = [
            models.UniqueConstraint(fields=["user"], condition=Q(status="pending"), name="pin_claim_one_pending",
                                    violation_error_message=_("Your claim is waiting for the committee already.")),
            models.CheckConstraint(condition=Q(status="pending") | Q(decided_at__isnull=False),
                                   name="pin_claim_decided_when",
                                   violation_error_message=_("A decided claim records when it was decided.")),
        ]

    def __str__(self):
        return f"{self.user_id} → {self.player_id}"
