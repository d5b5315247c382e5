"""The penalties panel of the organizer's board: 停赛 players still holding seats (3.11.4, 3.5.2).

A table where a 停赛 player holds a seat is not started with its session; the organizer is told
when starting it, and this panel keeps saying so until a substitute sits (or the 停赛 is cancelled).
"""

from penalties import selectors


def board_panel(tournament, user) -> dict | None:
    waiting = selectors.substitutes_needed(tournament=tournament)
    if not waiting["penalties"] and not waiting["cancellations"] and not waiting["held_tables"]:
        return None
    return {"tournament": tournament, **waiting}
