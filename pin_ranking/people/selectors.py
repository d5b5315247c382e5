"""Reads about the people behind the ledgers: the merges that touched a player."""

from django.db.models import Q

from pin_ranking.models import PlayerMerge


def merges_of(*, player) -> list[PlayerMerge]:
    return list(PlayerMerge.objects.filter(Q(kept=player) | Q(merged=player)).select_related("kept", "merged")
                .order_by("-created_at"))
