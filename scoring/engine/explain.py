"""Which sets or tiles make each fan, so a referee sees why it scores."""
from __future__ import annotations

from . import fans as F
from . import set_fans as S
from .notation import CHOW, KONG, PAIR, PUNG
from .tiles import tile_name, tiles_name

_SET_FANS_4 = {F.BIG_FOUR_WINDS, F.QUADRUPLE_CHOW, F.FOUR_PURE_SHIFTED_PUNGS,
               F.FOUR_PURE_SHIFTED_CHOWS, F.ALL_PUNGS, F.FOUR_KONGS, F.FOUR_CONCEALED_PUNGS}
_WIN_TILE_FANS = {F.LAST_TILE_DRAW, F.LAST_TILE_CLAIM, F.OUT_WITH_REPLACEMENT_TILE,
                  F.ROBBING_THE_KONG, F.LAST_TILE, F.EDGE_WAIT, F.CLOSED_WAIT, F.SINGLE_WAIT,
                  F.SELF_DRAWN}


def set_notation(kind: int, tile: int, exposed: bool | None) -> str:
    if kind == CHOW:
        text = tiles_name((tile - 1, tile, tile + 1))
    else:
        text = tiles_name((tile,) * {PUNG: 3, KONG: 4, PAIR: 2}[kind])
    if exposed is True:
        return f"[{text}]"
    if exposed is False and kind == KONG:
        return "{" + text + "}"
    return text


class Reading:
    """The sets of one reading: (kind, tile, exposed) with exposed None for concealed."""

    def __init__(self, sets: list, groups=()):
        self.sets = sets           # standard shape: 4 sets + pair
        self._groups = groups      # other shapes: notation strings of tile groups, or a function making them

    @property
    def groups(self) -> tuple:
        """Made when an explanation first asks (a function given), so counting does not pay for it."""
        if callable(self._groups):
            self._groups = self._groups()
        return self._groups

    def names(self, predicate) -> tuple:
        return tuple(set_notation(k, t, e) for k, t, e in self.sets if predicate(k, t, e))

    def all_names(self) -> tuple:
        return self.groups or self.names(lambda k, t, e: True)


class StandardReading(Reading):
    """Four sets and a pair, as ``evaluate`` found them: the list of sets is made the first
    time an explanation asks for it, so counting a hand does not pay for it."""

    def __init__(self, melds: tuple, concealed: tuple, pair_tile: int):
        self._groups = ()
        self._parts = (melds, concealed, pair_tile)
        self._sets = None

    @property
    def sets(self) -> list:
        if self._sets is None:
            melds, concealed, pair_tile = self._parts
            self._sets = ([(m.kind, m.tile, m.exposed) for m in melds] + [(k, t, None) for k, t in concealed]
                          + [(PAIR, pair_tile, None)])
        return self._sets


def _pairwise_chows(sets, fan) -> tuple:
    chows = [(t, e) for k, t, e in sets if k == CHOW]
    used = set()
    for i in range(len(chows)):
        for j in range(i + 1, len(chows)):
            if S.two_chows_fan(chows[i][0], chows[j][0]) == fan:
                used.update((i, j))
    return tuple(set_notation(CHOW, chows[i][0], chows[i][1]) for i in sorted(used))


def _chow_triple(sets, fan) -> tuple:
    chows = [(t, e) for k, t, e in sets if k == CHOW]
    n = len(chows)
    for i in range(n):
        for j in range(i + 1, n):
            for k in range(j + 1, n):
                trio = sorted((chows[i], chows[j], chows[k]), key=lambda c: c[0])
                if S.three_chows_fan(*(c[0] for c in trio)) == fan:
                    return tuple(set_notation(CHOW, t, e) for t, e in trio)
    return ()


def _pung_group(sets, fan, size) -> tuple:
    pungs = [(t, k, e) for k, t, e in sets if k in (PUNG, KONG)]
    n = len(pungs)
    combos = []
    if size == 3:
        combos = [(i, j, k) for i in range(n) for j in range(i + 1, n) for k in range(j + 1, n)]
        check = S.three_pungs_fan
    else:
        combos = [(i, j) for i in range(n) for j in range(i + 1, n)]
        check = S.two_pungs_fan
    names = []
    for combo in combos:
        group = sorted((pungs[i] for i in combo), key=lambda g: g[0])
        if check(*(g[0] for g in group)) == fan:
            names.extend(set_notation(k, t, e) for t, k, e in group)
            if size == 3:
                break
    return tuple(dict.fromkeys(names)) if size == 2 else tuple(names)


def explain(fan: int, reading: Reading, win_tile: int, counts: list, ctx) -> tuple:
    """Notation strings of the sets or tiles behind ``fan`` in ``reading``."""
    sets = reading.sets
    if fan in _WIN_TILE_FANS:
        return ("+" + tile_name(win_tile),)
    if not sets:
        return reading.all_names()
    if fan in (F.PURE_DOUBLE_CHOW, F.MIXED_DOUBLE_CHOW, F.SHORT_STRAIGHT, F.TWO_TERMINAL_CHOWS):
        found = _pairwise_chows(sets, fan)
        return found or reading.names(lambda k, t, e: k == CHOW)
    if fan in (F.PURE_STRAIGHT, F.MIXED_STRAIGHT, F.PURE_SHIFTED_CHOWS, F.MIXED_SHIFTED_CHOWS,
               F.PURE_TRIPLE_CHOW, F.MIXED_TRIPLE_CHOW):
        return _chow_triple(sets, fan)
    if fan in (F.TRIPLE_PUNG, F.PURE_SHIFTED_PUNGS, F.MIXED_SHIFTED_PUNGS, F.BIG_THREE_WINDS,
               F.BIG_THREE_DRAGONS):
        return _pung_group(sets, fan, 3)
    if fan in (F.DOUBLE_PUNG, F.TWO_DRAGON_PUNGS):
        return _pung_group(sets, fan, 2)
    if fan in (F.LITTLE_THREE_DRAGONS,):
        return reading.names(lambda k, t, e: t >= 35)
    if fan in (F.LITTLE_FOUR_WINDS,):
        return reading.names(lambda k, t, e: 31 <= t <= 34)
    if fan == F.DRAGON_PUNG:
        return reading.names(lambda k, t, e: k in (PUNG, KONG) and t >= 35)
    if fan == F.PUNG_OF_TERMINALS_OR_HONORS:
        return reading.names(lambda k, t, e: k in (PUNG, KONG) and (31 <= t <= 34 or (t < 30 and t % 10 in (1, 9)))
                             and t not in (ctx.seat_wind, ctx.prevalent_wind))
    if fan == F.PREVALENT_WIND:
        return reading.names(lambda k, t, e: k in (PUNG, KONG) and t == ctx.prevalent_wind)
    if fan == F.SEAT_WIND:
        return reading.names(lambda k, t, e: k in (PUNG, KONG) and t == ctx.seat_wind)
    if fan in (F.MELDED_KONG, F.TWO_MELDED_KONGS, F.THREE_KONGS, F.CONCEALED_KONG,
               F.TWO_CONCEALED_KONGS, F.MIXED_KONGS_SLOT):
        if fan in (F.CONCEALED_KONG, F.TWO_CONCEALED_KONGS):
            return reading.names(lambda k, t, e: k == KONG and e is False)
        return reading.names(lambda k, t, e: k == KONG)
    if fan in (F.TWO_CONCEALED_PUNGS, F.THREE_CONCEALED_PUNGS, F.FOUR_CONCEALED_PUNGS):
        return reading.names(lambda k, t, e: k in (PUNG, KONG) and not e)
    if fan == F.TILE_HOG:
        kongs = {t for k, t, e in sets if k == KONG}
        return tuple(tile_name(t) * 4 if t > 30 else f"{t % 10 * 1111}{tile_name(t)[-1]}"
                     for t in range(len(counts)) if counts[t] == 4 and t not in kongs)
    if fan in (F.CONCEALED_HAND, F.FULLY_CONCEALED_HAND, F.MELDED_HAND):
        return reading.all_names()
    if fan in _SET_FANS_4:
        return reading.names(lambda k, t, e: k != PAIR)
    return reading.all_names()
