"""settle(): payments for one won hand (3.9.1.3)."""
from __future__ import annotations

from .errors import HandError
from .rule_sets import FULL, get_rule_set

BASE_POINTS = FULL.base  # 3.9.1.2 底分


def _check_position(name: str, value) -> None:
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= 3:
        raise HandError("context", "seat", name=name, value=value)


def settle(points: int, winner: int = 2, discarder: int | None = 0, *, rule_set: str = "full",
           absent=()) -> tuple:
    """Score changes of positions 0-3; ``points`` is the hand's total with flowers.

    3.9.1.3: self-drawn (``discarder=None``), each other player pays base + points;
    on a discard, the discarder pays base + points and the other two pay the base each.
    The base is the rule set's: 8 (3.9.1.2), none under the elementary rules (003: 底点がなく,
    a 12-point hand wins 36 self-drawn and 12 from the discarder).

    ``absent``: seats that take no part in the session (a forfeit, 3.11.2.1 "本局为0分"): they pay
    nothing and nobody pays for them, so a self-draw collects (base + points) x 2 and a discard win
    base x 2 + points (scoring/READINGS.md P2). They can be neither winner nor discarder.
    """
    base = get_rule_set(rule_set).base
    if isinstance(points, bool) or not isinstance(points, int) or points < 0:
        raise HandError("context", "points", value=points)
    _check_position("winner", winner)
    if discarder is not None:
        _check_position("discarder", discarder)
        if discarder == winner:
            raise HandError("context", "discarder_is_winner", value=discarder)
    absent = frozenset(absent)
    for seat in absent:
        _check_position("absent", seat)
    if winner in absent or discarder in absent:
        raise HandError("context", "absent_seat_named", value=winner if winner in absent else discarder)
    deltas = [0, 0, 0, 0]
    for seat in range(4):
        if seat == winner or seat in absent:
            continue
        pay = base + points if discarder is None or seat == discarder else base
        deltas[seat] = -pay
        deltas[winner] += pay
    return tuple(deltas)
