"""Winds of every hand, and table points with every tie pattern (pure functions)."""

import itertools

import pytest

from scoring.engine.table import hand_winds, ranks, seat_results, table_points, twelfths_display, twelfths_number

# By starting seat (0 = the player who started East): Appendix 4 seats in each round, and the
# dealer moving on every hand (3.4.8) with the winds following the dealer (3.4.6).
EXPECTED_WINDS = {
    1: ("E", "ESWN"),
    2: ("E", "NESW"),
    3: ("E", "WNES"),
    4: ("E", "SWNE"),
    5: ("S", "SENW"),  # round 2: starting seats 2,1,4,3 sit E,S,W,N
    6: ("S", "ENWS"),
    9: ("W", "NWES"),  # round 3: 3,4,2,1 sit E,S,W,N
    13: ("N", "WNSE"),  # round 4: 4,3,1,2 sit E,S,W,N
    16: ("N", "NEWS"),
}


@pytest.mark.parametrize("number, expected", sorted(EXPECTED_WINDS.items()))
def test_winds_of_hands(number, expected):
    winds = hand_winds(number)
    assert (winds.prevalent, "".join(winds.seat_winds)) == expected


def test_every_hand_has_one_of_each_wind_and_every_player_deals_once_a_round():
    for round_index in range(4):
        dealers = []
        for h in range(4):
            winds = hand_winds(round_index * 4 + h + 1)
            assert sorted(winds.seat_winds) == ["E", "N", "S", "W"]
            assert winds.seat_winds[winds.dealer] == "E"
            assert winds.prevalent == "ESWN"[round_index]
            dealers.append(winds.dealer)
        assert sorted(dealers) == [0, 1, 2, 3]


@pytest.mark.parametrize("number", [0, 17, -1])
def test_hand_numbers_outside_a_session(number):
    with pytest.raises(ValueError):
        hand_winds(number)


@pytest.mark.parametrize(
    "scores, expected",
    [
        ([30, 20, 10, 0], [48, 24, 12, 0]),  # 4, 2, 1, 0
        ([10, 30, 0, 20], [12, 48, 0, 24]),
        ([30, 30, 10, 0], [36, 36, 12, 0]),  # two tied first: 3 and 3
        ([30, 20, 20, 0], [48, 18, 18, 0]),  # two tied second: 1.5
        ([30, 20, 0, 0], [48, 24, 6, 6]),  # two tied third: 0.5
        ([30, 30, 30, 0], [28, 28, 28, 0]),  # three tied first: 7/3
        ([30, 0, 0, 0], [48, 12, 12, 12]),  # three tied second: 1
        ([5, 5, 5, 5], [21, 21, 21, 21]),  # all four: 1.75
        ([30, 30, 0, 0], [36, 36, 6, 6]),  # two pairs
    ],
)
def test_ties_share_the_points_of_their_places(scores, expected):
    assert table_points(scores) == expected


def test_table_points_always_sum_to_seven_for_any_scores():
    for scores in itertools.product(range(4), repeat=4):
        points = table_points(list(scores))
        assert sum(points) == 7 * 12
        assert ranks(list(scores)) == [1 + sum(o > s for o in scores) for s in scores]


def test_display_and_number():
    assert [twelfths_display(v) for v in (36, 18, 28, 21, 0, 48)] == ["3", "1.5", "2.33", "1.75", "0", "4"]
    assert twelfths_number(126) == 10.5
    assert twelfths_number(88) == 7.333333
    assert twelfths_number(84) == 7


def test_deductions_and_the_ranking_setting():
    hand_scores = [40, 30, -30, -40]
    deductions = [20, 0, 0, 0]
    counted = seat_results(hand_scores, [0, 0, 0, 0], deductions, deductions_count_for_ranking=True)
    assert [r.session_score for r in counted] == [20, 30, -30, -40]
    assert [r.table_points for r in counted] == [24, 48, 12, 0]
    not_counted = seat_results(hand_scores, [0, 0, 0, 0], deductions, deductions_count_for_ranking=False)
    assert [r.session_score for r in not_counted] == [20, 30, -30, -40]
    assert [r.table_points for r in not_counted] == [48, 24, 12, 0]
    transfers = seat_results(hand_scores, [-30, 10, 10, 10], [0, 0, 0, 0])
    assert [r.session_score for r in transfers] == [10, 40, -20, -30]
    assert [r.rank for r in transfers] == [2, 1, 3, 4]
