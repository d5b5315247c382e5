"""check_declared(): check a list of ticked fans when no tiles were entered."""
from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field

from . import fans as F
from .errors import HandError
from .evaluate import PROFILES, evaluate, reading_tables
from .rule_sets import get_rule_set


@dataclass(frozen=True)
class DeclaredCheck:
    fan_points: int
    total: int
    is_winning: bool
    problems: list = field(default_factory=list)


def check_declared(fan_numbers, flowers: int = 0, profile: str = "green_book", *,
                   rule_set: str = "full") -> DeclaredCheck:
    """Points of the declared fans, and the problems a referee should look at.

    Problems are ``(code, fan_a, fan_b)``: ``("excluded", a, b)`` when ticked fan ``a``
    excludes ticked fan ``b`` (the rule set's exclusions: fan_table.csv and the non-repeat
    principle, 3.9.1.6; 003 for the elementary rules); ``("unknown_fan", n, None)``;
    ``("not_in_rule_set", n, None)`` for a fan of the full rules the rule set does not have;
    ``("repeated", n, None)`` for a fan ticked more often than a hand can hold it;
    ``("below_minimum", None, None)`` under the rule set's minimum (8, 3.9.1.1; elementary 6).
    Fan 81 in the list counts as flowers.  Points are summed as declared.
    """
    rules = get_rule_set(rule_set)
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
        elif n not in rules.fans:
            problems.append(("not_in_rule_set", n, None))
        else:
            counts[n] += 1
    flowers += counts.pop(F.FLOWER_TILES, 0)
    for n, c in sorted(counts.items()):
        if c > rules.max_repeats.get(n, 1):
            problems.append(("repeated", n, None))
    ticked = set(counts)
    for a in sorted(ticked):
        for b in sorted(rules.exclusions[a] & ticked):
            problems.append(("excluded", a, b))
    fan_points = sum(F.FAN_BY_NUMBER[n].points * c for n, c in counts.items())
    winning = fan_points >= rules.minimum
    if not winning:
        problems.append(("below_minimum", None, None))
    return DeclaredCheck(fan_points, fan_points + flowers, winning, problems)


@dataclass(frozen=True)
class DeclaredTilesCheck:
    """A winner's declaration (3.9.1.4 自报) checked against the tiles shown.

    - ``declared``: {fan number: count} as declared (fan 81 moved to ``flowers``);
    - ``fan_points`` / ``total``: what the declaration scores (the declared fans only, 3.9.1.4
      "和牌者或他人不得再重新审核或追补漏报番种"), ``total`` with the flowers;
    - ``engine``: the engine's own count of the tiles (``evaluate``), shown for information;
    - ``supported``: whether one reading of the tiles scores every declared fan together;
    - ``problems``: ``(code, fan, detail)``: ``("unknown_fan", n, None)``; ``("unsupported", n, c)``
      for a fan no reading scores (``c`` = the most times a reading scores it, 0 if never);
      ``("not_together", None, fans)`` when each fan is in some reading but no single reading
      holds them all; ``("not_a_win", None, reason)`` when the tiles are no legal win of 8
      (``evaluate``'s reason); ``("false_win", None, engine points)`` when the declaration is
      under 8 on tiles worth 8 or more (错和, 3.11.6.6(1)); ``("below_minimum", None, None)``
      never appears alone: an under-8 declaration is either ``false_win`` or ``not_a_win``;
    - ``missed``: {fan number: count} the engine's count has and the declaration does not
      (information for the referee; never added).
    """

    declared: dict
    flowers: int
    fan_points: int
    total: int
    engine: object
    supported: bool
    missed: dict
    problems: list = field(default_factory=list)

    @property
    def is_false_win(self) -> bool:
        return any(code == "false_win" for code, _, _ in self.problems)


def check_declared_tiles(hand: str, fan_numbers, flowers: int = 0, profile: str = "green_book", *,
                         rule_set: str = "full", **context) -> DeclaredTilesCheck:
    """Check the fans a winner declared against the tiles (declared scoring, 3.9.1.4).

    ``context``: ``evaluate``'s keyword arguments (self_drawn, winds, win flags). A declared fan
    is supported when a valid reading of the tiles scores it; the declaration as a whole must be
    scored by one reading (3.9.1.6: the principles apply to one way of reading the hand; the
    winner may choose a reading of lower value, 3.9.1.6(4) "可选择"). Fan 81 in the list counts as
    flowers. A HandError for bad notation or context, as ``evaluate``. ``rule_set``: the fans a
    declaration may name ("not_in_rule_set" otherwise) and the minimum (8, elementary 6).
    """
    rules = get_rule_set(rule_set)
    try:
        numbers = list(fan_numbers)
    except TypeError:
        raise HandError("context", "fan_numbers", value=fan_numbers) from None
    if isinstance(flowers, bool) or not isinstance(flowers, int) or not 0 <= flowers <= 8:
        raise HandError("context", "flowers", value=flowers)
    problems = []
    declared = Counter()
    for n in numbers:
        if isinstance(n, bool) or not isinstance(n, int) or n not in F.FAN_BY_NUMBER:
            problems.append(("unknown_fan", n, None))
        elif n not in rules.fans:
            problems.append(("not_in_rule_set", n, None))
        else:
            declared[n] += 1
    flowers += declared.pop(F.FLOWER_TILES, 0)
    if flowers > 8:
        raise HandError("context", "flowers", value=flowers)
    ev = evaluate(hand, flowers=flowers, profile=profile, rule_set=rules.name, **context)
    tables = reading_tables(hand, flowers=flowers, profile=profile, rule_set=rules.name, **context)
    engine_fans = Counter({hit.fan.number: hit.count for hit in ev.fans if hit.fan.number != F.FLOWER_TILES})
    fan_points = sum(F.FAN_BY_NUMBER[n].points * c for n, c in declared.items())
    supported = any(all(table.get(n, 0) >= c for n, c in declared.items()) for table in tables)
    if not ev.is_winning:
        problems.append(("not_a_win", None, ev.reason))
    else:
        for n, c in sorted(declared.items()):
            most = max((table.get(n, 0) for table in tables), default=0)
            if most < c:
                problems.append(("unsupported", n, most))
        if not supported and not any(code == "unsupported" for code, _, _ in problems):
            problems.append(("not_together", None, tuple(sorted(declared))))
        if fan_points < rules.minimum:
            # 3.11.6.6(1) 错和, read with the rule set's minimum (elementary: under 6)
            problems.append(("false_win", None, ev.fan_points))
    missed = {n: c - declared.get(n, 0) for n, c in sorted(engine_fans.items()) if c > declared.get(n, 0)}
    return DeclaredTilesCheck(dict(sorted(declared.items())), flowers, fan_points, fan_points + flowers, ev,
                              supported and ev.is_winning, missed, problems)
