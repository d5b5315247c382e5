"""Winning shapes (3.7.2) and the readings of four sets and a pair.

A reading splits the standing tiles into sets and one pair. A set never spans two groups (the
three suits and the honors), so each group is split on its own and a hand's readings are the
combinations of its groups' splits (``standard_readings``). A group is split rank by rank
(``_set_splits``), and its pair is looked for at one rank in three (``pair_ranks``).
``reference_readings`` is the plain search these short cuts must agree with.

Worked example, ``1112345678999m+5m``: one group, counts 3 1 1 1 2 1 1 1 3 for ranks 1-9.

1. The pair. The tiles weigh 0*3 + 1*1 + 2*1 + 3*1 + 4*2 + 5*1 + 6*1 + 7*1 + 8*3 = 56 (each
   count times its rank's index), and 56 = 2 (mod 3), so the pair can only sit at index 1, 4 or
   7 (``pair_ranks``): ranks 2, 5 or 8. Only 5m is held twice: the pair is 55m.
2. The sets, from the lowest rank. Three 1m start 3 mod 3 = 0 chows: a pung 111m (three chows
   from 1m instead would need three 2m). One 2m starts one chow, 234m; one 6m, 678m; three 9m,
   999m.
3. One reading: ``(((PUNG, 1), (CHOW, 3), (CHOW, 7), (PUNG, 9)), 5)``, a chow named by its
   middle tile.

With ``2233445566778m+8m`` the pair can sit at 2m, 5m or 8m, and each makes a reading: three.

Every function here is pure in its tiles (a sorted tuple, or one group's counts), so the
decompositions of a group are cached and computed once; a hand's own readings are kept with the
hand (``evaluate.HandTiles``). The waits are in ``waits.py``.
"""
from __future__ import annotations

from bisect import bisect_left
from functools import lru_cache
from itertools import product
from operator import mul

from .notation import CHOW, PUNG
from .tiles import KNITTED_STRAIGHTS, TABLE_LEN, TERMINALS_AND_HONORS

_THIRTEEN_ORPHANS = tuple(sorted(TERMINALS_AND_HONORS))


def count_table(tiles) -> list[int]:
    table = [0] * TABLE_LEN
    for t in tiles:
        table[t] += 1
    return table


def weight_mod_3(counts) -> int:
    """The weight of a group's counts modulo 3: each count times its index, summed (``counts[i]``
    copies of the group's tile at index i).

    Every set weighs 0 modulo 3: a pung at index i weighs 3i, a chow at i, i + 1, i + 2 weighs
    3i + 3. So counts that split into sets alone weigh 0, and counts that split into sets and a
    pair at index p weigh 2p (``pair_ranks``).
    """
    return sum(map(mul, counts, range(len(counts)))) % 3


def pair_ranks(counts) -> range:
    """The indexes where the pair can sit when a group's counts split into sets and one pair.

    The counts weigh 2p modulo 3 with the pair at index p (``weight_mod_3``), and 2 is its own
    inverse modulo 3 (2 * 2 = 4 = 1), so p = 2 * weight (mod 3): one index in three.
    """
    return range(2 * weight_mod_3(counts) % 3, len(counts), 3)


def _set_splits(counts: list, base: int) -> list:
    """Every way to split one group's rank counts (``counts[i]`` tiles of tile ``base + i``) into
    pungs and chows, each a tuple of (kind, tile) in (tile, tile, tile) order.

    At the lowest rank left, a count c starts c % 3 chows and makes the rest pungs, or (c >= 3)
    starts three chows more instead of a pung: each split is made once, already in order. The
    first way is followed at once and the other kept for later, so a group with one split (most)
    is read in a single pass.
    """
    suited = base < 30
    last = len(counts)
    found = []
    todo = [(list(counts), 0, ())]
    while todo:
        c, i, sets = todo.pop()
        while True:
            while i < last and not c[i]:
                i += 1
            if i == last:
                found.append(sets)
                break
            n = c[i]
            chows = n % 3
            more = chows + 3
            if n >= 3 and suited and i + 2 < last and c[i + 1] >= more and c[i + 2] >= more:
                other = c[:]
                other[i] = 0
                other[i + 1] -= more
                other[i + 2] -= more
                todo.append((other, i + 1, sets + ((PUNG, base + i),) * ((n - more) // 3)
                             + ((CHOW, base + i + 1),) * more))
            if chows:
                if not (suited and i + 2 < last and c[i + 1] >= chows and c[i + 2] >= chows):
                    break   # no split this way
                c[i + 1] -= chows
                c[i + 2] -= chows
            c[i] = 0
            sets = sets + ((PUNG, base + i),) * (n // 3) + ((CHOW, base + i + 1),) * chows
            i += 1
    return found


def _set_order(s: tuple) -> int:
    """Sort key of a set: its (tile, tile, tile) sequence, as one int."""
    kind, tile = s
    return (tile - 1) * 100 + tile if kind == CHOW else tile * 101


def standard_readings(key: tuple, n_sets: int) -> tuple:
    """Every distinct split of the tiles ``key`` into ``n_sets`` sets and a pair.

    Each reading is ``(sets, pair_tile)`` with ``sets`` a tuple of ``(kind, tile)``
    (a chow is named by its middle tile), sets in (tile, tile, tile) order.  Readings
    are ordered by that sequence of sets, the order the common-practice calculator
    finds them in; it decides which of two readings of equal value is reported.

    A set never spans two groups (the three suits and the honors), so each group is split on
    its own (cached by its tiles) and the hand's readings are the combinations of its groups'.
    Not cached as a whole: a hand keeps its own readings (``evaluate.HandTiles``).
    """
    if len(key) != 3 * n_sets + 2:
        return ()
    parts = []
    pairs = 0
    start = 0
    for edge in (10, 20, 30, 40):   # the sorted tiles of each group in turn
        end = bisect_left(key, edge, start)
        size = end - start
        if size:
            if size % 3 == 1:
                return ()
            with_pair = size % 3 == 2
            pairs += with_pair
            split = _group_readings(key[start:end], with_pair)
            if not split or pairs > 1:
                return ()
            parts.append(split)
        start = end
    if pairs != 1:
        return ()
    if len(parts) == sum(map(len, parts)):   # most hands: one way to split each group
        sets = ()
        pair_tile = 0
        for ((group_sets, group_pair),) in parts:
            sets += group_sets
            pair_tile = group_pair or pair_tile
        return ((sets, pair_tile),)
    found = []
    for combination in product(*parts):
        sets = ()
        pair_tile = 0
        for group_sets, group_pair in combination:
            sets += group_sets
            pair_tile = group_pair or pair_tile
        found.append((sets, pair_tile))
    found.sort(key=lambda r: [_set_order(s) for s in r[0]])
    return tuple(found)


def reference_readings(key: tuple, n_sets: int) -> set:
    """Every split of the sorted tiles ``key`` into ``n_sets`` sets and a pair by plain recursive
    search: at the lowest tile left, a pung of it, a chow from it, or (once) the pair.

    The specification of ``standard_readings``: slow, for the tests that hold the fast path to it.
    A reading is ``(sets, pair_tile)``, its sets sorted by their lowest tile, a pung before a chow.
    """
    found = set()

    def split(rest: tuple, sets: tuple, pair):
        if not rest:
            if pair is not None and len(sets) == n_sets:
                found.add((tuple(sorted(sets, key=lambda s: (s[1] - (s[0] == CHOW), s[0] == CHOW))), pair))
            return
        t = rest[0]
        if rest.count(t) >= 3:
            split(rest[3:], sets + ((PUNG, t),), pair)
        if t < 30 and t % 10 <= 7 and t + 1 in rest and t + 2 in rest:
            left = list(rest)
            for x in (t, t + 1, t + 2):
                left.remove(x)
            split(tuple(left), sets + ((CHOW, t + 1),), pair)
        if pair is None and rest.count(t) >= 2:
            split(rest[2:], sets, t)

    split(key, (), None)
    return found


@lru_cache(maxsize=1 << 15)
def _group_readings(tiles: tuple, with_pair: bool) -> tuple:
    """Every split of one group's sorted ``tiles`` into sets, and one pair if ``with_pair``:
    a tuple of ``(sets, pair_tile or 0)``, sets in (tile, tile, tile) order."""
    base = tiles[0]
    counts = [0] * (tiles[-1] - base + 1)
    for t in tiles:
        counts[t - base] += 1
    if not with_pair:
        return tuple((sets, 0) for sets in _set_splits(counts, base))
    found = []
    for i in pair_ranks(counts):
        if counts[i] >= 2:
            counts[i] -= 2
            found.extend((sets, base + i) for sets in _set_splits(counts, base))
            counts[i] += 2
    return tuple(found)


def splits_into_sets(table: list) -> bool:
    """Whether nine rank counts split into pungs and chows (no pair).

    Greedy from the lowest rank is exact: three equal chows use the same tiles as
    three pungs, so the lowest rank's count modulo 3 must start that many chows.
    """
    a, b = 0, 0  # chows already started at the two previous ranks, still needing this rank
    for c in table:
        c -= a + b
        if c < 0:
            return False
        a, b = b, c % 3
    return a == 0 and b == 0


def splits_with_pair(table: list) -> bool:
    """Whether nine rank counts (a list, left as it was) split into sets and one pair."""
    for r in pair_ranks(table):
        if table[r] >= 2:
            table[r] -= 2
            fits = splits_into_sets(table)
            table[r] += 2
            if fits:
                return True
    return False


@lru_cache(maxsize=1 << 15)
def suit_splits(counts: tuple, with_pair: bool) -> bool:
    """Whether nine rank counts of one suit split into sets (and one pair if asked)."""
    return splits_with_pair(list(counts)) if with_pair else splits_into_sets(counts)


def honors_fit(counts, with_pair: bool) -> bool:
    """Whether seven honor counts make pungs (and one pair if asked)."""
    return all(x in (0, 2, 3) for x in counts) and counts.count(2) == with_pair


def is_standard_complete(table: list) -> bool:
    """Whether the counts split into sets and exactly one pair (suit by suit)."""
    pair_used = False
    for t in range(31, 38):
        c = table[t]
        if c == 2:
            if pair_used:
                return False
            pair_used = True
        elif c not in (0, 3):
            return False
    for base in (1, 11, 21):
        counts = tuple(table[base:base + 9])
        rem = sum(counts) % 3
        if rem == 1:
            return False
        if rem == 2:
            if pair_used:
                return False
            pair_used = True
            if not suit_splits(counts, True):
                return False
        elif not suit_splits(counts, False):
            return False
    return pair_used


def is_seven_pairs(key: tuple) -> bool:
    """3.7.2: seven pairs; four identical tiles count as two pairs."""
    if len(key) != 14:
        return False
    return key[::2] == key[1::2]   # sorted: tiles 1, 3, 5... equal tiles 2, 4, 6...


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
def is_complete(key: tuple, n_melds: int, allowed: frozenset) -> bool:
    """Whether standing tiles ``key`` with ``n_melds`` melds make a winning shape of ``allowed``
    (shape names: a rule set's ``shapes``)."""
    if len(key) == 14 - 3 * n_melds and is_standard_complete(count_table(key)):
        return True
    if n_melds == 0 and (("seven_pairs" in allowed and is_seven_pairs(key))
                         or ("thirteen_orphans" in allowed and is_thirteen_orphans(key))
                         or ("honors_knitted" in allowed and honors_and_knitted(key))):
        return True
    return "knitted_straight" in allowed and knitted_straight_reading(key, n_melds) is not None
