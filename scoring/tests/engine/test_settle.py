"""settle(): payments of rule 3.9.1.3."""
from hypothesis import given
from hypothesis import strategies as st

from scoring.engine import settle


def test_discard_win():
    assert settle(10, winner=2, discarder=0) == (-18, -8, 34, -8)


def test_self_drawn_win():
    assert settle(10, winner=1, discarder=None) == (-18, 54, -18, -18)


def test_defaults():
    assert settle(8) == (-16, -8, 32, -8)


@given(points=st.integers(min_value=0, max_value=500), winner=st.integers(0, 3),
       discarder=st.one_of(st.none(), st.integers(0, 3)))
def test_zero_sum_and_rule(points, winner, discarder):
    if discarder == winner:
        return
    deltas = settle(points, winner=winner, discarder=discarder)
    assert sum(deltas) == 0
    for seat, delta in enumerate(deltas):
        if seat == winner:
            expected = 3 * (8 + points) if discarder is None else 3 * 8 + points
            assert delta == expected
        elif discarder is None or seat == discarder:
            assert delta == -(8 + points)
        else:
            assert delta == -8
