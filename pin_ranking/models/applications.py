"""A player's application for a Pin (Appendix 9, 7.1-7.3; the form of Appendix 10, 智力竞技麻将选手品级认定申请表).

The personal fields of the form (性别, 年龄, 证件号码, 联系方式) are seen only by the applicant and the
committee (`pin_ranking.applications.selectors.application_view`).
"""

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

OPEN_STATUSES = ("awaiting_player", "pending", "more_info")


class Application(models.Model):
    class Status(models.TextChoices):
        # Filed on the player's behalf: waits for the player's own confirmation (7.1, 3.10.2 经本人申请).
        AWAITING_PLAYER = "awaiting_player", _("Waiting for the player's confirmation")
        PENDING = "pending", _("Waiting for the committee")
        MORE_INFO = "more_info", _("More information asked")
        APPROVED = "approved", _("Approved")
        REJECTED = "rejected", _("Rejected")

    class Pledge(models.TextChoices):  # who accepted 本人承诺
        PLAYER = "player", _("The player, in their account")
        PAPER = "paper", _("The player, on the signed paper form (uploaded)")
        WAITING = "", _("Not yet: waiting for the player")

    class Sex(models.TextChoices):  # 附件十 性别
        FEMALE = "F", _("Female")
        MALE = "M", _("Male")

    player = models.ForeignKey("tournaments.Player", on_delete=models.PROTECT, related_name="pin_applications")
    track = models.CharField(_("track"), max_length=8, choices=[("pin", _("Pin")), ("web_pin", _("Web Pin"))])
    pin = models.PositiveSmallIntegerField(_("Pin applied for"))  # 申请级别 …品
    # The ledger version the automatic check read (7.3 核对《申请表》和相关成绩证明，对照品级标准).
    snapshot = models.ForeignKey("pin_ranking.LedgerSnapshot", on_delete=models.PROTECT, related_name="applications")
    committee = models.ForeignKey("pin_ranking.Committee", on_delete=models.PROTECT, related_name="applications")
    # 附件十: 姓名 性别 年龄 国家（地区） 证件号码 联系方式 -- as the player filled them.
    name = models.CharField(_("name"), max_length=200)
    sex = models.CharField(_("sex"), max_length=1, choices=Sex.choices)
    age = models.PositiveSmallIntegerField(_("age"))
    country = models.CharField(_("country or region"), max_length=64)
    id_number = models.CharField(_("ID document number"), max_length=64)
    contact = models.CharField(_("contact"), max_length=200)
    # 本人在下述比赛中获得的成绩有 -- filled from the ledger and the results certificates.
    results = models.JSONField(default=list)
    points_total = models.IntegerField(_("Pin points in total"))  # 品级积分合计 (twelfths on the Pin track)
    # 本人承诺，将积极弘扬奥林匹克精神 … 请审核。
    pledge_accepted = models.BooleanField(_("pledge accepted"))
    pledge_by = models.CharField(_("pledge accepted by"), max_length=8, choices=Pledge.choices, blank=True,
                                 default=Pledge.PLAYER)
    # Appendix 10 signed by the player on paper, scanned (7.1 比赛后书面申请), when an official files it.
    paper_form = models.FileField(_("signed paper form"), upload_to="pin/application-forms/", blank=True)
    confirmed_at = models.DateTimeField(_("confirmed by the player at"), null=True, blank=True)
    signed_at = models.DateTimeField(_("signed at"))  # 申请人 … 年 月 日 / 申请时间
    filed_by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+")
    on_behalf = models.BooleanField(_("filed on the player's behalf"), default=False)
    status = models.CharField(_("status"), max_length=16, choices=Status.choices, default=Status.PENDING)
    version = models.PositiveIntegerField(default=1)  # bumped by every decision (optimistic check)
    decided_by = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.PROTECT,
                                   related_name="+")
    decided_at = models.DateTimeField(null=True, blank=True)  # 审核单位 … 年 月 日
    reason = models.CharField(_("reason"), max_length=500, blank=True)
    # Approved although these results had no signed certificate (7.2): the names of the competitions; the
    # approval's reason says why.
    approved_unsigned = models.JSONField(_("approved without a signed certificate"), default=list, blank=True)

    class Meta:
        ordering = ["signed_at", "pk"]
        verbose_name = _("Pin application")
        verbose_name_plural = _("Pin applications")
        constraints = [
            models.UniqueConstraint(fields=["player", "track"], condition=Q(status__in=OPEN_STATUSES),
                name="pin_application_one_open",
                violation_error_message=_("This player already has an application waiting on this track.")),
            models.CheckConstraint(condition=(Q(pledge_accepted=True) & ~Q(pledge_by=""))
                | (Q(status="awaiting_player") & Q(pledge_accepted=False) & Q(pledge_by="")),
                name="pin_application_pledge_by_player",
                violation_error_message=_("The pledge of the form is accepted by the player, or the application "
                                          "waits for them.")),
            models.CheckConstraint(condition=~Q(pledge_by="paper") | ~Q(paper_form=""),
                name="pin_application_paper_form",
                violation_error_message=_("A pledge on paper comes with the signed form.")),
            models.CheckConstraint(condition=Q(approved_unsigned=[]) | ~Q(reason=""),
                name="pin_application_unsigned_reason",
                violation_error_message=_("Approving results without a signed certificate needs a reason.")),
            models.CheckConstraint(condition=Q(pin__gte=1) & Q(pin__lte=9), name="pin_application_pin_range",
                violation_error_message=_("A Pin is 1 (highest) to 9 (lowest).")),
            models.CheckConstraint(condition=Q(track__in=["pin", "web_pin"]), name="pin_application_track",
                violation_error_message=_("Choose the Pin or the Web Pin.")),
            models.CheckConstraint(condition=~Q(status="rejected") | ~Q(reason=""), name="pin_application_reason",
                violation_error_message=_("A rejection gives its reason.")),
        ]

    def __str__(self):
        return f"{self.name}: {self.track} {self.pin}"

    @property
    def is_open(self) -> bool:
        return self.status in OPEN_STATUSES


class ApplicationMessage(models.Model):
    """The exchange when the committee asks for more (7.3 核对《申请表》和相关成绩证明): what it asked and what the
    player answered, in order. Read by the applicant and the committee only, as the application itself."""

    class Kind(models.TextChoices):
        ASKED = "asked", _("The committee asked")
        ANSWERED = "answered", _("The player answered")

    application = models.ForeignKey(Application, on_delete=models.CASCADE, related_name="messages")
    kind = models.CharField(_("kind"), max_length=8, choices=Kind.choices)
    text = models.CharField(_("text"), max_length=1000)
    author = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+")
    created_at = models.DateTimeField(default=timezone.now)

    class Meta:
        ordering = ["created_at", "pk"]
        constraints = [
            models.CheckConstraint(condition=Q(kind__in=["asked", "answered"]), name="pin_application_message_kind",
                                   violation_error_message=_("A message is asked by the committee or answered.")),
            models.CheckConstraint(condition=~Q(text=""), name="pin_application_message_text",
                                   violation_error_message=_("A message says something.")),
        ]

    def __str__(self):
        return f"{self.application_id} {self.kind}"
