"""Winning shapes (3.7.2) and their readings, cached by tile-count vector.

The standing tiles of a hand are keyed by their sorted tuple; every function here is
pure in that key, so the decompositions of a tile multiset are computed once.
"""
from __future__ import annotations

from functools import lru_cache

from .notation import CHOW, PUNG
from .tiles import ALL_TILES, KNITTED_STRAIGHTS, TABLE_LEN, TERMINALS_AND_HONORS

_THIRTEEN_ORPHANS = tuple(sorted(TERMINALS_AND_HONORS))


def count_table(tiles) -> list[int]:
    table = [0] * TABLE_LEN
    for t in tiles:
        table[t] += 1
    return table


@lru_cache(maxsize=1 << 16)
def standard_readings(key: tuple, n_sets: int) -> tuple:
    """Every distinct split of the tiles ``key`` into ``n_sets`` sets and a pair.

    Each reading is ``(sets, pair_tile)`` with ``sets`` a tuple of ``(kind, tile)``
    (a chow is named by its middle tile).  Sets are taken in non-decreasing
    (tile, tile, tile) order so each split is found once; readings come out in
    depth-first order over tiles m, s, p, honors, pungs before chows.
    """
    table = count_table(key)
    found: list = []
    seen: set = set()
    work: list = []

    def tail() -> None:
        for t in ALL_TILES:
            if table[t] >= 2:
                table[t] -= 2
                empty = not any(table)
                table[t] += 2
                if empty:
                    sig = (tuple(sorted(work)), t)
                    if sig not in seen:
                        seen.add(sig)
                        found.append((tuple(work), t))
                    return

    def walk(step: int, prev: tuple) -> None:
        if step == n_sets:
            tail()
            return
        for t in ALL_TILES:
            if not table[t]:
                continue
            if table[t] > 2 and (t, t, t) > prev:
                table[t] -= 3
                work.append((PUNG, t))
                walk(step + 1, (t, t, t))
                work.pop()
                table[t] += 3
            if t < 30 and t % 10 < 8 and table[t + 1] and table[t + 2] and (t, t + 1, t + 2) >= prev:
                table[t] -= 1
                table[t + 1] -= 1
                table[t + 2] -= 1
                work.append((CHOW, t + 1))
                walk(step + 1, (t, t + 1, t + 2))
                work.pop()
                table[t] += 1
                table[t + 1] += 1
                table[t + 2] += 1

    if any(c >= 2 for c in table):
        walk(0, (0, 0, 0))
    return tuple(found)


def is_seven_pairs(key: tuple) -> bool:
    """3.7.2: seven pairs; four identical tiles count as two pairs."""
    if len(key) != 14:
        return False
    return all(key[i] == key[i + 1] for i in range(0, 14, 2))


def is_thirteen_orphans(key: tuple) -> bool:
    return len(key) == 14 and tuple(sorted(set(key))) == _THIRTEEN_ORPHANS


def honors_and_knitted(key: tuple) -> int:
    """0, or the fan number of the honors-and-knitted form (20 Greater, 34 Lesser)."""
    if len(key) != 14 or len(set(key)) != 14:
        return 0
    suited = [t for t in key if t < 30]
    if not 7 <= len(suited) <= 9:
        return 0
    if not any(set(suited) <= set(seq) for seq in KNITTED_STRAIGHTS):
        return 0
    return 20 if len(suited) == 7 else 34


def knitted_straight_in(key: tuple):
    """The knitted straight (9 tiles) contained in the tiles, or None."""
    present = set(key)
    for seq in KNITTED_STRAIGHTS:
        if present.issuperset(seq):
            return seq
    return None


@lru_cache(maxsize=1 << 16)
def knitted_straight_reading(key: tuple, n_melds: int):
    """Knitted Straight + one set + pair (3.7.2): (straight, remainder, reading) or None."""
    if n_melds > 1 or len(key) != 14 - 3 * n_melds:
        return None
    seq = knitted_straight_in(key)
    if seq is None:
        return None
    rest = list(key)
    for t in seq:
        rest.remove(t)
    readings = standard_readings(tuple(rest), 1 - n_melds)
    if len(readings) != 1:
        return None
    return seq, tuple(rest), readings[0]


def is_nine_gates(key: tuple, win: int) -> bool:
    """Fan 4: the 13 tiles before the win are 1112345678999 of one suit, so the hand
    waits on all nine tiles of the suit (003: only the pure nine-sided wait counts)."""
    if win > 30:
        return False
    base = win - win % 10
    rest = list(key)
    rest.remove(win)
    return rest == [base + r for r in (1, 1, 1, 2, 3, 4, 5, 6, 7, 8, 9, 9, 9)]


@lru_cache(maxsize=1 << 16)
def is_complete(key: tuple, n_melds: int) -> bool:
    """Whether standing tiles ``key`` with ``n_melds`` melds make any winning shape."""
    if standard_readings(key, 4 - n_melds):
        return True
    if n_melds == 0 and (is_seven_pairs(key) or is_thirteen_orphans(key) or honors_and_knitted(key)):
        return True
    return knitted_straight_reading(key, n_melds) is not None


@lru_cache(maxsize=1 << 16)
def completing_tiles(key13: tuple, n_melds: int, shapes: str) -> tuple:
    """Tiles that complete the standing tiles ``key13`` (copies not checked here).

    ``shapes`` is "all" for every shape, or "regular" for four sets and a pair plus
    Seven Pairs, the shapes whose wait decides Edge, Closed and Single Wait.
    """
    out = []
    for t in ALL_TILES:
        key = tuple(sorted(key13 + (t,)))
        if shapes == "all":
            ok = is_complete(key, n_melds)
        else:
            ok = bool(standard_readings(key, 4 - n_melds)) or (n_melds == 0 and is_seven_pairs(key))
        if ok:
            out.append(t)
    return tuple(out)


