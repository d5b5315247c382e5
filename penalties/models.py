"""Penalties recorded at the table (3.11, Appendix 6 "Record of Fouls")."""

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _

from penalties.catalogue import FOULS, Sanction
from tournaments.models import Registration, ScoreSheet, Tournament


class PenaltyPolicy(models.Model):
    """A tournament's choices where the rules leave room."""

    class Escalation(models.TextChoices):
        DOUBLE = "double", _("Keeps doubling after 20 (40, 80, …)")
        FLAT = "flat", _("20 each time after the fourth")

    tournament = models.OneToOneField(Tournament, on_delete=models.CASCADE, related_name="penalty_policy")
    # 3.11.6.3-5 say "以此类推" (and so on) after warning, 5, 10, 20.
    escalation = models.CharField(
        _("escalation after 20"), max_length=8, choices=Escalation.choices, default=Escalation.DOUBLE
    )

    class Meta:
        verbose_name = _("penalty policy")
        verbose_name_plural = _("penalty policies")

    def __str__(self):
        return f"{self.tournament}: {self.get_escalation_display()}"


class Penalty(models.Model):
    class Status(models.TextChoices):
        ACTIVE = "active", _("In force")
        CANCELLED = "cancelled", _("Cancelled")

    class Arrangement(models.TextChoices):
        SUBSTITUTE = "substitute", _("A substitute takes the seat")
        PLAY_ON = "play_on", _("The three others play on")

    sheet = models.ForeignKey(ScoreSheet, on_delete=models.PROTECT, related_name="penalties")
    hand_number = models.PositiveSmallIntegerField(_("hand"), null=True, blank=True)
    offender = models.ForeignKey(Registration, on_delete=models.PROTECT, related_name="penalties")
    victim = models.ForeignKey(Registration, null=True, blank=True, on_delete=models.PROTECT, related_name="+")
    foul = models.CharField(_("foul"), max_length=32, choices=[(foul.code, foul.en) for foul in FOULS])
    sanction = models.CharField(max_length=16, choices=[(s.value, s.value) for s in Sanction])
    occurrence = models.PositiveSmallIntegerField(default=1)  # within the hand, for escalating fouls
    # Deduction, or the amount paid to each other player / to the victim.
    points = models.PositiveSmallIntegerField(_("points"), default=0)
    no_win = models.BooleanField(_("loses the right to win the hand"), default=False)
    forfeit = models.BooleanField(_("session forfeited"), default=False)
    # 3.11.2.1: a forfeited session scores 0 table points unless the organizer decides otherwise.
    forfeit_table_points = models.PositiveSmallIntegerField(default=0)  # twelfths
    disqualification = models.BooleanField(_("disqualified"), default=False)
    arrangement = models.CharField(max_length=16, choices=Arrangement.choices, blank=True)
    substitute = models.ForeignKey(Registration, null=True, blank=True, on_delete=models.PROTECT, related_name="+")
    late_seconds = models.PositiveIntegerField(null=True, blank=True)
    note = models.CharField(_("note"), max_length=300, blank=True)
    status = models.CharField(_("status"), max_length=16, choices=Status.choices, default=Status.ACTIVE)
    # Empty for penalties brought in by a tournament archive import run without a user.
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.PROTECT, related_name="+"
    )
    created_at = models.DateTimeField(auto_now_add=True)
    cancelled_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.PROTECT, related_name="+"
    )
    cancelled_at = models.DateTimeField(null=True, blank=True)
    cancel_reason = models.CharField(max_length=300, blank=True)

    class Meta:
        ordering = ["sheet", "created_at"]
        verbose_name = _("penalty")
        verbose_name_plural = _("penalties")
        constraints = [
            models.CheckConstraint(
                condition=Q(hand_number__isnull=True) | Q(hand_number__gte=1, hand_number__lte=16),
                name="penalty_hand_1_to_16",
            ),
            models.CheckConstraint(condition=Q(forfeit_table_points__lte=48), name="penalty_forfeit_points_at_most_4"),
            models.CheckConstraint(
                condition=Q(sanction="pay_victim", victim__isnull=False) | ~Q(sanction="pay_victim"),
                name="penalty_pay_victim_has_victim",
            ),
            models.CheckConstraint(
                condition=Q(status="active", cancelled_at__isnull=True)
                | Q(status="cancelled", cancelled_at__isnull=False),
                name="penalty_cancellation_recorded",
            ),
        ]
        indexes = [models.Index(fields=["sheet", "status"])]

    def __str__(self):
        return f"{self.get_foul_display()} ({self.offender})"
