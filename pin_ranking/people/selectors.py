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


def claims_for_committee(*, user) -> list[AccountClaim]:
    """The claims waiting for the committees the user sits on: of their country's records (a member
    organization), or of every record that has no such committee (the world body, which may decide any)."""
    seats = seats_of(user)
    pending = AccountClaim.objects.filter(status=AccountClaim.Status.PENDING).select_related("player", "user")
    if seats.world:
        return list(pending)
    if not seats.countries:
        return []
    in_office = set(Committee.objects.filter(kind="member", retired_at__isnull=True, country__in=seats.countries,
                                             seats__user=user).values_list("country", flat=True))
    return [claim for claim in pending if claim.player.country.upper() in in_office]
