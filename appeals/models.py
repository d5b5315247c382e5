"""Appeals against rulings (3.12-3.13): who, when, in writing, with a fee, and by which route."""

from decimal import Decimal

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _

from appeals.currencies import validate_currency
from penalties.models import Penalty, RankCancellation
from tournaments.models import Hand, Membership, Registration, Role, ScoreSheet, Session, Team, Tournament


class AppealPolicy(models.Model):
    class OtherAppealsBody(models.TextChoices):
        ARBITRATION = "arbitration", _("The arbitration committee")
        ORGANIZER = "organizer", _("The organizers")

    tournament = models.OneToOneField(Tournament, on_delete=models.CASCADE, related_name="appeal_policy")
    # 3.12.2 "在本局比赛结束后的30分钟有效时限内": 30 minutes from the session's recorded end. A
    # setting: any other number departs from the rule (docs/penalties-and-appeals.md).
    window_minutes = models.PositiveSmallIntegerField(_("minutes to appeal after a session"), default=30)
    # 3.12.2 "并交200美元（或组委会指定等值货币）申诉费": US$200, or its equivalent in the currency the
    # organizing committee names (an ISO 4217 code). An amount that is not the equivalent of US$200
    # departs from the rule; no fee at all (0) is refused: the rule asks for one.
    fee_amount = models.DecimalField(_("appeal fee"), max_digits=10, decimal_places=2, default=Decimal("200.00"))
    fee_currency = models.CharField(_("currency"), max_length=3, default="USD", validators=[validate_currency])
    # 3.13.2: other appeals go to the body the competition committee names.
    other_appeals_body = models.CharField(
        max_length=16, choices=OtherAppealsBody.choices, default=OtherAppealsBody.ARBITRATION
    )

    class Meta:
        verbose_name = _("appeal policy")
        verbose_name_plural = _("appeal policies")
        constraints = [
            models.CheckConstraint(condition=Q(fee_amount__gt=0), name="appeal_fee_positive",
                violation_error_message=_("The appeal fee is above zero.")),
            models.CheckConstraint(condition=Q(fee_currency__regex=r"^[A-Z]{3}$"), name="appeal_fee_currency_code",
                violation_error_message=_("Give the currency as a three-letter code, such as CNY, EUR or JPY.")),
            models.CheckConstraint(condition=Q(window_minutes__gte=1), name="appeal_window_positive",
                violation_error_message=_("The time to appeal is at least 1 minute.")),
        ]

    def __str__(self):
        return f"{self.tournament}: {self.window_minutes} min, {self.fee_amount} {self.fee_currency}"


class Appeal(models.Model):
    class Subject(models.TextChoices):
        PENALTY = "penalty", _("A penalty")
        HAND = "hand", _("A hand's record")
        SHEET = "sheet", _("A score sheet")
        # 3.12.1 "对裁判员…所作的任何裁决，有提出申诉的权利": a 3.11.5 rank cancellation is a decision too; it
        # may be taken after the event, away from any table, so such an appeal names no session or sheet.
        RANK_CANCELLATION = "rank_cancellation", _("A rank cancellation (3.11.5)")

    class Category(models.TextChoices):
        RULES = "rules", _("About the rules (3.13.1)")
        OTHER = "other", _("Other (3.13.2)")

    class Stage(models.TextChoices):
        CHIEF_REFEREE = "chief_referee", _("Chief referee")
        ARBITRATION = "arbitration", _("Arbitration committee")
        ORGANIZER = "organizer", _("Organizers")

    class Status(models.TextChoices):
        OPEN = "open", _("Open")
        UPHELD = "upheld", _("Upheld")
        REJECTED = "rejected", _("Rejected")

    class Fee(models.TextChoices):
        # 3.12.2: the fee is lodged with the appeal; an organizer records it as received.
        AWAITING = "awaiting", _("Awaiting receipt")
        PAID = "paid", _("Received, held")
        REFUNDED = "refunded", _("Refunded")
        FORFEITED = "forfeited", _("Forfeited")

    tournament = models.ForeignKey(Tournament, on_delete=models.PROTECT, related_name="appeals")
    # The table the appeal is about; none for an appeal against a rank cancellation.
    session = models.ForeignKey(Session, null=True, blank=True, on_delete=models.PROTECT, related_name="appeals")
    sheet = models.ForeignKey(ScoreSheet, null=True, blank=True, on_delete=models.PROTECT, related_name="appeals")
    subject = models.CharField(_("against"), max_length=24, choices=Subject.choices)
    penalty = models.ForeignKey(Penalty, null=True, blank=True, on_delete=models.PROTECT, related_name="appeals")
    hand = models.ForeignKey(Hand, null=True, blank=True, on_delete=models.PROTECT, related_name="appeals")
    rank_cancellation = models.ForeignKey(
        RankCancellation, null=True, blank=True, on_delete=models.PROTECT, related_name="appeals"
    )
    category = models.CharField(_("kind"), max_length=16, choices=Category.choices)
    appellant = models.ForeignKey(Registration, on_delete=models.PROTECT, related_name="appeals")
    statement = models.TextField(_("statement"))
    filed_by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+")
    filed_at = models.DateTimeField()
    # 3.12.3: signed by the appellant and, for a team, its leader (负责人).
    appellant_signed_at = models.DateTimeField(null=True, blank=True)
    team = models.ForeignKey(Team, null=True, blank=True, on_delete=models.PROTECT, related_name="+")
    leader_signed_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.PROTECT, related_name="+"
    )
    leader_signed_at = models.DateTimeField(null=True, blank=True)
    fee_amount = models.DecimalField(max_digits=10, decimal_places=2)
    fee_currency = models.CharField(max_length=3)
    fee_status = models.CharField(max_length=16, choices=Fee.choices, default=Fee.AWAITING)
    # 3.12.2: who received the fee (the organizing committee) and when; who refunded or forfeited
    # it (the decision) and when.
    fee_received_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.PROTECT, related_name="+"
    )
    fee_received_at = models.DateTimeField(null=True, blank=True)
    fee_settled_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.PROTECT, related_name="+"
    )
    fee_settled_at = models.DateTimeField(null=True, blank=True)
    # 3.12.4 "所有申诉材料可直接呈报仲裁委员会": the appellant sent it straight to the arbitration committee.
    direct_to_arbitration = models.BooleanField(default=False)
    # 3.12.1/3.12.3: a written appeal handed in on paper and entered here by the chief referee or an
    # organizer (filed_by) for the player.
    on_paper = models.BooleanField(default=False)
    stage = models.CharField(max_length=16, choices=Stage.choices)
    status = models.CharField(max_length=16, choices=Status.choices, default=Status.OPEN)
    # An appeal brought in by a tournament archive (docs/archive.md) names its people as the file
    # does, {"filed_by": {"role": ..., "name": ...}, "leader_signed_by": ..., "fee_received_by": ...,
    # "fee_settled_by": ...}: the archive carries no accounts, so the account fields hold the
    # importer (they must name someone) and the pages and a later export show these instead.
    archived_people = models.JSONField(default=dict, blank=True)

    class Meta:
        ordering = ["-filed_at"]
        verbose_name = _("appeal")
        verbose_name_plural = _("appeals")
        constraints = [
            models.CheckConstraint(
                condition=(Q(subject="penalty", penalty__isnull=False) | ~Q(subject="penalty"))
                & (Q(subject="hand", hand__isnull=False) | ~Q(subject="hand"))
                & (Q(subject="rank_cancellation", rank_cancellation__isnull=False, session__isnull=True,
                     sheet__isnull=True)
                   | (~Q(subject="rank_cancellation") & Q(rank_cancellation__isnull=True, session__isnull=False,
                                                           sheet__isnull=False))),
                name="appeal_subject_named",
                violation_error_message=_("An appeal names the hand, penalty, table or rank cancellation it is about."),
            ),
            # 3.12.2: awaiting or held while the appeal is open; refunded if upheld, forfeited if
            # rejected. A penalty appeal taken to the arbitration committee keeps its forfeited fee:
            # the committee cannot overturn the penalty (3.13.3), so no fee is held again for it.
            models.CheckConstraint(
                condition=Q(status="open", fee_status__in=["awaiting", "paid"])
                | Q(status="open", fee_status="forfeited", stage="arbitration",
                    subject__in=["penalty", "rank_cancellation"])
                | Q(status="upheld", fee_status="refunded")
                | Q(status="rejected", fee_status="forfeited"),
                name="appeal_fee_follows_outcome",
                violation_error_message=_("The appeal fee's state does not match the appeal's outcome."),
            ),
            # A held fee was received by someone, at a time; a fee awaiting receipt was not.
            models.CheckConstraint(
                condition=Q(fee_status="paid", fee_received_at__isnull=False)
                | Q(fee_status="awaiting", fee_received_at__isnull=True)
                | Q(fee_status__in=["refunded", "forfeited"]),
                name="appeal_fee_receipt_recorded",
                violation_error_message=_("A paid fee records when it was received."),
            ),
            models.CheckConstraint(
                condition=Q(fee_received_at__isnull=True, fee_received_by__isnull=True)
                | Q(fee_received_at__isnull=False, fee_received_by__isnull=False),
                name="appeal_fee_received_by_and_at",
                violation_error_message=_("A received fee records who received it and when."),
            ),
            models.CheckConstraint(condition=Q(fee_amount__gte=0), name="appeal_fee_amount_not_negative",
                violation_error_message=_("The appeal fee cannot be negative.")),
        ]

    def __str__(self):
        return f"#{self.pk} {self.get_subject_display()} ({self.appellant})"

    def _shown(self, key: str) -> str:
        person = (self.archived_people or {}).get(key)
        if person:
            return person.get("name", "")
        user = getattr(self, key)
        return user.get_username() if user is not None else ""

    @property
    def people(self) -> dict[str, str]:
        """The names the appeal page shows: an archived appeal's people as its file named them."""
        return {key: self._shown(key) for key in ("filed_by", "leader_signed_by", "fee_received_by", "fee_settled_by")}

    @property
    def needs_leader_signature(self) -> bool:
        """3.12.3: a team's player's appeal is also signed by the team leader (负责人). A team
        without a leader (no team-leader member and none named in the roster) has nobody to sign,
        so no leader's signature is waited for."""
        return self.team_id is not None and self.leader_signed_at is None and team_has_leader(self.team_id)


def team_has_leader(team_id: int) -> bool:
    return (
        Membership.objects.filter(team_id=team_id, role=Role.TEAM_LEADER).exists()
        or Team.objects.filter(pk=team_id, leader__isnull=False).exists()
    )


class AppealDecision(models.Model):
    """Who decided, when and why (3.13)."""

    appeal = models.ForeignKey(Appeal, on_delete=models.PROTECT, related_name="decisions")
    stage = models.CharField(max_length=16, choices=Appeal.Stage.choices)
    outcome = models.CharField(max_length=16, choices=[("upheld", _("Upheld")), ("rejected", _("Rejected"))])
    reasons = models.TextField(_("reasons"))
    remedy = models.JSONField(default=dict, blank=True)
    decided_by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+")
    decided_at = models.DateTimeField(auto_now_add=True)
    # A decision brought in by a tournament archive: who decided, as the file names them
    # ({"role": ..., "name": ...}); decided_by then holds the importer (see Appeal.archived_people).
    archived_decided_by = models.JSONField(default=dict, blank=True)

    class Meta:
        ordering = ["appeal", "decided_at"]
        verbose_name = _("appeal decision")
        verbose_name_plural = _("appeal decisions")

    def __str__(self):
        return f"{self.appeal} {self.stage}: {self.outcome}"

    @property
    def decider(self) -> str:
        if self.archived_decided_by:
            return self.archived_decided_by.get("name", "")
        return self.decided_by.get_username()
