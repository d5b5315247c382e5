"""Fans that look at the whole hand: suits, tile traits, ranges, pair, waits, flags.

Each function fills a fan table (a list indexed by fan number) in place.
"""
from __future__ import annotations

from itertools import compress
from operator import itemgetter

from . import fans as F
from .notation import CHOW, PAIR
from .tiles import GREEN_TILES, KNITTED_STRAIGHTS, REVERSIBLE

# Tile sets as bit masks over the 38 tile codes (bit t set for tile t), so that a hand's
# traits are a few integer operations on the mask of the tiles it holds.
_BIT = tuple(1 << t for t in range(38))


def _mask(tiles) -> int:
    return sum(_BIT[t] for t in set(tiles))


_SIMPLES = _mask(t for t in range(30) if 1 < t % 10 < 9)
_TERMINALS = _mask(t for t in range(30) if t % 10 in (1, 9))
_HONORS = _mask(range(31, 38))
_WINDS = _mask(range(31, 35))
_DRAGONS = _mask(range(35, 38))
_OUTSIDE = _TERMINALS | _HONORS
_REVERSIBLE = _mask(REVERSIBLE)
_GREEN = _mask(GREEN_TILES)
_CHARACTERS, _BAMBOO, _DOTS = (_mask(range(10 * s + 1, 10 * s + 10)) for s in range(3))
_RANKS_UP_TO_4 = _mask(t for t in range(30) if 1 <= t % 10 <= 4)
_RANKS_FROM_6 = _mask(t for t in range(30) if t % 10 >= 6)
_RANKS_4_TO_6 = _mask(t for t in range(30) if 4 <= t % 10 <= 6)
_RANK_4 = _mask(t for t in range(30) if t % 10 == 4)
_RANK_6 = _mask(t for t in range(30) if t % 10 == 6)


_KNITTED_STRAIGHTS = tuple(_mask(seq) for seq in KNITTED_STRAIGHTS)


def holds_knitted_straight(mask: int) -> bool:
    """Whether the tiles held (``tile_mask``) include one of the six knitted straights (fan 35)."""
    for straight in _KNITTED_STRAIGHTS:
        if mask & straight == straight:
            return True
    return False


def tile_mask(counts: list) -> int:
    """The mask of the tiles a hand holds, from its count table."""
    return sum(compress(_BIT, counts))


def by_tiles(mask: int, table: list, fans: frozenset) -> None:
    """The fans of which tiles the hand holds, whatever its sets (``mask``: ``tile_mask``).

    Suits: 76 No Honors, 75 One Voided Suit, 50 Half Flush, 22 Full Flush, 52 All Types.
    Tile traits: 68 All Simples, 40 Reversible, 3 All Green, 11 All Honors, 8 All Terminals, 18.
    Ranges: 37 Lower Four, 27 Lower Tiles, 36 Upper Four, 25 Upper Tiles, 26 Middle Tiles; tiles
    of 1-3 (7-9) also fit Lower (Upper) Four's definition, so a rule set without fan 27 (25)
    scores fan 37 (36) for them.
    """
    honors = mask & _HONORS
    present = (mask & _CHARACTERS != 0) + (mask & _BAMBOO != 0) + (mask & _DOTS != 0)
    if not honors:
        table[F.NO_HONORS] = 1
    if present == 2:
        table[F.ONE_VOIDED_SUIT] = 1
    elif present == 1:
        if honors:
            table[F.HALF_FLUSH] = 1
        else:
            table[F.FULL_FLUSH] = 1
            table[F.NO_HONORS] = 0
    elif present == 3 and mask & _WINDS and mask & _DRAGONS:
        table[F.ALL_TYPES] = 1
    if not mask & ~_REVERSIBLE:
        table[F.REVERSIBLE_TILES] = 1
    if not mask & ~_GREEN:
        table[F.ALL_GREEN] = 1
    if not mask & ~_SIMPLES:
        table[F.ALL_SIMPLES] = 1
    elif not mask & ~_HONORS:
        table[F.ALL_HONORS] = 1
    elif not mask & ~_TERMINALS:
        table[F.ALL_TERMINALS] = 1
    elif not mask & ~_OUTSIDE:
        table[F.ALL_TERMINALS_AND_HONORS] = 1
    if not mask & ~_RANKS_UP_TO_4:
        lower_tiles = not mask & _RANK_4 and F.LOWER_TILES in fans
        table[F.LOWER_TILES if lower_tiles else F.LOWER_FOUR] = 1
    elif not mask & ~_RANKS_FROM_6:
        upper_tiles = not mask & _RANK_6 and F.UPPER_TILES in fans
        table[F.UPPER_TILES if upper_tiles else F.UPPER_FOUR] = 1
    elif not mask & ~_RANKS_4_TO_6:
        table[F.MIDDLE_TILES] = 1


def by_wait(concealed_sets: list, win_tile: int, table: list) -> None:
    """Fans 77 Edge, 78 Closed, 79 Single Wait, only on a one-tile wait.

    Only one of the three may be scored (Sloperama #178); where the tile fits more
    than one position the first of Edge, Closed, Single is taken.
    """
    if table[F.MELDED_HAND] or table[F.FOUR_KONGS]:
        return
    edge = closed = single = False
    for kind, tile in concealed_sets:
        if kind == CHOW:
            if tile == win_tile:
                closed = True
            elif tile + 1 == win_tile or tile - 1 == win_tile:
                edge = True
        elif kind == PAIR and tile == win_tile:
            single = True
    if edge:
        table[F.EDGE_WAIT] = 1
    elif closed:
        table[F.CLOSED_WAIT] = 1
    elif single:
        table[F.SINGLE_WAIT] = 1


def by_win_flags(ctx, table: list) -> None:
    """Fans 58, 80, 44, 46, 45, 47 from how the hand was won."""
    if ctx.last_tile:
        table[F.LAST_TILE] = 1
    if ctx.self_drawn:
        table[F.SELF_DRAWN] = 1
        if ctx.last_wall_tile:
            table[F.LAST_TILE_DRAW] = 1
            table[F.SELF_DRAWN] = 0
        if ctx.kong_replacement:
            table[F.OUT_WITH_REPLACEMENT_TILE] = 1
            table[F.SELF_DRAWN] = 0
    else:
        if ctx.last_wall_tile:
            table[F.LAST_TILE_CLAIM] = 1
        if ctx.robbing_kong:
            table[F.ROBBING_THE_KONG] = 1
            table[F.LAST_TILE] = 0  # fan 47 excludes 58


def keep_rule_set_fans(table: list, fans: frozenset) -> None:
    """Clear the fans the rule set does not have: they score nothing and exclude nothing."""
    if len(fans) == F.TABLE_SIZE - 1:
        return  # every slot: the full rules
    for n in compress(F.SLOTS, table):
        if n not in fans:
            table[n] = 0


# the fans whose rules in ``remove_contained`` most hands never reach (a rule only clears
# slots, so a hand without any of these at the start has none later)
_GREAT = (F.BIG_FOUR_WINDS, F.BIG_THREE_DRAGONS, F.ALL_GREEN, F.FOUR_KONGS, F.ALL_TERMINALS,
          F.LITTLE_FOUR_WINDS, F.LITTLE_THREE_DRAGONS, F.ALL_HONORS, F.FOUR_CONCEALED_PUNGS,
          F.PURE_TERMINAL_CHOWS, F.FOUR_PURE_SHIFTED_PUNGS, F.ALL_TERMINALS_AND_HONORS, F.ALL_EVEN_PUNGS,
          F.MIDDLE_TILES, F.THREE_SUITED_TERMINAL_CHOWS, F.ALL_FIVES, F.BIG_THREE_WINDS)
_GREAT_SLOTS = itemgetter(*_GREAT)


def remove_contained(table: list, green_book: bool, fans: frozenset = frozenset(range(1, F.TABLE_SIZE))) -> None:
    """Non-repeat principle (3.9.1.6): drop fans that a scored fan always contains.

    Fans outside the rule set are cleared first, so a fan the rule set lacks (All Simples,
    All Chows...) does not take away one it has (No Honors).
    """
    keep_rule_set_fans(table, fans)
    t = table
    # most hands score none of the fans in _GREAT: their rules are skipped
    great = any(_GREAT_SLOTS(t))
    if great:
        if t[F.BIG_FOUR_WINDS]:
            t[F.ALL_PUNGS] = t[F.PUNG_OF_TERMINALS_OR_HONORS] = 0
        if t[F.BIG_THREE_DRAGONS]:
            t[F.DRAGON_PUNG] = 0
        if t[F.ALL_GREEN]:
            t[F.ONE_VOIDED_SUIT] = 0
            if not green_book:
                # common practice drops Half Flush; the Green Book's fan 3 says 可加计清一色、混一色分
                # and its examples 1 and 3 score 混一色 (READINGS.md R7)
                t[F.HALF_FLUSH] = 0
        if t[F.FOUR_KONGS]:
            t[F.SINGLE_WAIT] = 0
        if t[F.ALL_TERMINALS]:
            t[F.ALL_PUNGS] = t[F.OUTSIDE_HAND] = t[F.PUNG_OF_TERMINALS_OR_HONORS] = t[F.NO_HONORS] = 0
            if not green_book:
                # common practice drops Double Pung; the Green Book's example for fan 8
                # scores Double Pung twice (READINGS.md R3)
                t[F.DOUBLE_PUNG] = 0
        if t[F.LITTLE_FOUR_WINDS]:
            t[F.PUNG_OF_TERMINALS_OR_HONORS] = 0
        if t[F.LITTLE_THREE_DRAGONS]:
            t[F.DRAGON_PUNG] = 0
        if t[F.ALL_HONORS]:
            t[F.ALL_PUNGS] = t[F.OUTSIDE_HAND] = t[F.PUNG_OF_TERMINALS_OR_HONORS] = t[F.ONE_VOIDED_SUIT] = 0
        if t[F.FOUR_CONCEALED_PUNGS]:
            t[F.ALL_PUNGS] = t[F.CONCEALED_HAND] = 0
            if t[F.FULLY_CONCEALED_HAND] and not green_book:
                # common practice scores Self-Drawn here; the Green Book text of fan 12
                # says 自摸加计不求人分 (READINGS.md R1)
                t[F.FULLY_CONCEALED_HAND] = 0
                t[F.SELF_DRAWN] = 1
        if t[F.PURE_TERMINAL_CHOWS]:
            t[F.FULL_FLUSH] = t[F.ALL_CHOWS] = t[F.NO_HONORS] = 0
        if t[F.FOUR_PURE_SHIFTED_PUNGS]:
            t[F.ALL_PUNGS] = 0
        if t[F.ALL_TERMINALS_AND_HONORS]:
            t[F.ALL_PUNGS] = t[F.OUTSIDE_HAND] = t[F.PUNG_OF_TERMINALS_OR_HONORS] = 0
        if t[F.ALL_EVEN_PUNGS]:
            t[F.ALL_PUNGS] = t[F.ALL_SIMPLES] = t[F.NO_HONORS] = 0
    if t[F.UPPER_TILES] or t[F.LOWER_TILES] or t[F.UPPER_FOUR] or t[F.LOWER_FOUR]:
        t[F.NO_HONORS] = 0
    if great:
        if t[F.MIDDLE_TILES]:
            t[F.ALL_SIMPLES] = t[F.NO_HONORS] = 0
        if t[F.THREE_SUITED_TERMINAL_CHOWS]:
            t[F.ALL_CHOWS] = t[F.NO_HONORS] = 0
        if t[F.ALL_FIVES]:
            t[F.ALL_SIMPLES] = t[F.NO_HONORS] = 0
        if t[F.BIG_THREE_WINDS] and not t[F.ALL_HONORS] and not t[F.ALL_TERMINALS_AND_HONORS]:
            # the three wind pungs do not also score fan 73 (fan 38 examples)
            t[F.PUNG_OF_TERMINALS_OR_HONORS] -= 3
    if t[F.REVERSIBLE_TILES]:
        t[F.ONE_VOIDED_SUIT] = 0
    if t[F.LAST_TILE_DRAW] or t[F.OUT_WITH_REPLACEMENT_TILE] or t[F.FULLY_CONCEALED_HAND]:
        t[F.SELF_DRAWN] = 0
    if t[F.MELDED_HAND]:
        t[F.SINGLE_WAIT] = 0
    if t[F.TWO_DRAGON_PUNGS]:
        # the two pungs of fan 54 do not also score 59; a third dragon pung (a rule set
        # without fan 2, READINGS.md E5) still scores its own
        t[F.DRAGON_PUNG] = max(t[F.DRAGON_PUNG] - 2, 0)
    if t[F.ALL_CHOWS] or t[F.ALL_SIMPLES]:
        t[F.NO_HONORS] = 0


def wind_pung(tile: int, ctx, table: list) -> None:
    """Fans 60 and 61 for one wind pung.

    A seat or prevalent wind pung does not also score fan 73 (fan 73 note
    在不是圈风、门风时); when it is both, both 60 and 61 score (fan 61 example).
    Fans that already dropped 73 for all honor pungs are not reduced again.
    """
    deducted = (table[F.BIG_THREE_WINDS] or table[F.ALL_TERMINALS_AND_HONORS]
                or table[F.ALL_HONORS] or table[F.LITTLE_FOUR_WINDS])
    if tile == ctx.prevalent_wind:
        table[F.PREVALENT_WIND] = 1
        if not deducted:
            table[F.PUNG_OF_TERMINALS_OR_HONORS] -= 1
    if tile == ctx.seat_wind:
        table[F.SEAT_WIND] = 1
        if ctx.seat_wind != ctx.prevalent_wind and not deducted:
            table[F.PUNG_OF_TERMINALS_OR_HONORS] -= 1
