"""check_declared(): check a list of ticked fans when no tiles were entered."""
from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field

from . import fans as F
from .errors import HandError
from .evaluate import PROFILES


@dataclass(frozen=True)
class DeclaredCheck:
    fan_points: int
    total: int
    is_winning: bool
    problems: list = field(default_factory=list)


def check_declared(fan_numbers, flowers: int = 0, profile: str = "green_book") -> DeclaredCheck:
    """Points of the declared fans, and the problems a referee should look at.

    Problems are ``(code, fan_a, fan_b)``: ``("excluded", a, b)`` when ticked fan ``a``
    excludes ticked fan ``b`` (fan_table.csv and the non-repeat principle, 3.9.1.6);
    ``("unknown_fan", n, None)``; ``("repeated", n, None)`` for a fan ticked more often
    than a hand can hold it; ``("below_minimum", None, None)`` under 8 points (3.9.1.1).
    Fan 81 in the list counts as flowers.  Points are summed as declared.
    """
    if profile not in PROFILES:
        raise HandError("context", "profile", value=profile)
    if isinstance(flowers, bool) or not isinstance(flowers, int) or not 0 <= flowers <= 8:
        raise HandError("context", "flowers", value=flowers)
    try:
        numbers = list(fan_numbers)
    except TypeError:
        raise HandError("context", "fan_numbers", value=fan_numbers) from None
    problems = []
    counts = Counter()
    for n in numbers:
        if isinstance(n, bool) or not isinstance(n, int) or n not in F.FAN_BY_NUMBER:
            problems.append(("unknown_fan", n, None))
        else:
            counts[n] += 1
    flowers += counts.pop(F.FLOWER_TILES, 0)
    for n, c in sorted(counts.items()):
        if c > F.MAX_REPEATS.get(n, 1):
            problems.append(("repeated", n, None))
    ticked = set(counts)
    for a in sorted(ticked):
        for b in sorted(F.EXCLUSIONS[a] & ticked):
            problems.append(("excluded", a, b))
    fan_points = sum(F.FAN_BY_NUMBER[n].points * c for n, c in counts.items())
    winning = fan_points >= F.MINIMUM_POINTS
    if not winning:
        problems.append(("below_minimum", None, None))
    return DeclaredCheck(fan_points, fan_points + flowers, winning, problems)
