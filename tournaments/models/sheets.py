"""Seats and score sheets (Appendix 5): who sits where, and every hand of every table."""

from django.conf import settings
from django.db import models
from django.db.models import F, Q
from django.utils.translation import gettext_lazy as _

from tournaments.models.core import Registration
from tournaments.models.sessions import SEAT_CHOICES, Session, Table

# Appendix 5's 备注 (remarks): what the referee notes for the table, printed on the sheet.
SHEET_REMARKS_MAX_LENGTH = 500


class ScoreSheet(models.Model):
    """One table's record of one session (Appendix 5): open, closed for signing, then locked."""

    class Status(models.TextChoices):
        OPEN = "open", _("Playing")
        CLOSED = "closed", _("Waiting for signatures")
        LOCKED = "locked", _("Signed")

    session = models.ForeignKey(Session, on_delete=models.CASCADE, related_name="sheets")
    table = models.ForeignKey(Table, on_delete=models.CASCADE, related_name="sheets")
    referee = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        verbose_name=_("referee"),
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="refereed_sheets",
    )
    status = models.CharField(_("status"), max_length=16, choices=Status.choices, default=Status.OPEN)
    # Every change bumps the version; an edit based on an older version is refused (409).
    version = models.PositiveIntegerField(default=1)
    # 3.5.6: time ran out; the hand in progress scored nothing.
    ended_by_time = models.BooleanField(_("ended at time-up"), default=False)
    closed_at = models.DateTimeField(null=True, blank=True)
    locked_at = models.DateTimeField(null=True, blank=True)
    # Derived: each starting seat's sum of the hands' d0..d3, kept by the hand services in the same
    # transaction as the hand (the sheet row is locked there). The standings read these four
    # numbers per sheet instead of summing every hand of the tournament on each recompute.
    total0 = models.IntegerField(default=0, editable=False)
    total1 = models.IntegerField(default=0, editable=False)
    total2 = models.IntegerField(default=0, editable=False)
    total3 = models.IntegerField(default=0, editable=False)
    # How many hands the sheet holds (numbered 1..n): kept with the totals, so recording the next
    # hand needs no count of the hands.
    hand_count = models.PositiveSmallIntegerField(default=0, editable=False)
    # Appendix 5 备注: written by the referee before the sheet is signed (sheet_remarks_set).
    remarks = models.CharField(_("remarks"), max_length=SHEET_REMARKS_MAX_LENGTH, blank=True, default="")

    class Meta:
        ordering = ["session", "table__number"]
        verbose_name = _("score sheet")
        verbose_name_plural = _("score sheets")
        constraints = [models.UniqueConstraint(fields=["session", "table"], name="sheet_once_per_table",
                violation_error_message=_("This table already has a score sheet in this session."))]

    def __str__(self):
        return f"{self.session} T{self.table.number}"

    @property
    def totals(self) -> tuple[int, int, int, int]:
        return (self.total0, self.total1, self.total2, self.total3)


class Hand(models.Model):
    """One hand (盘): a win or a draw (荒牌), with each starting seat's gain or loss."""

    class Result(models.TextChoices):
        WIN = "win", _("Win")
        DRAW = "draw", _("Draw")

    sheet = models.ForeignKey(ScoreSheet, on_delete=models.CASCADE, related_name="hands")
    number = models.PositiveSmallIntegerField(_("hand"))
    result = models.CharField(_("result"), max_length=8, choices=Result.choices)
    winner = models.PositiveSmallIntegerField(_("winner"), null=True, blank=True, choices=SEAT_CHOICES)
    discarder = models.PositiveSmallIntegerField(_("discarder"), null=True, blank=True, choices=SEAT_CHOICES)
    tiles = models.CharField(_("tiles"), max_length=80, blank=True)
    flowers = models.PositiveSmallIntegerField(_("flowers"), default=0)
    last_of_kind = models.BooleanField(default=False)
    last_wall_tile = models.BooleanField(default=False)
    kong_replacement = models.BooleanField(default=False)
    robbing_kong = models.BooleanField(default=False)
    # Fans ticked by the referee when the tiles were not recorded: such a hand is not verified.
    declared_fans = models.JSONField(default=list, blank=True)
    verified = models.BooleanField(_("verified from the tiles"), default=False)
    fans = models.JSONField(default=list, blank=True)  # [{"number": 48, "count": 1}, ...]
    fan_points = models.PositiveSmallIntegerField(default=0)
    total = models.PositiveSmallIntegerField(default=0)  # fan points + flowers
    # Gain or loss of each starting seat (0 = the player who started East).
    d0 = models.IntegerField(default=0)
    d1 = models.IntegerField(default=0)
    d2 = models.IntegerField(default=0)
    d3 = models.IntegerField(default=0)
    # The tablet's key for this submission: a retried request finds its hand instead of adding one.
    client_key = models.UUIDField(null=True, blank=True)
    created_by = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, on_delete=models.SET_NULL, related_name="+")
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["sheet", "number"]
        verbose_name = _("hand")
        verbose_name_plural = _("hands")
        constraints = [
            models.UniqueConstraint(fields=["sheet", "number"], name="hand_number_once_per_sheet",
                violation_error_message=_("This hand number is already on this score sheet.")),
            models.UniqueConstraint(
                fields=["sheet", "client_key"], condition=Q(client_key__isnull=False), name="hand_client_key_once",
                violation_error_message=_("This hand was already received from the tablet.")
            ),
            models.CheckConstraint(condition=Q(number__gte=1, number__lte=16), name="hand_number_1_to_16",
                violation_error_message=_("A session has hands 1 to 16 (3.4.8: the dealer does not repeat).")),
            # 3.9.1.3 and Appendix 5: plus and minus cancel out ("正分负分相抵为0").
            models.CheckConstraint(condition=Q(d0=-(F("d1") + F("d2") + F("d3"))), name="hand_zero_sum",
                violation_error_message=_("The four players' points of a hand add up to zero.")),
            models.CheckConstraint(
                condition=(
                    Q(result="draw", winner__isnull=True, discarder__isnull=True, d0=0, d1=0, d2=0, d3=0)
                    | (Q(result="win", winner__isnull=False) & ~Q(discarder=F("winner")))
                ),
                name="hand_result_consistent",
                violation_error_message=_("The hand's result, winner, discarder and points do not agree."),
            ),
            models.CheckConstraint(condition=Q(flowers__lte=8), name="hand_flowers_at_most_8",
                violation_error_message=_("A hand has at most 8 flowers.")),
        ]

    def __str__(self):
        return f"{self.sheet} hand {self.number}"

    @property
    def deltas(self) -> tuple[int, int, int, int]:
        return (self.d0, self.d1, self.d2, self.d3)

    @property
    def self_drawn(self) -> bool:
        return self.result == self.Result.WIN and self.discarder is None


class TakenBackKey(models.Model):
    """The client key of a hand taken back (issue 16, "retries stay retries"): a tablet that resends
    the original submission gets the take-back as its answer (409), never the hand recorded anew."""

    sheet = models.ForeignKey(ScoreSheet, on_delete=models.CASCADE, related_name="taken_back_keys")
    client_key = models.UUIDField()
    hand_number = models.PositiveSmallIntegerField()
    taken_back_at = models.DateTimeField(auto_now_add=True)
    taken_back_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, on_delete=models.SET_NULL, related_name="+"
    )

    class Meta:
        constraints = [
            models.UniqueConstraint(
                fields=["sheet", "client_key"], name="taken_back_key_once",
                violation_error_message=_("This hand was already taken back."),
            ),
        ]


class SheetSignature(models.Model):
    """Appendix 5: the four players confirm the sheet, then the referee signs and it is locked."""

    class Kind(models.TextChoices):
        PLAYER = "player", _("Player")
        REFEREE = "referee", _("Referee")

    sheet = models.ForeignKey(ScoreSheet, on_delete=models.CASCADE, related_name="signatures")
    kind = models.CharField(max_length=8, choices=Kind.choices)
    registration = models.ForeignKey(Registration, null=True, blank=True, on_delete=models.PROTECT, related_name="+")
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.PROTECT, related_name="+"
    )
    # What was confirmed: a change to the sheet afterwards (a corrected hand, a penalty) bumps its
    # version, and the confirmation no longer counts.
    sheet_version = models.PositiveIntegerField(default=0)
    signed_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["sheet", "signed_at"]
        verbose_name = _("signature")
        verbose_name_plural = _("signatures")
        constraints = [
            models.UniqueConstraint(
                fields=["sheet", "registration", "sheet_version"], condition=Q(kind="player"),
                name="player_signs_once_per_version",
                violation_error_message=_("This player has already confirmed this version of the score sheet."),
            ),
            models.UniqueConstraint(fields=["sheet"], condition=Q(kind="referee"), name="referee_signs_once",
                violation_error_message=_("The referee has already signed this score sheet.")),
            models.CheckConstraint(
                condition=Q(kind="player", registration__isnull=False) | Q(kind="referee", user__isnull=False),
                name="signature_has_a_signer",
                violation_error_message=_("A signature names its player or referee."),
            ),
        ]


class HandObjection(models.Model):
    """An objection made at the table, on a recorded hand, before the sheet is signed (3.9.1.4 "如有异议，裁判
    核定"; 3.11.6.11(7) "发现问题应及时指出并申请裁判解决，事后追诉无效"): recorded by the table's referee when it
    is made, so that a ruling on it after the signature can name it (SheetAmendment.objection). An objection
    is never typed afterwards: the sheet refuses one once signed."""

    sheet = models.ForeignKey(ScoreSheet, on_delete=models.CASCADE, related_name="objections")
    hand_number = models.PositiveSmallIntegerField(_("hand"))
    # the starting seat (0 East .. 3 North) of the player who objects, when one does
    seat = models.PositiveSmallIntegerField(_("objecting seat"), null=True, blank=True)
    text = models.CharField(_("what is disputed"), max_length=300)
    recorded_by = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, on_delete=models.SET_NULL, related_name="+")
    recorded_at = models.DateTimeField(_("made at"), auto_now_add=True)

    class Meta:
        ordering = ["sheet", "recorded_at", "pk"]
        verbose_name = _("objection at the table")
        verbose_name_plural = _("objections at the table")
        constraints = [
            models.CheckConstraint(condition=Q(hand_number__gte=1) & Q(hand_number__lte=16),
                name="objection_hand_in_session",
                violation_error_message=_("An objection is about one of the session's hands, 1 to 16.")),
            models.CheckConstraint(condition=Q(seat__isnull=True) | Q(seat__lte=3), name="objection_seat",
                violation_error_message=_("A seat is East, South, West or North.")),
            models.CheckConstraint(condition=~Q(text=""), name="objection_says_what",
                violation_error_message=_("An objection says what is disputed.")),
        ]

    def __str__(self):
        return f"{self.sheet_id} #{self.hand_number}: {self.text}"


class SheetAmendment(models.Model):
    """A change to a signed sheet, and what it rests on (3.9.1.4, 3.11.6.11(7) 不追诉原则).

    Once the players and the referee have signed, "和牌者或他人不得再重新审核或追补漏报番种"
    (3.9.1.4) and "事后追诉无效" (3.11.6.11(7)): a signed sheet changes only through an upheld
    appeal (3.12, 3.13), or the chief referee's ruling on an objection made before the sheet was
    signed (3.7.1 "有异议请裁判审定"; 3.11.6.11(7) "发现问题应及时指出并申请裁判解决"). The
    sheet's history of such changes; the audit event keeps the same basis.
    """

    class Basis(models.TextChoices):
        APPEAL = "appeal", _("Upheld appeal")
        OBJECTION = "objection", _("Objection made before signing")

    sheet = models.ForeignKey(ScoreSheet, on_delete=models.CASCADE, related_name="amendments")
    hand_number = models.PositiveSmallIntegerField(_("hand"))
    basis = models.CharField(_("basis"), max_length=16, choices=Basis.choices)
    # the appeal's number for an appeal; empty for an objection
    reference = models.CharField(_("reference"), max_length=32, blank=True)
    # when the objection was made: before the sheet was signed (checked by hand_correct)
    objection_at = models.DateTimeField(_("objection made at"), null=True, blank=True)
    # the objection recorded at the table that the ruling answers (null for changes made before issue 27,
    # when the time was typed)
    objection = models.ForeignKey(HandObjection, null=True, blank=True, on_delete=models.PROTECT,
                                  related_name="amendments")
    article = models.CharField(_("article"), max_length=32)
    reason = models.CharField(_("reason"), max_length=500)
    before = models.JSONField(default=dict)
    after = models.JSONField(default=dict)
    changed_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, on_delete=models.SET_NULL, related_name="+"
    )
    changed_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["sheet", "changed_at", "pk"]
        verbose_name = _("change to a signed sheet")
        verbose_name_plural = _("changes to signed sheets")
        constraints = [
            models.CheckConstraint(
                condition=Q(basis="appeal", objection_at__isnull=True) & ~Q(reference="")
                | Q(basis="objection", objection_at__isnull=False),
                name="amendment_basis_complete",
                violation_error_message=_(
                    "A correction gives its basis: an appeal with its reference, or an objection with its time."
                ),
            ),
            models.CheckConstraint(condition=~Q(article=""), name="amendment_names_its_article",
                violation_error_message=_("A correction names the article it applies.")),
            # 3.9.1.4 "如有异议，裁判核定": one ruling on one objection.
            models.UniqueConstraint(fields=["objection"], condition=Q(objection__isnull=False),
                name="amendment_one_per_objection",
                violation_error_message=_("This objection has been ruled on already.")),
        ]
