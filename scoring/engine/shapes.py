"""Winning shapes (3.7.2), their readings and waits.

Every function here is pure in its tiles (a sorted tuple, or one group's counts), so the
decompositions of a group of tiles (a suit or the honors) are cached and computed once; a
hand's own readings and wait are kept with the hand (``evaluate.HandTiles``).
"""
from __future__ import annotations

from bisect import bisect_left
from functools import lru_cache
from itertools import product
from operator import mul

from .notation import CHOW, PUNG
from .tiles import ALL_TILES, KNITTED_STRAIGHTS, TABLE_LEN, TERMINALS_AND_HONORS

_THIRTEEN_ORPHANS = tuple(sorted(TERMINALS_AND_HONORS))


def count_table(tiles) -> list[int]:
    table = [0] * TABLE_LEN
    for t in tiles:
        table[t] += 1
    return table


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
    # a set's tiles sum to 0 modulo 3 (3t for a pung, 3t for a chow around t), so the pair's
    # tile p has 2p = the sum of all the tiles, modulo 3: one tile in three is worth trying
    first = (2 * sum(map(mul, counts, range(base, base + len(counts)))) - base) % 3
    for i in range(first, len(counts), 3):
        if counts[i] >= 2:
            counts[i] -= 2
            found.extend((sets, base + i) for sets in _set_splits(counts, base))
            counts[i] += 2
    return tuple(found)


def _splits_into_sets(table: list) -> bool:
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


def _splits_with_pair(table: list) -> bool:
    """Whether nine rank counts (a list, left as it was) split into sets and one pair."""
    # a set's ranks sum to 0 modulo 3 (3r for a pung, 3r + 3 for a chow), so the pair's rank r
    # has 2r = the sum of all ranks, modulo 3: a third of the ranks are worth trying
    for r in range(2 * sum(map(mul, table, range(9))) % 3, 9, 3):
        if table[r] >= 2:
            table[r] -= 2
            fits = _splits_into_sets(table)
            table[r] += 2
            if fits:
                return True
    return False


@lru_cache(maxsize=1 << 15)
def _suit_splits(counts: tuple, with_pair: bool) -> bool:
    """Whether nine rank counts of one suit split into sets (and one pair if asked)."""
    return _splits_with_pair(list(counts)) if with_pair else _splits_into_sets(counts)


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
            if not _suit_splits(counts, True):
                return False
        elif not _suit_splits(counts, False):
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


_ALL_SHAPES = frozenset({"standard", "seven_pairs", "honors_knitted", "thirteen_orphans", "knitted_straight"})


@lru_cache(maxsize=1 << 16)
def is_complete(key: tuple, n_melds: int, allowed: frozenset = _ALL_SHAPES) -> bool:
    """Whether standing tiles ``key`` with ``n_melds`` melds make a winning shape of ``allowed``."""
    if len(key) == 14 - 3 * n_melds and is_standard_complete(count_table(key)):
        return True
    if n_melds == 0 and (("seven_pairs" in allowed and is_seven_pairs(key))
                         or ("thirteen_orphans" in allowed and is_thirteen_orphans(key))
                         or ("honors_knitted" in allowed and honors_and_knitted(key))):
        return True
    return "knitted_straight" in allowed and knitted_straight_reading(key, n_melds) is not None


@lru_cache(maxsize=1 << 16)
def completing_tiles(key13: tuple, n_melds: int, shapes: str) -> tuple:
    """Tiles that complete the standing tiles ``key13`` (copies not checked here).

    ``shapes`` is "all" for every shape, "regular" for four sets and a pair plus
    Seven Pairs, the shapes whose wait decides Edge, Closed and Single Wait, or a frozenset
    of shape names (a rule set's ``shapes``).
    """
    if shapes == "all":
        return tuple(t for t in ALL_TILES if is_complete(tuple(sorted(key13 + (t,))), n_melds))
    if isinstance(shapes, frozenset):
        return tuple(t for t in ALL_TILES if is_complete(tuple(sorted(key13 + (t,))), n_melds, shapes))
    table = count_table(key13)
    out = set(_standard_completions(table))
    if n_melds == 0 and len(key13) == 13:
        singles = [t for t in set(key13) if table[t] % 2]
        if len(singles) == 1:  # six pairs and a single (four of a kind = two pairs)
            out.add(singles[0])
    return tuple(sorted(out))


def _honors_ok(table: list, with_pair: bool) -> bool:
    """Whether the honors of a full count table make pungs (and one pair if asked)."""
    return _honors_fit(table[31:38], with_pair)


def _group_ok(table: list, g: int, residue: int) -> bool:
    if g == 3:
        return _honors_ok(table, residue == 2)
    base = 10 * g + 1
    return _suit_splits(tuple(table[base:base + 9]), residue == 2)


@lru_cache(maxsize=1 << 14)
def _suit_completions(counts: tuple, with_pair: bool) -> tuple:
    """Ranks (1-9) whose extra tile lets nine rank counts split into sets (+ a pair)."""
    table = list(counts)
    out = []
    # sets alone need the ranks to sum to 0 modulo 3 (see _splits_with_pair)
    rank_sum = sum(map(mul, counts, range(9)))
    for r in range(9):
        # a tile can only join a set or pair with a tile at most two ranks away
        if not any(counts[max(r - 2, 0):r + 3]) or (not with_pair and (rank_sum + r) % 3):
            continue
        table[r] += 1
        if _splits_with_pair(table) if with_pair else _splits_into_sets(table):
            out.append(r + 1)
        table[r] -= 1
    return tuple(out)


def _standard_completions(table: list):
    """Tiles completing ``table`` (3n+1 tiles) into sets and one pair.

    A standard hand has one group (a suit or the honors) of 3k+2 tiles and the others
    of 3k: only a tile of a group it brings to that pattern can complete the hand, and
    only that group's waits need working out (cached by its nine counts).
    """
    residues = [sum(table[b:b + 9]) % 3 for b in (1, 11, 21, 31)]
    for g in range(4):
        after = residues[:]
        after[g] = (after[g] + 1) % 3
        if sorted(after) != [0, 0, 0, 2]:
            continue
        if not all(_group_ok(table, h, residues[h]) for h in range(4) if h != g):
            continue
        if g == 3:
            for t in range(31, 38):
                if table[t]:
                    table[t] += 1
                    if _honors_ok(table, after[g] == 2):
                        yield t
                    table[t] -= 1
        else:
            base = 10 * g
            yield from (base + r for r in _suit_completions(tuple(table[base + 1:base + 10]), after[g] == 2))


def other_standard_wait(key: tuple, win: int, n_melds: int, counts) -> bool:
    """Whether the tiles before the win (``key`` less ``win``, a hand with a standard reading)
    also waited on another tile the wall could still hold (``counts``: every tile of the hand):
    four sets and a pair, or Seven Pairs.

    The same answer as ``completing_tiles(..., "regular")`` without working out every wait: the
    groups the winning tile did not touch split as they did in the complete hand, so only the
    winning tile's group, and the pair's when the winning tile completed a set, can take another.
    """
    if n_melds == 0 and len(key) == 14 and counts[win] % 2:
        # Seven Pairs waits on the single of six pairs and a single (3.7.2): before the win the
        # hand held one odd count, so with the winning tile two (the winning tile's and X's);
        # X, held once or three times, is still in the wall
        if len([t for t in set(key) if counts[t] % 2]) == 2:
            return True
    bounds = [bisect_left(key, edge) for edge in (10, 20, 30)]
    bounds.append(len(key))
    g = win // 10
    others, takes_pair = _winning_group_waits(key[(bounds[g - 1] if g else 0):bounds[g]], win)
    for t in others:
        if counts[t] < 4:
            return True
    if takes_pair:   # the pair's group may then complete its sets instead
        start = 0
        for p, end in enumerate(bounds):
            if p != g and (end - start) % 3 == 2:
                for t in _set_waits(key[start:end]):
                    if counts[t] < 4:
                        return True
                break
            start = end
    return False


_GROUP_BASE = (1, 11, 21, 31)   # the first tile of each group: the three suits, the honors


@lru_cache(maxsize=1 << 14)
def _winning_group_waits(group: tuple, win: int) -> tuple:
    """The winning tile's group (its sorted tiles, ``win`` among them) less the winning tile:
    the other tiles that completed it (into sets and the pair if the group holds the pair, else
    into sets), and whether, holding no pair, it could have taken the pair instead."""
    g = win // 10
    row = _group_row(group, g)
    row[win - _GROUP_BASE[g]] -= 1
    with_pair = len(group) % 3 == 2
    others = tuple(t for t in _group_completions(row, g, with_pair) if t != win)
    return others, not with_pair and (_honors_fit(row, True) if g == 3 else _splits_with_pair(row))


@lru_cache(maxsize=1 << 14)
def _set_waits(group: tuple) -> tuple:
    """The tiles that complete a group of 3k + 2 sorted tiles into sets alone."""
    g = group[0] // 10
    return _group_completions(_group_row(group, g), g, False)


def _group_row(group: tuple, g: int) -> list:
    """The counts of group ``g``'s ``group`` of tiles, from its first tile (9 ranks, 7 honors)."""
    base = _GROUP_BASE[g]
    row = [0] * (7 if g == 3 else 9)
    for t in group:
        row[t - base] += 1
    return row


def _group_completions(row: list, g: int, with_pair: bool) -> tuple:
    """The tiles of group ``g`` whose extra tile lets its ``row`` of counts split into sets
    (and a pair if asked)."""
    if g == 3:
        return _honor_completions(tuple(row), with_pair)
    base = 10 * g
    return tuple([base + r for r in _suit_completions(tuple(row), with_pair)])


@lru_cache(maxsize=1 << 10)
def _honor_completions(counts: tuple, with_pair: bool) -> tuple:
    """Honors (31-37) whose extra tile leaves seven honor counts of pungs (and one pair if asked)."""
    out = []
    for i, c in enumerate(counts):
        if c:
            after = counts[:i] + (c + 1,) + counts[i + 1:]
            if _honors_fit(after, with_pair):
                out.append(31 + i)
    return tuple(out)


def _honors_fit(counts, with_pair: bool) -> bool:
    """Whether seven honor counts make pungs (and one pair if asked)."""
    return all(x in (0, 2, 3) for x in counts) and counts.count(2) == with_pair
