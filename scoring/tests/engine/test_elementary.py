"""The WMO elementary competition rules (国际麻将初级竞赛规则, 2014; 003 「国際麻雀初級競技規則」).

30 fans of the full rules with their points, a minimum of 6 (flowers not counted), no base
points, and the exclusions 003 states fan by fan (scoring/READINGS.md, "The elementary rules").
"""
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scoring.engine import ELEMENTARY, FULL, HandError, check_declared, check_declared_tiles, evaluate, settle, waits
from scoring.engine import fans as F
from scoring.engine.rule_sets import ELEMENTARY_FANS
from scoring.engine_testing.generator import generate

# 003 採用役一覧表, in its order (1-30), as full-rule numbers
TABLE_003 = (19, 22, 28, 30, 31, 34, 36, 37, 38, 39, 41, 46, 47, 49, 50, 51, 52, 54, 56, 58,
             59, 62, 64, 65, 66, 67, 74, 75, 76, 81)


def elem(hand, **kwargs):
    return evaluate(hand, rule_set="elementary", **kwargs)


def counts(ev):
    return {hit.fan.number: hit.count for hit in ev.fans}


def test_003_the_thirty_fans_and_their_points():
    assert len(TABLE_003) == 30 and set(TABLE_003) == ELEMENTARY_FANS == ELEMENTARY.fans
    points_003 = (24, 24, 16, 16, 16, 12, 12, 12, 12, 8, 8, 8, 8, 6, 6, 6, 6, 6, 4, 4, 2, 2, 2, 2, 2, 2, 1, 1, 1, 1)
    assert tuple(F.FAN_BY_NUMBER[n].points for n in TABLE_003) == points_003


def test_003_minimum_six_and_no_base():
    assert (ELEMENTARY.minimum, ELEMENTARY.base) == (6, 0)
    assert (FULL.minimum, FULL.base) == (8, 8)


# Each of the 30 fans (81 below with the minimum): a hand, its context, and everything it scores.
EACH_FAN = {
    19: ("1133m2244p5577s9s+9s", {}, {19: 1, 76: 1}),                     # 003 七対 例1: 25
    22: ("[123m]456m789m1155m+5m", {}, {22: 1, 28: 1, 64: 1}),
    28: ("[123m]456m789m22p55s+5s", {}, {28: 1, 76: 1}),
    30: ("[123m]234m345m22p55s+5s", {}, {30: 1, 76: 1}),
    31: ("[345m][456p]567s555m5s+5s", {}, {31: 1, 51: 1, 64: 1}),         # 003 全帯五 例2: 24
    34: ("147m258p369sESWN+C", {}, {34: 1}),
    36: ("[678m][789p]666s789s9s+9s", {}, {36: 1}),
    37: ("[123m][234p]444s123s1s+1s", {}, {37: 1}),
    38: ("[EEE][SSS]WWW123m5p+5p", {}, {38: 1, 75: 1}),                     # 003 三風刻 例1: 13
    39: ("[123m]456p789sEEE1s+1s", {}, {39: 1}),
    41: ("[123m]123p123sCCC9s+9s", {}, {41: 1, 59: 1}),
    46: ("[1111m]456p789s123sC+C", {"self_drawn": True, "kong_replacement": True}, {46: 1, 74: 1}),
    47: ("[123m]456p78sCCC11s+9s", {"robbing_kong": True}, {39: 1, 47: 1, 59: 1}),
    49: ("[111m][555p]999sCC22s+C", {}, {49: 1, 59: 1}),
    50: ("[123m]456m789mEEE1m+1m", {}, {28: 1, 50: 1}),                     # 003 混一色 shape: 22
    51: ("[123m]234p345sEEE9s+9s", {}, {51: 1}),
    52: ("[123m]456p789sEEEC+C", {}, {39: 1, 52: 1}),
    54: ("[CCC][FFF]123m456p9s+9s", {}, {54: 1}),
    56: ("123m456p789s23sEE+1s", {"self_drawn": True}, {39: 1, 56: 1}),
    58: ("[123m]456p789s23sEE+1s", {"last_of_kind": True}, {39: 1, 58: 1}),
    59: ("[CCC]123m456p789s9s+9s", {}, {39: 1, 59: 1}),
    62: ("123m456p789s23sEE+1s", {}, {39: 1, 62: 1}),
    64: ("[123m]11123p789sEE+1p", {}, {64: 1}),
    65: ("[111m][111p]123s789sE+E", {}, {65: 1}),
    66: ("111m222p123s789sE+E", {}, {62: 1, 66: 1}),
    67: ("{1111m}456p789s123sC+C", {}, {62: 1, 67: 1}),
    74: ("[1111m]456p789s123sC+C", {}, {74: 1}),
    75: ("[123m]456m789pEEE1p+1p", {}, {75: 1}),
    76: ("[123m]456p789s11s55p+5p", {}, {39: 1, 64: 1, 76: 1}),
}


@pytest.mark.parametrize("fan", sorted(EACH_FAN))
def test_003_each_fan_on_its_own(fan):
    hand, context, expected = EACH_FAN[fan]
    ev = elem(hand, **context)
    assert counts(ev) == expected
    assert ev.fan_points == sum(F.FAN_BY_NUMBER[n].points * c for n, c in expected.items())
    assert ev.is_winning == (ev.fan_points >= 6)
    assert set(counts(ev)) <= ELEMENTARY_FANS
    for hit in ev.fans:
        assert hit.sets, hit  # every fan says which tiles make it


def test_003_flower_tiles_count_but_not_towards_the_minimum():
    ev = elem(EACH_FAN[51][0], flowers=3)
    assert counts(ev) == {51: 1, 81: 3} and (ev.fan_points, ev.total, ev.is_winning) == (6, 9, True)


# (fan, the fan it excludes): a hand where both definitions hold, and 003's words.
EXCLUDED = [
    (19, 62, "1133m2244p5577s9s+9s", {}),                 # 七対: 門前清は複合しない
    (22, 76, "[123m]456m789m1155m+5m", {}),               # 清一色: 無字は複合しない
    (31, 76, "[345m][456p]567s555m5s+5s", {}),            # 全帯五: 無字は複合しない
    (34, 52, "147m258p369sESWN+C", {}),                   # 全不靠: 五門斉は複合しない
    (34, 62, "147m258p369sESWN+C", {}),                   # 全不靠: 門前清は複合しない
    (36, 76, "[678m][789p]666s789s9s+9s", {}),            # 大于五: 無字は複合しない
    (37, 76, "[123m][234p]444s123s1s+1s", {}),            # 小于五: 無字は複合しない
    (47, 58, "[123m]456p78sCCC11s+9s", {"robbing_kong": True, "last_of_kind": True}),  # 搶槓和: 和絶張
    (54, 59, "[CCC][FFF]123m456p9s+9s", {}),              # 双箭刻: 箭刻は複合しない
]


@pytest.mark.parametrize("fan, excluded, hand, context", EXCLUDED)
def test_003_each_fan_with_each_fan_it_excludes(fan, excluded, hand, context):
    got = counts(elem(hand, **context))
    assert fan in got and excluded not in got
    assert excluded in ELEMENTARY.exclusions[fan]
    declared = check_declared([fan, excluded], rule_set="elementary")
    assert ("excluded", fan, excluded) in declared.problems


def test_003_exclusions_are_exactly_the_stated_ones():
    stated = {(a, b) for a, b, _, _ in EXCLUDED}
    got = {(a, b) for a, bs in ELEMENTARY.exclusions.items() for b in bs}
    assert got == stated
    # and they are the full rules' exclusions among the 30 fans (READINGS.md E3)
    restricted = {(a, b) for a in ELEMENTARY_FANS for b in F.EXCLUSIONS[a] if b in ELEMENTARY_FANS}
    assert got == restricted


def test_003_seven_pairs_self_drawn_takes_fully_concealed_hand_in_both_profiles():
    # 003 七対: ツモアガリでは不求人が複合する (例2: 不求人・四帰一・缺一門, 31)
    for profile in ("green_book", "common_practice"):
        ev = elem("1111223m5566pEE+3m", self_drawn=True, profile=profile)
        assert counts(ev) == {19: 1, 56: 1, 64: 1, 75: 1} and ev.fan_points == 31


def test_003_lesser_honors_and_knitted_self_drawn():
    # 003 全不靠 例2: (ツモアガリ) 不求人が複合 (16点)
    ev = elem("147m258p369sESWN+C", self_drawn=True, profile="common_practice")
    assert counts(ev) == {34: 1, 56: 1} and ev.fan_points == 16


# ---- payments: no base (003 公式ルールとの違い) ----

def test_003_payment_twelve_points_self_drawn_is_36():
    assert settle(12, winner=0, discarder=None, rule_set="elementary") == (36, -12, -12, -12)


def test_003_payment_twelve_points_on_a_discard_is_12_from_the_discarder_only():
    assert settle(12, winner=0, discarder=3, rule_set="elementary") == (12, 0, 0, -12)


def test_full_rules_payment_keeps_the_base_of_8():
    assert settle(12, winner=0, discarder=3) == (36, -8, -8, -20)
    assert settle(12, winner=0, discarder=3, rule_set="full") == (36, -8, -8, -20)


@given(points=st.integers(min_value=0, max_value=300), winner=st.integers(0, 3),
       discarder=st.one_of(st.none(), st.integers(0, 3)))
def test_elementary_payments_are_zero_sum(points, winner, discarder):
    if discarder == winner:
        return
    deltas = settle(points, winner=winner, discarder=discarder, rule_set="elementary")
    assert sum(deltas) == 0
    assert deltas[winner] == (3 * points if discarder is None else points)


# ---- the minimum: 6, flowers not counted ----

FIVE = "[111m][111p]CCC456m9p+9p"    # Double Pung 2 + Dragon Pung 2 + One Voided Suit 1
SIX = EACH_FAN[51][0]                 # Mixed Shifted Chows 6
SEVEN = "[1111m]234m678mEEE9m+9m"     # Half Flush 6 + Melded Kong 1


@pytest.mark.parametrize("hand, points, winning", [(FIVE, 5, False), (SIX, 6, True), (SEVEN, 7, True)])
@pytest.mark.parametrize("flowers", [0, 3])
def test_003_minimum_at_5_6_7_with_and_without_flowers(hand, points, winning, flowers):
    ev = elem(hand, flowers=flowers, seat_wind="S", prevalent_wind="S")
    assert (ev.fan_points, ev.total, ev.is_winning) == (points, points + flowers, winning)
    assert ev.reason == (None if winning else "below_minimum")
    assert ev.minimum == 6


def test_003_check_declared_minimum_six():
    assert check_declared([51], rule_set="elementary").is_winning
    low = check_declared([65, 59, 75], flowers=3, rule_set="elementary")
    assert (low.fan_points, low.total, low.is_winning) == (5, 8, False)
    assert ("below_minimum", None, None) in low.problems
    assert not check_declared([51]).is_winning  # 6 is short of the full rules' 8


# ---- one rule set wins, the other does not ----

@pytest.mark.parametrize("hand, context, full_wins, elementary_wins, elementary_reason", [
    ("19m19p19sESWNCFP+1m", {}, True, False, "shape_not_in_rule_set"),            # Thirteen Orphans
    ("147m258p369s123mE+E", {}, True, False, "shape_not_in_rule_set"),          # knitted straight shape
    ("147m258p369sESWC+P", {}, True, True, None),                                 # Greater H&K = 全不靠 12
    ("[123m]234p34sEEE99s+5s", {"seat_wind": "S", "prevalent_wind": "S"}, False, True, None),  # 6 points
    ("[123m]456p78s22sNNN+9s", {"seat_wind": "S", "prevalent_wind": "S"}, True, True, None),  # mixed straight 8
    ("[123m][345p][678s]NN44m+4m", {}, True, False, "below_minimum"),  # Chicken Hand: 8 full, 0 elementary
])
def test_hands_winning_under_one_rule_set_and_not_the_other(hand, context, full_wins, elementary_wins,
                                                              elementary_reason):
    full = evaluate(hand, **context)
    el = elem(hand, **context)
    assert full.is_winning == full_wins
    assert el.is_winning == elementary_wins and el.reason == elementary_reason


@pytest.mark.parametrize("hand, expected", [
    # Seven Shifted Pairs: Seven Pairs and Full Flush (48) under the elementary rules
    ("2233445566778m+8m", {19: 1, 22: 1}),
    # Big Three Dragons: Two Dragons Pungs and the third pung's Dragon Pung (READINGS E5)
    ("[CCC][FFF]PPP123m1m+1m", {50: 1, 54: 1, 59: 1}),
    # Little Four Winds: Big Three Winds, All Pungs, Half Flush
    ("[EEE][SSS][WWW]NN11m+1m", {38: 1, 49: 1, 50: 1}),
    # Triple Pung: one Double Pung (3.9.1.6 (3), READINGS E5)
    ("[111m][111p]111s55s99p+9p", {49: 1, 65: 1, 76: 1}),
    # Nine Gates: Full Flush and the concealed pungs of its standard reading
    ("1112345678999m+5m", {22: 1, 62: 1, 66: 1}),
    # Quadruple Chow: read as Seven Pairs with three Tile Hogs
    ("123m123m123m123m5p+5p", {19: 1, 64: 3, 75: 1, 76: 1}),
    # Lower Tiles (1-3) fit Lower Four's definition; Upper Tiles (7-9) Upper Four's
    ("[123m][123p][111s]333s2s+2s", {37: 1}),
    ("[789m][789p][777s]999s8s+8s", {36: 1}),
    # All Simples / All Chows are gone: No Honors scores
    ("[234m][345p]567s678s5s+5s", {76: 1}),
    # two melded kongs: Melded Kong twice; two concealed kongs: Concealed Kong twice and fan 66 (E4)
    ("[1111m][5555p]123s789sE+E", {74: 2}),
    ("{1111m}{5555p}123s789sE+E", {62: 1, 66: 1, 67: 2}),
    # four concealed pungs: two pairs of concealed pungs (E4) and All Pungs
    ("111m555p999s22sCC+C", {49: 1, 56: 1, 66: 2, 59: 1}),
])
def test_hands_of_full_only_fans_under_the_elementary_rules(hand, expected):
    context = {"self_drawn": True} if hand.startswith("111m555p") else {}
    assert counts(elem(hand, **context)) == expected


def test_waits_follow_the_rule_set():
    thirteen = "19m19p19sESWNCFP"
    assert len(waits(thirteen)) == 13
    assert waits(thirteen, rule_set="elementary") == ()
    assert waits("147m258p369s123mE") == ("E",)
    assert waits("147m258p369s123mE", rule_set="elementary") == ()
    assert waits("1133m2244p5577s9s", rule_set="elementary") == ("9s",)  # Seven Pairs stays a shape


# ---- bad input ----

@pytest.mark.parametrize("call", [
    lambda: evaluate("1133m2244p5577s9s+9s", rule_set="beginner"),
    lambda: settle(12, rule_set="Elementary"),
    lambda: waits("1133m2244p5577s9s", rule_set=None),
    lambda: check_declared([19], rule_set=""),
    lambda: check_declared_tiles("1133m2244p5577s9s+9s", [19], rule_set=3),
])
def test_unknown_rule_set_is_refused_with_a_code(call):
    with pytest.raises(HandError) as caught:
        call()
    assert (caught.value.code, caught.value.variant) == ("context", "rule_set")
    assert "'full' or 'elementary'" in str(caught.value)


def test_declared_fans_outside_the_thirty_are_refused():
    check = check_declared([39, 63, 52], rule_set="elementary")
    assert ("not_in_rule_set", 63, None) in check.problems
    assert check.fan_points == 14  # the fan outside the rule set is not added
    tiles = check_declared_tiles("[123m]456p789sEEEC+C", [39, 52, 73], rule_set="elementary")
    assert ("not_in_rule_set", 73, None) in tiles.problems


def test_3_11_6_6_a_declaration_under_six_on_tiles_worth_six_is_a_false_win():
    # 51 alone is 6 points; declaring only One Voided Suit... the tiles hold 6, the declaration 0
    tiles = check_declared_tiles("[123m]234p345sEEE9s+9s", [], rule_set="elementary",
                                 seat_wind="S", prevalent_wind="S")
    assert tiles.is_false_win
    ok = check_declared_tiles("[123m]234p345sEEE9s+9s", [51], rule_set="elementary",
                              seat_wind="S", prevalent_wind="S")
    assert not ok.problems and ok.fan_points == 6


# ---- property: where the full best reading uses only the 30 fans, the elementary count is the same ----

def _fan_dict(ev):
    return {h.fan.number: h.count for h in ev.fans}


@settings(max_examples=400, deadline=None)
@given(seed=st.integers(min_value=0, max_value=2**32 - 1),
       profile=st.sampled_from(["green_book", "common_practice"]))
def test_elementary_is_the_full_count_restricted_where_the_full_reading_uses_only_the_30(seed, profile):
    hand = generate(random.Random(seed))
    full = evaluate(hand.notation, profile=profile, **hand.kwargs)
    el = evaluate(hand.notation, profile=profile, rule_set="elementary", **hand.kwargs)
    assert set(_fan_dict(el)) <= ELEMENTARY_FANS
    assert el.total == el.fan_points + hand.kwargs["flowers"]
    assert el.is_winning == (el.fan_points >= 6 and el.reason is None)
    if el.reason is None and profile == "green_book":
        # (common practice scores a self-drawn Seven Pairs 80 where 003 scores 56 under both)
        # a fan the elementary rules lack is worth more than what it contained: never more points
        assert el.fan_points <= full.fan_points
    if full.reason != "not_complete" and set(_fan_dict(full)) <= ELEMENTARY_FANS:
        assert _fan_dict(el) == _fan_dict(full)
        assert el.fan_points == full.fan_points


# ---- 003's worked examples of the elementary section: fans listed, totals stated ----
# 003 gives the examples' tiles as pictures only; each hand here is built to show exactly the
# listed fans, so the stated total is checked against the points of those fans.

EXAMPLES_003 = [
    # (fan, example, hand, context, listed fans besides the fan, stated total)
    (19, 1, "1133m2244p5577s9s+9s", {}, {76: 1}, 25),
    (19, 2, "1111223m5566pEE+3m", {"self_drawn": True}, {56: 1, 64: 1, 75: 1}, 31),
    (22, 1, "[123m]234m678m5m999m+5m", {"flowers": 1}, {81: 1}, 25),
    (22, 2, "[111m][333m][555m]777m9m+9m", {}, {49: 1}, 30),
    (28, 1, "[123p]456p789p123mE+E", {}, {75: 1}, 17),
    (28, 2, "[123p]456p789pCCC5m+5m", {}, {59: 1, 75: 1}, 19),
    (30, 1, "[123m]234m345m789p5s+5s", {}, {76: 1}, 17),
    (30, 2, "[123m]234m345m789p5p+5p", {}, {75: 1, 76: 1}, 18),
    (31, 1, "[555m][555p]456s345s5s+5s", {}, {65: 1, 64: 1}, 20),
    (31, 2, "[345m][456p]567s555m5s+5s", {}, {51: 1, 64: 1}, 24),
    (34, 1, "147m258p369sESWN+C", {"flowers": 1}, {81: 1}, 13),
    (34, 2, "147m258p369sESWN+C", {"self_drawn": True}, {56: 1}, 16),
    (36, 1, "[666m][666p]789s678s9s+9s", {}, {65: 1}, 14),
    (36, 2, "66778899m6677p8s+8s", {}, {19: 1}, 36),
    (37, 1, "[123m][234p]444s123s1s+1s", {"flowers": 1}, {81: 1}, 13),
    (37, 2, "[111m][111p][333s]444s2s+2s", {}, {49: 1, 65: 1}, 20),
    (38, 1, "[EEE][SSS]WWW123m5p+5p", {}, {75: 1}, 13),
    (39, 1, "[123m]456p789sEEE1s+1s", {"flowers": 1}, {81: 1}, 9),
    (39, 2, "[123m]456p789s123s5m+5m", {}, {76: 1}, 9),
    (41, 1, "[123m]123p123s789s5s+5s", {}, {76: 1}, 9),
    (41, 2, "[789m]789p789s123m5p+5p", {}, {76: 1}, 9),
    (46, 1, "[1111m]456p789s123s5p+5p", {"self_drawn": True, "kong_replacement": True}, {74: 1, 76: 1}, 10),
    (47, 1, "123m345p78sEEE11s+9s", {"robbing_kong": True, "flowers": 1}, {62: 1, 81: 1}, 11),
    (49, 1, "[EEE][CCC][111m]999p5s+5s", {}, {52: 1, 59: 1}, 14),
    (50, 1, "[123m]234m345mEEE9m+9m", {}, {30: 1}, 22),
    (51, 1, "[123m]234p345s444pE+E", {}, {64: 1}, 8),
    (52, 1, "[123m]567p789sCCCE+E", {}, {59: 1}, 8),
    (54, 1, "[CCC][FFF]123m456mE+E", {}, {50: 1}, 12),
    (56, 1, "CCC222m222p123s5s+5s", {"self_drawn": True}, {59: 1, 65: 1, 66: 1}, 10),
    (58, 1, "[123m]123m11m45p789p+6p", {"last_of_kind": True}, {64: 1, 75: 1, 76: 1}, 8),
    (59, 1, "[123m]234m345mCCC9p+9p", {}, {30: 1, 75: 1}, 19),
    (62, 1, "123m234p345s678pE+E", {"flowers": 2}, {51: 1, 81: 2}, 10),
    (64, 1, "[123m]123p123s111s5p+5p", {}, {41: 1, 76: 1}, 11),
    (65, 1, "[111m][111p][555s]999sE+E", {}, {49: 1}, 8),
    (66, 1, "111m111p123sCCC5s+5s", {}, {59: 1, 62: 1, 65: 1}, 8),
    (67, 1, "[123m]{4444m}[111p]234s3p+3p", {}, {37: 1}, 14),
    (74, 1, "[1111m][111p][555s]999sE+E", {}, {49: 1, 65: 1}, 9),
    (75, 1, "[123p]456p789pCCC5m+5m", {}, {28: 1, 59: 1}, 19),
    (81, 1, "[123m]234p345sCCCE+E", {"flowers": 8}, {51: 1, 52: 1, 59: 1, 81: 8}, 22),
]


@pytest.mark.parametrize("fan, example, hand, context, listed, stated", EXAMPLES_003,
                         ids=[f"fan{f}-ex{e}" for f, e, *_ in EXAMPLES_003])
def test_003_elementary_examples_stated_totals(fan, example, hand, context, listed, stated):
    ev = elem(hand, **context)
    expected = {fan: context.get("flowers", 1) if fan == 81 else 1, **{n: c for n, c in listed.items() if c}}
    assert counts(ev) == expected, counts(ev)
    assert ev.total == stated


def test_003_big_three_winds_example_2_states_36_but_its_fans_add_to_24():
    # 003 三風刻 例2: 碰碰和、混一色が複合(36点) - 12 + 6 + 6 = 24 (the same example of the full
    # rules' section, fan 38 例2, states 24). The engine counts 24: the stated 36 is a misprint.
    ev = elem("[EEE][SSS][WWW]111m9m+9m", seat_wind="N", prevalent_wind="N")
    assert counts(ev) == {38: 1, 49: 1, 50: 1}
    assert ev.fan_points == 24 != 36
