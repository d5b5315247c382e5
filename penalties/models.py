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

    class AtTable(models.TextChoices):
        STOP = "stop", _("The table's session ends at the foul")
        STAND_IN = "stand_in", _("A substitute sits in at once for the rest of the session")

    # 3.11.4 停赛 "取消继续参加本次比赛的资格" takes the player out from the foul on; 3.5.2 "每桌四人制" knows
    # no table of three, and no text says how the table of the foul goes on: the organizer's regulation
    # (docs/penalties-and-appeals.md, "The session of a 停赛").
    disqualification_at_table = models.CharField(
        _("a disqualification at the table"), max_length=8, choices=AtTable.choices, default=AtTable.STOP
    )

    class Meta:
        verbose_name = _("penalty policy")
        verbose_name_plural = _("penalty policies")

    def __str__(self):
        return f"{self.tournament}: {self.get_escalation_display()}; {self.get_disqualification_at_table_display()}"


class Penalty(models.Model):
    class Status(models.TextChoices):
        ACTIVE = "active", _("In force")
        CANCELLED = "cancelled", _("Cancelled")

    class Arrangement(models.TextChoices):
        SUBSTITUTE = "substitute", _("A substitute takes the seat")
        # Kept only for arrangements made before 3.11.4 was applied as written (issue 12): four
        # players per table (3.5.2), so a new arrangement is always a substitute.
        PLAY_ON = "play_on", _("The three others play on (no longer offered: seat a substitute)")

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
    # 3.11.2.1 "超过15分钟按自动弃权处理，本局为0分": a forfeited session scores 0, table points too.
    disqualification = models.BooleanField(_("disqualified"), default=False)
    arrangement = models.CharField(max_length=16, choices=Arrangement.choices, blank=True)
    substitute = models.ForeignKey(Registration, null=True, blank=True, on_delete=models.PROTECT, related_name="+")
    # 3.11.4 with the regulation "a substitute sits in at once": the first hand the substitute plays at the
    # table of the foul (the hand after the foul's). The seat's result of that session counts for no one.
    stand_in_from_hand = models.PositiveSmallIntegerField(null=True, blank=True)
    late_seconds = models.PositiveIntegerField(null=True, blank=True)
    # 3.11.6.1 cheating with 停赛: did it bring an illegal gain (3.11.5 "非法获得利益")? Asked on the form;
    # yes cancels the rank (by the chief referee), no leaves the rank earned so far standing. Null: not
    # asked (another foul, or recorded before issue 27 or by an archive).
    illegal_gain = models.BooleanField(_("illegal gain (3.11.5)"), null=True, blank=True)
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
                violation_error_message=_("The hand number is from 1 to 16."),
            ),
            models.CheckConstraint(
                condition=Q(sanction="pay_victim", victim__isnull=False) | ~Q(sanction="pay_victim"),
                name="penalty_pay_victim_has_victim",
                violation_error_message=_("A payment to the victim names the victim."),
            ),
            models.CheckConstraint(
                condition=Q(stand_in_from_hand__isnull=True)
                | Q(disqualification=True, substitute__isnull=False, stand_in_from_hand__gte=2,
                    stand_in_from_hand__lte=16),
                name="penalty_stand_in_is_a_substitute",
                violation_error_message=_("A substitute sits in from hand 2 to 16 for a disqualification only."),
            ),
            models.CheckConstraint(
                condition=Q(status="active", cancelled_at__isnull=True)
                | Q(status="cancelled", cancelled_at__isnull=False),
                name="penalty_cancellation_recorded",
                violation_error_message=_("A cancelled penalty records when it was cancelled."),
            ),
        ]
        indexes = [models.Index(fields=["sheet", "status"])]

    def __str__(self):
        return f"{self.get_foul_display()} ({self.offender})"


class RankCancellation(models.Model):
    """3.11.5 取消录取名次或比赛资格: the player's rank is cancelled and their name struck from the
    results ("成績表からも名前を削除され", the Japanese 3.11.5): no rank, not in team totals, not on
    the results sheet. A sanction of its own, on a registration: it can be given after the event."""

    class Status(models.TextChoices):
        ACTIVE = "active", _("In force")
        WITHDRAWN = "withdrawn", _("Withdrawn")

    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="rank_cancellations")
    registration = models.ForeignKey(Registration, on_delete=models.PROTECT, related_name="rank_cancellations")
    article = models.CharField(_("article"), max_length=32, default="3.11.5")
    reason = models.CharField(_("reason"), max_length=300)
    # Made by the data migration of issue 12 for a 停赛 given before 3.11.4 and 3.11.5 were two
    # sanctions (a 停赛 then cancelled the rank): the standings stay as they were until withdrawn.
    migrated = models.BooleanField(default=False)
    status = models.CharField(_("status"), max_length=16, choices=Status.choices, default=Status.ACTIVE)
    # 3.11.5 "取消…比赛资格" ends the player's part (scoring/READINGS.md P4): who took their seats in the sessions
    # not yet started (3.5.2 "竞赛采用每桌四人制"), as after a 停赛.
    substitute = models.ForeignKey(Registration, null=True, blank=True, on_delete=models.PROTECT, related_name="+",
                                   verbose_name=_("substitute"))
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.PROTECT, related_name="+"
    )
    created_at = models.DateTimeField(auto_now_add=True)
    withdrawn_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.PROTECT, related_name="+"
    )
    withdrawn_at = models.DateTimeField(null=True, blank=True)
    withdraw_reason = models.CharField(max_length=300, blank=True)

    class Meta:
        ordering = ["tournament", "created_at"]
        verbose_name = _("rank cancellation")
        verbose_name_plural = _("rank cancellations")
        constraints = [
            models.UniqueConstraint(
                fields=["registration"], condition=Q(status="active"), name="rank_cancellation_one_active",
                violation_error_message=_("This player's ranking is already cancelled (3.11.5).")
            ),
            models.CheckConstraint(
                condition=Q(status="active", withdrawn_at__isnull=True)
                | Q(status="withdrawn", withdrawn_at__isnull=False),
                name="rank_cancellation_withdrawal_recorded",
                violation_error_message=_("A withdrawn cancellation records when it was withdrawn."),
            ),
        ]

    def __str__(self):
        return f"{self.article} ({self.registration})"


class Notice(models.Model):
    """通报 (3.11, 3.11.4 "严重者给予通报", 3.11.6.10 "给予通报"): a public notice recorded with
    the sanction it publishes, shown on the tournament's notices page while the sanction stands."""

    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="notices")
    registration = models.ForeignKey(Registration, on_delete=models.PROTECT, related_name="+")
    article = models.CharField(_("article"), max_length=32)
    text = models.CharField(_("notice"), max_length=1000)
    penalty = models.OneToOneField(Penalty, null=True, blank=True, on_delete=models.PROTECT, related_name="notice")
    rank_cancellation = models.OneToOneField(
        RankCancellation, null=True, blank=True, on_delete=models.PROTECT, related_name="notice"
    )
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.PROTECT, related_name="+"
    )
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["tournament", "created_at"]
        verbose_name = _("public notice")
        verbose_name_plural = _("public notices")
        constraints = [
            models.CheckConstraint(
                condition=Q(penalty__isnull=False, rank_cancellation__isnull=True)
                | Q(penalty__isnull=True, rank_cancellation__isnull=False),
                name="notice_of_one_sanction",
                violation_error_message=_("A notice announces one sanction."),
            ),
        ]

    def __str__(self):
        return f"{self.article}: {self.registration}"
