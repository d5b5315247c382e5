"""Entries before the day: the window an organizer opens, its country quotas, each entry and the mail sent.

An entry is a person asking for a place; it becomes a Registration of the core (roster.services) once it holds
one (and is paid, where the organizer asks for payment first). The entry's contact (e-mail, language) is kept
here, seen by the tournament's organizers and the person (docs/privacy.md).
"""

from django.conf import settings
from django.db import models
from django.db.models import F, Q
from django.db.models.functions import Lower, Mod
from django.db.models.lookups import Exact
from django.utils.translation import gettext_lazy as _

from tournaments.models import Registration, Team, Tournament
from tournaments.models.core import validate_iso_country

MAX_NAME = 200


class EntryWindow(models.Model):
    """The tournament's entries: when they are open, how many places, the countries' quotas, the fee."""

    tournament = models.OneToOneField(Tournament, on_delete=models.CASCADE, related_name="entry_window")
    opens_at = models.DateTimeField(_("entries open"))
    closes_at = models.DateTimeField(_("entries close"))
    # Places for players (3.5.2 seats four at a table: a multiple of four).
    capacity = models.PositiveIntegerField(_("places"))
    # Until this day a country's quota places are kept for its players; from it, every place is open to the
    # waiting list in order of entry (as the world championships release a federation's unused places).
    quota_release_on = models.DateField(_("unused country places released on"), null=True, blank=True)
    offer_days = models.PositiveSmallIntegerField(
        _("days to accept an offered place"), default=3,
        help_text=_("A place freed is offered to the next on the waiting list for this many days."))
    fee = models.DecimalField(_("entry fee"), max_digits=10, decimal_places=2, default=0)
    currency = models.CharField(_("currency"), max_length=3, blank=True)
    payment_instructions = models.TextField(_("how to pay"), blank=True)
    refund_until = models.DateField(_("refund deadline"), null=True, blank=True)
    payment_required = models.BooleanField(
        _("only paid entries join the roster"), default=False)
    # Who may enter: players on their own, and/or teams of this many players (0: no team entries). The rulebook
    # names team rankings (3.5.3 参赛队) and leaves a team's size to the organizer; the reserves a team may bring
    # are the tournament's (Tournament.team_reserves).
    individuals = models.BooleanField(_("players enter on their own"), default=True)
    team_players = models.PositiveSmallIntegerField(
        _("players in a team"), default=0, help_text=_("0: teams do not enter. Reserves come on top."))
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        verbose_name = _("entry window")
        constraints = [
            models.CheckConstraint(condition=Q(closes_at__gt=F("opens_at")), name="entry_window_dates_ordered",
                                   violation_error_message=_("Entries must close after they open.")),
            models.CheckConstraint(condition=Exact(Mod(F("capacity"), 4), 0) & Q(capacity__gte=4),
                                   name="entry_window_capacity_tables",
                                   violation_error_message=_("Places come in fours: one table seats four (3.5.2).")),
            models.CheckConstraint(condition=Q(fee__gte=0), name="entry_window_fee_not_negative",
                                   violation_error_message=_("The fee cannot be negative.")),
            models.CheckConstraint(condition=Q(offer_days__gte=1), name="entry_window_offer_days_positive",
                                   violation_error_message=_("An offered place is held at least one day.")),
            models.CheckConstraint(condition=Q(individuals=True) | Q(team_players__gte=1),
                                   name="entry_window_someone_enters",
                                   violation_error_message=_("Let players or teams enter (or both).")),
        ]


class CountryQuota(models.Model):
    window = models.ForeignKey(EntryWindow, on_delete=models.CASCADE, related_name="quotas")
    country = models.CharField(_("country or region"), max_length=2, validators=[validate_iso_country])
    places = models.PositiveIntegerField(_("places"))

    class Meta:
        ordering = ["country"]
        constraints = [
            models.UniqueConstraint(fields=["window", "country"], name="country_quota_unique",
                                    violation_error_message=_("This country already has a quota.")),
        ]


class Entry(models.Model):
    class State(models.TextChoices):
        UNCONFIRMED = "unconfirmed", _("Unconfirmed")
        WAITING = "waiting", _("Waiting")
        OFFERED = "offered", _("Place offered")
        ENTERED = "entered", _("Entered")
        PAID = "paid", _("Paid")
        WITHDRAWN = "withdrawn", _("Withdrawn")
        CANCELLED = "cancelled", _("Cancelled")
        EXPIRED = "expired", _("Expired")

    class Payment(models.TextChoices):
        TRANSFER = "transfer", _("Bank transfer")
        VENUE = "venue", _("Paid at the venue")
        WAIVED = "waived", _("Waived")

    class Kind(models.TextChoices):
        PLAYER = "player", _("Player")
        TEAM = "team", _("Team")

    class Refund(models.TextChoices):
        NONE = "", _("No refund")
        DUE = "due", _("Refund due")
        REFUNDED = "refunded", _("Refunded")

    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="entries")
    # A player entering themself, or a team leader entering a team (its players and reserves: EntryMember). For a
    # team, the name is the team's, the e-mail and language the leader's, and the entry takes one place a player.
    kind = models.CharField(_("kind"), max_length=8, choices=Kind.choices, default=Kind.PLAYER)
    places = models.PositiveSmallIntegerField(default=1)
    state = models.CharField(_("state"), max_length=16, choices=State.choices, default=State.UNCONFIRMED)
    name = models.CharField(_("name in Latin script"), max_length=MAX_NAME)
    name_local = models.CharField(_("name in own script"), max_length=MAX_NAME, blank=True)
    country = models.CharField(_("country or region"), max_length=2, validators=[validate_iso_country])
    federation_id = models.CharField(_("federation ID"), max_length=64, blank=True)
    email = models.EmailField(_("e-mail"))
    language = models.CharField(_("language"), max_length=8, choices=settings.LANGUAGES)
    privacy_notice = models.CharField(_("privacy notice version agreed to"), max_length=32)
    # The entrant withdrew their consent to mail about this entry (services.entry_mail_consent): none is sent.
    mail_stopped_at = models.DateTimeField(null=True, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)
    confirmed_at = models.DateTimeField(null=True, blank=True)
    # The place in the queue, taken when the e-mail is confirmed (1, 2, ...): "in order of entry".
    queue_number = models.PositiveIntegerField(null=True, blank=True)
    offered_until = models.DateTimeField(null=True, blank=True)
    payment = models.CharField(_("payment"), max_length=16, choices=Payment.choices, blank=True)
    payment_reference = models.CharField(_("payment reference"), max_length=100, blank=True)
    paid_at = models.DateTimeField(null=True, blank=True)
    refund = models.CharField(_("refund"), max_length=16, choices=Refund.choices, blank=True)
    reason = models.CharField(_("reason"), max_length=300, blank=True)
    registration = models.OneToOneField(Registration, null=True, blank=True, on_delete=models.SET_NULL,
                                        related_name="entry")
    team = models.OneToOneField(Team, null=True, blank=True, on_delete=models.SET_NULL, related_name="entry")
    # The account the entrant keeps their entries in (made or linked from the mailed link; services.entry_account_*).
    user = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL,
                             related_name="entries")
    # A secret per entry, in the signed links mailed to the person (confirm, see the entry, accept an offer).
    secret = models.CharField(max_length=32)

    class Meta:
        ordering = ["queue_number", "created_at"]
        indexes = [models.Index(fields=["tournament", "state", "queue_number"], name="entry_queue_idx")]
        verbose_name = _("entry")
        verbose_name_plural = _("entries")
        constraints = [
            models.UniqueConstraint(fields=["tournament", "queue_number"], name="entry_queue_unique"),
            models.UniqueConstraint(
                "tournament", "federation_id", name="entry_federation_id_once",
                condition=~Q(federation_id="") & Q(state__in=["unconfirmed", "waiting", "offered", "entered", "paid"]),
                violation_error_message=_("This federation ID has already entered this tournament.")),
            models.UniqueConstraint(
                F("tournament"), Lower("email"), Lower("name"), name="entry_email_name_once",
                condition=Q(state__in=["unconfirmed", "waiting", "offered", "entered", "paid"]),
                violation_error_message=_("This name and e-mail have already entered this tournament.")),
            models.CheckConstraint(
                condition=~Q(state__in=["waiting", "offered", "entered", "paid"]) | Q(queue_number__isnull=False),
                name="entry_confirmed_in_queue",
                violation_error_message=_("A confirmed entry has a place in the queue.")),
            models.CheckConstraint(
                condition=~Q(state="offered") | Q(offered_until__isnull=False), name="entry_offer_has_deadline",
                violation_error_message=_("An offered place has a deadline.")),
            models.CheckConstraint(
                condition=~Q(state="paid") | ~Q(payment=""), name="entry_paid_how",
                violation_error_message=_("Say how the entry was paid.")),
            models.CheckConstraint(
                condition=(Q(kind="player") & Q(places=1)) | (Q(kind="team") & Q(places__gte=1)),
                name="entry_places_kind", violation_error_message=_("A player takes one place, a team one a player.")),
        ]

    def __str__(self):
        return self.name

    @property
    def payment_code(self) -> str:
        """The reference the entrant writes on a bank transfer; a statement is matched by it
        (services.entries_payments_import)."""
        return f"MCR{self.tournament_id}-{self.pk}"

    @property
    def can_withdraw(self) -> bool:
        return self.state in (self.State.WAITING, self.State.OFFERED, self.State.ENTERED, self.State.PAID)


class EntryMember(models.Model):
    """A player or reserve a team leader entered with their team, each with their own e-mail."""

    entry = models.ForeignKey(Entry, on_delete=models.CASCADE, related_name="members")
    name = models.CharField(_("name in Latin script"), max_length=MAX_NAME)
    name_local = models.CharField(_("name in own script"), max_length=MAX_NAME, blank=True)
    country = models.CharField(_("country or region"), max_length=2, validators=[validate_iso_country])
    federation_id = models.CharField(_("federation ID"), max_length=64, blank=True)
    email = models.EmailField(_("e-mail"))
    reserve = models.BooleanField(_("reserve"), default=False)
    registration = models.OneToOneField(Registration, null=True, blank=True, on_delete=models.SET_NULL,
                                        related_name="entry_member")

    class Meta:
        ordering = ["reserve", "pk"]

    def __str__(self):
        return self.name


ACTIVE = (Entry.State.UNCONFIRMED, Entry.State.WAITING, Entry.State.OFFERED, Entry.State.ENTERED, Entry.State.PAID)
HOLDING = (Entry.State.OFFERED, Entry.State.ENTERED, Entry.State.PAID)


class Mail(models.Model):
    """The outbox: every message sent to an entrant, what it said, and whether it went."""

    class State(models.TextChoices):
        PENDING = "pending", _("Pending")
        SENT = "sent", _("Sent")
        FAILED = "failed", _("Failed")

    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="mails")
    entry = models.ForeignKey(Entry, null=True, blank=True, on_delete=models.SET_NULL, related_name="mails")
    kind = models.CharField(max_length=32)
    to = models.EmailField()
    subject = models.CharField(max_length=300)
    body = models.TextField()
    state = models.CharField(max_length=16, choices=State.choices, default=State.PENDING)
    attempts = models.PositiveSmallIntegerField(default=0)
    error = models.CharField(max_length=500, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)
    tried_at = models.DateTimeField(null=True, blank=True)
    sent_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-created_at"]
        indexes = [models.Index(fields=["state", "created_at"], name="mail_pending_idx")]
