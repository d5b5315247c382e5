"""Reads about the people behind the ledgers: the merges that touched a player, the claims of records."""

from django.db.models import Q

from pin_ranking.access import seats_of
from pin_ranking.models import AccountClaim, Committee, PlayerMerge


def merges_of(*, player) -> list[PlayerMerge]:
    return list(PlayerMerge.objects.filter(Q(kept=player) | Q(merged=player)).select_related("kept", "merged")
                .order_by("-created_at"))


def claim_of(*, user) -> AccountClaim | None:
    """The account's latest claim (My Pin shows it)."""
    return AccountClaim.objects.filter(user=user).select_related("player").order_by("-created_at", "-pk").first()


def claim_committees(player) -> list[Committee]:
    """Who may decide a claim on `player` (N7), in office: the member organization's committee of their country
    (else the world body's), and the committee of the federation that issued their ID (EMA for EMA:04160001), which
    knows its own members wherever they live. The world body's seats may decide any claim."""
    in_office = Committee.objects.filter(retired_at__isnull=True)
    member = in_office.filter(kind="member", country=player.country.upper()).first() if player.country else None
    deciders = [member or in_office.filter(kind="world").first()]
    issuer = player.federation_issuer
    if issuer:
        deciders.append(in_office.filter(id_issuer=issuer).first())
    return [committee for committee in dict.fromkeys(deciders) if committee is not None]


def claims_for_committee(*, user) -> list[AccountClaim]:
    """The claims waiting for the committees the user sits on, those `claim_committees` names as deciders: of
    their country's records, of the records whose federation ID it issued (N7), or every record (the world body,
    which may decide any)."""
    pending = AccountClaim.objects.filter(status=AccountClaim.Status.PENDING).select_related("player", "user")
    if seats_of(user).world:
        return list(pending)
    mine = set(Committee.objects.filter(retired_at__isnull=True, seats__user=user).values_list("pk", flat=True))
    if not mine:
        return []
    return [claim for claim in pending if any(committee.pk in mine for committee in claim_committees(claim.player))]
