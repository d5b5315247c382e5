"""Each reading of scoring/READINGS.md, in both profiles where they differ."""
import pytest

from scoring.engine import evaluate, waits

from .helpers import fan_counts

GB, CP = "green_book", "common_practice"
SD = {"self_drawn": True}


# R1: a self-drawn concealed special hand takes Fully Concealed Hand (Green Book)
@pytest.mark.parametrize("hand, shape_fan", [
    ("1199m2255s3377pE+E", 19),
    ("1122334455667s+7s", 6),
    ("19m19p19sESWNCFP+E", 7),
    ("1112345678999m+5m", 4),
    ("111m222p333s999pE+E", 12),
    ("147m258s3pESWNCF+P", 20),
    ("147m258s36pESWNC+F", 34),
])
def test_r1_self_drawn_special_hand(hand, shape_fan):
    gb = fan_counts(hand, GB, **SD)
    cp = fan_counts(hand, CP, **SD)
    assert shape_fan in gb and shape_fan in cp
    assert 56 in gb and 80 not in gb
    assert 80 in cp and 56 not in cp


def test_r1_discard_win_has_no_concealed_bonus_on_special_hands():
    assert 56 not in fan_counts("1199m2255s3377pE+E", GB)
    assert 62 not in fan_counts("1199m2255s3377pE+E", GB)  # Seven Pairs excludes Concealed Hand


def test_r2_one_melded_one_concealed_kong():
    hand = "[1111m]{2222p}345s678sW+W"
    gb = evaluate(hand, profile=GB)
    cp = evaluate(hand, profile=CP)
    gb_fans = {h.fan.number: h.points for h in gb.fans}
    assert gb_fans[57] == 4 and gb_fans[67] == 2
    cp_kongs = [h for h in cp.fans if h.fan.number == 57]
    assert len(cp_kongs) == 1 and cp_kongs[0].points == 5 and cp_kongs[0].fan.name_zh == "明暗杠"
    assert 67 not in {h.fan.number for h in cp.fans}
    assert gb.fan_points - cp.fan_points == 1


def test_r3_all_terminals_with_double_pung():
    hand = "[111m][999m][111p]99s99p+9p"
    assert fan_counts(hand, GB)[65] == 2
    assert 65 not in fan_counts(hand, CP)


@pytest.mark.parametrize("win", ["2m", "5m", "8m"])
def test_r4_nine_gates_excludes_pung_of_terminals(win):
    hand = "1112345678999m+" + win
    gb, cp = fan_counts(hand, GB), fan_counts(hand, CP)
    assert 73 not in gb and 73 in cp
    assert 66 in gb and 66 in cp


def test_r5_three_kongs_add_concealed_kong_fans():
    gb = fan_counts("[1111m][2222p]{3333s}777p5p+5p", GB)
    cp = fan_counts("[1111m][2222p]{3333s}777p5p+5p", CP)
    assert 17 in gb and 67 in gb and 67 not in cp
    gb2 = fan_counts("[1111m]{2222p}{3333s}777p5p+5p", GB, **SD)
    assert {17, 48, 33} <= set(gb2) and 66 not in gb2
    gb4 = fan_counts("[1111m][2222p]{3333s}{4444s}5p+5p", GB)
    assert {5, 48} <= set(gb4) and 66 not in gb4
    assert 66 in fan_counts("[1111m][2222p]{3333s}{4444s}5p+5p", CP)


@pytest.mark.parametrize("hand, fan", [
    ("1199m1199p1199s1s+1s", 8),   # All Terminals as Seven Pairs: 1s four times
    ("2233s6688sFF2s8s8s+2s", 3),  # All Green as Seven Pairs
])
def test_r6_seven_pairs_all_terminals_or_green_no_tile_hog(hand, fan):
    gb, cp = fan_counts(hand, GB), fan_counts(hand, CP)
    assert fan in gb and 19 in gb and 64 not in gb
    assert 64 in cp


def test_s1_seat_and_prevalent_wind_pung():
    both = fan_counts("[SSS][123m]456p789sE+E", GB, seat_wind="S", prevalent_wind="S")
    assert both.get(60) == 1 and both.get(61) == 1 and 73 not in both
    other = fan_counts("[NNN][123m]456p789sE+E", GB, seat_wind="S", prevalent_wind="S")
    assert other.get(73) == 1 and 60 not in other and 61 not in other
    dragon = fan_counts("[CCC][123m]456p789sE+E", GB)
    assert dragon.get(59) == 1 and 73 not in dragon


def test_s2_seven_pairs_with_four_identical_tiles():
    counts = fan_counts("1111m2255s3377pE+E", GB)
    assert counts.get(19) == 1 and counts.get(64) == 1


def test_s3_seven_pairs_combines_with_flush_but_not_set_fans():
    counts = fan_counts("1133557799mEEN+N", GB)
    assert {19, 50} <= set(counts)
    assert not set(counts) & {62, 79, 69}


def test_s4_discard_completing_pung_is_exposed():
    # 777p completed on a discard: only two concealed pungs remain (not three)
    discard = fan_counts("[123m]111p222s77p55s+7p", GB)
    drawn = fan_counts("[123m]111p222s77p55s+7p", GB, **SD)
    assert 66 in discard and 33 not in discard
    assert 33 in drawn


def test_s4_winning_tile_read_in_a_chow_keeps_the_pung_concealed():
    # 666p 45p: the discarded 6p can complete 456p, so 666p stays concealed
    counts = fan_counts("[123m]111p666p45pEE+6p", GB)
    assert 66 in counts


def test_s5_wait_fans_need_a_single_wait():
    assert 77 in fan_counts("[123m][456p]789s12s55m+3s", GB)
    assert 77 not in fan_counts("[123m][456p]789s23s55m+4s", GB)


def test_s5_fifth_copy_is_no_wait():
    # 23m waits on 1m and 4m, but all four 1m are in the exposed kong: 4m is the only wait
    assert waits("[1111m][567p][789s]23mEE") == ("4m",)
    gb = fan_counts("[1111m][567p][789s]23mEE+4m", GB)
    assert sum(gb.get(n, 0) for n in (77, 78, 79)) == 1
    # with a live 1m the same shape waits on two tiles and scores no wait fan
    assert not set(fan_counts("[9999m][567p][789s]23mEE+4m", GB)) & {77, 78, 79}


def test_s5_only_one_wait_fan():
    for hand in ("[123m][456p]789s12s55m+3s", "[123m][456p]789s13s55m+2s", "[123m][456p]789s234sE+E"):
        counts = fan_counts(hand, GB)
        assert sum(counts.get(n, 0) for n in (77, 78, 79)) == 1


def test_s6_knitted_straight_counts_as_chows():
    counts = fan_counts("147m258s369p123m5p+5p", GB)
    assert {35, 63} <= set(counts)
    inside = fan_counts("147m258s69p123m55p+3p", GB)
    assert 35 in inside and not set(inside) & {77, 78, 79}
    exposed = fan_counts("[123m]147m258s369pE+E", GB)
    assert 79 in exposed


def test_s7_nine_gates_needs_the_pure_wait():
    assert 4 in fan_counts("1112345678999m+9m", GB)
    assert 4 not in fan_counts("1112345678899m+9m", GB)  # 13 tiles not 1112345678999
    one = fan_counts("1112345678999m+1m", GB)
    assert {28, 64} <= set(one)


def test_s8_account_once_with_four_chows():
    # Mixed Straight 123m 456s 789p + 456m: only one more pairwise fan
    counts = fan_counts("[123m][456s][789p]456m5p+5p", GB)
    assert counts.get(39) == 1
    assert sum(counts.get(n, 0) for n in (69, 70, 71, 72)) == 1
    # 234567s 234567p: Mixed Double Chow x2 + Short Straight x1, not x2 each (3 at most)
    counts = fan_counts("[234s][567s][234p]567p5m+5m", GB)
    assert sum(counts.get(n, 0) for n in (69, 70, 71, 72)) == 3


def test_s9_last_tile_inferred_from_own_melds():
    assert 58 in fan_counts("[777s][345m]678p56sWW+7s", GB)
    robbed = fan_counts("[123m][345m]678p56sWW+7s", GB, robbing_kong=True, last_of_kind=True)
    assert 47 in robbed and 58 not in robbed


def test_s10_last_tile_draw_with_replacement():
    counts = fan_counts("[1111m][345m]678p56sWW+7s", GB, self_drawn=True, kong_replacement=True,
                        last_wall_tile=True)
    assert {44, 46} <= set(counts) and 80 not in counts


def test_s11_standard_reading_preferred_over_equal_seven_pairs():
    ev = evaluate("1122334455667m+7m", profile=GB)
    assert ev.shape == "seven_shifted_pairs"  # 88 beats every standard reading


def test_s12_flowers_do_not_reach_the_minimum():
    ev = evaluate("[123m][345m]678p56sWW+7s", flowers=8)
    assert ev.fan_points == 8 and ev.total == 16 and ev.is_winning


def test_s13_melded_hand():
    counts = fan_counts("[123m][456p][789s][EEE]C+C", GB)
    assert 53 in counts and 79 not in counts
    drawn = fan_counts("[123m][456p][789s][EEE]C+C", GB, **SD)
    assert 80 in drawn and 53 not in drawn


def test_s14_fully_concealed_hand_excludes_self_drawn():
    counts = fan_counts("123m456p789s111sE+E", GB, **SD)
    assert 56 in counts and 80 not in counts and 62 not in counts


@pytest.mark.parametrize("hand, context, total, fans", [
    # 003 fan 4 example 3: Last Tile Draw, Fully Concealed Hand, Two Concealed Pungs = 102
    ("1112345678999m+5m", {"self_drawn": True, "last_wall_tile": True}, 102, {4, 44, 56, 66}),
    # 003 fan 12 example 2: Pung of Terminals or Honors, Fully Concealed Hand = 69
    ("111m222p555s88pEE+8p", SD, 69, {12, 73, 56}),
    # 003 fan 7 example 1: Fully Concealed Hand = 92
    ("19m19p19sESWNCFP+E", SD, 92, {7, 56}),
    # 003 fan 8 example 1 shape: Double Pung x2 = 68 (with a wait on a pung: no wait fan)
    ("[111m][999m][111p]99s99p+9p", {}, 68, {8, 65}),
])
def test_green_book_totals_of_003_examples(hand, context, total, fans):
    ev = evaluate(hand, **context)
    assert ev.fan_points == total
    assert {h.fan.number for h in ev.fans} == fans



# R7: All Green (fan 3) adds Half Flush (fan 50) under the Green Book: App.1 no. 3
# "可加计清一色、混一色分", example 1 (一色三节高、碰碰和、混一色、箭刻) and example 3
# (七对、混一色、不求人); common practice drops it.
@pytest.mark.parametrize("hand, kwargs, gb_fans, points", [
    # example 1: 88 + 24 + 6 + 6 + 2 = 126 (003's total); a two-sided wait (6s or F), no wait fan
    ("[222s][333s][444s]66sFF+F", {}, [3, 24, 49, 50, 59], 126),
    # example 3: 88 + 24 + 6 + 4 = 122 (003's total); R6: no Tile Hog
    ("222233446688sF+F", SD, [3, 19, 50, 56], 122),
])
def test_app1_fan_3_all_green_with_half_flush_under_each_profile(hand, kwargs, gb_fans, points):
    gb = evaluate(hand, profile=GB, **kwargs)
    cp = evaluate(hand, profile=CP, **kwargs)
    assert sorted(hit.fan.number for hit in gb.fans) == gb_fans
    assert gb.fan_points == points
    cp_fans = {hit.fan.number for hit in cp.fans}
    assert 3 in cp_fans and 50 not in cp_fans and 75 not in cp_fans
    if not kwargs:  # the self-drawn hand differs by R1/R6 too; the discard win only by R7
        assert cp.fan_points == points - 6


def test_app1_fan_3_example_2_full_flush_takes_no_half_flush():
    """Example 2: without the green dragon it is a Full Flush (清一色、一色三同顺、断幺 = 138), both profiles."""
    for profile in (GB, CP):
        ev = evaluate("[234s][234s]234s666s8s+8s", profile=profile)
        assert sorted(hit.fan.number for hit in ev.fans) == [3, 22, 23, 68]
        assert ev.fan_points == 138


# S15: a winning tile that can complete the knitted straight or the other set / the pair is read
# as completing the set or pair (3.9.1.6(4) 就高不就低), so the wait fans are judged as usual.
@pytest.mark.parametrize("hand, wait_fan", [
    ("147m258p369s12sEE+3s", 77),   # 3s: the knitted 369s or the edge 12s-3s -> Edge Wait
    ("147m258p36s123p99s+9s", 79),  # 9s: the knitted 36s-9s or the pair 9s-9s -> Single Wait
])
def test_s15_knitted_straight_winning_tile_read_as_completing_the_set(hand, wait_fan):
    for profile in (GB, CP):
        ev = evaluate(hand, profile=profile)
        assert ev.shape == "knitted_straight"
        assert wait_fan in {hit.fan.number for hit in ev.fans}


def test_s15_knitted_straight_two_sided_rest_gives_no_wait_fan():
    """147m258p36s789sEE waits on 6s and 9s: whichever way 9s is read, no wait fan (App.1 nos. 77-79)."""
    ev = evaluate("147m258p36s789sEE+9s")
    assert not {77, 78, 79} & {hit.fan.number for hit in ev.fans}
