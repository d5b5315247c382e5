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
            # 22 清一色：不计无字分 / Full Flush: Does not combine with No Honors.
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
        # 44 妙手回春：不计自摸分 / 46 杠上开花：不计自摸 (Last Tile Draw, Out with Replacement Tile)
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
            # 47 抢杠和：不计和绝张分 / Robbing The Kong: The points for Last Tile may not be combined.
            table[F.LAST_TILE] = 0


def keep_rule_set_fans(table: list, fans: frozenset) -> None:
    """Clear the fans the rule set does not have: they score nothing and exclude nothing."""
    if len(fans) == F.TABLE_SIZE - 1:
        return  # every slot: the full rules
    for n in compress(F.SLOTS, table):
        if n not in fans:
            table[n] = 0


def remove_contained(table: list, green_book: bool, fans: frozenset = frozenset(range(1, F.TABLE_SIZE))) -> None:
    """Non-repeat principle (3.9.1.6): drop the fans that a scored fan always contains.

    Each rule is preceded by the line of 000 Appendix 1 (附件一) it applies, the Chinese then the
    English, or by the example or reading it follows where Appendix 1 states nothing. Fans outside
    the rule set are cleared first, so a fan the rule set lacks (All Simples, All Chows...) does not
    take away one it has (No Honors). ``test_principles`` holds the outcome to ``fans.EXCLUSIONS``.

    The other exclusions are applied where their fans are made:

    - ``set_fans``: three or four sets that form a fan form none of the lesser fans inside it
      (non-separation: 14 not 23, 69; 16 not 30, 71, 72; 13 and 29 not 69, 70, 72; 15 not 24...);
    - ``counting._kong_fans``: the kong and concealed-pung fans (5 not 17, 57, 74; 17 not 57, 74;
      48 not 66, 67; 12 and 33 not 66; 12 not 33);
    - ``counting.score_standard``: 5 and 12 not 49 (All Pungs is scored only without them), 14 not
      64, and no wait fan (77-79) asked of a Melded Hand (53) or Four Kongs (5);
    - ``counting._by_pair``: 9 not 38, 10 not 54 (the pair turns the lesser fan into the greater);
    - the special hands' ``counting.score_*``: only the fans each combines with (4 and 6 not 22;
      7, 20, 34 not 52; none of them 62 or 79), and ``_special_flags``: 56, not 80, self-drawn;
    - ``by_tiles``: 22 not 76; one trait fan of the tiles (8 and 11 not 18, 25 not 36, 27 not 37);
    - ``by_win_flags``: 44 and 46 not 80, 47 not 58;
    - ``wind_pung``: 60 and 61 not 73, and neither under 1 (``counting.score_standard``).
    """
    keep_rule_set_fans(table, fans)
    t = table
    if any(_GREAT_SLOTS(t)):   # most hands score none of these fans: their rules are skipped
        _great_fans_contain(t, green_book)
    # 25 全大、27 全小、36 大于五、37 小于五：不计无字分
    #    Upper Tiles, Lower Tiles, Upper Four, Lower Four: Does not combine with No Honors.
    if t[F.UPPER_TILES] or t[F.LOWER_TILES] or t[F.UPPER_FOUR] or t[F.LOWER_FOUR]:
        t[F.NO_HONORS] = 0
    # 40 推不倒：不计缺一门分 / Reversible Tiles: Does not combine with One Voided Suit.
    if t[F.REVERSIBLE_TILES]:
        t[F.ONE_VOIDED_SUIT] = 0
    # 44 妙手回春：不计自摸分 / Last Tile Draw: Points for Self-Drawn may not be combined.
    # 46 杠上开花：不计自摸 / Out with Replacement Tile: doesn't combine with Self-Drawn.
    # 56 不求人 contains 80 自摸: its examples, and those of 19, 20, 33, 34, never add 自摸
    if t[F.LAST_TILE_DRAW] or t[F.OUT_WITH_REPLACEMENT_TILE] or t[F.FULLY_CONCEALED_HAND]:
        t[F.SELF_DRAWN] = 0
    # 53 全求人：不计单调将分 / Melded Hand: Does not combine with Single Wait.
    if t[F.MELDED_HAND]:
        t[F.SINGLE_WAIT] = 0
    # 54 双箭刻：不计箭刻分 (the Chinese text alone) / Two Dragon Pungs: not Dragon Pung.
    if t[F.TWO_DRAGON_PUNGS]:
        # the two pungs of fan 54 do not also score 59; a third dragon pung (a rule set
        # without fan 2, READINGS.md E5) still scores its own
        t[F.DRAGON_PUNG] = max(t[F.DRAGON_PUNG] - 2, 0)
    # 63 平和：不计无字分 / All Chows: No Honors is implied.
    # 68 断幺 contains 76 无字: the examples of 68, 17, 32, 42, 53 and 65 score 断幺 without 无字
    if t[F.ALL_CHOWS] or t[F.ALL_SIMPLES]:
        t[F.NO_HONORS] = 0


# The fans whose rules ``_great_fans_contain`` applies. A rule only clears slots (or lowers fan 73),
# never sets one of these, so a hand that scores none of them at the start meets none of their rules.
_GREAT = (F.BIG_FOUR_WINDS, F.BIG_THREE_DRAGONS, F.ALL_GREEN, F.FOUR_KONGS, F.ALL_TERMINALS,
          F.LITTLE_FOUR_WINDS, F.LITTLE_THREE_DRAGONS, F.ALL_HONORS, F.FOUR_CONCEALED_PUNGS,
          F.PURE_TERMINAL_CHOWS, F.FOUR_PURE_SHIFTED_PUNGS, F.ALL_TERMINALS_AND_HONORS, F.ALL_EVEN_PUNGS,
          F.MIDDLE_TILES, F.THREE_SUITED_TERMINAL_CHOWS, F.ALL_FIVES, F.BIG_THREE_WINDS)
_GREAT_SLOTS = itemgetter(*_GREAT)


def _great_fans_contain(t: list, green_book: bool) -> None:
    """The rules of ``remove_contained`` for the fans in ``_GREAT``, the ones few hands score."""
    # 1 大四喜：不计三风刻、碰碰和、圈风刻、门风刻、幺九刻分
    #   Big Four Winds: Does not combine with Big Three Winds, All Pungs, Prevalent Wind, Seat Wind,
    #   or Pung of Terminals or Honors. (38 never forms beside it, set_fans; 60, 61 are not scored
    #   under it, counting.score_standard.)
    if t[F.BIG_FOUR_WINDS]:
        t[F.ALL_PUNGS] = t[F.PUNG_OF_TERMINALS_OR_HONORS] = 0
    # 2 大三元：不计双箭刻、箭刻分 / Big Three Dragons: Does not combine with Two Dragons or Dragon Pung.
    #   (54 never forms beside it, set_fans.)
    if t[F.BIG_THREE_DRAGONS]:
        t[F.DRAGON_PUNG] = 0
    # 3 绿一色：可加计清一色、混一色分 / All Green: Combined with Full Flush and Half Flush.
    #   No exclusion stated; 75 as the anchor engine (a green hand holds one suit at most).
    if t[F.ALL_GREEN]:
        t[F.ONE_VOIDED_SUIT] = 0
        if not green_book:
            # common practice drops Half Flush; the Green Book's fan 3 says 可加计清一色、混一色分
            # and its examples 1 and 3 score 混一色 (READINGS.md R7)
            t[F.HALF_FLUSH] = 0
    # 5 四杠：不计单调将分 / Four Kongs: Does not combine with Single Wait.
    if t[F.FOUR_KONGS]:
        t[F.SINGLE_WAIT] = 0
    # 8 清幺九：不计碰碰和、全带幺、幺九刻、无字分
    #   All Terminals: Does not combine with All Pungs, Outside Hand, Pung of Terminals or Honors and
    #   No Honors.
    if t[F.ALL_TERMINALS]:
        t[F.ALL_PUNGS] = t[F.OUTSIDE_HAND] = t[F.PUNG_OF_TERMINALS_OR_HONORS] = t[F.NO_HONORS] = 0
        if not green_book:
            # common practice drops Double Pung; the Green Book's example for fan 8
            # scores Double Pung twice (READINGS.md R3)
            t[F.DOUBLE_PUNG] = 0
    # 9 小四喜：不计三风刻、幺九刻分
    #   Little Four Winds: does not combine with Big Three Winds, or Pung of Terminals or Honors.
    #   (38 is cleared where 9 is made, counting._by_pair.)
    if t[F.LITTLE_FOUR_WINDS]:
        t[F.PUNG_OF_TERMINALS_OR_HONORS] = 0
    # 10 小三元：不计双箭刻、箭刻分 / Little Three Dragons: Does not combine with Dragon Pung, or Two Dragons.
    #   (54 is cleared where 10 is made, counting._by_pair.)
    if t[F.LITTLE_THREE_DRAGONS]:
        t[F.DRAGON_PUNG] = 0
    # 11 字一色：不计碰碰和、全带幺、幺九刻分
    #   All Honors: Does not combine with All Pungs, Outside Hand, and Pung of Terminals or Honors.
    #   75 as the anchor engine (a hand of honors holds no suit).
    if t[F.ALL_HONORS]:
        t[F.ALL_PUNGS] = t[F.OUTSIDE_HAND] = t[F.PUNG_OF_TERMINALS_OR_HONORS] = t[F.ONE_VOIDED_SUIT] = 0
    # 12 四暗刻：（自摸加计不求人分）/ Four Concealed Pungs: Does not combine with All Pungs or
    #   Concealed Hand. Does combine with Fully Concealed Hand if Self-Drawn.
    if t[F.FOUR_CONCEALED_PUNGS]:
        t[F.ALL_PUNGS] = t[F.CONCEALED_HAND] = 0
        if t[F.FULLY_CONCEALED_HAND] and not green_book:
            # common practice scores Self-Drawn here; the Green Book text of fan 12
            # says 自摸加计不求人分 (READINGS.md R1)
            t[F.FULLY_CONCEALED_HAND] = 0
            t[F.SELF_DRAWN] = 1
    # 13 一色双龙会：不计七对、清一色、平和、无字、一般高、老少副分
    #   Pure Terminal Chows: Does not combine with Seven Pairs, Full Flush, All Chows, Pure Double
    #   Chow, or Two Terminal Chows. (69, 72 never form beside it, set_fans.)
    if t[F.PURE_TERMINAL_CHOWS]:
        t[F.FULL_FLUSH] = t[F.ALL_CHOWS] = t[F.NO_HONORS] = 0
    # 15 一色四节高：不计一色三同顺、碰碰和分
    #   Four Pure Shifted Pungs: Does not combine with Pure Triple Chow or All Pungs.
    if t[F.FOUR_PURE_SHIFTED_PUNGS]:
        t[F.ALL_PUNGS] = 0
    # 18 混幺九：不计碰碰和、全带幺、幺九刻分
    #   All Terminals and Honors: Does not combine with All Pungs, Outside Hand, and Pung of
    #   Terminals or Honors.
    if t[F.ALL_TERMINALS_AND_HONORS]:
        t[F.ALL_PUNGS] = t[F.OUTSIDE_HAND] = t[F.PUNG_OF_TERMINALS_OR_HONORS] = 0
    # 21 全双刻：不计碰碰和、断幺分 / All Even Pungs: Does not combine with All Pungs or All Simples.
    #   76 as under All Simples.
    if t[F.ALL_EVEN_PUNGS]:
        t[F.ALL_PUNGS] = t[F.ALL_SIMPLES] = t[F.NO_HONORS] = 0
    # 26 全中：不计断幺分 / Middle Tiles: Does not combine with All Simples. (J: 無字 too.)
    if t[F.MIDDLE_TILES]:
        t[F.ALL_SIMPLES] = t[F.NO_HONORS] = 0
    # 29 三色双龙会：不计平和、无字、喜相逢、老少副分
    #   Three-Suited Terminal Chows: Doesn't combine with Mixed Double Chow, Two Terminal Chows,
    #   No Honors, or All Chows. (70, 72 never form beside it, set_fans.)
    if t[F.THREE_SUITED_TERMINAL_CHOWS]:
        t[F.ALL_CHOWS] = t[F.NO_HONORS] = 0
    # 31 全带五：不计断幺分 / All Fives: Does not combine with All Simples. 76 as under All Simples.
    if t[F.ALL_FIVES]:
        t[F.ALL_SIMPLES] = t[F.NO_HONORS] = 0
    # 38 三风刻: no exclusion stated; its examples score no 幺九刻 for the three wind pungs
    #   (fan_table_notes.md 4.3), unless a fan above already took 73 away.
    if t[F.BIG_THREE_WINDS] and not t[F.ALL_HONORS] and not t[F.ALL_TERMINALS_AND_HONORS]:
        t[F.PUNG_OF_TERMINALS_OR_HONORS] -= 3


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
