"""evaluate(): read a winning hand, check it, and count it (3.7.2, 3.8, 3.9.1)."""
from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache
from itertools import compress

from . import counting as C
from . import fans as F
from . import hand_fans as H
from . import shapes
from .errors import HandError
from .explain import Reading, StandardReading, explain, set_notation
from .notation import KONG, PAIR, check_tiles, parse, read_counted
from .rule_sets import FULL, RuleSet, get_rule_set
from .tiles import TABLE_LEN, WIND_BY_LETTER, tile_name, tiles_name
from .waits import other_standard_wait, regular_waits

PROFILES = ("green_book", "common_practice")


class FanHit:
    """One scored fan: ``fan``, ``count``, ``points`` and the ``sets`` that make it.

    ``sets`` (notation strings such as ("123m", "123m")) is worked out when first
    read, so counting a hand does not pay for explanations nobody looks at.
    """

    __slots__ = ("fan", "count", "points", "_sets", "_explain_args")

    def __init__(self, fan: F.Fan, count: int, points: int, sets: tuple | None = None,
                 explain_args: tuple | None = None):
        self.fan = fan
        self.count = count
        self.points = points
        self._sets = sets
        self._explain_args = explain_args

    @property
    def sets(self) -> tuple:
        if self._sets is None:
            self._sets = explain(*self._explain_args)
        return self._sets

    @property
    def explanation(self) -> str:
        times = f" x{self.count}" if self.count > 1 else ""
        return f"{self.fan.name_en}{times} ({self.points}): {' '.join(self.sets)}"

    def __repr__(self) -> str:
        return f"FanHit({self.fan.number} {self.fan.name_en} x{self.count} = {self.points})"


@dataclass(slots=True)
class Evaluation:
    fans: list = field(default_factory=list)
    fan_points: int = 0
    total: int = 0
    is_winning: bool = False
    reason: str | None = None
    shape: str | None = None   # "standard", "seven_pairs", "thirteen_orphans", ...
    profile: str = "green_book"
    rule_set: str = "full"
    minimum: int = F.MINIMUM_POINTS


def _check_context(seat_wind, prevalent_wind, flowers, profile) -> None:
    if seat_wind not in WIND_BY_LETTER:
        raise HandError("context", "wind", which="seat", value=seat_wind)
    if prevalent_wind not in WIND_BY_LETTER:
        raise HandError("context", "wind", which="prevalent", value=prevalent_wind)
    if isinstance(flowers, bool) or not isinstance(flowers, int) or not 0 <= flowers <= 8:
        raise HandError("context", "flowers", value=flowers)
    if profile not in PROFILES:
        raise HandError("context", "profile", value=profile)


def evaluate(hand: str, self_drawn: bool = False, seat_wind: str = "E", prevalent_wind: str = "E",
             flowers: int = 0, last_of_kind: bool = False, last_wall_tile: bool = False,
             kong_replacement: bool = False, robbing_kong: bool = False,
             profile: str = "green_book", *, rule_set: str = "full") -> Evaluation:
    """Count a winning hand under ``rule_set`` ("full" or "elementary") read with ``profile``.

    ``is_winning`` follows the rule set's minimum (8, or 6 under the elementary rules), flowers
    not counted. Reasons when not winning: "not_complete" (no winning shape),
    "shape_not_in_rule_set" (a shape only another rule set recognises, e.g. Thirteen Orphans
    under the elementary rules), "below_minimum".
    """
    rules = get_rule_set(rule_set)
    tiles, ctx = _prepare(hand, self_drawn, seat_wind, prevalent_wind, flowers, last_of_kind,
                          last_wall_tile, kong_replacement, robbing_kong, profile, rules)
    return _count(tiles, ctx, flowers, profile, rules)


def reading_tables(hand: str, self_drawn: bool = False, seat_wind: str = "E", prevalent_wind: str = "E",
                   flowers: int = 0, last_of_kind: bool = False, last_wall_tile: bool = False,
                   kong_replacement: bool = False, robbing_kong: bool = False,
                   profile: str = "green_book", *, rule_set: str = "full") -> list:
    """Every valid reading of a winning hand, each as ``{fan number: count}`` (flowers left out).

    ``evaluate`` keeps the reading of highest value (3.9.1.6(4)); a winner who declares
    (3.9.1.4) may have chosen another one, so ``check_declared_tiles`` looks at all of them.
    The same checks as ``evaluate``: a HandError for bad notation or context; [] when the tiles
    make no winning shape.
    """
    rules = get_rule_set(rule_set)
    tiles, ctx = _prepare(hand, self_drawn, seat_wind, prevalent_wind, flowers, last_of_kind,
                          last_wall_tile, kong_replacement, robbing_kong, profile, rules)
    return [_as_fans(table) for table, _, _ in _candidates(tiles, ctx, rules)]


def _as_fans(table: list) -> dict:
    fans = {n: c for n, c in enumerate(table[:81]) if c > 0 and n}
    if table[F.MIXED_KONGS_SLOT]:
        fans[F.MIXED_KONGS_FAN.number] = fans.get(F.MIXED_KONGS_FAN.number, 0) + 1
    return fans


_FLAG_NAMES = ("self_drawn", "last_of_kind", "last_wall_tile", "kong_replacement", "robbing_kong")


def _prepare(hand, self_drawn, seat_wind, prevalent_wind, flowers, last_of_kind, last_wall_tile,
             kong_replacement, robbing_kong, profile, rules: RuleSet = FULL):
    _check_context(seat_wind, prevalent_wind, flowers, profile)
    # every flag a bool (not 0 or 1): the five types compared with bool in one chained expression,
    # the flag at fault looked for only when one is not
    if not (type(self_drawn) is type(last_of_kind) is type(last_wall_tile) is type(kong_replacement)
            is type(robbing_kong) is bool):
        flags = (self_drawn, last_of_kind, last_wall_tile, kong_replacement, robbing_kong)
        name, value = next((n, v) for n, v in zip(_FLAG_NAMES, flags) if type(v) is not bool)
        raise HandError("context", "flag", name=name, value=value)
    if not isinstance(hand, str):
        parse(hand, winning_tile=True)  # raises the notation error (and keeps the cache's keys strings)
    tiles = read_hand(hand)
    counts = tiles.counts
    win = tiles.win
    if kong_replacement:
        if not self_drawn:
            raise HandError("context", "replacement_not_self_drawn")
        if not tiles.kongs:
            raise HandError("context", "replacement_without_kong")
    if robbing_kong:
        if self_drawn:
            raise HandError("context", "robbing_self_drawn")
        if counts[win] > 1:
            raise HandError("context", "robbing_holding_copy", tile=tile_name(win))
    if last_of_kind and tiles.held > 1:
        raise HandError("context", "last_of_kind_holding_copy", tile=tile_name(win))
    # fan 58: the other three copies are visible when they sit in the winner's own melds
    last_tile = last_of_kind or (counts[win] - tiles.held == 3)
    ctx = C.WinContext(win, self_drawn, last_tile, last_wall_tile, kong_replacement,
                       robbing_kong, WIND_BY_LETTER[seat_wind], WIND_BY_LETTER[prevalent_wind],
                       profile == "green_book", rules.counting_fans, rules.special_self_drawn_fully_concealed)
    return tiles, ctx


class HandTiles:
    """What the tiles of a winning hand are (``read_hand``): nothing here depends on how the hand
    was won, so the same hand counted again starts from it. Shared between calls: never changed
    once made (the readings and the wait are worked out when first asked)."""

    __slots__ = ("melds", "win", "key", "counts", "distinct", "kongs", "held", "mask", "tile_hogs",
                 "_readings", "_unique_wait")

    def __init__(self, melds: tuple, key: tuple, win: int, counts: tuple):
        self.melds = melds
        self.win = win
        self.key = key              # the standing tiles and the winning tile, sorted
        self.counts = counts        # copies of each tile in the whole hand: melds, standing, winning tile
        self.distinct = TABLE_LEN - counts.count(0)   # how many different tiles the hand holds
        self.kongs = [meld[0] for meld in melds].count(KONG)   # melded or concealed
        self.held = key.count(win)                    # copies of the winning tile standing, itself too
        self.mask = H.tile_mask(counts)               # the tiles held, as a bit mask
        # fan 64: four copies of a tile used without forming a kong
        self.tile_hogs = counts.count(4) - self.kongs
        self._readings = self._unique_wait = None

    @property
    def readings(self) -> tuple:
        """The standard readings of the standing tiles (shapes.standard_readings)."""
        if self._readings is None:
            self._readings = shapes.standard_readings(self.key, 4 - len(self.melds))
        return self._readings

    def unique_wait(self) -> bool:
        """Whether a hand with a standard reading waited on its winning tile alone (fans 77-79)."""
        if self._unique_wait is None:
            self._unique_wait = not other_standard_wait(self.key, self.win, len(self.melds), self.counts)
        return self._unique_wait


@lru_cache(maxsize=32)
def read_hand(text: str) -> HandTiles:
    """The ``HandTiles`` of a winning hand's notation; a HandError (not cached) for bad notation,
    a wrong count of tiles or a fifth copy.

    Cached by notation: the app counts one notation two or three times in a request (the
    calculator under both rule sets; a hand recorded, then its declaration checked), one call
    after the other. 32 notations cover a process's threads (deploy/gunicorn.conf.py: 4) many
    times over; a bigger cache only keeps more memory in play on each new hand (cold bench:
    4,096 notations cost 0.5 µs a hand)."""
    read = read_counted(text, winning_tile=True)
    # the fast read, unless it failed or check_tiles would refuse it (13 - 3 per meld standing
    # tiles, no fifth copy): then the slow path raises the error that names the fault
    if read is None or len(read[1]) != 13 - 3 * len(read[0]) or max(read[3]) > 4:
        parsed = parse(text, winning_tile=True)   # the notation error, else
        counts = check_tiles(parsed, with_winning=True)   # the tiles' error, else the same hand
        read = (parsed.melds, list(parsed.standing), parsed.winning, counts)
    melds, tiles, win, counts = read
    tiles.append(win)
    tiles.sort()
    return HandTiles(melds, tuple(tiles), win, tuple(counts))


def _unique_wait(key13: tuple, n_melds: int, counts: list, win: int) -> bool:
    """Whether the 13 tiles wait on exactly one tile (fans 77-79).

    A tile of which the hand already holds four is no wait (it would need a fifth copy).
    """
    waits = regular_waits(key13, n_melds)
    real = [t for t in waits if counts[t] - (t == win) < 4]
    return len(real) == 1


def _candidates(tiles: HandTiles, ctx: C.WinContext, rules: RuleSet = FULL) -> list:
    """The readings of the hand, in the order ``_count`` weighs them: (table, reading, shape).

    A special shape other than Seven Pairs, a Knitted Straight or Nine Gates is the hand's one
    reading; Seven Pairs is followed by the standard readings of the same tiles. Only the shapes
    of ``rules`` are read, and a restricted rule set's tables keep only its fans.
    """
    found = _shape_candidates(tiles, ctx, rules.shapes)
    if rules.restricted:
        for table, _, _ in found:
            H.keep_rule_set_fans(table, ctx.fans)
    return found


def _shape_candidates(tiles: HandTiles, ctx: C.WinContext, allowed: frozenset) -> list:
    win = ctx.win_tile
    melds = tiles.melds
    n_melds = len(melds)
    key = tiles.key
    counts = tiles.counts
    distinct = tiles.distinct
    found = []
    seven_pairs = False
    # each special shape needs a number of different tiles: Seven Pairs at most 7, Thirteen
    # Orphans 13, the honors-and-knitted hands 14, a knitted straight at least 9
    if n_melds == 0 and (distinct <= 7 or distinct >= 13):
        special, seven_pairs = _special_shapes(key, counts, frozenset(key), ctx, allowed)
        if special is not None:
            found.append(special)
            if not seven_pairs:
                return found
    if (n_melds <= 1 and distinct >= 9 and not seven_pairs and "knitted_straight" in allowed
            and H.holds_knitted_straight(tiles.mask)):
        ks = shapes.knitted_straight_reading(key, n_melds)
        if ks is not None:
            seq, rest, reading = ks

            def ks_unique_wait():
                rest13 = list(rest)
                rest13.remove(win)
                return _unique_wait(tuple(rest13), 3, counts, win)

            fixed = [(m.kind, m.tile, m.exposed) for m in melds]
            table = C.score_knitted_straight(seq, rest, fixed, reading, counts, ctx, ks_unique_wait)

            def groups():
                return (tiles_name(seq),) + tuple(
                    [f"[{m.notation}]" if m.exposed else "{" + m.notation + "}" for m in melds]
                    or [_set_name(k, t) for k, t in reading[0]]) + (_set_name(PAIR, reading[1]),)
            found.append((table, Reading([], groups), "knitted_straight"))
            return found
    if (n_melds == 0 and not seven_pairs and key[-1] < 30 and key[-1] - key[0] == 8
            and F.NINE_GATES in ctx.fans and shapes.is_nine_gates(key, win)):
        table = C.score_nine_gates(win % 10, ctx)
        found.append((table, Reading([], lambda: (tiles_name(key),)), "nine_gates"))
        return found
    readings = tiles.readings
    if readings:
        base = C.standard_base(ctx, tiles.mask, tiles.tile_hogs)
        for sets, pair_tile in readings:
            table = C.score_standard(melds, sets, pair_tile, ctx, base, counts, tiles.unique_wait)
            found.append((table, (sets, pair_tile), "standard"))
    return found


def _count(tiles: HandTiles, ctx: C.WinContext, flowers: int, profile: str,
           rules: RuleSet = FULL) -> Evaluation:
    found = _candidates(tiles, ctx, rules)
    if not found:
        reason = "not_complete"
        if rules.restricted and _shape_candidates(tiles, ctx, FULL.shapes):
            reason = "shape_not_in_rule_set"  # e.g. Thirteen Orphans under the elementary rules
        return Evaluation(fans=_flower_hits(flowers), fan_points=0, total=flowers, is_winning=False,
                          reason=reason, profile=profile, rule_set=rules.name, minimum=rules.minimum)
    best = found[0]
    if len(found) > 1:
        best_points = _points(best[0])
        seven_pairs = best[2] == "seven_pairs"
        for candidate in found[1:]:
            table = candidate[0]
            points = _points(table)
            # 3.9.1.6 high-versus-low; on a tie prefer Pure Triple Chow, Triple Pung
            # or a standard reading over Seven Pairs (as the common-practice engine)
            if points > best_points or (points == best_points and (
                    table[F.PURE_TRIPLE_CHOW] or table[F.TRIPLE_PUNG] or seven_pairs)):
                best, best_points = candidate, points
    table, reading, shape = best
    if shape == "standard":
        reading = StandardReading(tiles.melds, *reading)
    hits, points = _hits(table, reading, tiles.counts, ctx)
    if flowers:
        hits.append(_FLOWER_HITS[flowers])
    winning = points >= rules.minimum   # 3.9.1.1 (8); elementary: 6 (003); flowers not counted
    return Evaluation(hits, points, points + flowers, winning, None if winning else "below_minimum", shape,
                      profile, rules.name, rules.minimum)


def _set_name(kind, tile):
    return set_notation(kind, tile, None)


def _special_shapes(key: tuple, counts: list, unique: tuple, ctx: C.WinContext, allowed: frozenset):
    """Seven Pairs / Seven Shifted Pairs, Honors and Knitted, Thirteen Orphans (3.7.2).

    Only the shapes in ``allowed``; without fan 6 seven shifted pairs are Seven Pairs, without
    fan 20 the greater honors-and-knitted hand is the lesser one (fan 34), which it also is.
    """
    if shapes.is_seven_pairs(key):
        if "seven_pairs" not in allowed:
            return None, False

        def groups():
            return tuple(tiles_name(key[i:i + 2]) for i in range(0, 14, 2))

        ordered = sorted(unique)
        if (F.SEVEN_SHIFTED_PAIRS in ctx.fans and len(ordered) == 7 and ordered[-1] < 30
                and len({t // 10 for t in ordered}) == 1 and ordered[-1] - ordered[0] == 6):
            table = C.score_seven_shifted_pairs(unique, ctx)
            return (table, Reading([], groups), "seven_shifted_pairs"), False
        table = C.score_seven_pairs(counts, unique, ctx)
        return (table, Reading([], groups), "seven_pairs"), True
    hk = shapes.honors_and_knitted(key) if "honors_knitted" in allowed else 0
    if hk:
        if hk not in ctx.fans:
            hk = F.LESSER_HONORS_AND_KNITTED
        extra = (F.KNITTED_STRAIGHT,) if hk == F.LESSER_HONORS_AND_KNITTED and sum(t < 30 for t in key) == 9 else ()
        table = C.score_single_fan(hk, ctx, extra)
        return (table, Reading([], lambda: (tiles_name(key),)),
                "greater_honors_knitted" if hk == F.GREATER_HONORS_AND_KNITTED else "lesser_honors_knitted"), False
    if "thirteen_orphans" in allowed and shapes.is_thirteen_orphans(key):
        table = C.score_single_fan(F.THIRTEEN_ORPHANS, ctx)
        return (table, Reading([], lambda: (tiles_name(key),)), "thirteen_orphans"), False
    return None, False


# points per fan-table slot: 0 for slot 0 and for the flowers (added separately)
_SLOT_POINTS = [0] + [F.FAN_BY_NUMBER[n].points for n in range(1, 81)] + [0, F.MIXED_KONGS_FAN.points]
# the fan of each slot: the 80 fans, no fan for the flowers (counted apart), the common-practice kong pair
_SLOT_FANS = [None] + [F.FAN_BY_NUMBER[n] for n in range(1, 81)] + [None, F.MIXED_KONGS_FAN]


def _points(table: list) -> int:
    return sum([_SLOT_POINTS[n] * table[n] for n in compress(F.SLOTS, table)])


def _hits(table: list, reading: Reading, counts: list, ctx) -> tuple:
    """The fan hits in fan-number order (slot 82, common practice's kong pair, is fan 57's
    number) and the points they make."""
    win = ctx.win_tile
    hits = []
    points = 0
    for n in compress(F.SLOTS, table):
        fan = _SLOT_FANS[n]
        if fan is not None:
            c = table[n]
            hit_points = fan.points * c
            points += hit_points
            hits.append(FanHit(fan, c, hit_points, None, (n, reading, win, counts, ctx)))
    if table[F.MIXED_KONGS_SLOT]:
        hits.sort(key=lambda h: h.fan.number)
    return hits, points


def _flower_hits(flowers: int) -> list:
    return [_FLOWER_HITS[flowers]] if flowers else []


# fan 81, one point a flower (0-8 of them): the same hit for every hand with as many
# (a hit is never changed once made, so the hands can share it)
_FLOWER_HITS = [None] + [FanHit(F.FAN_BY_NUMBER[F.FLOWER_TILES], n, n, sets=(f"{n} flower(s)",))
                         for n in range(1, 9)]
