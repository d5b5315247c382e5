"""A player's appeals, on their own records page (tournaments.players)."""

from appeals.models import Appeal


def player_appeals(registration, user) -> dict:
    """The appeals filed for `registration` (3.12.1: by the player or their team leader); each
    links to the appeal's page, which the player and their leader may open."""
    appeals = Appeal.objects.filter(appellant=registration).select_related("session", "sheet__table", "hand")
    return {"appeals": list(appeals.order_by("filed_at")), "tournament": registration.tournament}
