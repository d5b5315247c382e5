"""Fans made by combining sets: chows with chows, pungs with pungs.

The 3.9.1.6 principles decide how sets may be combined:
- non-separation and non-identical: once three or four sets form a fan, they are not
  split to form the lesser fans they contain;
- account-once: a set not yet used may combine once with a set already used, so a
  fourth chow next to a three-chow fan adds at most one pairwise fan, and four chows
  without a three-chow fan add at most three pairwise fans (fewer for each chow that
  pairs with none).
Chows are named by their middle tile, pungs and kongs by their tile.
"""
from __future__ import annotations

from collections import defaultdict
from functools import lru_cache

from . import fans as F

_ALL = frozenset(range(1, F.TABLE_SIZE))


def _mixed(a: int, b: int, c: int) -> bool:
    return a // 10 != b // 10 and a // 10 != c // 10 and b // 10 != c // 10


def _consecutive_unordered(r0: int, r1: int, r2: int) -> bool:
    lo = min(r0, r1, r2)
    return sorted((r0, r1, r2)) == [lo, lo + 1, lo + 2]


def four_chows_fan(t0, t1, t2, t3) -> int:
    """Fans 16 and 14 (sorted middle tiles)."""
    if t0 + 2 == t1 and t1 + 2 == t2 and t2 + 2 == t3:
        return F.FOUR_PURE_SHIFTED_CHOWS
    if t0 + 1 == t1 and t1 + 1 == t2 and t2 + 1 == t3:
        return F.FOUR_PURE_SHIFTED_CHOWS
    if t0 == t1 == t2 == t3:
        return F.QUADRUPLE_CHOW
    return 0


def three_chows_fan(t0, t1, t2) -> int:
    """Fans 51, 41, 39, 28, 30, 23 (sorted middle tiles)."""
    if _mixed(t0, t1, t2):
        r0, r1, r2 = t0 % 10, t1 % 10, t2 % 10
        if _consecutive_unordered(r0, r1, r2):
            return F.MIXED_SHIFTED_CHOWS
        if r0 == r1 == r2:
            return F.MIXED_TRIPLE_CHOW
        if sorted((r0, r1, r2)) == [2, 5, 8]:
            return F.MIXED_STRAIGHT
        return 0
    if t0 + 3 == t1 and t1 + 3 == t2:
        return F.PURE_STRAIGHT
    if (t0 + 2 == t1 and t1 + 2 == t2) or (t0 + 1 == t1 and t1 + 1 == t2):
        return F.PURE_SHIFTED_CHOWS
    if t0 == t1 == t2:
        return F.PURE_TRIPLE_CHOW
    return 0


def two_chows_fan(t0, t1) -> int:
    """Fans 70, 71, 72, 69 for two chows in any order."""
    if t0 // 10 != t1 // 10:
        return F.MIXED_DOUBLE_CHOW if t0 % 10 == t1 % 10 else 0
    if t0 + 3 == t1 or t1 + 3 == t0:
        return F.SHORT_STRAIGHT
    if {t0 % 10, t1 % 10} == {2, 8}:
        return F.TWO_TERMINAL_CHOWS
    if t0 == t1:
        return F.PURE_DOUBLE_CHOW
    return 0


_PAIRWISE_ORDER = (F.PURE_DOUBLE_CHOW, F.MIXED_DOUBLE_CHOW, F.SHORT_STRAIGHT, F.TWO_TERMINAL_CHOWS)


def _extra_chow_fan(t0, t1, t2, extra) -> int:
    """The one pairwise fan a fourth chow adds to a three-chow fan (account-once)."""
    found = {two_chows_fan(t, extra) for t in (t0, t1, t2)}
    for fan in _PAIRWISE_ORDER:
        if fan in found:
            return fan
    return 0


def _limit_pairwise(found: list, max_count: int, table: list) -> None:
    """Keep at most ``max_count`` pairwise chow fans, dropping repeats first (account-once)."""
    counts = [0, 0, 0, 0]
    total = 0
    for fan in found:
        if fan:
            counts[fan - F.PURE_DOUBLE_CHOW] += 1
            total += 1
    limit = 1
    while total > max_count and limit >= 0:
        idx = 4
        while total > max_count and idx > 0:
            idx -= 1
            while counts[idx] > limit and total > max_count:
                counts[idx] -= 1
                total -= 1
        limit -= 1
    for i in range(4):
        table[F.PURE_DOUBLE_CHOW + i] = counts[i]


def score_four_chows(mids: list, table: list, fans: frozenset = _ALL) -> None:
    """``fans``: the rule set's fans; a combination it lacks does not hold the chows together."""
    fan = four_chows_fan(*mids)
    if fan in fans:
        table[fan] = 1
        return
    a, b, c, d = mids
    for x, y, z, extra in ((a, b, c, d), (a, b, d, c), (a, c, d, b), (b, c, d, a)):
        fan = three_chows_fan(x, y, z)
        if fan in fans:
            table[fan] = 1
            extra_fan = _extra_chow_fan(x, y, z, extra)
            if extra_fan:
                table[extra_fan] = 1
            return
    pairs = [two_chows_fan(a, b), two_chows_fan(a, c), two_chows_fan(a, d),
             two_chows_fan(b, c), two_chows_fan(b, d), two_chows_fan(c, d)]
    max_count = 3
    # a chow that pairs with none of the others takes one pairwise fan off the cap
    for i, j, k in ((0, 1, 2), (0, 3, 4), (1, 3, 5), (2, 4, 5)):
        if not (pairs[i] or pairs[j] or pairs[k]):
            max_count -= 1
    if max_count > 0:
        _limit_pairwise(pairs, max_count, table)


def score_three_chows(mids: list, table: list, fans: frozenset = _ALL) -> None:
    fan = three_chows_fan(*mids)
    if fan in fans:
        table[fan] = 1
        return
    a, b, c = mids
    _limit_pairwise([two_chows_fan(a, b), two_chows_fan(a, c), two_chows_fan(b, c)], 2, table)


def four_pungs_fan(t0, t1, t2, t3) -> int:
    if t0 < 30 and t0 + 1 == t1 and t1 + 1 == t2 and t2 + 1 == t3:
        return F.FOUR_PURE_SHIFTED_PUNGS
    if (t0, t1, t2, t3) == (31, 32, 33, 34):
        return F.BIG_FOUR_WINDS
    return 0


def three_pungs_fan(t0, t1, t2) -> int:
    if t0 < 30 and t1 < 30 and t2 < 30:
        if _mixed(t0, t1, t2):
            r0, r1, r2 = t0 % 10, t1 % 10, t2 % 10
            if _consecutive_unordered(r0, r1, r2):
                return F.MIXED_SHIFTED_PUNGS
            if r0 == r1 == r2:
                return F.TRIPLE_PUNG
        elif t0 + 1 == t1 and t1 + 1 == t2:
            return F.PURE_SHIFTED_PUNGS
        return 0
    if 31 <= t0 and t2 <= 34:
        return F.BIG_THREE_WINDS
    if (t0, t1, t2) == (35, 36, 37):
        return F.BIG_THREE_DRAGONS
    return 0


def two_pungs_fan(t0, t1) -> int:
    if t0 < 30 and t1 < 30:
        return F.DOUBLE_PUNG if t0 % 10 == t1 % 10 else 0
    if t0 >= 35 and t1 >= 35:
        return F.TWO_DRAGON_PUNGS
    return 0


def _pairwise_pungs(tiles: list, pairs: tuple, table: list) -> None:
    """Two-pung fans (65, 54) among ``pairs`` of indexes: a pung that has formed a fan does not
    form the same fan again with another pung (3.9.1.6 (3) 不得相同原则). Only a rule set without
    the three-pung fans (32, 2) meets three pungs that pair up (READINGS.md E5)."""
    used = set()
    for i, j in pairs:
        fan = two_pungs_fan(tiles[i], tiles[j])
        if fan and (fan, i) not in used and (fan, j) not in used:
            table[fan] += 1
            used.update(((fan, i), (fan, j)))


def score_four_pungs(tiles: list, table: list, fans: frozenset = _ALL) -> None:
    """``fans``: the rule set's fans; a combination it lacks does not hold the pungs together."""
    fan = four_pungs_fan(*tiles)
    if fan in fans:
        table[fan] = 1
        return
    a, b, c, d = tiles
    for x, y, z, free in ((a, b, c, 3), (a, b, d, 2), (a, c, d, 1), (b, c, d, 0)):
        fan = three_pungs_fan(x, y, z)
        if fan in fans:
            table[fan] = 1
            # account-once: the free pung pairs with one used pung at most
            for i in range(4):
                if i != free:
                    fan2 = two_pungs_fan(tiles[i], tiles[free])
                    if fan2:
                        table[fan2] += 1
                        break
            return
    _pairwise_pungs(tiles, ((0, 1), (0, 2), (0, 3), (1, 2), (1, 3), (2, 3)), table)


def score_three_pungs(tiles: list, table: list, fans: frozenset = _ALL) -> None:
    fan = three_pungs_fan(*tiles)
    if fan in fans:
        table[fan] = 1
        return
    _pairwise_pungs(tiles, ((0, 1), (0, 2), (1, 2)), table)


def scored_pairs(table: dict) -> tuple:
    """The (slot, count) pairs of the slots a cached fan function wrote (a handful), in slot order."""
    return tuple(sorted((n, c) for n, c in table.items() if c))


def _pure_terminal_chows(chows: tuple, pair_tile: int) -> bool:
    """Fan 13: 123 123 789 789 and a pair of 5s, one suit."""
    if pair_tile > 30 or pair_tile % 10 != 5:
        return False
    base = pair_tile - 5
    return list(chows) == [base + 2, base + 2, base + 8, base + 8]


def _three_suited_terminal_chows(chows: tuple, pair_tile: int) -> bool:
    """Fan 29: 123 and 789 in two suits, a pair of 5s in the third."""
    if pair_tile > 30 or pair_tile % 10 != 5:
        return False
    suits = [s for s in range(3) if s != pair_tile // 10]
    return list(chows) == sorted(s * 10 + r for s in suits for r in (2, 8))


def chow_fans(chows: list, pair_tile: int, fans: frozenset = _ALL) -> tuple:
    """The fans of two to four chows combined, as (slot, count) pairs: ``chows`` their middle
    tiles; ``pair_tile`` a pair of 5s beside four chows (fans 13 and 29), else 0. Two chows
    are counted on the spot; three or four are looked up (``_chows_combined``)."""
    if len(chows) == 2:
        fan = two_chows_fan(chows[0], chows[1])
        return ((fan, 1),) if fan else ()
    return _chows_combined(tuple(sorted(chows)), pair_tile, fans)


@lru_cache(maxsize=1 << 14)
def _chows_combined(chows: tuple, pair_tile: int, fans: frozenset) -> tuple:
    """``chow_fans`` of three or four chows (sorted): a few thousand arguments make nearly every
    hand's."""
    t = defaultdict(int)  # the few slots written, not 83
    if len(chows) == 4:
        if F.THREE_SUITED_TERMINAL_CHOWS in fans and _three_suited_terminal_chows(chows, pair_tile):
            t[F.THREE_SUITED_TERMINAL_CHOWS] = 1
        elif F.PURE_TERMINAL_CHOWS in fans and _pure_terminal_chows(chows, pair_tile):
            t[F.PURE_TERMINAL_CHOWS] = 1
        else:
            score_four_chows(list(chows), t, fans)
    else:
        score_three_chows(list(chows), t, fans)
    return scored_pairs(t)


def _pungs_may_combine(pungs) -> bool:
    """Whether some pungs could form a fan together: two dragons, three winds, two suited
    pungs of one rank (65, 32), or three of consecutive ranks (42, 24, 15); most pungs do not."""
    ranks = dragons = winds = 0   # ranks: a bit per suited rank seen
    for t in pungs:
        if t < 30:
            bit = 1 << t % 10
            if ranks & bit:
                return True
            ranks |= bit
        elif t >= 35:
            dragons += 1
        else:
            winds += 1
    return dragons >= 2 or winds >= 3 or ranks & (ranks >> 1) & (ranks >> 2) != 0


def pung_fans(pungs: list, fans: frozenset = _ALL) -> tuple:
    """The fans of two to four pungs (or kongs) combined, as (slot, count) pairs: ``pungs`` their
    tiles. Two pungs are counted on the spot; three or four that may combine are looked up
    (``_pungs_combined``): most pungs of a hand form no fan together."""
    if len(pungs) == 2:
        fan = two_pungs_fan(pungs[0], pungs[1])
        return ((fan, 1),) if fan else ()
    if not _pungs_may_combine(pungs):
        return ()
    return _pungs_combined(tuple(sorted(pungs)), fans)


@lru_cache(maxsize=1 << 14)
def _pungs_combined(pungs: tuple, fans: frozenset) -> tuple:
    """``pung_fans`` of three or four pungs (sorted)."""
    t = defaultdict(int)  # the few slots written, not 83
    if len(pungs) == 4:
        score_four_pungs(list(pungs), t, fans)
    else:
        score_three_pungs(list(pungs), t, fans)
    return scored_pairs(t)
