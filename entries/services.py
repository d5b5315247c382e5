"""Every write of entries: the window opened, an entry made, confirmed, offered, accepted, paid, withdrawn.

Each service is one transaction with its audit event; mail and the offers to the waiting list go on commit.
Places are given under a lock on the tournament's EntryWindow row (taken first, before any core row: the
order of tournaments/locks.py), so two confirmations for the last place are served one after the other.
A place is held by an entry offered, entered or paid; an entry that holds a place (and is paid, where the
organizer asks for that first) is on the roster as a Registration, written through roster.services.
"""

import datetime as dt
import secrets
from decimal import Decimal

from django.core.exceptions import ValidationError
from django.db import IntegrityError, transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from entries import mail, places
from entries.models import ACTIVE, HOLDING, MAX_NAME, CountryQuota, Entry, EntryWindow
from roster import services as roster_services
from tournaments import events
from tournaments.audit import AuditAction, audit_record
from tournaments.countries import ISO_3166_1
from tournaments.models import Player, Tournament
from tournaments.models.core import qualified_federation_id

# An entry not confirmed by its e-mail link within this many hours expires and holds nothing.
CONFIRM_HOURS = 48
FILL = "entries.fill"
# The version of the privacy notice (docs/privacy.md) an entrant agrees to; recorded with each entry.
PRIVACY_NOTICE_VERSION = "2026-11"


def _lock_window(tournament_id: int) -> EntryWindow:
    return EntryWindow.objects.select_for_update().select_related("tournament").get(tournament_id=tournament_id)


def _clean_text(value: str, field: str, problems: dict, *, required: bool = True, limit: int = MAX_NAME) -> str:
    """One line of text: CR, LF and other control characters are refused (they would forge mail headers)."""
    value = (value or "").strip()
    if any(ord(c) < 32 or ord(c) == 127 for c in value):
        problems[field] = _("Write this on one line, without control characters.")
    elif required and not value:
        problems[field] = _("This field is required.")
    elif len(value) > limit:
        problems[field] = _("At most %(n)d characters.") % {"n": limit}
    return " ".join(value.split())


@transaction.atomic
def entry_window_set(
    *, actor, tournament: Tournament, opens_at: dt.datetime, closes_at: dt.datetime, capacity: int,
    quotas: dict[str, int] | None = None, quota_release_on: dt.date | None = None, offer_days: int = 3,
    fee: Decimal = Decimal("0"), currency: str = "", payment_instructions: str = "",
    refund_until: dt.date | None = None, payment_required: bool = False,
) -> EntryWindow:
    """Open (or change) the tournament's entries. More places, or quotas released, are offered to the waiting
    list on commit."""
    quotas = {code.strip().upper(): int(n) for code, n in (quotas or {}).items() if int(n) > 0}
    problems = {}
    if capacity < 4 or capacity % 4:
        problems["capacity"] = _("Places come in fours: one table seats four (3.5.2).")
    unknown = sorted(code for code in quotas if code not in ISO_3166_1)
    if unknown:
        problems["quotas"] = _("Not ISO country codes: %(codes)s.") % {"codes": ", ".join(unknown)}
    elif sum(quotas.values()) > capacity:
        problems["quotas"] = _("The quotas add up to %(sum)d places, more than the %(capacity)d places.") % {
            "sum": sum(quotas.values()), "capacity": capacity}
    if fee and not (currency or "").strip():
        problems["currency"] = _("Say the fee's currency (EUR, CNY, JPY ...).")
    if problems:
        raise ValidationError(problems)
    window = EntryWindow.objects.select_for_update().filter(tournament=tournament).first() or EntryWindow(
        tournament=tournament)
    created = window.pk is None
    holding = window.pk and Entry.objects.filter(tournament=tournament, state__in=HOLDING).count()
    if holding and capacity < holding:
        raise ValidationError({"capacity": _(
            "%(n)d entries hold a place: the places cannot be fewer. Withdraw or cancel entries first.") % {
            "n": holding}})
    window.opens_at, window.closes_at, window.capacity = opens_at, closes_at, capacity
    window.quota_release_on, window.offer_days, window.fee = quota_release_on, offer_days, fee
    window.currency = (currency or "").strip().upper()
    window.payment_instructions, window.refund_until = payment_instructions.strip(), refund_until
    window.payment_required = payment_required
    window.full_clean(exclude=["tournament"])
    window.save()
    window.quotas.exclude(country__in=quotas).delete()
    for code, n in quotas.items():
        CountryQuota.objects.update_or_create(window=window, country=code, defaults={"places": n})
    audit_record(actor=actor, tournament=tournament, action=AuditAction.ENTRIES_WINDOW_SET, obj=window, detail={
        "created": created, "opens_at": opens_at.isoformat(), "closes_at": closes_at.isoformat(),
        "capacity": capacity, "quotas": quotas, "fee": str(fee), "currency": window.currency})
    events.enqueue_on_commit(FILL, tournament.pk)
    return window


def _refuse_duplicate(tournament: Tournament, *, federation_id: str, email: str, name: str) -> None:
    active = Entry.objects.filter(tournament=tournament, state__in=ACTIVE)
    if federation_id and (active.filter(federation_id=federation_id).exists()
                          or tournament.registrations.filter(player__federation_id=federation_id).exists()):
        raise ValidationError({"federation_id": _(
            "This federation ID has already entered this tournament. Your entry page is in the mail you had.")})
    if active.filter(email__iexact=email, name__iexact=name).exists():
        raise ValidationError({"email": _(
            "This name and e-mail have already entered this tournament. Your entry page is in the mail you had.")})


@transaction.atomic
def entry_submit(
    *, tournament: Tournament, name: str, country: str, email: str, language: str, consent: bool,
    name_local: str = "", federation_id: str = "", issuer: str = "", actor=None,
) -> Entry:
    """A person enters themself: the entry waits for its e-mail link (CONFIRM_HOURS) before it takes a place."""
    window = EntryWindow.objects.filter(tournament=tournament).first()
    now = timezone.now()
    if window is None or not window.opens_at <= now < window.closes_at:
        raise ValidationError(_("Entries to this tournament are not open."))
    problems: dict[str, str] = {}
    name = _clean_text(name, "name", problems)
    name_local = _clean_text(name_local, "name_local", problems, required=False)
    email = _clean_text(email, "email", problems, limit=254)
    federation_id = qualified_federation_id(_clean_text(issuer, "issuer", problems, required=False, limit=16),
                                            _clean_text(federation_id, "federation_id", problems, required=False,
                                                        limit=40))
    country = (country or "").strip().upper()
    if country not in ISO_3166_1:
        problems["country"] = _("Choose your country or region from the list.")
    if not consent:
        problems["consent"] = _("Entries are kept as the privacy notice says: agree to it to enter.")
    if problems:
        raise ValidationError(problems)
    if federation_id:
        known = Player.objects.filter(federation_id=federation_id).first()
        if known is not None and roster_services._name_key(known.name) != roster_services._name_key(name):
            # The stored name is not shown: the page is public.
            raise ValidationError({"federation_id": _(
                "This federation ID is on record under another name: check the ID and your name as your "
                "federation writes it, or write to the organizer.")})
    _refuse_duplicate(tournament, federation_id=federation_id, email=email, name=name)
    entry = Entry(tournament=tournament, name=name, name_local=name_local, country=country, email=email,
                  federation_id=federation_id, language=language, privacy_notice=PRIVACY_NOTICE_VERSION,
                  secret=secrets.token_urlsafe(24))
    entry.full_clean(exclude=["tournament", "registration"], validate_constraints=False)
    try:
        with transaction.atomic():
            entry.save()
    except IntegrityError:  # the same person entering twice at the same moment
        raise ValidationError(_("This person has already entered this tournament.")) from None
    audit_record(actor=actor, tournament=tournament, action=AuditAction.ENTRY_SUBMITTED, obj=entry,
                 detail={"name": name, "country": country, "privacy_notice": entry.privacy_notice})
    mail.mail_queue(entry=entry, kind=mail.CONFIRM)
    return entry


def _holders(window: EntryWindow) -> list[str]:
    return list(Entry.objects.filter(tournament_id=window.tournament_id, state__in=HOLDING)
                .values_list("country", flat=True))


def _released(window: EntryWindow) -> bool:
    return window.quota_release_on is not None and timezone.localdate() >= window.quota_release_on


def _place_free(window: EntryWindow, country: str, holders: list[str]) -> bool:
    quotas = dict(window.quotas.values_list("country", "places"))
    return places.place_free(country, capacity=window.capacity, holders=holders, quotas=quotas,
                             released=_released(window))


def _set_state(entry: Entry, state: str, *, actor, action: AuditAction, **detail) -> None:
    before = entry.state
    entry.state = state
    entry.save()
    audit_record(actor=actor, tournament=entry.tournament, action=action, obj=entry,
                 detail={"name": entry.name, "from": before, "to": state, **detail})


def _fill(window: EntryWindow, *, actor=None) -> list[int]:
    """Serve the waiting list in order of entry: each waiting entry for whom a place is free (its country's
    quota respected) is offered it. Called under the window's lock. The ids of the entries offered."""
    holders = _holders(window)
    offered = []
    if len(holders) >= window.capacity:
        return offered
    deadline = timezone.now() + dt.timedelta(days=window.offer_days)
    waiting = Entry.objects.filter(tournament_id=window.tournament_id, state=Entry.State.WAITING).order_by(
        "queue_number").select_related("tournament__entry_window")
    for entry in waiting:
        if len(holders) >= window.capacity:
            break
        if not _place_free(window, entry.country, holders):
            continue
        holders.append(entry.country)
        entry.offered_until = deadline
        _set_state(entry, Entry.State.OFFERED, actor=actor, action=AuditAction.ENTRY_OFFERED,
                   until=deadline.isoformat())
        mail.mail_queue(entry=entry, kind=mail.OFFERED)
        offered.append(entry.pk)
    return offered


def _enter(entry: Entry, *, actor, action: AuditAction) -> None:
    entry.offered_until = None
    _set_state(entry, Entry.State.ENTERED, actor=actor, action=action)
    if not entry.tournament.entry_window.payment_required:
        _join_roster(entry, actor=actor)
    mail.mail_queue(entry=entry, kind=mail.ENTERED)


def _join_roster(entry: Entry, *, actor) -> None:
    """The entry becomes a registration of the core, with no re-typing."""
    registration = roster_services.registration_add(
        actor=actor, tournament=entry.tournament, name=entry.name, name_local=entry.name_local,
        country=entry.country, federation_id=entry.federation_id, contact=entry.email)
    entry.registration = registration
    entry.save(update_fields=["registration"])


def _leave_roster(entry: Entry, *, actor, reason: str) -> None:
    registration = entry.registration
    if registration is None:
        return
    if registration.tournament.sessions.exclude(status="planned").exists():
        if registration.withdrawn_at is None:
            roster_services.registration_withdraw(actor=actor, registration=registration, reason=reason)
        return
    entry.registration = None
    entry.save(update_fields=["registration"])
    roster_services.registration_delete(actor=actor, registration=registration)


@transaction.atomic
def entry_confirm(*, entry: Entry, actor=None) -> Entry:
    """The e-mail link followed: the entry takes the next place in the queue, and a place if one is free for it
    and nobody waits before it for that place. Following the link again changes nothing."""
    window = _lock_window(entry.tournament_id)
    entry = Entry.objects.select_for_update().select_related("tournament").get(pk=entry.pk)
    if entry.state != Entry.State.UNCONFIRMED:
        return entry
    if entry.created_at < timezone.now() - dt.timedelta(hours=CONFIRM_HOURS):
        raise ValidationError(_("This link has expired: entries not confirmed within %(h)d hours are dropped. "
                                "Enter again.") % {"h": CONFIRM_HOURS})
    last = Entry.objects.filter(tournament_id=entry.tournament_id).exclude(queue_number=None).order_by(
        "-queue_number").values_list("queue_number", flat=True).first()
    entry.queue_number, entry.confirmed_at = (last or 0) + 1, timezone.now()
    # Those who wait already are served first (normally nobody: a place is free only while nobody waits for it).
    _fill(window, actor=actor)
    if _place_free(window, entry.country, _holders(window)):
        _enter(entry, actor=actor, action=AuditAction.ENTRY_CONFIRMED)
    else:
        _set_state(entry, Entry.State.WAITING, actor=actor, action=AuditAction.ENTRY_CONFIRMED,
                   queue=entry.queue_number)
        mail.mail_queue(entry=entry, kind=mail.WAITING)
    return entry


@transaction.atomic
def entry_offer_accept(*, entry: Entry, actor=None) -> Entry:
    """The person takes the place offered to them, before its deadline."""
    _lock_window(entry.tournament_id)
    entry = Entry.objects.select_for_update().select_related("tournament").get(pk=entry.pk)
    if entry.state != Entry.State.OFFERED:
        raise ValidationError(_("No place is offered to this entry now."))
    if entry.offered_until <= timezone.now():
        raise ValidationError(_("The offer ended on %(until)s; the place went to the next entry.") % {
            "until": timezone.localtime(entry.offered_until).strftime("%Y-%m-%d %H:%M")})
    _enter(entry, actor=actor, action=AuditAction.ENTRY_ACCEPTED)
    return entry


def _leave(entry: Entry, state: str, *, actor, action: AuditAction, reason: str) -> Entry:
    window = _lock_window(entry.tournament_id)
    entry = Entry.objects.select_for_update().select_related("tournament").get(pk=entry.pk)
    if entry.state not in ACTIVE:
        raise ValidationError(_("This entry is already %(state)s.") % {"state": entry.get_state_display().lower()})
    held = entry.state in HOLDING
    # Paid and leaving before the refund deadline: the fee is due back (the organizer records the refund).
    if entry.state == Entry.State.PAID and entry.payment != Entry.Payment.WAIVED and (
            window.refund_until is None or timezone.localdate() <= window.refund_until):
        entry.refund = Entry.Refund.DUE
    entry.reason, entry.offered_until = reason, None
    _set_state(entry, state, actor=actor, action=action, reason=reason, refund=entry.refund)
    _leave_roster(entry, actor=actor, reason=reason)
    if held:
        events.enqueue_on_commit(FILL, entry.tournament_id)
    return entry


@transaction.atomic
def entry_withdraw(*, entry: Entry, actor=None, reason: str = "") -> Entry:
    """The person leaves (from their entry page, or the organizer for them); their place goes to the list."""
    return _leave(entry, Entry.State.WITHDRAWN, actor=actor, action=AuditAction.ENTRY_WITHDRAWN,
                  reason=" ".join((reason or "").split())[:300])


@transaction.atomic
def entry_cancel(*, actor, entry: Entry, reason: str) -> Entry:
    """The organizer cancels an entry, with a reason the person is told."""
    reason = " ".join((reason or "").split())[:300]
    if not reason:
        raise ValidationError({"reason": _("Say why the entry is cancelled: the person is told.")})
    entry = _leave(entry, Entry.State.CANCELLED, actor=actor, action=AuditAction.ENTRY_CANCELLED, reason=reason)
    mail.mail_queue(entry=entry, kind=mail.CANCELLED)
    return entry


@transaction.atomic
def entry_payment_record(*, actor, entry: Entry, payment: str, reference: str = "") -> Entry:
    """The organizer records the fee: a transfer (with its reference), paid at the venue, or waived."""
    _lock_window(entry.tournament_id)
    entry = Entry.objects.select_for_update().select_related("tournament").get(pk=entry.pk)
    if payment not in Entry.Payment.values:
        raise ValidationError({"payment": _("Choose how the fee was paid.")})
    reference = " ".join((reference or "").split())[:100]
    if payment == Entry.Payment.TRANSFER and not reference:
        raise ValidationError({"reference": _("Give the transfer's reference, as the bank statement shows it.")})
    if entry.state != Entry.State.ENTERED:
        raise ValidationError(_("Only an entry holding its place can be paid (this one is %(state)s).") % {
            "state": entry.get_state_display().lower()})
    entry.payment, entry.payment_reference, entry.paid_at = payment, reference, timezone.now()
    _set_state(entry, Entry.State.PAID, actor=actor, action=AuditAction.ENTRY_PAID, payment=payment,
               reference=reference)
    if entry.registration_id is None:
        _join_roster(entry, actor=actor)
    return entry


@transaction.atomic
def entry_refund_record(*, actor, entry: Entry) -> Entry:
    entry = Entry.objects.select_for_update().select_related("tournament").get(pk=entry.pk)
    if entry.refund != Entry.Refund.DUE:
        raise ValidationError(_("No refund is due to this entry."))
    entry.refund = Entry.Refund.REFUNDED
    entry.save(update_fields=["refund"])
    audit_record(actor=actor, tournament=entry.tournament, action=AuditAction.ENTRY_REFUNDED, obj=entry,
                 detail={"name": entry.name})
    return entry


@transaction.atomic
def entry_offer(*, actor, entry: Entry) -> Entry:
    """The organizer offers a free place to a waiting entry out of turn (a quota's place it may not take is
    refused: the quotas are the organizer's own rule until their release day)."""
    window = _lock_window(entry.tournament_id)
    entry = Entry.objects.select_for_update().select_related("tournament").get(pk=entry.pk)
    if entry.state != Entry.State.WAITING:
        raise ValidationError(_("Only a waiting entry can be offered a place."))
    if not _place_free(window, entry.country, _holders(window)):
        raise ValidationError(_("No place is free for this entry: every place (or its country's) is held."))
    entry.offered_until = timezone.now() + dt.timedelta(days=window.offer_days)
    _set_state(entry, Entry.State.OFFERED, actor=actor, action=AuditAction.ENTRY_OFFERED,
               until=entry.offered_until.isoformat(), by_hand=True)
    mail.mail_queue(entry=entry, kind=mail.OFFERED)
    return entry


def entries_fill(*, tournament_id: int) -> list[int]:
    """The waiting list served (the Celery task's work, after a place frees): offers expired are closed first."""
    with transaction.atomic():
        try:
            window = _lock_window(tournament_id)
        except EntryWindow.DoesNotExist:
            return []
        for entry in Entry.objects.select_for_update().filter(
                tournament_id=tournament_id, state=Entry.State.OFFERED, offered_until__lte=timezone.now()):
            entry.offered_until = None
            _set_state(entry, Entry.State.EXPIRED, actor=None, action=AuditAction.ENTRY_EXPIRED, offer=True)
        return _fill(window)


def entries_expire() -> dict[str, int]:
    """The sweep: unconfirmed entries older than CONFIRM_HOURS expire; tournaments with an offer past its
    deadline, or with places free beside a waiting list, are served again. Idempotent."""
    cutoff = timezone.now() - dt.timedelta(hours=CONFIRM_HOURS)
    stale = list(Entry.objects.filter(state=Entry.State.UNCONFIRMED, created_at__lt=cutoff).values_list(
        "pk", flat=True)[:500])
    with transaction.atomic():
        for entry in Entry.objects.select_for_update().filter(pk__in=stale, state=Entry.State.UNCONFIRMED):
            _set_state(entry, Entry.State.EXPIRED, actor=None, action=AuditAction.ENTRY_EXPIRED, offer=False)
    due = set(Entry.objects.filter(state=Entry.State.OFFERED, offered_until__lte=timezone.now())
              .values_list("tournament_id", flat=True))
    for tournament_id in due:
        entries_fill(tournament_id=tournament_id)
    return {"unconfirmed": len(stale), "tournaments": len(due)}
