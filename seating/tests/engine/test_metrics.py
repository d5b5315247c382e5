from seating.engine import chart_metrics


def test_metrics_of_a_hand_made_chart():
    chart = [
        [("a", "b", "c", "d"), ("e", "f", "g", "h")],
        [("a", "b", "e", "f"), ("c", "d", "g", "h")],
        [("b", "a", "g", "h"), ("d", "c", "e", "f")],
    ]
    metrics = chart_metrics(chart, avoid={"a": "X", "b": "X", "e": "Y"})
    # a-b, c-d, e-f and g-h meet 3 times; a-b share key X every session.
    assert metrics.max_meetings == 3
    assert metrics.repeated_pairs == 4
    assert metrics.excess_meetings == 4 * 2
    assert metrics.same_key_pairs == 3
    # West starts: g three times, a never -> spread 3.
    assert metrics.seat_spread == 3
    assert metrics.seats_balanced is False
    assert metrics.players == 8 and metrics.sessions == 3
    assert metrics.as_dict()["max_meetings"] == 3


def test_metrics_of_a_perfect_single_session():
    metrics = chart_metrics([[(1, 2, 3, 4)]])
    assert metrics.as_dict() == {
        "players": 4,
        "sessions": 1,
        "repeated_pairs": 0,
        "max_meetings": 1,
        "excess_meetings": 0,
        "same_key_pairs": 0,
        "seat_spread": 1,  # one session: one player per wind starts there
        "seats_balanced": True,
        "pairs_met": 6,
    }
