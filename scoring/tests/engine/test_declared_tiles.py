"""check_declared_tiles: declared scoring (3.9.1.4 自报、公认) checked against the tiles.

111222333m456p99s won on 9s has two readings: three pungs (一色三节高 24 + 三暗刻 16 + ...:
45 points) and three identical chows (一色三同顺 24 + 平和 + ...: 29 points).
"""
import pytest

from scoring.engine import HandError, check_declared_tiles, evaluate

TWO_READINGS = "111222333m456p9s+9s"
STRAIGHT = "123m456m789m234p5s+5s"  # 清龙 16 + 门前清 2 + 平和 2 + 单调将 1 = 21
CHICKEN = "[123m][345m]678p56sWW+7s"  # 无番和 8


def codes(check):
    return [code for code, _, _ in check.problems]


def test_3_9_1_4_full_declaration_scores_as_declared():
    check = check_declared_tiles(STRAIGHT, [28, 62, 63, 79])
    assert check.problems == [] and check.supported
    assert check.fan_points == 21 and check.total == 21 and check.missed == {}
    assert check.engine.fan_points == 21


def test_3_9_1_4_declared_fan_the_tiles_refuse_is_named():
    check = check_declared_tiles(STRAIGHT, [28, 62, 63, 79, 76])  # 无字 (76)
    # the hand has no honors, but 无字 is contained in 平和 (non-repeat): no reading scores it
    assert ("unsupported", 76, 0) in check.problems and not check.supported
    wrong = check_declared_tiles(STRAIGHT, [28, 22])  # 清一色 on a hand of two suits
    assert wrong.problems == [("unsupported", 22, 0)]


def test_3_9_1_4_declared_more_times_than_the_tiles_give():
    check = check_declared_tiles(TWO_READINGS, [24, 73, 73])  # one pung of terminals only
    assert check.problems == [("unsupported", 73, 1)]


def test_3_9_1_4_missed_fans_are_not_added():
    check = check_declared_tiles(STRAIGHT, [28])  # 清龙 alone: 16, the rest missed
    assert check.problems == [] and check.supported
    assert check.fan_points == 16 and check.total == 16
    assert check.missed == {62: 1, 63: 1, 79: 1}
    assert check.engine.fan_points == 21  # shown, not scored


def test_3_9_1_6_4_a_lower_reading_may_be_declared():
    """可选择分值高的番种计分: the winner may choose; the chows' reading is a valid one."""
    check = check_declared_tiles(TWO_READINGS, [23, 63])
    assert check.problems == [] and check.fan_points == 26
    assert check.missed == {24: 1, 33: 1, 62: 1, 73: 1, 76: 1, 79: 1}


def test_3_9_1_6_declared_fans_must_come_from_one_reading():
    check = check_declared_tiles(TWO_READINGS, [23, 24])  # the chows and the pungs of the same tiles
    assert check.problems == [("not_together", None, (23, 24))] and not check.supported


def test_3_11_6_6_under_declaration_on_tiles_worth_8_is_a_false_win():
    check = check_declared_tiles(STRAIGHT, [62, 63, 79])  # 5 points declared, 21 on the tiles
    assert check.problems == [("false_win", None, 21)] and check.is_false_win
    assert check.fan_points == 5


def test_3_11_6_6_flowers_do_not_lift_an_under_declaration():
    check = check_declared_tiles(STRAIGHT, [62, 63, 79], flowers=4)
    assert check.is_false_win and check.total == 9


def test_3_11_6_6_exactly_8_declared_is_a_win():
    check = check_declared_tiles(CHICKEN, [43])
    assert check.problems == [] and check.fan_points == 8


def test_3_9_1_4_tiles_that_are_no_win_are_refused_as_such():
    check = check_declared_tiles("[123m][345m]678p56sWW+1s", [43])  # 1s: no complete hand
    assert codes(check) == ["not_a_win"] and not check.is_false_win and not check.supported
    below = check_declared_tiles("[123m][345m]678p56s55p+7s", [76])
    assert codes(below) == ["not_a_win"] and below.problems[0][2] == "below_minimum"


def test_3_9_1_4_fan_81_counts_as_flowers_and_unknown_fans_are_named():
    check = check_declared_tiles(CHICKEN, [43, 81, 81])
    assert check.flowers == 2 and check.total == 10 and check.problems == []
    unknown = check_declared_tiles(CHICKEN, [43, 99, True])
    assert ("unknown_fan", 99, None) in unknown.problems and ("unknown_fan", True, None) in unknown.problems


def test_3_9_1_4_context_is_the_engines():
    assert check_declared_tiles(CHICKEN, [43], self_drawn=True).engine.fan_points == evaluate(
        CHICKEN, self_drawn=True).fan_points
    with pytest.raises(HandError):
        check_declared_tiles("nonsense", [43])
    with pytest.raises(HandError):
        check_declared_tiles(CHICKEN, 43)
    with pytest.raises(HandError):
        check_declared_tiles(CHICKEN, [43], flowers=9)
    with pytest.raises(HandError):
        check_declared_tiles(CHICKEN, [43] + [81] * 9)


@pytest.mark.parametrize("profile", ["green_book", "common_practice"])
def test_app1_fan_3_declared_all_green_with_half_flush_follows_the_profile(profile):
    check = check_declared_tiles("[222s][333s][444s]66sFF+F", [3, 50], profile=profile)
    if profile == "green_book":
        assert check.problems == [] and check.fan_points == 94
    else:
        assert check.problems == [("unsupported", 50, 0)]


def test_3_9_1_4_empty_declaration_on_a_win_is_a_false_win():
    check = check_declared_tiles(CHICKEN, [])
    assert check.is_false_win and check.fan_points == 0
