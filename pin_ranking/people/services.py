"""Every write about the people behind the ledgers (4.1 选手在历次正式竞赛: one ledger per person).

- `player_merge`: two records of one person (entered without a federation ID at two tournaments, or under two
  IDs) joined: the Pin results and Pins of one move to the other; the world body may undo it.
- `pin_award_enter_paper`: a Pin awarded before this system, from its paper certificate (number, date).
- `account_claim_file`, `account_claim_decide`: a player known only from results files links their account to
  their record by its federation ID, which the committee of their country (else the world body) or of the
  federation that issued the ID confirms; tries are counted per account and per address.
One transaction each, an audit event in it, the ledgers recomputed on commit.
"""

import datetime as dt

from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from pin_ranking.access import committee_member_required, may_read_player, seats_of, world_body_required
from pin_ranking.applications.selectors import committee_for
from pin_ranking.ledger.services import eligibility_recompute_later
from pin_ranking.models import (
    OPEN_STATUSES,
    AccountClaim,
    Application,
    Committee,
    CompetitionResult,
    PinAward,
    PlayerMerge,
)
from pin_ranking.models.committee import SYSTEM_NUMBER
from pin_ranking.people.selectors import claim_committees
from tournaments.audit import AuditAction, audit_record
from tournaments.errors import NotFound
from tournaments.models import Player
from tournaments.ratelimit import rate_limit_hit


@transaction.atomic
def player_merge(*, actor, kept_id: int, merged_id: int, reason: str) -> PlayerMerge:
    """Join `merged` into `kept` (the world body: it keeps the register, 7.4 建立档案). Refused when both
    have a result in the same competition (one person plays once), or `merged` has an open application."""
    world_body_required(actor)
    reason = (reason or "").strip()
    if not reason:
        raise ValidationError({"reason": _("Say why these records are the same person.")})
    if kept_id == merged_id:
        raise ValidationError({"merged": _("Choose another player: a record is merged into another one.")})
    players = {p.pk: p for p in Player.objects.select_for_update().filter(pk__in=[kept_id, merged_id])}
    if len(players) != 2:
        raise NotFound(_("No such player."))
    kept, merged = players[kept_id], players[merged_id]
    moving = list(CompetitionResult.objects.select_for_update().filter(player=merged, superseded_at__isnull=True))
    both = set(CompetitionResult.objects.filter(player=kept, superseded_at__isnull=True,
                                                competition__in=[r.competition_id for r in moving])
               .values_list("competition__name", flat=True))
    if both:
        raise ValidationError({"merged": _("Both records have a result in %(names)s: one person plays a competition "
                                           "once, so these are two people.") % {"names": "; ".join(sorted(both))}})
    if Application.objects.filter(player=merged, status__in=OPEN_STATUSES).exists():
        raise ValidationError({"merged": _("%(name)s has an application waiting: let the committee decide it "
                                           "first.") % {"name": merged.name}})
    awards = list(PinAward.objects.select_for_update().filter(player=merged))
    CompetitionResult.objects.filter(pk__in=[r.pk for r in moving]).update(player=kept)
    PinAward.objects.filter(pk__in=[a.pk for a in awards]).update(player=kept)
    merge = PlayerMerge.objects.create(kept=kept, merged=merged, results=[r.pk for r in moving],
                                       awards=[a.pk for a in awards], reason=reason[:300], created_by=actor)
    audit_record(actor=actor, action=AuditAction.PIN_PLAYERS_MERGED, obj=merge,
                 detail={"kept": kept.pk, "merged": merged.pk, "results": merge.results, "awards": merge.awards,
                         "reason": merge.reason})
    eligibility_recompute_later(player_ids=[kept.pk, merged.pk], reason="merged")
    return merge


@transaction.atomic
def player_merge_undo(*, actor, merge_id: int) -> PlayerMerge:
    """Move back exactly what the merge moved (the world body)."""
    world_body_required(actor)
    merge = PlayerMerge.objects.select_for_update().filter(pk=merge_id).first()
    if merge is None:
        raise NotFound(_("No such page."))
    if merge.undone_at is not None:
        raise ValidationError(_("This merge was already undone."))
    CompetitionResult.objects.filter(pk__in=merge.results, player=merge.kept).update(player=merge.merged)
    PinAward.objects.filter(pk__in=merge.awards, player=merge.kept).update(player=merge.merged)
    since = _results_since_for_merged(merge)
    CompetitionResult.objects.filter(pk__in=since).update(player=merge.merged)
    merge.undone_at = timezone.now()
    merge.undone_by = actor
    merge.save(update_fields=["undone_at", "undone_by"])
    audit_record(actor=actor, action=AuditAction.PIN_PLAYERS_MERGE_UNDONE, obj=merge,
                 detail={"kept": merge.kept_id, "merged": merge.merged_id, "results_since": since})
    eligibility_recompute_later(player_ids=[merge.kept_id, merge.merged_id], reason="merge undone")
    return merge


def _results_since_for_merged(merge: PlayerMerge) -> list[int]:
    """Results that came in while the merge stood and were the merged record's, as their source names it: a results
    file's row giving the merged record's federation ID, or a tournament registered here whose registration is the
    merged record's. An undo gives them back with what the merge moved, so each record has exactly its own."""
    merged, kept = merge.merged, merge.kept
    since = CompetitionResult.objects.filter(player=kept, created_at__gte=merge.created_at)
    by_id = since.none()
    if merged.federation_id and merged.federation_id != kept.federation_id:
        by_id = since.filter(federation_id=merged.federation_id)
    by_registration = since.filter(competition__tournament__registrations__player=merged)
    return sorted(set(by_id.values_list("pk", flat=True)) | set(by_registration.values_list("pk", flat=True)))


def _certifying_committee(actor, player: Player, track: str, pin: int) -> Committee:
    """The committee a paper Pin is entered for: the world body's (a world seat, or None: a command), or the
    actor's member organization's or website's where the register's edition gives it that Pin (7.3-7.4:
    under 2014 a member organization certifies Pin 4 and below of its country's players)."""
    if actor is None or seats_of(actor).world:
        committee = Committee.objects.filter(kind="world", retired_at__isnull=True).first()
    else:
        committee = committee_for(track=track, pin=pin, country=player.country)
        if not committee.seats.filter(user=actor).exists():
            raise ValidationError({"pin": _("%(committee)s certifies this Pin, not your committee: it enters the "
                                            "paper certificate.") % {"committee": committee.name}})
    if committee is None:
        raise ValidationError({"number": _("No committee of yours certifies this player's Pins.")})
    return committee


@transaction.atomic
def pin_award_enter_paper(*, actor, player: Player, track: str, pin: int, number: str,
                          awarded_on: dt.date) -> PinAward:
    """A Pin awarded before this system (the WMCC notice asks for a copy of an earlier Pin certificate):
    entered with its number and date so that it stands in the register and is never lowered."""
    committee_member_required(actor)
    if actor is not None and not may_read_player(actor, player, track if track in ("pin", "web_pin") else None):
        raise NotFound(_("No such player."))
    errors = {}
    number = (number or "").strip()
    if track not in ("pin", "web_pin"):
        errors["track"] = _("Choose the Pin or the Web Pin.")
    if not isinstance(pin, int) or not 1 <= pin <= 9:
        errors["pin"] = _("A Pin is 1 (highest) to 9 (lowest).")
    if not number:
        errors["number"] = _("Give the number printed on the paper certificate.")
    elif SYSTEM_NUMBER.fullmatch(number):
        errors["number"] = _("%(number)s is a number this system gives: a paper certificate keeps the number "
                             "printed on it.") % {"number": number}
    elif PinAward.objects.filter(number=number).exists():
        errors["number"] = _("Certificate %(number)s is already in the register.") % {"number": number}
    if awarded_on is None or awarded_on > timezone.localdate():
        errors["awarded_on"] = _("Give the date on the certificate (not in the future).")
    if errors:
        raise ValidationError(errors)
    award = PinAward.objects.create(
        player=player, track=track, pin=pin, number=number[:32], name=player.name, country=player.country,
        committee=_certifying_committee(actor, player, track, pin), awarded_on=awarded_on, source=PinAward.Source.PAPER,
        entered_by=actor)
    audit_record(actor=actor, action=AuditAction.PIN_AWARD_ENTERED, obj=award,
                 detail={"number": award.number, "name": award.name, "pin": pin, "track": track,
                         "awarded_on": awarded_on.isoformat()})
    return award


# Each try answers whether a federation ID is on the register, so tries are counted, found or not: per account
# (a player typing their ID needs a few), and per address, generously (a venue's NAT puts every phone behind one).
CLAIM_TRIES_PER_ACCOUNT = 10
CLAIM_TRIES_PER_ADDRESS = 60
CLAIM_WINDOW_SECONDS = 60 * 60


def account_claim_file(*, actor, federation_id: str, note: str = "", client: str | None = None) -> AccountClaim:
    """A signed-in account with no player asks to be linked to the register record of `federation_id` (N7: a
    player known only from results files had no entry number and PIN to link with, so could not apply, 3.10.2
    经本人申请). The committee of the record's country, or of its ID's issuer, decides (`account_claim_decide`).
    `client`: the request's address (tournaments.ratelimit.client_ip). Tries are counted before the transaction,
    so that a refused one counts too."""
    if actor is None or not actor.is_authenticated:
        raise NotFound(_("No such page."))
    for key, limit in ((f"pin-claim:user:{actor.pk}", CLAIM_TRIES_PER_ACCOUNT),
                       (f"pin-claim:client:{client or 'unknown'}"[:120], CLAIM_TRIES_PER_ADDRESS)):
        if not rate_limit_hit(key, limit=limit, window_seconds=CLAIM_WINDOW_SECONDS).allowed:
            raise ValidationError(_("Too many claims were tried just now: wait an hour, or ask your federation for "
                                    "your federation ID."), code="claim_throttled")
    return _claim_file(actor=actor, federation_id=federation_id, note=note)


@transaction.atomic
def _claim_file(*, actor, federation_id: str, note: str) -> AccountClaim:
    from pin_ranking.ledger.selectors import kept_players, player_for_user

    if player_for_user(user=actor) is not None:
        raise ValidationError(_("Your account is linked to a player already."))
    typed = " ".join((federation_id or "").split())
    if not typed:
        raise ValidationError({"federation_id": _("Give your federation ID as your federation wrote it.")})
    found = Player.objects.filter(federation_id__iexact=typed).first()
    found = kept_players({0: found})[0] if found is not None else None
    if found is None:
        raise ValidationError({"federation_id": _(
            "No record of the register has the federation ID “%(id)s”: check it (with its issuer, such as EMA:"
            "04160001), or ask your federation.") % {"id": typed}})
    if found.user_id is not None:
        raise ValidationError({"federation_id": _(
            "This record is linked to another account: ask your committee.")})
    if AccountClaim.objects.filter(user=actor, status=AccountClaim.Status.PENDING).exists():
        raise ValidationError(_("Your claim is waiting for the committee already."))
    claim = AccountClaim.objects.create(user=actor, player=found, federation_id=typed[:64],
                                        note=" ".join((note or "").split())[:300])
    audit_record(actor=actor, action=AuditAction.PIN_CLAIM_FILED, obj=claim,
                 detail={"player": found.pk, "name": found.name})
    return claim


@transaction.atomic
def account_claim_decide(*, actor, claim_id: int, confirm: bool, reason: str = "") -> AccountClaim:
    """The committee confirms (the account is linked to the record) or refuses (with a reason) a claim."""
    claim = AccountClaim.objects.select_for_update().select_related("player", "user").filter(pk=claim_id).first()
    if claim is None:
        raise NotFound(_("No such page."))
    seats = seats_of(actor) if actor is not None else None
    if actor is not None and not (seats.world or any(committee.seats.filter(user=actor).exists()
                                                     for committee in claim_committees(claim.player))):
        raise NotFound(_("No such page."))
    if claim.status != AccountClaim.Status.PENDING:
        raise ValidationError(_("This claim is decided already."))
    reason = " ".join((reason or "").split())
    if not confirm and not reason:
        raise ValidationError({"reason": _("Say why the claim is refused, so that the player can answer it.")})
    player = Player.objects.select_for_update().get(pk=claim.player_id)
    if confirm:
        if player.user_id is not None and player.user_id != claim.user_id:
            raise ValidationError(_("The record was linked to another account meanwhile: refuse this claim."))
        if Player.objects.filter(user=claim.user).exclude(pk=player.pk).exists():
            raise ValidationError(_("The account was linked to another player meanwhile: refuse this claim."))
        player.user = claim.user
        player.save(update_fields=["user"])
    claim.status = AccountClaim.Status.CONFIRMED if confirm else AccountClaim.Status.REFUSED
    claim.reason, claim.decided_by, claim.decided_at = reason[:300], actor, timezone.now()
    claim.save(update_fields=["status", "reason", "decided_by", "decided_at"])
    audit_record(actor=actor, action=AuditAction.PIN_CLAIM_DECIDED, obj=claim,
                 detail={"player": player.pk, "name": player.name, "confirmed": confirm, "reason": claim.reason})
    return claim
