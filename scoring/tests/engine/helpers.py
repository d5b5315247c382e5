"""Small helpers shared by the engine tests."""
from scoring.engine import evaluate


def fan_counts(hand: str, profile: str = "green_book", **kwargs) -> dict:
    """{fan number: count} of the evaluated hand."""
    ev = evaluate(hand, profile=profile, **kwargs)
    return {hit.fan.number: hit.count for hit in ev.fans}


def fan_numbers(hand: str, profile: str = "green_book", **kwargs) -> set:
    return set(fan_counts(hand, profile, **kwargs))
