"""Compare scoring.engine (profile common_practice) with the pymahjonggb oracle."""
from __future__ import annotations

from scoring.engine import evaluate, shapes
from scoring.engine.evaluate import check_tiles
from scoring.engine.fans import FAN_BY_NUMBER, MIXED_KONGS_FAN
from scoring.engine.notation import parse
from scoring.engine.waits import regular_waits

from .oracle import MIXED_KONGS, engine_fans, oracle_fans

WAIT_FANS = (77, 78, 79)


def oracle_counts_fifth_copy_wait(hand) -> bool:
    """Whether a 'wait' of the hand needs a fifth copy (the oracle still counts it)."""
    parsed = parse(hand.notation, winning_tile=True)
    counts = check_tiles(parsed, with_winning=True)
    counts[hand.win] -= 1
    key13 = tuple(sorted(hand.standing))
    n = len(hand.melds)
    waits = set(regular_waits(key13, n))
    ks = shapes.knitted_straight_reading(tuple(sorted(hand.standing + [hand.win])), n)
    if ks is not None:
        rest = list(ks[1])
        rest.remove(hand.win)
        waits |= set(regular_waits(tuple(rest), 3))
    return any(counts[t] >= 4 for t in waits)


def _points(fans) -> int:
    total = 0
    for key, count in fans.items():
        total += (MIXED_KONGS_FAN.points if key == MIXED_KONGS else FAN_BY_NUMBER[key].points) * count
    return total


def compare(hand):
    """None when engine and oracle agree, else a description of the difference."""
    outcome = classify(hand)
    return None if outcome in AGREEMENTS else outcome


AGREEMENTS = ("same", "wait_label", "fifth_copy")


def classify(hand) -> str:
    """"same", "wait_label" (another of the fitting wait labels), "fifth_copy" (the
    oracle counts a wait on a fifth copy), or a description of a real disagreement."""
    ev = evaluate(hand.notation, profile="common_practice", **hand.kwargs)
    mine = engine_fans(ev)
    theirs = oracle_fans(hand)
    if mine == theirs:
        return "same"
    a = {k: v for k, v in mine.items() if k not in WAIT_FANS}
    b = {k: v for k, v in theirs.items() if k not in WAIT_FANS}
    my_waits = sum(mine[k] for k in WAIT_FANS)
    their_waits = sum(theirs[k] for k in WAIT_FANS)
    if a == b and my_waits == their_waits == 1:
        return "wait_label"  # several wait labels fit: any one may be scored
    if oracle_counts_fifth_copy_wait(hand) and abs(_points(mine) - _points(theirs)) <= 1:
        # the oracle counts a wait on a fifth copy: its wait fan (and so the choice
        # between readings of equal value) may differ by that one point
        return "fifth_copy"
    return (
        f"{hand.notation} {hand.kwargs}: engine {dict(sorted(mine.items(), key=str))} "
        f"oracle {dict(sorted(theirs.items(), key=str))}"
    )
