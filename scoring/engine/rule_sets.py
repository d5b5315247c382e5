"""Rule sets: the full MCR rules (3.8, 81 fans) and the WMO elementary rules (2014, 30 fans).

A rule set is data: the fans it has, the minimum a win needs (flowers not counted), the base
each payer adds (3.9.1.2 底分), the exclusions ``check_declared`` applies and how often a fan can
repeat. The counting code asks only whether a fan exists in the rule set: a fan the rule set
does not have contains nothing and excludes nothing, so the fans it would have swallowed score
on their own (3.9.1.6 read without it; scoring/READINGS.md, "The elementary rules").

The reading profile (``green_book`` / ``common_practice``) is a separate choice: it settles the
places where the rulebook's texts disagree, under either rule set.
"""
from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property

from . import fans as F
from .errors import HandError


@dataclass(frozen=True)
class RuleSet:
    """One rule set; its derived sets (``counting_fans``, ``shapes``) are worked out once, not per hand."""

    name: str
    fans: frozenset            # fan numbers this rule set scores (81 = flowers)
    minimum: int               # points a win needs, flowers not counted
    base: int                  # 底分 each payer adds (3.9.1.2); 0 = none
    exclusions: dict           # fan -> fans it does not combine with (check_declared)
    max_repeats: dict          # fan -> most times one hand scores it
    special_self_drawn_fully_concealed: bool  # self-drawn Seven Pairs / knitted hands score fan 56 in every profile

    def has(self, fan: int) -> bool:
        return fan in self.fans

    @cached_property
    def counting_fans(self) -> frozenset:
        """The fan-table slots the counting code may fill (slot 82: common practice's kong pair)."""
        if F.TWO_MELDED_KONGS in self.fans:
            return self.fans | {F.MIXED_KONGS_SLOT}
        return self.fans

    @cached_property
    def restricted(self) -> bool:
        """Whether the rule set lacks some of the 81 fans (its counted tables are filtered)."""
        return len(self.fans) < len(F.FAN_BY_NUMBER)

    @cached_property
    def shapes(self) -> frozenset:
        """The winning shapes (3.7.2) this rule set recognises, from the fans that name them.

        Four sets and a pair always; Seven Pairs with fan 19 (or 6); the honors-and-knitted
        hands with fan 34 (or 20); Thirteen Orphans with fan 7; the knitted straight as a
        shape with fan 35.
        """
        out = {"standard"}
        if self.fans & {F.SEVEN_PAIRS, F.SEVEN_SHIFTED_PAIRS}:
            out.add("seven_pairs")
        if self.fans & {F.LESSER_HONORS_AND_KNITTED, F.GREATER_HONORS_AND_KNITTED}:
            out.add("honors_knitted")
        if F.THIRTEEN_ORPHANS in self.fans:
            out.add("thirteen_orphans")
        if F.KNITTED_STRAIGHT in self.fans:
            out.add("knitted_straight")
        return frozenset(out)


FULL = RuleSet(
    name="full",
    fans=frozenset(F.FAN_BY_NUMBER),
    minimum=F.MINIMUM_POINTS,        # 3.9.1.1: 8 points
    base=8,                          # 3.9.1.2 底分 8
    exclusions=F.EXCLUSIONS,
    max_repeats=F.MAX_REPEATS,
    special_self_drawn_fully_concealed=False,  # follows the profile (READINGS.md R1)
)

# 003 「国際麻雀初級競技規則」 採用役一覧表: the 30 fans, numbered as in the full rules.
ELEMENTARY_FANS = frozenset({
    19, 22, 28, 30, 31, 34, 36, 37, 38, 39, 41, 46, 47, 49, 50, 51, 52, 54, 56, 58,
    59, 62, 64, 65, 66, 67, 74, 75, 76, 81,
})

# Every exclusion among the 30 fans, each with its source (READINGS.md, "The elementary rules").
# 003 states each of these fan by fan; the full rules' other exclusions name fans the elementary
# rules do not have (79, 80, 68), and 3.9.1.6 derives no new one (READINGS.md E3).
ELEMENTARY_EXCLUSIONS = {n: frozenset() for n in ELEMENTARY_FANS}
ELEMENTARY_EXCLUSIONS.update({
    19: frozenset({62}),      # 003 七対: 門前清は複合しない (ツモアガリでは不求人が複合する)
    22: frozenset({76}),      # 003 清一色: 無字は複合しない
    31: frozenset({76}),      # 003 全帯五: 無字は複合しない
    34: frozenset({52, 62}),  # 003 全不靠: 五門斉・門前清は複合しない
    36: frozenset({76}),      # 003 大于五: 無字は複合しない
    37: frozenset({76}),      # 003 小于五: 無字は複合しない
    47: frozenset({58}),      # 003 搶槓和: 和絶張は複合しない
    54: frozenset({59}),      # 003 双箭刻: 箭刻は複合しない (the two pungs of fan 54)
})

ELEMENTARY = RuleSet(
    name="elementary",
    fans=ELEMENTARY_FANS,
    minimum=6,                       # 003: 6点以上の手でなければアガれない (花牌は含まれず)
    base=0,                          # 003: 底点がなく
    exclusions=ELEMENTARY_EXCLUSIONS,
    # without 48/57/17/5 each kong scores its own fan; without 33/12 four concealed pungs are two
    # pairs of fan 66 (3.9.1.6 (3) and (5); READINGS.md E4)
    max_repeats={64: 4, 65: 2, 66: 2, 67: 4, 74: 4, 81: 8},
    special_self_drawn_fully_concealed=True,  # 003 七対・全不靠: ツモアガリでは不求人が複合する
)

RULE_SETS = {FULL.name: FULL, ELEMENTARY.name: ELEMENTARY}
RULE_SET_NAMES = tuple(RULE_SETS)


def get_rule_set(name) -> RuleSet:
    """The rule set called ``name`` ("full" or "elementary"); a coded HandError otherwise."""
    if isinstance(name, RuleSet):
        return name
    try:
        return RULE_SETS[name]
    except (KeyError, TypeError):
        raise HandError("context", "rule_set", value=name) from None
