"""check_declared(): ticked fans instead of tiles."""
from scoring.engine import check_declared


def test_points_and_total():
    res = check_declared([39, 52, 59], flowers=2)
    assert (res.fan_points, res.total, res.is_winning, res.problems) == (16, 18, True, [])


def test_excluded_pair():
    res = check_declared([1, 38, 49])
    assert ("excluded", 1, 38) in res.problems and ("excluded", 1, 49) in res.problems


def test_unknown_fan():
    res = check_declared([43, 99])
    assert ("unknown_fan", 99, None) in res.problems and res.fan_points == 8


def test_below_minimum():
    res = check_declared([69, 70], flowers=5)
    assert res.problems == [("below_minimum", None, None)]
    assert res.total == 7 and not res.is_winning


def test_repeatable_fans():
    res = check_declared([69, 69, 73, 73, 73, 28])
    assert res.fan_points == 16 + 2 + 3 and res.problems == []
    assert ("repeated", 28, None) in check_declared([28, 28]).problems


def test_flower_fan_counts_as_flowers():
    res = check_declared([43, 81, 81])
    assert res.fan_points == 8 and res.total == 10


def test_implied_exclusion():
    assert ("excluded", 56, 80) in check_declared([56, 80, 28]).problems
