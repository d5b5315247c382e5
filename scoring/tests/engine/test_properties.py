"""Property tests: the result does not depend on how the hand is written."""
import random

from hypothesis import given, settings
from hypothesis import strategies as st

from scoring.engine import evaluate
from scoring.engine_testing.generator import generate


def _summary(ev):
    return ev.fan_points, ev.total, ev.is_winning, ev.reason, sorted((h.fan.number, h.count) for h in ev.fans)


@settings(max_examples=300, deadline=None)
@given(seed=st.integers(min_value=0, max_value=2**32 - 1),
       profile=st.sampled_from(["green_book", "common_practice"]))
def test_order_of_tiles_and_melds_does_not_matter(seed, profile):
    rng = random.Random(seed)
    hand = generate(rng)
    base = _summary(evaluate(hand.notation, profile=profile, **hand.kwargs))
    for _ in range(3):
        assert _summary(evaluate(hand.respelt(rng, sep=" "), profile=profile, **hand.kwargs)) == base


@settings(max_examples=200, deadline=None)
@given(seed=st.integers(min_value=0, max_value=2**32 - 1))
def test_generated_hands_are_complete_and_points_add_up(seed):
    hand = generate(random.Random(seed))
    ev = evaluate(hand.notation, **hand.kwargs)
    assert ev.reason != "not_complete"
    assert ev.total == ev.fan_points + hand.kwargs["flowers"]
    assert ev.fan_points == sum(h.points for h in ev.fans if h.fan.number != 81)
    assert ev.is_winning == (ev.fan_points >= 8)
    for hit in ev.fans:
        assert hit.sets and all(isinstance(s, str) for s in hit.sets)


@settings(max_examples=100, deadline=None)
@given(seed=st.integers(min_value=0, max_value=2**32 - 1))
def test_the_winning_tile_is_among_the_waits(seed):
    from scoring.engine import waits
    from scoring.engine.tiles import tile_name
    hand = generate(random.Random(seed))
    assert tile_name(hand.win) in waits(hand.waiting_notation)
