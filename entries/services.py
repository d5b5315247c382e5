"""Every write of entries: the window opened, an entry made, confirmed, offered, accepted, paid, withdrawn.

Each service is one transaction with its audit event; mail and the offers to the waiting list go on commit.
Places are given under a lock on the tournament's EntryWindow row (taken first, before any core row: the
order of tournaments/locks.py), so two confirmations for the last place are served one after the other.
A place is held by an entry offered, entered or paid; an entry that holds a place (and is paid, where the
organizer asks for that first) is on the roster as a Registration, written through roster.services.
"""

import csv
import datetime as dt
import io
import re
import secrets
from decimal import Decimal

from django.core.exceptions import ValidationError
from django.db import IntegrityError, transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from entries import mail, places
from entries.models import ACTIVE, HOLDING, MAX_NAME, CountryQuota, Entry, EntryMember, EntryWindow
from roster import services as roster_services
from tournaments import events
from tournaments.audit import AuditAction, audit_record
from tournaments.core.services import player_link_user
from tournaments.countries import ISO_3166_1
from tournaments.currencies import is_currency
from tournaments.models import Player, Tournament
from tournaments.models.core import qualified_federation_id
from tournaments.players.services import account_create

# An entry not confirmed by its e-mail link within this many hours expires and holds nothing.
CONFIRM_HOURS = 48
FILL = "entries.fill"
# The version of the privacy notice (docs/privacy.md) an entrant agrees to; recorded with each entry.
PRIVACY_NOTICE_VERSION = "2026-11"


def _lock_window(tournament_id: int) -> EntryWindow:
    # OF self: the tournament's row is read, not locked (the core's rows are locked through tournaments.locks).
    return (EntryWindow.objects.select_for_update(of=("self",)).select_related("tournament")
            .get(tournament_id=tournament_id))


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
    refund_until: dt.date | None = None, payment_required: bool = False, individuals: bool = True,
    team_players: int = 0,
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
    if (fee or (currency or "").strip()) and not is_currency((currency or "").strip()):
        problems["currency"] = _("Say the fee's currency (EUR, CNY, JPY ...).")
    if problems:
        raise ValidationError(problems)
    window = EntryWindow.objects.select_for_update().filter(tournament=tournament).first() or EntryWindow(
        tournament=tournament)
    created = window.pk is None
    holding = window.pk and sum(Entry.objects.filter(tournament=tournament, state__in=HOLDING).values_list(
        "places", flat=True))
    if holding and capacity < holding:
        raise ValidationError({"capacity": _(
            "%(n)d entries hold a place: the places cannot be fewer. Withdraw or cancel entries first.") % {
            "n": holding}})
    window.opens_at, window.closes_at, window.capacity = opens_at, closes_at, capacity
    window.quota_release_on, window.offer_days, window.fee = quota_release_on, offer_days, fee
    window.currency = (currency or "").strip().upper()
    window.payment_instructions, window.refund_until = payment_instructions.strip(), refund_until
    window.payment_required, window.individuals, window.team_players = payment_required, individuals, team_players
    window.full_clean(exclude=["tournament"])
    window.save()
    window.quotas.exclude(country__in=quotas).delete()
    for code, n in quotas.items():
        CountryQuota.objects.update_or_create(window=window, country=code, defaults={"places": n})
    audit_record(actor=actor, tournament=tournament, action=AuditAction.ENTRIES_WINDOW_SET, obj=window, detail={
        "created": created, "opens_at": opens_at.isoformat(), "closes_at": closes_at.isoformat(),
        "capacity": capacity, "quotas": quotas, "fee": str(fee), "currency": window.currency,
        "individuals": individuals, "team_players": team_players})
    events.enqueue_on_commit(FILL, tournament.pk)
    return window


def _taken_federation_ids(tournament: Tournament, *among: str) -> set[str]:
    """The federation IDs (of `among`) already entered (by a player, or in a team) or registered in the
    tournament."""
    active = Entry.objects.filter(tournament=tournament, state__in=ACTIVE, federation_id__in=among)
    members = EntryMember.objects.filter(entry__tournament=tournament, entry__state__in=ACTIVE,
                                         federation_id__in=among)
    registered = tournament.registrations.filter(player__federation_id__in=among)
    return (set(active.values_list("federation_id", flat=True))
            | set(members.values_list("federation_id", flat=True))
            | set(registered.values_list("player__federation_id", flat=True)))


def _person(values: dict, problems: dict, prefix: str = "") -> dict:
    """One person's fields, cleaned: names on one line, the country an ISO code, the ID with its issuer."""
    person = {
        "name": _clean_text(values.get("name", ""), prefix + "name", problems),
        "name_local": _clean_text(values.get("name_local", ""), prefix + "name_local", problems, required=False),
        "email": _clean_text(values.get("email", ""), prefix + "email", problems, limit=254),
        "federation_id": qualified_federation_id(
            _clean_text(values.get("issuer", ""), prefix + "issuer", problems, required=False, limit=16),
            _clean_text(values.get("federation_id", ""), prefix + "federation_id", problems, required=False,
                        limit=40)),
        "country": (values.get("country") or "").strip().upper(),
    }
    if person["country"] not in ISO_3166_1:
        problems[prefix + "country"] = _("Choose the country or region from the list.")
    return person


def _check_known_person(person: dict, field: str, taken: set[str]) -> None:
    federation_id = person["federation_id"]
    if not federation_id:
        return
    if federation_id in taken:
        raise ValidationError({field: _(
            "This federation ID has already entered this tournament. Your entry page is in the mail you had.")})
    known = Player.objects.filter(federation_id=federation_id).first()
    if known is not None and not roster_services.same_name(known.name, person["name"]):
        # The stored name is not shown: the page is public.
        raise ValidationError({field: _(
            "This federation ID is on record under another name: check the ID and the name as the federation "
            "writes it, or write to the organizer.")})


def _open_window(tournament: Tournament, *, by_organizer: bool = False) -> EntryWindow:
    window = EntryWindow.objects.select_related("tournament").filter(tournament=tournament).first()
    if window is None:
        raise ValidationError(_("Entries to this tournament are not open."))
    if not by_organizer and not window.opens_at <= timezone.now() < window.closes_at:
        raise ValidationError(_("Entries to this tournament are not open."))
    return window


def _save_entry(entry: Entry) -> Entry:
    entry.full_clean(exclude=["tournament", "registration", "team"], validate_constraints=False)
    try:
        with transaction.atomic():
            entry.save()
    except IntegrityError:  # the same person entering twice at the same moment
        raise ValidationError(_("This person has already entered this tournament.")) from None
    return entry


@transaction.atomic
def entry_submit(
    *, tournament: Tournament, name: str, country: str, email: str, language: str, consent: bool,
    name_local: str = "", federation_id: str = "", issuer: str = "", actor=None, by_organizer: bool = False,
) -> Entry:
    """A person enters themself: the entry waits for its e-mail link (CONFIRM_HOURS) before it takes a place."""
    window = _open_window(tournament, by_organizer=by_organizer)
    if not window.individuals and not by_organizer:
        raise ValidationError(_("This tournament takes team entries only: ask your team leader to enter you."))
    problems: dict[str, str] = {}
    person = _person({"name": name, "name_local": name_local, "country": country, "email": email,
                      "issuer": issuer, "federation_id": federation_id}, problems)
    if not consent:
        problems["consent"] = _("Entries are kept as the privacy notice says: agree to it to enter.")
    if problems:
        raise ValidationError(problems)
    if person["federation_id"]:
        _check_known_person(person, "federation_id", _taken_federation_ids(tournament, person["federation_id"]))
    if Entry.objects.filter(tournament=tournament, state__in=ACTIVE, kind=Entry.Kind.PLAYER,
                            email__iexact=person["email"], name__iexact=person["name"]).exists():
        raise ValidationError({"email": _(
            "This name and e-mail have already entered this tournament. Your entry page is in the mail you had.")})
    entry = _save_entry(Entry(tournament=tournament, language=language, privacy_notice=PRIVACY_NOTICE_VERSION,
                              secret=secrets.token_urlsafe(24), **person))
    audit_record(actor=actor, tournament=tournament, action=AuditAction.ENTRY_SUBMITTED, obj=entry,
                 detail={"name": entry.name, "country": entry.country, "privacy_notice": entry.privacy_notice,
                         "by_organizer": by_organizer})
    if not by_organizer:
        mail.mail_queue(entry=entry, kind=mail.CONFIRM)
    return entry


@transaction.atomic
def team_entry_submit(
    *, tournament: Tournament, name: str, country: str, email: str, language: str, consent: bool,
    members: list[dict], name_local: str = "", actor=None,
) -> Entry:
    """A team leader enters a team: its players (as many as the organizer set) and reserves (at most the
    tournament's team_reserves), each with their own e-mail. The leader's e-mail confirms the entry, which then
    takes one place a player, and the team joins the roster with its players and reserves."""
    window = _open_window(tournament)
    if not window.team_players:
        raise ValidationError(_("This tournament takes no team entries."))
    problems: dict[str, str] = {}
    team_name = _clean_text(name, "name", problems)
    team_name_local = _clean_text(name_local, "name_local", problems, required=False)
    leader_email = _clean_text(email, "email", problems, limit=254)
    country = (country or "").strip().upper()
    if country not in ISO_3166_1:
        problems["country"] = _("Choose the country or region from the list.")
    if not consent:
        problems["consent"] = _("Entries are kept as the privacy notice says: agree to it to enter.")
    people = [_person(values, problems, prefix=f"members-{n}-") | {"reserve": bool(values.get("reserve"))}
              for n, values in enumerate(members)]
    players = sum(not person["reserve"] for person in people)
    reserves = len(people) - players
    if players != window.team_players:
        problems["members"] = _("A team enters with %(n)d players (it gave %(given)d).") % {
            "n": window.team_players, "given": players}
    elif reserves > window.tournament.team_reserves:
        problems["members"] = _("A team may bring at most %(n)d reserves (it gave %(given)d).") % {
            "n": window.tournament.team_reserves, "given": reserves}
    if problems:
        raise ValidationError(problems)
    taken = _taken_federation_ids(tournament, *(p["federation_id"] for p in people if p["federation_id"]))
    for n, person in enumerate(people):
        _check_known_person(person, f"members-{n}-federation_id", taken)
        if person["federation_id"]:
            taken.add(person["federation_id"])  # twice in one team is twice
    if (tournament.teams.filter(name__iexact=team_name).exists()
            or Entry.objects.filter(tournament=tournament, kind=Entry.Kind.TEAM, state__in=ACTIVE,
                                    name__iexact=team_name).exists()):
        raise ValidationError({"name": _("A team of this name has already entered this tournament.")})
    entry = _save_entry(Entry(
        tournament=tournament, kind=Entry.Kind.TEAM, places=players, name=team_name, name_local=team_name_local,
        country=country, email=leader_email, language=language, privacy_notice=PRIVACY_NOTICE_VERSION,
        secret=secrets.token_urlsafe(24)))
    EntryMember.objects.bulk_create(EntryMember(entry=entry, **person) for person in people)
    audit_record(actor=actor, tournament=tournament, action=AuditAction.ENTRY_SUBMITTED, obj=entry,
                 detail={"name": entry.name, "country": country, "privacy_notice": entry.privacy_notice,
                         "team": {"players": players, "reserves": reserves}})
    mail.mail_queue(entry=entry, kind=mail.CONFIRM)
    return entry


def _holders(window: EntryWindow) -> list[tuple[str, int]]:
    """(country, places) of each entry holding places."""
    return list(Entry.objects.filter(tournament_id=window.tournament_id, state__in=HOLDING)
                .values_list("country", "places"))


def _released(window: EntryWindow) -> bool:
    return window.quota_release_on is not None and timezone.localdate() >= window.quota_release_on


def _quotas(window: EntryWindow) -> dict[str, int]:
    return dict(window.quotas.values_list("country", "places"))


def _places_free(window: EntryWindow, entry: Entry, holders: list[tuple[str, int]],
                 quotas: dict[str, int] | None = None) -> bool:
    return places.places_free(entry.country, entry.places, capacity=window.capacity, holders=holders,
                              quotas=_quotas(window) if quotas is None else quotas, released=_released(window))


def _moved(entry: Entry, state: str, **detail) -> dict:
    """Move the entry to `state` (saved); the audit event's detail: who, from, to, and `detail`."""
    before = entry.state
    entry.state = state
    entry.save()
    return {"name": entry.name, "from": before, "to": state, **detail}


def _fill(window: EntryWindow, *, actor=None) -> list[int]:
    """Serve the waiting list in order of entry: each waiting entry for whom places are free (its country's
    quota respected) is offered them. Called under the window's lock. The ids of the entries offered.

    Only the entries that could take a place are read: none when every place is held, and only the countries
    with quota places left when the open places are (a full opening rush confirms thousands against a long list)."""
    holders = _holders(window)
    offered = []
    if sum(n for _country, n in holders) >= window.capacity:
        return offered
    quotas, released = _quotas(window), _released(window)
    waiting = Entry.objects.filter(tournament_id=window.tournament_id, state=Entry.State.WAITING)
    if quotas and not released:
        open_left = places.places_free("", 1, capacity=window.capacity, holders=holders, quotas=quotas,
                                       released=False)
        if not open_left:
            left = [country for country, n in places.quota_left(holders=holders, quotas=quotas).items() if n]
            waiting = waiting.filter(country__in=left)
    deadline = timezone.now() + dt.timedelta(days=window.offer_days)
    for entry in waiting.order_by("queue_number").select_related("tournament__entry_window"):
        if not _places_free(window, entry, holders, quotas):
            continue  # a team may not fit where a player behind it does
        holders.append((entry.country, entry.places))
        entry.offered_until = deadline
        audit_record(actor=actor, tournament=entry.tournament, action=AuditAction.ENTRY_OFFERED, obj=entry,
                     detail=_moved(entry, Entry.State.OFFERED, until=deadline.isoformat()))
        mail.mail_queue(entry=entry, kind=mail.OFFERED)
        offered.append(entry.pk)
        if sum(n for _country, n in holders) >= window.capacity:
            break
    return offered


def _enter(entry: Entry, *, actor, accepted: bool) -> None:
    """The entry holds its place: on the e-mail link (confirmed), or accepting a place offered."""
    entry.offered_until = None
    audit_record(actor=actor, tournament=entry.tournament, obj=entry, detail=_moved(entry, Entry.State.ENTERED),
                 action=AuditAction.ENTRY_ACCEPTED if accepted else AuditAction.ENTRY_CONFIRMED)
    if not entry.tournament.entry_window.payment_required:
        _join_roster(entry, actor=actor)
    mail.mail_queue(entry=entry, kind=mail.ENTERED)


def _join_roster(entry: Entry, *, actor) -> None:
    """The entry becomes registrations of the core, with no re-typing: the player, or the team with its players
    and reserves (each member's e-mail their registration's contact)."""
    if entry.kind == Entry.Kind.PLAYER:
        entry.registration = roster_services.registration_add(
            actor=actor, tournament=entry.tournament, name=entry.name, name_local=entry.name_local,
            country=entry.country, federation_id=entry.federation_id, contact=entry.email)
        entry.save(update_fields=["registration"])
        _link_player(entry, actor=actor)
        return
    entry.team = roster_services.team_create(actor=actor, tournament=entry.tournament, name=entry.name,
                                             country=entry.country)
    entry.save(update_fields=["team"])
    for member in entry.members.order_by("reserve", "pk"):
        member.registration = roster_services.registration_add(
            actor=actor, tournament=entry.tournament, name=member.name, name_local=member.name_local,
            country=member.country, federation_id=member.federation_id, contact=member.email, team=entry.team,
            reserve=member.reserve)
        member.save(update_fields=["registration"])


def _link_player(entry: Entry, *, actor) -> None:
    """An entrant with an account sees their seats and results: the registered person joins their account, unless
    either is linked to someone else already (then the player links by their card's PIN, as before)."""
    registration = entry.registration
    if entry.user_id is None or registration is None or registration.player.user_id is not None:
        return
    if Player.objects.filter(user_id=entry.user_id).exists():
        return
    player_link_user(actor=actor, player=registration.player, user=entry.user)


def _leave_roster(entry: Entry, *, actor, reason: str) -> None:
    """Before the first session the registrations (and the team) go; after it the players withdraw and keep the
    sessions they played (roster.services.registration_withdraw)."""
    registrations = [entry.registration] if entry.registration_id else [
        member.registration for member in entry.members.select_related("registration") if member.registration_id]
    if not registrations:
        return
    if entry.tournament.sessions.exclude(status="planned").exists():
        for registration in registrations:
            if registration.withdrawn_at is None:
                roster_services.registration_withdraw(actor=actor, registration=registration, reason=reason)
        return
    entry.registration = None
    team, entry.team = entry.team, None
    entry.save(update_fields=["registration", "team"])
    entry.members.update(registration=None)
    for registration in registrations:
        roster_services.registration_delete(actor=actor, registration=registration)
    if team is not None:
        roster_services.team_delete(actor=actor, team=team)


@transaction.atomic
def entry_confirm(*, entry: Entry, actor=None) -> Entry:
    """The e-mail link followed: the entry takes the next place in the queue, and a place if one is free for it
    and nobody waits before it for that place. Following the link again changes nothing."""
    window = _lock_window(entry.tournament_id)
    entry = Entry.objects.select_for_update(of=("self",)).select_related("tournament").get(pk=entry.pk)
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
    if _places_free(window, entry, _holders(window)):
        _enter(entry, actor=actor, accepted=False)
    else:
        audit_record(actor=actor, tournament=entry.tournament, action=AuditAction.ENTRY_CONFIRMED, obj=entry,
                     detail=_moved(entry, Entry.State.WAITING, queue=entry.queue_number))
        mail.mail_queue(entry=entry, kind=mail.WAITING)
    return entry


@transaction.atomic
def entry_offer_accept(*, entry: Entry, actor=None) -> Entry:
    """The person takes the place offered to them, before its deadline."""
    _lock_window(entry.tournament_id)
    entry = Entry.objects.select_for_update(of=("self",)).select_related("tournament").get(pk=entry.pk)
    if entry.state != Entry.State.OFFERED:
        raise ValidationError(_("No place is offered to this entry now."))
    if entry.offered_until <= timezone.now():
        raise ValidationError(_("The offer ended on %(until)s; the place went to the next entry.") % {
            "until": timezone.localtime(entry.offered_until).strftime("%Y-%m-%d %H:%M")})
    _enter(entry, actor=actor, accepted=True)
    return entry


def _leave(entry: Entry, state: str, *, actor, reason: str) -> Entry:
    window = _lock_window(entry.tournament_id)
    entry = Entry.objects.select_for_update(of=("self",)).select_related("tournament").get(pk=entry.pk)
    if entry.state not in ACTIVE:
        raise ValidationError(_("This entry is already %(state)s.") % {"state": entry.get_state_display().lower()})
    held = entry.state in HOLDING
    # Paid and leaving before the refund deadline: the fee is due back (the organizer records the refund).
    if entry.state == Entry.State.PAID and entry.payment != Entry.Payment.WAIVED and (
            window.refund_until is None or timezone.localdate() <= window.refund_until):
        entry.refund = Entry.Refund.DUE
    entry.reason, entry.offered_until = reason, None
    audit_record(actor=actor, tournament=entry.tournament, obj=entry,
                 detail=_moved(entry, state, reason=reason, refund=entry.refund),
                 action=AuditAction.ENTRY_CANCELLED if state == Entry.State.CANCELLED else AuditAction.ENTRY_WITHDRAWN)
    _leave_roster(entry, actor=actor, reason=reason)
    if held:
        events.enqueue_on_commit(FILL, entry.tournament_id)
    return entry


@transaction.atomic
def entry_withdraw(*, entry: Entry, actor=None, reason: str = "") -> Entry:
    """The person leaves (from their entry page, or the organizer for them); their place goes to the list."""
    return _leave(entry, Entry.State.WITHDRAWN, actor=actor,
                  reason=" ".join((reason or "").split())[:300])


@transaction.atomic
def entry_cancel(*, actor, entry: Entry, reason: str) -> Entry:
    """The organizer cancels an entry, with a reason the person is told."""
    reason = " ".join((reason or "").split())[:300]
    if not reason:
        raise ValidationError({"reason": _("Say why the entry is cancelled: the person is told.")})
    entry = _leave(entry, Entry.State.CANCELLED, actor=actor, reason=reason)
    mail.mail_queue(entry=entry, kind=mail.CANCELLED)
    return entry


@transaction.atomic
def entry_payment_record(*, actor, entry: Entry, payment: str, reference: str = "") -> Entry:
    """The organizer records the fee: a transfer (with its reference), paid at the venue, or waived."""
    _lock_window(entry.tournament_id)
    entry = Entry.objects.select_for_update(of=("self",)).select_related("tournament").get(pk=entry.pk)
    if payment not in Entry.Payment.values:
        raise ValidationError({"payment": _("Choose how the fee was paid.")})
    reference = " ".join((reference or "").split())[:100]
    if payment == Entry.Payment.TRANSFER and not reference:
        raise ValidationError({"reference": _("Give the transfer's reference, as the bank statement shows it.")})
    if entry.state != Entry.State.ENTERED:
        raise ValidationError(_("Only an entry holding its place can be paid (this one is %(state)s).") % {
            "state": entry.get_state_display().lower()})
    entry.payment, entry.payment_reference, entry.paid_at = payment, reference, timezone.now()
    audit_record(actor=actor, tournament=entry.tournament, action=AuditAction.ENTRY_PAID, obj=entry,
                 detail=_moved(entry, Entry.State.PAID, payment=payment, reference=reference))
    if entry.registration_id is None and entry.team_id is None:
        _join_roster(entry, actor=actor)
    return entry


@transaction.atomic
def entry_refund_record(*, actor, entry: Entry) -> Entry:
    entry = Entry.objects.select_for_update(of=("self",)).select_related("tournament").get(pk=entry.pk)
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
    entry = Entry.objects.select_for_update(of=("self",)).select_related("tournament").get(pk=entry.pk)
    if entry.state != Entry.State.WAITING:
        raise ValidationError(_("Only a waiting entry can be offered a place."))
    if not _places_free(window, entry, _holders(window)):
        raise ValidationError(_("No place is free for this entry: every place (or its country's) is held."))
    entry.offered_until = timezone.now() + dt.timedelta(days=window.offer_days)
    audit_record(actor=actor, tournament=entry.tournament, action=AuditAction.ENTRY_OFFERED, obj=entry,
                 detail=_moved(entry, Entry.State.OFFERED, until=entry.offered_until.isoformat(), by_hand=True))
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
            audit_record(actor=None, tournament=entry.tournament, action=AuditAction.ENTRY_EXPIRED, obj=entry,
                         detail=_moved(entry, Entry.State.EXPIRED, offer=True))
        return _fill(window)


def entries_expire() -> dict[str, int]:
    """The sweep: unconfirmed entries older than CONFIRM_HOURS expire; tournaments with an offer past its
    deadline, or with places free beside a waiting list, are served again. Idempotent."""
    cutoff = timezone.now() - dt.timedelta(hours=CONFIRM_HOURS)
    stale = list(Entry.objects.filter(state=Entry.State.UNCONFIRMED, created_at__lt=cutoff).values_list(
        "pk", flat=True)[:500])
    with transaction.atomic():
        for entry in Entry.objects.select_for_update().filter(pk__in=stale, state=Entry.State.UNCONFIRMED):
            audit_record(actor=None, tournament=entry.tournament, action=AuditAction.ENTRY_EXPIRED, obj=entry,
                         detail=_moved(entry, Entry.State.EXPIRED, offer=False))
    due = set(Entry.objects.filter(state=Entry.State.OFFERED, offered_until__lte=timezone.now())
              .values_list("tournament_id", flat=True))
    # From its release day a country's unused quota places go to the waiting list: served on the day, whatever
    # else happens (entries_fill is idempotent: nothing to offer, nothing done).
    due |= set(EntryWindow.objects.filter(quota_release_on__lte=timezone.localdate(), quotas__isnull=False,
                                          tournament__entries__state=Entry.State.WAITING)
               .values_list("tournament_id", flat=True))
    for tournament_id in due:
        entries_fill(tournament_id=tournament_id)
    return {"unconfirmed": len(stale), "tournaments": len(due)}


@transaction.atomic
def entry_add(*, actor, tournament: Tournament, name: str, country: str, email: str, language: str,
              name_local: str = "", federation_id: str = "", issuer: str = "") -> Entry:
    """The organizer adds an entry by hand (a late entry, one sent by mail or paper), also while entries are
    closed: the organizer vouches for the e-mail, so it is confirmed at once and takes the queue's next number."""
    entry = entry_submit(tournament=tournament, name=name, country=country, email=email, language=language,
                         consent=True, name_local=name_local, federation_id=federation_id, issuer=issuer,
                         actor=actor, by_organizer=True)
    return entry_confirm(entry=entry, actor=actor)


@transaction.atomic
def entry_move(*, actor, entry: Entry, position: int) -> Entry:
    """The organizer moves a waiting entry to `position` on the waiting list (1 = next): the waiting entries keep
    their queue numbers among them, in the new order."""
    _lock_window(entry.tournament_id)
    waiting = list(Entry.objects.select_for_update().filter(tournament_id=entry.tournament_id,
                                                            state=Entry.State.WAITING).order_by("queue_number"))
    moving = next((e for e in waiting if e.pk == entry.pk), None)
    if moving is None:
        raise ValidationError(_("Only a waiting entry can be moved on the waiting list."))
    if not 1 <= position <= len(waiting):
        raise ValidationError({"position": _("A position from 1 to %(n)d.") % {"n": len(waiting)}})
    numbers = [e.queue_number for e in waiting]
    before = waiting.index(moving) + 1
    waiting.remove(moving)
    waiting.insert(position - 1, moving)
    # Two steps: the numbers are unique in the tournament, so they are moved out of the way first.
    top = max(numbers) + len(numbers) + 1
    for offset, other in enumerate(waiting):
        Entry.objects.filter(pk=other.pk).update(queue_number=top + offset)
    for number, other in zip(numbers, waiting, strict=True):
        Entry.objects.filter(pk=other.pk).update(queue_number=number)
    audit_record(actor=actor, tournament=moving.tournament, action=AuditAction.ENTRY_MOVED, obj=moving,
                 detail={"name": moving.name, "from": before, "to": position})
    return Entry.objects.get(pk=moving.pk)


def _mail_all(*, actor, tournament: Tournament, kind: str, entries, with_members: bool = False) -> int:
    count = 0
    for entry in entries:
        recipients = [None]
        if with_members and entry.kind == Entry.Kind.TEAM:
            recipients = list(entry.members.filter(registration__isnull=False))
        for member in recipients:
            count += mail.mail_queue(entry=entry, kind=kind, member=member) is not None
    audit_record(actor=actor, tournament=tournament, action=AuditAction.ENTRIES_MAILED, detail={
        "kind": kind, "count": count})
    return count


@transaction.atomic
def entries_payment_remind(*, actor, tournament: Tournament) -> int:
    """A reminder to every entry holding a place whose fee is not recorded."""
    window = EntryWindow.objects.get(tournament=tournament)
    if not window.fee:
        raise ValidationError(_("This tournament has no entry fee."))
    return _mail_all(actor=actor, tournament=tournament, kind=mail.PAYMENT_REMINDER,
                     entries=Entry.objects.filter(tournament=tournament, state=Entry.State.ENTERED))


@transaction.atomic
def entries_mail_schedule(*, actor, tournament: Tournament) -> int:
    """"Your seats and times" before the day: each player on the roster from an entry (each team member) gets the
    sessions' times and the seats drawn so far."""
    if not tournament.sessions.filter(seats__isnull=False).exists() and not tournament.sessions.exclude(
            scheduled_start=None).exists():
        raise ValidationError(_("No session has a time or drawn seats yet: set them first."))
    return _mail_all(actor=actor, tournament=tournament, kind=mail.SCHEDULE, with_members=True,
                     entries=Entry.objects.filter(tournament=tournament, state__in=HOLDING)
                     .exclude(registration=None, team=None))


@transaction.atomic
def entries_mail_results(*, actor, tournament: Tournament) -> int:
    """"Results are published" after the day, to each player from an entry (each team member)."""
    if tournament.status != Tournament.Status.FINISHED:
        raise ValidationError(_("The results are final once the tournament is finished."))
    return _mail_all(actor=actor, tournament=tournament, kind=mail.RESULTS, with_members=True,
                     entries=Entry.objects.filter(tournament=tournament, state__in=HOLDING)
                     .exclude(registration=None, team=None))


PAYMENT_CODE = re.compile(r"\bMCR(\d+)-(\d+)\b", re.IGNORECASE)


@transaction.atomic
def entries_payments_import(*, actor, tournament: Tournament, content: bytes) -> dict[str, list[str]]:
    """A bank statement (CSV) matched by the entries' payment references (Entry.payment_code, which the entrant
    was asked to write on the transfer): each entry named on a line is recorded paid by transfer. Lines naming no
    entry of this tournament are listed, never guessed."""
    text = _decoded(content)
    report: dict[str, list[str]] = {"paid": [], "already": [], "not_holding": [], "unmatched": []}
    for number, row in enumerate(csv.reader(io.StringIO(text)), start=1):
        line = " ".join(row)
        codes = {(int(t), int(e)) for t, e in PAYMENT_CODE.findall(line)}
        mine = [pk for t, pk in codes if t == tournament.pk]
        if not mine:
            if number > 1 and line.strip():
                report["unmatched"].append(f"{number}: {line[:120]}")
            continue
        for pk in mine:
            entry = Entry.objects.filter(pk=pk, tournament=tournament).first()
            if entry is None:
                report["unmatched"].append(f"{number}: {line[:120]}")
            elif entry.state == Entry.State.PAID:
                report["already"].append(entry.name)
            elif entry.state != Entry.State.ENTERED:
                report["not_holding"].append(entry.name)
            else:
                entry_payment_record(actor=actor, entry=entry, payment=Entry.Payment.TRANSFER,
                                     reference=entry.payment_code)
                report["paid"].append(entry.name)
    return report


def _decoded(content: bytes) -> str:
    for encoding in ("utf-8-sig", "gb18030", "cp1252"):
        try:
            return content.decode(encoding)
        except UnicodeDecodeError:
            continue
    raise ValidationError(_("The file is not text (CSV): export the statement as CSV."))


@transaction.atomic
def entry_account_link(*, entry: Entry, user) -> Entry:
    """The entrant, signed in, keeps this entry in their account (from the mailed link: the link is the proof)."""
    entry = (Entry.objects.select_for_update(of=("self",)).select_related("tournament", "registration__player")
             .get(pk=entry.pk))
    if entry.user_id == user.pk:
        return entry
    if entry.user_id is not None:
        raise ValidationError(_("This entry is kept in another account already."))
    entry.user = user
    entry.save(update_fields=["user"])
    audit_record(actor=user, tournament=entry.tournament, action=AuditAction.ENTRY_ACCOUNT_LINKED, obj=entry,
                 detail={"name": entry.name, "user": user.get_username()})
    _link_player(entry, actor=user)
    return entry


@transaction.atomic
def entry_account_create(*, entry: Entry, username: str, password: str, client: str | None = None):
    """An account made from the mailed link, its e-mail the entry's (the link proved it), the entry kept in it."""
    if entry.user_id is not None:
        raise ValidationError(_("This entry is kept in an account already: sign in to it."))
    user = account_create(username=username, password=password, client=client)
    user.email = entry.email
    user.save(update_fields=["email"])
    return user, entry_account_link(entry=entry, user=user)


@transaction.atomic
def entry_mail_consent(*, entry: Entry, consent: bool) -> Entry:
    """The entrant withdraws (or gives back) their consent to mail about this entry; their page still shows it."""
    entry = Entry.objects.select_for_update(of=("self",)).select_related("tournament").get(pk=entry.pk)
    if (entry.mail_stopped_at is None) == consent:
        return entry
    entry.mail_stopped_at = None if consent else timezone.now()
    entry.save(update_fields=["mail_stopped_at"])
    audit_record(actor=None, tournament=entry.tournament, action=AuditAction.ENTRY_MAIL_CONSENT, obj=entry,
                 detail={"name": entry.name, "consent": consent})
    return entry
