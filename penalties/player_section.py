"""The fouls recorded against a player, on their own records page (tournaments.players)."""

from penalties.models import Penalty
from penalties.selectors import foul_description, sanction_text


def player_fouls(registration, user) -> dict:
    """Every penalty recorded against `registration` (cancelled ones too, marked): the page that
    shows it has already checked that `user` is the player, their leader or staff."""
    penalties = (
        Penalty.objects.filter(offender=registration)
        .select_related("sheet__session", "sheet__table", "victim")
        .order_by("sheet__session__number", "hand_number", "created_at")
    )
    return {
        "fouls": [
            {"penalty": penalty, "foul": foul_description(penalty.foul), "sanction": sanction_text(penalty),
             "active": penalty.status == Penalty.Status.ACTIVE}
            for penalty in penalties
        ],
    }
