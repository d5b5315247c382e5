import pytest

from seating.engine import build_chart, seat_by_standings


@pytest.mark.parametrize(
    "count, missing, target",
    [(30, 2, 32), (33, 3, 36), (5, 3, 8), (143, 1, 144)],
)
def test_player_count_not_multiple_of_four_names_substitutes(count, missing, target):
    with pytest.raises(ValueError) as raised:
        build_chart(list(range(count)), 3)
    message = str(raised.value)
    assert f"add {missing} substitute" in message
    assert f"{target} players" in message


def test_standings_also_ask_for_substitutes():
    with pytest.raises(ValueError, match="add 2 substitutes"):
        seat_by_standings(list(range(10)))


@pytest.mark.parametrize("sessions", [0, -3])
def test_sessions_must_be_positive(sessions):
    with pytest.raises(ValueError, match="sessions must be at least 1"):
        build_chart(list(range(8)), sessions)


@pytest.mark.parametrize("sessions", [2.0, "3", True, None])
def test_sessions_must_be_a_whole_number(sessions):
    with pytest.raises(ValueError, match="whole number"):
        build_chart(list(range(8)), sessions)


def test_unknown_player_in_avoid():
    with pytest.raises(ValueError, match="not in the player list.*'ghost'"):
        build_chart(["a", "b", "c", "d"], 1, avoid={"a": 1, "ghost": 1})


def test_duplicate_players():
    with pytest.raises(ValueError, match="duplicates: 'a'"):
        build_chart(["a", "a", "b", "c"], 1)


def test_no_players():
    with pytest.raises(ValueError, match="no players"):
        build_chart([], 1)


def test_avoid_must_be_a_mapping():
    with pytest.raises(ValueError, match="mapping"):
        build_chart(list(range(4)), 1, avoid=[(0, 1)])


def test_oversized_key_is_best_effort_not_an_error():
    # 20 of 60 players share a key: more than one per table is unavoidable.
    players = list(range(60))
    chart = build_chart(players, 2, avoid={p: p % 3 for p in players})
    assert len(chart) == 2
