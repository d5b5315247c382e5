"""The catalogue of the 81 MCR fans (rulebook 3.8.1) and their exclusions.

Numbers, points and names come from /work/shared/rules/fan_table.csv. ``STATED_EXCLUSIONS``
is that file's ``excludes`` column: what Appendix 1 says a fan does not combine with.
``IMPLIED_EXCLUSIONS`` adds the fans that a fan always contains (non-repeat principle,
3.9.1.6) as the Appendix 1 examples and the 003 encyclopedia lists show them
(fan_table_notes.md sections 4 and 5).  Both are used by ``check_declared``.
"""
from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Fan:
    number: int
    points: int
    name_en: str
    name_zh: str
    name_ja: str

    def __str__(self) -> str:
        return f"{self.number} {self.name_en} ({self.points})"


_ROWS = (
    (1, 88, 'Big Four Winds', '大四喜', '大四喜', (38, 49, 60, 61, 73)),
    (2, 88, 'Big Three Dragons', '大三元', '大三元', (54, 59)),
    (3, 88, 'All Green', '绿一色', '緑一色', ()),
    (4, 88, 'Nine Gates', '九莲宝灯', '九蓮宝燈', (22, 62, 73)),
    (5, 88, 'Four Kongs', '四杠', '四槓', (79,)),
    (6, 88, 'Seven Shifted Pairs', '连七对', '連七対', (22, 62, 79)),
    (7, 88, 'Thirteen Orphans', '十三幺', '十三幺', (52, 62, 79)),
    (8, 64, 'All Terminals', '清幺九', '清幺九', (49, 55, 73, 76)),
    (9, 64, 'Little Four Winds', '小四喜', '小四喜', (38, 73)),
    (10, 64, 'Little Three Dragons', '小三元', '小三元', (54, 59)),
    (11, 64, 'All Honors', '字一色', '字一色', (49, 55, 73)),
    (12, 64, 'Four Concealed Pungs', '四暗刻', '四暗刻', (49, 62)),
    (13, 64, 'Pure Terminal Chows', '一色双龙会', '一色双龍会', (19, 22, 63, 69, 72, 76)),
    (14, 48, 'Quadruple Chow', '一色四同顺', '一色四同順', (24, 64, 69)),
    (15, 48, 'Four Pure Shifted Pungs', '一色四节高', '一色四節高', (23, 49)),
    (16, 32, 'Four Pure Shifted Chows', '一色四步高', '一色四歩高', (71, 72)),
    (17, 32, 'Three Kongs', '三杠', '三槓', ()),
    (18, 32, 'All Terminals and Honors', '混幺九', '混幺九', (49, 55, 73)),
    (19, 24, 'Seven Pairs', '七对', '七対', (62, 79)),
    (20, 24, 'Greater Honors and Knitted Tiles', '七星不靠', '七星不靠', (52, 62)),
    (21, 24, 'All Even Pungs', '全双刻', '全双刻', (49, 68)),
    (22, 24, 'Full Flush', '清一色', '清一色', (76,)),
    (23, 24, 'Pure Triple Chow', '一色三同顺', '一色三同順', (24, 69)),
    (24, 24, 'Pure Shifted Pungs', '一色三节高', '一色三節高', (23,)),
    (25, 24, 'Upper Tiles', '全大', '全大', (76,)),
    (26, 24, 'Middle Tiles', '全中', '全中', (68, 76)),
    (27, 24, 'Lower Tiles', '全小', '全小', (76,)),
    (28, 16, 'Pure Straight', '清龙', '清龍', ()),
    (29, 16, 'Three-Suited Terminal Chows', '三色双龙会', '三色双龍会', (63, 70, 72, 76)),
    (30, 16, 'Pure Shifted Chows', '一色三步高', '一色三歩高', ()),
    (31, 16, 'All Fives', '全带五', '全帯五', (68,)),
    (32, 16, 'Triple Pung', '三同刻', '三同刻', ()),
    (33, 16, 'Three Concealed Pungs', '三暗刻', '三暗刻', ()),
    (34, 12, 'Lesser Honors and Knitted Tiles', '全不靠', '全不靠', (52, 62)),
    (35, 12, 'Knitted Straight', '组合龙', '組合龍', ()),
    (36, 12, 'Upper Four', '大于五', '大于五', (76,)),
    (37, 12, 'Lower Four', '小于五', '小于五', (76,)),
    (38, 12, 'Big Three Winds', '三风刻', '三風刻', ()),
    (39, 8, 'Mixed Straight', '花龙', '花龍', ()),
    (40, 8, 'Reversible Tiles', '推不倒', '推不倒', (75,)),
    (41, 8, 'Mixed Triple Chow', '三色三同顺', '三色三同順', ()),
    (42, 8, 'Mixed Shifted Pungs', '三色三节高', '三色三節高', ()),
    (43, 8, 'Chicken Hand', '无番和', '無番和', ()),
    (44, 8, 'Last Tile Draw', '妙手回春', '妙手回春', (80,)),
    (45, 8, 'Last Tile Claim', '海底捞月', '海底撈月', ()),
    (46, 8, 'Out with Replacement Tile', '杠上开花', '槓上開花', (80,)),
    (47, 8, 'Robbing The Kong', '抢杠和', '搶槓和', (58,)),
    (48, 8, 'Two Concealed Kongs', '双暗杠', '双暗槓', ()),
    (49, 6, 'All Pungs', '碰碰和', '碰碰和', ()),
    (50, 6, 'Half Flush', '混一色', '混一色', ()),
    (51, 6, 'Mixed Shifted Chows', '三色三步高', '三色三歩高', ()),
    (52, 6, 'All Types', '五门齐', '五門斉', ()),
    (53, 6, 'Melded Hand', '全求人', '全求人', (79,)),
    (54, 6, 'Two Dragons Pungs', '双箭刻', '双箭刻', (59,)),
    (55, 4, 'Outside Hand', '全带幺', '全帯幺', ()),
    (56, 4, 'Fully Concealed Hand', '不求人', '不求人', ()),
    (57, 4, 'Two Melded Kongs', '双明杠', '双明槓', ()),
    (58, 4, 'Last Tile', '和绝张', '和絶張', ()),
    (59, 2, 'Dragon Pung', '箭刻', '箭刻', ()),
    (60, 2, 'Prevalent Wind', '圈风刻', '圏風刻', ()),
    (61, 2, 'Seat Wind', '门风刻', '門風刻', ()),
    (62, 2, 'Concealed Hand', '门前清', '門前清', ()),
    (63, 2, 'All Chows', '平和', '平和', (76,)),
    (64, 2, 'Tile Hog', '四归一', '四帰一', ()),
    (65, 2, 'Double Pung', '双同刻', '双同刻', ()),
    (66, 2, 'Two Concealed Pungs', '双暗刻', '双暗刻', ()),
    (67, 2, 'Concealed Kong', '暗杠', '暗槓', ()),
    (68, 2, 'All Simples', '断幺', '断幺', ()),
    (69, 1, 'Pure Double Chow', '一般高', '一般高', ()),
    (70, 1, 'Mixed Double Chow', '喜相逢', '喜相逢', ()),
    (71, 1, 'Short Straight', '连六', '連六', ()),
    (72, 1, 'Two Terminal Chows', '老少副', '老少副', ()),
    (73, 1, 'Pung of Terminals or Honors', '幺九刻', '幺九刻', ()),
    (74, 1, 'Melded Kong', '明杠', '明槓', ()),
    (75, 1, 'One Voided Suit', '缺一门', '缺一門', ()),
    (76, 1, 'No Honors', '无字', '無字', ()),
    (77, 1, 'Edge Wait', '边张', '辺張', ()),
    (78, 1, 'Closed Wait', '坎张', '坎張', ()),
    (79, 1, 'Single Wait', '单调将', '単調将', ()),
    (80, 1, 'Self-Drawn', '自摸', '自摸', ()),
    (81, 1, 'Flower Tiles', '花牌', '花牌', ()),
)

FANS: tuple[Fan, ...] = tuple(Fan(n, p, en, zh, ja) for n, p, en, zh, ja, _ in _ROWS)
FAN_BY_NUMBER: dict[int, Fan] = {fan.number: fan for fan in FANS}
STATED_EXCLUSIONS: dict[int, frozenset[int]] = {n: frozenset(ex) for n, _, _, _, _, ex in _ROWS}

# Fans that are always present inside another one (non-repeat principle), taken from
# the Appendix 1 examples (fan_table_notes.md section 4) and 003's lists (section 5).
IMPLIED_EXCLUSIONS: dict[int, frozenset[int]] = {
    4: frozenset({76}),
    5: frozenset({17, 49, 57, 74}),
    6: frozenset({19, 63, 69, 71, 76}),
    8: frozenset({18}),
    11: frozenset({18}),
    12: frozenset({33, 66}),
    14: frozenset({19, 23}),
    15: frozenset({24, 69}),
    16: frozenset({30}),
    17: frozenset({57, 74}),
    20: frozenset({34}),
    24: frozenset({69}),
    25: frozenset({36}),
    27: frozenset({37}),
    31: frozenset({76}),
    32: frozenset({65}),
    33: frozenset({66}),
    48: frozenset({66, 67}),
    56: frozenset({80}),
    57: frozenset({74}),
    68: frozenset({76}),
}

EXCLUSIONS: dict[int, frozenset[int]] = {
    n: STATED_EXCLUSIONS[n] | IMPLIED_EXCLUSIONS.get(n, frozenset()) for n in FAN_BY_NUMBER
}

# Fans that one hand can score more than once (3.9.1.6 account-once lets a set pair up
# again; Appendix 1 no. 8 example: Double Pung x2; nos. 37/55: Mixed Double Chow x2).
REPEATABLE = frozenset({64, 65, 69, 70, 71, 72, 73, 81})
MAX_REPEATS = {64: 4, 65: 2, 69: 2, 70: 2, 71: 2, 72: 2, 73: 4, 81: 8}

MINIMUM_POINTS = 8  # 3.9.1.1: a win needs 8 points, flowers not counted

# Named numbers used by the counting code.
BIG_FOUR_WINDS, BIG_THREE_DRAGONS, ALL_GREEN, NINE_GATES, FOUR_KONGS = 1, 2, 3, 4, 5
SEVEN_SHIFTED_PAIRS, THIRTEEN_ORPHANS, ALL_TERMINALS, LITTLE_FOUR_WINDS = 6, 7, 8, 9
LITTLE_THREE_DRAGONS, ALL_HONORS, FOUR_CONCEALED_PUNGS, PURE_TERMINAL_CHOWS = 10, 11, 12, 13
QUADRUPLE_CHOW, FOUR_PURE_SHIFTED_PUNGS, FOUR_PURE_SHIFTED_CHOWS, THREE_KONGS = 14, 15, 16, 17
ALL_TERMINALS_AND_HONORS, SEVEN_PAIRS, GREATER_HONORS_AND_KNITTED = 18, 19, 20
ALL_EVEN_PUNGS, FULL_FLUSH, PURE_TRIPLE_CHOW, PURE_SHIFTED_PUNGS = 21, 22, 23, 24
UPPER_TILES, MIDDLE_TILES, LOWER_TILES, PURE_STRAIGHT = 25, 26, 27, 28
THREE_SUITED_TERMINAL_CHOWS, PURE_SHIFTED_CHOWS, ALL_FIVES, TRIPLE_PUNG = 29, 30, 31, 32
THREE_CONCEALED_PUNGS, LESSER_HONORS_AND_KNITTED, KNITTED_STRAIGHT = 33, 34, 35
UPPER_FOUR, LOWER_FOUR, BIG_THREE_WINDS, MIXED_STRAIGHT, REVERSIBLE_TILES = 36, 37, 38, 39, 40
MIXED_TRIPLE_CHOW, MIXED_SHIFTED_PUNGS, CHICKEN_HAND, LAST_TILE_DRAW = 41, 42, 43, 44
LAST_TILE_CLAIM, OUT_WITH_REPLACEMENT_TILE, ROBBING_THE_KONG, TWO_CONCEALED_KONGS = 45, 46, 47, 48
ALL_PUNGS, HALF_FLUSH, MIXED_SHIFTED_CHOWS, ALL_TYPES, MELDED_HAND = 49, 50, 51, 52, 53
TWO_DRAGON_PUNGS, OUTSIDE_HAND, FULLY_CONCEALED_HAND, TWO_MELDED_KONGS = 54, 55, 56, 57
LAST_TILE, DRAGON_PUNG, PREVALENT_WIND, SEAT_WIND, CONCEALED_HAND = 58, 59, 60, 61, 62
ALL_CHOWS, TILE_HOG, DOUBLE_PUNG, TWO_CONCEALED_PUNGS, CONCEALED_KONG = 63, 64, 65, 66, 67
ALL_SIMPLES, PURE_DOUBLE_CHOW, MIXED_DOUBLE_CHOW, SHORT_STRAIGHT = 68, 69, 70, 71
TWO_TERMINAL_CHOWS, PUNG_OF_TERMINALS_OR_HONORS, MELDED_KONG = 72, 73, 74
ONE_VOIDED_SUIT, NO_HONORS, EDGE_WAIT, CLOSED_WAIT, SINGLE_WAIT = 75, 76, 77, 78, 79
SELF_DRAWN, FLOWER_TILES = 80, 81

# Common practice (the profile "common_practice") values one melded plus one concealed
# kong at 5 points as a single item; it is reported under number 57, the kong-pair fan
# whose Green Book reading it replaces (57 + 67 = 6).  Slot 82 of a fan table holds it.
MIXED_KONGS_SLOT = 82
MIXED_KONGS_FAN = Fan(57, 5, "Concealed Kong and Melded Kong", "明暗杠", "明暗槓")
TABLE_SIZE = 83
SLOTS = tuple(range(TABLE_SIZE))  # the slots of a fan table, for itertools.compress over it
