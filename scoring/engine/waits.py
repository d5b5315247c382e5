"""Waits: the tiles that complete a hand (3.7.2), and whether a won hand waited on one tile alone.

- ``waits(hand)``: the public answer, notation in, tile names out, for every shape of the rule set;
- ``shape_waits(key13, n_melds, shapes)``: the tiles that complete standing tiles into a shape of
  ``shapes``, each tile tried in turn (``shapes.is_complete``);
- ``regular_waits(key13, n_melds)``: the same for four sets and a pair, or Seven Pairs, the shapes
  whose wait decides Edge, Closed and Single Wait (fans 77-79), worked out group by group;
- ``other_standard_wait(key, win, n_melds, counts)``: whether a won standard hand also waited on
  another tile, asked of the winning tile's group (and the pair's) alone.

A group is a suit (nine ranks: pungs and chows) or the honors (seven tiles: pungs only), a
``Group``; its counts are a row, ``row[i]`` the copies of its tile ``base + 1 + i``.
"""
from __future__ import annotations

from bisect import bisect_left
from functools import lru_cache
from typing import NamedTuple

from .notation import check_tiles, parse
from .rule_sets import get_rule_set
from .shapes import count_table, honors_fit, is_complete, splits_into_sets, splits_with_pair, suit_splits, weight_mod_3
from .tiles import ALL_TILES, tile_name


def waits(hand: str, *, rule_set: str = "full") -> tuple:
    """Tiles (notation strings) that complete ``hand`` into a winning shape of the rule set (3.7.2).

    A tile the hand already holds four of is not a wait: it would need a fifth copy.
    The minimum (8, elementary 6) is not checked here. Under the elementary rules only four sets
    and a pair, Seven Pairs and the honors-and-knitted hand are shapes.
    """
    rules = get_rule_set(rule_set)
    parsed = parse(hand, winning_tile=False)
    counts = check_tiles(parsed, with_winning=False)
    key = tuple(sorted(parsed.standing))
    found = shape_waits(key, len(parsed.melds), rules.shapes)
    return tuple(tile_name(t) for t in found if counts[t] < 4)


@lru_cache(maxsize=1 << 16)
def shape_waits(key13: tuple, n_melds: int, shapes: frozenset) -> tuple:
    """Tiles that complete the standing tiles ``key13`` into a shape of ``shapes`` (shape names, a
    rule set's ``shapes``); copies not checked here."""
    return tuple(t for t in ALL_TILES if is_complete(tuple(sorted(key13 + (t,))), n_melds, shapes))


@lru_cache(maxsize=1 << 16)
def regular_waits(key13: tuple, n_melds: int) -> tuple:
    """Tiles that complete the standing tiles ``key13`` into four sets and a pair, or Seven Pairs
    (copies not checked here): the shapes whose wait decides Edge, Closed and Single Wait."""
    table = count_table(key13)
    out = set(_standard_completions(table))
    if n_melds == 0 and len(key13) == 13:
        singles = [t for t in set(key13) if table[t] % 2]
        if len(singles) == 1:  # six pairs and a single (four of a kind = two pairs)
            out.add(singles[0])
    return tuple(sorted(out))


class Group(NamedTuple):
    """A suit or the honors: its tiles are ``base + 1`` to ``base + size``."""

    base: int       # 0, 10, 20 for the suits m, s, p; 30 for the honors
    size: int       # 9 ranks, or 7 honors
    honors: bool    # sets are pungs only

    def row(self, tiles) -> list:
        """The counts of ``tiles``, tiles of this group."""
        row = [0] * self.size
        first = self.base + 1
        for t in tiles:
            row[t - first] += 1
        return row

    def splits(self, row, with_pair: bool) -> bool:
        """Whether the counts split into sets (and one pair if asked)."""
        if self.honors:
            return honors_fit(row, with_pair)
        return suit_splits(tuple(row), with_pair)

    def completions(self, row, with_pair: bool) -> tuple:
        """The tiles of this group whose one more copy lets the counts split into sets (and one
        pair if asked)."""
        if self.honors:
            return _honor_completions(tuple(row), with_pair)
        base = self.base
        return tuple([base + r for r in _suit_completions(tuple(row), with_pair)])


GROUPS = (Group(0, 9, False), Group(10, 9, False), Group(20, 9, False), Group(30, 7, True))   # by tile // 10


def _standard_completions(table: list):
    """Tiles completing ``table`` (3n+1 tiles) into sets and one pair.

    A standard hand has one group (a suit or the honors) of 3k+2 tiles and the others of 3k: only
    a tile of a group it brings to that pattern can complete the hand, only if the other groups
    split as they are, and only that group's completions need working out (cached by its counts).
    """
    rows = [table[group.base + 1:group.base + 1 + group.size] for group in GROUPS]
    residues = [sum(row) % 3 for row in rows]
    for g, group in enumerate(GROUPS):
        after = residues[:]
        after[g] = (after[g] + 1) % 3
        if sorted(after) != [0, 0, 0, 2]:
            continue
        if all(GROUPS[h].splits(rows[h], residues[h] == 2) for h in range(4) if h != g):
            yield from group.completions(rows[g], after[g] == 2)


@lru_cache(maxsize=1 << 14)
def _suit_completions(counts: tuple, with_pair: bool) -> tuple:
    """Ranks (1-9) whose extra tile lets nine rank counts split into sets (+ a pair)."""
    table = list(counts)
    out = []
    weight = weight_mod_3(counts)   # sets alone weigh 0 modulo 3: the extra tile at r adds r
    for r in range(9):
        # a tile can only join a set or pair with a tile at most two ranks away
        if not any(counts[max(r - 2, 0):r + 3]) or (not with_pair and (weight + r) % 3):
            continue
        table[r] += 1
        if splits_with_pair(table) if with_pair else splits_into_sets(table):
            out.append(r + 1)
        table[r] -= 1
    return tuple(out)


@lru_cache(maxsize=1 << 10)
def _honor_completions(counts: tuple, with_pair: bool) -> tuple:
    """Honors (31-37) whose extra tile leaves seven honor counts of pungs (and one pair if asked)."""
    out = []
    for i, c in enumerate(counts):
        if c:
            after = counts[:i] + (c + 1,) + counts[i + 1:]
            if honors_fit(after, with_pair):
                out.append(31 + i)
    return tuple(out)


def other_standard_wait(key: tuple, win: int, n_melds: int, counts) -> bool:
    """Whether the tiles before the win (``key`` less ``win``, a hand with a standard reading)
    also waited on another tile the wall could still hold (``counts``: every tile of the hand):
    four sets and a pair, or Seven Pairs.

    The same answer as ``regular_waits`` without working out every wait: the groups the winning
    tile did not touch split as they did in the complete hand, so only the winning tile's group,
    and the pair's when the winning tile completed a set, can take another.
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


@lru_cache(maxsize=1 << 14)
def _winning_group_waits(tiles: tuple, win: int) -> tuple:
    """The winning tile's group (its sorted tiles, ``win`` among them) less the winning tile:
    the other tiles that completed it (into sets and the pair if the group holds the pair, else
    into sets), and whether, holding no pair, it could have taken the pair instead."""
    group = GROUPS[win // 10]
    row = group.row(tiles)
    row[win - group.base - 1] -= 1
    with_pair = len(tiles) % 3 == 2
    others = tuple(t for t in group.completions(row, with_pair) if t != win)
    return others, not with_pair and group.splits(row, True)


@lru_cache(maxsize=1 << 14)
def _set_waits(tiles: tuple) -> tuple:
    """The tiles that complete a group of 3k + 2 sorted tiles into sets alone."""
    group = GROUPS[tiles[0] // 10]
    return group.completions(group.row(tiles), False)
