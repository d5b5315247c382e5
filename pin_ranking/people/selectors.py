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
    organization), of the records whose federation ID it issued (a committee naming an issuer, N7), or of every
    record (the world body, which may decide any)."""
    pending = AccountClaim.objects.filter(status=AccountClaim.Status.PENDING).select_related("player", "user")
    if seats_of(user).world:
        return list(pending)
    mine = Committee.objects.filter(retired_at__isnull=True, seats__user=user)
    countries = set(mine.filter(kind="member").exclude(country="").values_list("country", flat=True))
    issuers = set(mine.exclude(id_issuer="").values_list("id_issuer", flat=True))
    if not countries and not issuers:
        return []
    return [claim for claim in pending
            if claim.player.country.upper() in countries or claim.player.federation_issuer in issuers]
