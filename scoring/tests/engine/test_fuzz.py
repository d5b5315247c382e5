"""Any input either evaluates or raises HandError: never another exception."""
import random

from hypothesis import given, settings
from hypothesis import strategies as st

from scoring.engine import HandError, evaluate, waits
from scoring.engine_testing.generator import generate

ALPHABET = "123456789mpsESWNCFP[]{}+ 0xz"


def _evaluate_or_hand_error(text, **kwargs):
    try:
        ev = evaluate(text, **kwargs)
    except HandError as err:
        assert err.code in ("notation", "tile_count", "too_many_copies", "meld", "context")
        return None
    assert ev.total == ev.fan_points + kwargs.get("flowers", 0)
    return ev


@settings(max_examples=500, deadline=None)
@given(st.text(alphabet=ALPHABET, max_size=40))
def test_random_text(text):
    _evaluate_or_hand_error(text)
    try:
        waits(text)
    except HandError:
        pass


@settings(max_examples=400, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), edits=st.integers(1, 3))
def test_mutated_valid_hands(seed, edits):
    rng = random.Random(seed)
    hand = generate(rng)
    text = list(hand.notation)
    for _ in range(edits):
        i = rng.randrange(len(text) + 1)
        op = rng.random()
        if op < 0.4 and i < len(text):
            del text[i]
        elif op < 0.8:
            text.insert(i, rng.choice(ALPHABET))
        elif i < len(text):
            text[i] = rng.choice(ALPHABET)
    _evaluate_or_hand_error("".join(text), **hand.kwargs)


@settings(max_examples=300, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), flags=st.fixed_dictionaries({
    "self_drawn": st.booleans(), "last_of_kind": st.booleans(), "last_wall_tile": st.booleans(),
    "kong_replacement": st.booleans(), "robbing_kong": st.booleans(),
    "flowers": st.integers(-1, 9), "seat_wind": st.sampled_from("ESWNX"),
    "prevalent_wind": st.sampled_from("ESWN")}))
def test_any_context_on_valid_hands(seed, flags):
    hand = generate(random.Random(seed))
    _evaluate_or_hand_error(hand.notation, **flags)
