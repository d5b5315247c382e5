"""The appeals panel of the organizer's board: open appeals and the countdown of 3.12.2."""

from appeals.models import Appeal
from appeals.selectors import appeal_windows, policy_for


def board_panel(tournament, user) -> dict:
    return {
        "tournament": tournament,
        "windows": appeal_windows(tournament=tournament),
        "policy": policy_for(tournament),
        "open_appeals": list(
            Appeal.objects.filter(tournament=tournament, status=Appeal.Status.OPEN).select_related(
                "appellant__player", "session", "sheet__table"
            )
        ),
    }
