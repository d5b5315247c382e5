"""Counting the fans of one reading of a hand (3.9.1.6).

``score_standard`` scores four sets and a pair; the ``score_*`` functions after it the other
shapes. Each returns a fan table: a list indexed by fan number (slot 82 holds the common-practice
mixed-kongs item). The caller (``evaluate._count``) keeps the reading worth most.

The steps of a standard reading, in the order of the anchor engine's 算番流程 (the C++ calculator
behind PyMahjongGB), each with the fans it decides:

0. Once per hand, shared by its readings (``standard_base``): how it was won,
   ``hand_fans.by_win_flags`` (58, 80, 44, 45, 46, 47); which tiles it holds, ``hand_fans.by_tiles``
   (suits 76, 75, 50, 22, 52; tile traits 68, 40, 3, 11, 8, 18; ranges 37, 27, 36, 25, 26); its tile
   hogs (64).
1. The sets: kongs and concealed pungs (``_kong_fans``: 5, 17, 48, 57, 67, 74, 12, 33, 66), All
   Pungs (49), each pung's own fan (59, 73).
2. The sets combined (``set_fans.chow_fans``, ``set_fans.pung_fans``): four chows 29, 13, 16, 14;
   three 51, 41, 39, 28, 30, 23; two 69, 70, 71, 72; pungs 1, 15, 2, 38, 24, 42, 32, 54, 65.
3. How the sets were made: 62, 56, 53, 80.
4. The pair (``_by_pair``): 63, 10, 9.
5. What every set and the pair share (``_SET_TRAIT``): 55, 31, 21; 14 takes 64 away.
6. The wait: 77, 78, 79, on a one-tile wait alone.
7. The non-repeat principle (``hand_fans.remove_contained``).
8. The wind pungs (``hand_fans.wind_pung``): 60, 61.
9. No fan at all: 43.

ENGINE.md has the same as a fan-by-fan index, with the special hands.
"""
from __future__ import annotations

from collections import defaultdict
from functools import lru_cache
from typing import NamedTuple

from . import fans as F
from . import hand_fans as H
from . import set_fans as S
from .notation import CHOW, KONG, PAIR, PUNG


class WinContext(NamedTuple):
    win_tile: int
    self_drawn: bool
    last_tile: bool
    last_wall_tile: bool
    kong_replacement: bool
    robbing_kong: bool
    seat_wind: int
    prevalent_wind: int
    green_book: bool
    fans: frozenset = frozenset(range(1, F.TABLE_SIZE))  # the rule set's fans (rule_sets.py)
    special_fully_concealed: bool = False  # a self-drawn special hand scores fan 56 (R1, 003 elementary)


@lru_cache(maxsize=256)
def _kong_fans(concealed_pungs: int, melded_kongs: int, concealed_kongs: int,
               green_book: bool, fans: frozenset) -> tuple:
    """Kong fans (5, 17, 48, 57, 67, 74) and concealed-pung fans (12, 33, 66), as (slot, count)
    pairs: a few hundred combinations of the arguments, each worked out once.

    The common-practice table of the concealed pungs a hand with kongs still scores:
    three kongs of which 1/2/3 concealed with a concealed pung -> 66/33/12, four
    kongs of which 2/3/4 concealed -> 66/33/12.

    A concealed kong counts as a concealed pung (C: 两副暗刻（暗杠）).  Kong fans of a
    higher grade contain the lower ones (Appendix 1 nos. 17, 48, 57 examples).
    """
    t = defaultdict(int)  # the few slots written
    kongs = melded_kongs + concealed_kongs
    hidden = concealed_pungs + concealed_kongs
    if F.TWO_MELDED_KONGS not in fans and F.THREE_CONCEALED_PUNGS not in fans:
        # a rule set without the kong and concealed-pung combinations (the elementary rules):
        # each kong scores its own fan, and concealed pungs pair up into fan 66 without a set
        # forming it twice (3.9.1.6 (3); READINGS.md E4)
        t[F.MELDED_KONG] = melded_kongs
        t[F.CONCEALED_KONG] = concealed_kongs
        t[F.TWO_CONCEALED_PUNGS] = hidden // 2
        return S.scored_pairs(t)
    if kongs == 1:
        t[F.MELDED_KONG if melded_kongs else F.CONCEALED_KONG] = 1
    elif kongs == 2:
        if concealed_kongs == 0:
            t[F.TWO_MELDED_KONGS] = 1
        elif concealed_kongs == 1:
            if green_book:
                # 000 fan 57: one melded and one concealed kong 计6分 = 57 + 67 (READINGS.md R2)
                t[F.TWO_MELDED_KONGS] = 1
                t[F.CONCEALED_KONG] = 1
            else:
                t[F.MIXED_KONGS_SLOT] = 1
        else:
            t[F.TWO_CONCEALED_KONGS] = 1
    elif kongs == 3:
        t[F.THREE_KONGS] = 1
    elif kongs == 4:
        t[F.FOUR_KONGS] = 1
    # concealed pungs, the kongs' own fans already excluding the lesser count
    if kongs == 2 and concealed_kongs == 2:
        hidden_fan = {3: F.THREE_CONCEALED_PUNGS, 4: F.FOUR_CONCEALED_PUNGS}.get(hidden)
    elif kongs == 3 and concealed_kongs == 1:
        hidden_fan = F.TWO_CONCEALED_PUNGS if concealed_pungs > 0 else 0
    elif kongs == 4 and concealed_kongs < 2:
        hidden_fan = 0
    else:
        hidden_fan = {2: F.TWO_CONCEALED_PUNGS, 3: F.THREE_CONCEALED_PUNGS,
                      4: F.FOUR_CONCEALED_PUNGS}.get(hidden)
    if green_book and kongs >= 3 and concealed_kongs:
        # C fans 17 and 5: 暗杠加计，三暗杠加计三暗刻分 - the concealed kongs add their
        # own fans to Three or Four Kongs (READINGS.md R5)
        if concealed_kongs == 1:
            t[F.CONCEALED_KONG] = 1
        elif concealed_kongs == 2:
            t[F.TWO_CONCEALED_KONGS] = 1
            if hidden_fan == F.TWO_CONCEALED_PUNGS:
                hidden_fan = 0  # fan 48 contains it
    if hidden_fan:
        t[hidden_fan] = 1
    return S.scored_pairs(t)


# The trait of a set or the pair for the fans that every set and the pair must share (step 5):
OUTSIDE, FIVE, EVEN = 1, 2, 3   # 55 Outside Hand (a terminal or an honor in it), 31 All Fives (a 5
#                                 in it), 21 All Even Pungs (a pung or pair of an even rank); else 0


def _set_trait(kind: int, tile: int) -> int:
    if tile > 30:
        return OUTSIDE
    rank = tile % 10
    if kind == CHOW:
        return OUTSIDE if rank in (2, 8) else FIVE if rank in (4, 5, 6) else 0
    return OUTSIDE if rank in (1, 9) else FIVE if rank == 5 else EVEN if rank % 2 == 0 else 0


_SET_TRAIT = [[0] * 38] + [[_set_trait(kind, t) if t % 10 or t > 30 else 0 for t in range(38)]
                           for kind in (CHOW, PUNG, KONG, PAIR)]   # by kind, then tile


def standard_base(ctx: WinContext, mask: int, tile_hogs: int) -> list:
    """The slots of the fan table every standard reading of a hand shares: how it was won,
    which tiles it holds (``mask``), its tile hogs (fan 64: four copies used without a kong)."""
    t = [0] * F.TABLE_SIZE
    H.by_win_flags(ctx, t)
    H.by_tiles(mask, t, ctx.fans)
    t[F.TILE_HOG] = tile_hogs
    return t


def score_standard(melds: tuple, concealed: tuple, pair_tile: int, ctx: WinContext,
                   base: list, counts: list, unique_wait) -> list:
    """Fan table of one reading: the hand's ``melds`` (notation.Meld), the ``concealed`` sets and
    the pair; the steps are the module docstring's.

    ``base`` is ``standard_base`` of the hand, ``counts`` its tiles; ``unique_wait`` a callable
    saying whether the hand waited on one tile, asked only when the winning tile sits in a
    concealed chow or the pair and no open wait (``_open_wait``) already shows another tile.
    """
    t = base[:]
    # 1. The sets: chows and pungs apart, the kongs and concealed pungs counted, each set's trait.
    chows = []
    pungs = []
    traits = [0, 0, 0, 0]   # how many sets (and the pair) have each trait: none, OUTSIDE, FIVE, EVEN
    trait = _SET_TRAIT
    melded_kongs = concealed_kongs = 0
    for kind, tile, exposed, _ in melds:
        if kind == CHOW:
            chows.append(tile)
        else:
            pungs.append(tile)
            if kind == KONG:
                if exposed:
                    melded_kongs += 1
                else:
                    concealed_kongs += 1
        traits[trait[kind][tile]] += 1
    concealed_pungs = 0
    win = ctx.win_tile
    edge = closed = False   # the winning tile at an end, or in the middle, of a concealed chow
    open_wait = False       # ... at an end, the chow's other two tiles waiting on both ends (step 6)
    for kind, tile in concealed:
        if kind == CHOW:
            chows.append(tile)
            if tile == win:
                closed = True
            elif tile - 1 == win or tile + 1 == win:
                edge = True
                if _open_wait(tile, win, counts):
                    open_wait = True
        else:
            pungs.append(tile)
            concealed_pungs += 1
        traits[trait[kind][tile]] += 1
    # 3.9.1.6 reading: a discard completing a pung makes that pung exposed, unless
    # the winning tile can be read as part of a concealed chow of this reading.
    if not ctx.self_drawn and not edge and not closed:
        for kind, tile in concealed:
            if kind == PUNG and tile == win:
                concealed_pungs -= 1
    # The pungs' own fans: the kongs and concealed pungs, All Pungs, Dragon Pung and fan 73.
    fans = ctx.fans
    if pungs:
        if concealed_pungs > 1 or melded_kongs or concealed_kongs:   # else none of these fans
            for n, c in _kong_fans(concealed_pungs, melded_kongs, concealed_kongs, ctx.green_book, fans):
                t[n] = c
        if len(pungs) == 4 and not t[F.FOUR_KONGS] and not t[F.FOUR_CONCEALED_PUNGS]:
            t[F.ALL_PUNGS] = 1
        for tile in pungs:
            if tile >= 35:
                t[F.DRAGON_PUNG] += 1
            elif tile > 30 or tile % 10 in (1, 9):
                t[F.PUNG_OF_TERMINALS_OR_HONORS] += 1
    # 2. The sets combined: a chow fan needs two chows, a pung fan two pungs; two chows and two
    # pungs score apart, and with three chows or three pungs the fourth set joins no fan of the others.
    n_chows = len(chows)
    if n_chows >= 2:
        pair_of_fives = pair_tile if n_chows == 4 and pair_tile % 10 == 5 and pair_tile < 30 else 0
        for n, c in S.chow_fans(chows, pair_of_fives, fans):
            t[n] = c
    if n_chows <= 2:
        for n, c in S.pung_fans(pungs, fans):
            t[n] = c
    # 3. How the sets were made: none claimed, all four claimed, or the winning tile drawn.
    exposed_melds = len(melds) - concealed_kongs   # melds claimed from others
    if exposed_melds == 0:
        t[F.FULLY_CONCEALED_HAND if ctx.self_drawn else F.CONCEALED_HAND] = 1
    elif exposed_melds == 4:
        t[F.SELF_DRAWN if ctx.self_drawn else F.MELDED_HAND] = 1
    elif ctx.self_drawn:
        t[F.SELF_DRAWN] = 1
    # 4. The pair.
    _by_pair(pair_tile, n_chows, t, fans)
    # 5. What every set and the pair share.
    traits[trait[PAIR][pair_tile]] += 1
    if traits[OUTSIDE] == 5:
        t[F.OUTSIDE_HAND] = 1
    elif traits[FIVE] == 5:
        t[F.ALL_FIVES] = 1
    elif traits[EVEN] == 5:
        t[F.ALL_EVEN_PUNGS] = 1
    if t[F.QUADRUPLE_CHOW]:
        # 14 一色四同顺：不计一色三节高、四归一、一般高分 / Quadruple Chow: Does not combine with Pure
        # Shifted Pungs, Tile Hog, or Pure Double Chow. (69 never forms beside it, set_fans.)
        t[F.TILE_HOG] = 0
    # 6. The wait: fans 77, 78, 79 on a one-tile wait, the first of Edge, Closed, Single the tile
    # fits (Sloperama #178: only one of them); a melded hand or four kongs wait on the pair alone.
    if ((edge or closed or pair_tile == win) and not open_wait and not t[F.MELDED_HAND]
            and not t[F.FOUR_KONGS] and unique_wait()):
        t[F.EDGE_WAIT if edge else F.CLOSED_WAIT if closed else F.SINGLE_WAIT] = 1
    # 7. The non-repeat principle; 8. the wind pungs; 9. Chicken Hand.
    H.remove_contained(t, ctx.green_book, fans)
    if not t[F.BIG_FOUR_WINDS]:
        for tile in pungs:
            if 31 <= tile <= 34:
                H.wind_pung(tile, ctx, t)
    if not any(t):
        t[F.CHICKEN_HAND] = 1  # fan 43: a hand that scores no fan at all
    return t


def _open_wait(chow: int, win: int, counts: list) -> bool:
    """Whether the winning tile, at an end of the concealed chow around ``chow``, completed a wait
    on both ends: the hand then waited on more than one tile and scores no wait fan (77-79).

    Without the winning tile the chow's other two tiles stand in a row (45 of 345 won on 3) and
    wait on both ends (3 and 6): the hand is as complete with the other end, every other set and
    the pair as they are. That is a second wait unless the other end runs off the suit (12 waits
    on 3 alone) or the hand holds its four copies (``counts``: the wall has none left). So the
    search for every wait (``unique_wait``) is not needed.
    """
    other_end = win + 3 if chow > win else win - 3
    return 0 < other_end % 10 and other_end // 10 == win // 10 and counts[other_end] < 4


def _by_pair(pair_tile: int, n_chows: int, t: list, fans: frozenset) -> None:
    """Fans 63 All Chows (suited pair), 10 and 9 (a dragon or wind pair completes them).

    10 小三元：不计双箭刻、箭刻分 / Little Three Dragons: Does not combine with Dragon Pung, or Two Dragons.
    9 小四喜：不计三风刻、幺九刻分 / Little Four Winds: does not combine with Big Three Winds, or Pung of
    Terminals or Honors. Their 54 and 38 are cleared here; 59 and 73 in ``hand_fans.remove_contained``.
    """
    if n_chows == 4:
        if pair_tile < 30:
            t[F.ALL_CHOWS] = 1
        return
    if t[F.TWO_DRAGON_PUNGS] and F.LITTLE_THREE_DRAGONS in fans:
        if pair_tile >= 35:
            t[F.LITTLE_THREE_DRAGONS] = 1
            t[F.TWO_DRAGON_PUNGS] = 0
        return
    if t[F.BIG_THREE_WINDS] and 31 <= pair_tile <= 34 and F.LITTLE_FOUR_WINDS in fans:
        t[F.LITTLE_FOUR_WINDS] = 1
        t[F.BIG_THREE_WINDS] = 0


def _special_flags(ctx: WinContext, t: list) -> None:
    H.by_win_flags(ctx, t)
    if (ctx.green_book or ctx.special_fully_concealed) and ctx.self_drawn:
        # 4, 6, 7, 19, 20, 34：（自摸加计不求人分）/ (Combines with Fully Concealed Hand if Self-Drawn.)
        # 000 fans 19, 6, 7, 4, 12, 20, 34 examples and 003: a self-drawn concealed
        # special hand scores Fully Concealed Hand (READINGS.md R1)
        t[F.FULLY_CONCEALED_HAND] = 1
        t[F.SELF_DRAWN] = 0


def score_seven_pairs(counts: list, unique: frozenset, ctx: WinContext) -> list:
    t = [0] * F.TABLE_SIZE
    t[F.SEVEN_PAIRS] = 1
    H.by_tiles(H.tile_mask(counts), t, ctx.fans)
    H.keep_rule_set_fans(t, ctx.fans)
    t[F.TILE_HOG] = counts.count(4)  # fan 64: four of a kind in seven pairs
    if ctx.green_book and (t[F.ALL_TERMINALS] or t[F.ALL_GREEN]):
        # Tianjin 2006 / 003 fan 3: these hands must hold four of a kind (READINGS R6)
        t[F.TILE_HOG] = 0
    _special_flags(ctx, t)
    H.remove_contained(t, ctx.green_book, ctx.fans)
    return t


def score_seven_shifted_pairs(unique: frozenset, ctx: WinContext) -> list:
    t = [0] * F.TABLE_SIZE
    t[F.SEVEN_SHIFTED_PAIRS] = 1
    if all(x % 10 not in (1, 9) for x in unique):
        t[F.ALL_SIMPLES] = 1
    _special_flags(ctx, t)
    return t


def score_single_fan(fan: int, ctx: WinContext, extra: tuple = ()) -> list:
    t = [0] * F.TABLE_SIZE
    t[fan] = 1
    for e in extra:
        t[e] = 1
    _special_flags(ctx, t)
    return t


def score_nine_gates(win_rank: int, ctx: WinContext) -> list:
    """Fan 4 plus what the extra tile adds (examples of fan 4: 清龙、四归一 on 1 or 9)."""
    t = [0] * F.TABLE_SIZE
    t[F.NINE_GATES] = 1
    if win_rank in (1, 9):
        t[F.PURE_STRAIGHT] = t[F.TILE_HOG] = 1
    else:
        if win_rank in (2, 5, 8):
            t[F.TWO_CONCEALED_PUNGS] = 1
            if not ctx.green_book:
                # fan 4 excludes fan 73 in the rulebook (READINGS.md R4)
                t[F.PUNG_OF_TERMINALS_OR_HONORS] = 1
        if win_rank in (2, 3, 4, 6, 7, 8):
            t[F.SHORT_STRAIGHT] = 1
    _special_flags(ctx, t)
    return t


def score_knitted_straight(seq: tuple, rest: tuple, fixed: tuple, reading: tuple, counts: list,
                           ctx: WinContext, unique_wait) -> list:
    """Fan 35 Knitted Straight with one more set and a pair (3.7.2).

    The knitted tiles count as chows for All Chows (fan 35 example 2: 平和).
    ``unique_wait`` is a callable giving the one-tile wait of the set and pair.
    """
    t = [0] * F.TABLE_SIZE
    sets, pair_tile = reading
    if fixed:
        kind, tile, exposed = fixed[0]
    else:
        (kind, tile), exposed = sets[0], False
    t[F.KNITTED_STRAIGHT] = 1
    if kind == CHOW:
        if pair_tile < 30:
            t[F.ALL_CHOWS] = 1
        if counts[pair_tile] == 4:
            t[F.TILE_HOG] = 1
    elif tile > 30:
        if tile <= 34:
            t[F.PUNG_OF_TERMINALS_OR_HONORS] = 1
            H.wind_pung(tile, ctx, t)
            if pair_tile >= 35:
                t[F.ALL_TYPES] = 1
        else:
            t[F.DRAGON_PUNG] = 1
            if 31 <= pair_tile <= 34:
                t[F.ALL_TYPES] = 1
    else:
        if tile % 10 in (1, 9):
            t[F.PUNG_OF_TERMINALS_OR_HONORS] = 1
        if pair_tile < 30:
            t[F.NO_HONORS] = 1
        if kind != KONG and counts[tile] == 4:
            t[F.TILE_HOG] = 1
    H.by_win_flags(ctx, t)
    if exposed:
        if kind == KONG:
            t[F.MELDED_KONG] = 1
    else:
        if kind == KONG:
            t[F.CONCEALED_KONG] = 1
        if ctx.self_drawn:
            t[F.FULLY_CONCEALED_HAND] = 1
            t[F.SELF_DRAWN] = 0
        else:
            t[F.CONCEALED_HAND] = 1
    # a winning tile that belongs to the knitted straight gives no wait fan (Tianjin
    # 2006); one that completes the other set or the pair is judged as usual
    if ctx.win_tile in rest:
        if not fixed:
            if unique_wait():
                H.by_wait(list(sets) + [(PAIR, pair_tile)], ctx.win_tile, t)
        else:
            t[F.SINGLE_WAIT] = 1
    H.remove_contained(t, ctx.green_book, ctx.fans)
    return t
