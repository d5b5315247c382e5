"""A player's appeals, on their own records page (tournaments.players)."""

from appeals.models import Appeal
from appeals.selectors import may_appeal_for


def player_appeals(registration, user) -> dict:
    """The appeals filed for `registration` (3.12.1: by the player or their team leader); each
    links to the appeal's page, which the player and their leader may open."""
    appeals = Appeal.objects.filter(appellant=registration).select_related("session", "sheet__table", "hand")
    return {
        "appeals": list(appeals.order_by("filed_at")), "tournament": registration.tournament,
        # 3.12.1: the player or their team leader files; staff reading the page do not.
        "may_file": may_appeal_for(user, registration),
    }
