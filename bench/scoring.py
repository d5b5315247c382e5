"""Median microseconds per hand: scoring.engine against pymahjonggb, same corpus, same run; the
elementary rule set (30 fans, scoring/READINGS.md E1-E9) beside the full rules on the same hands.

- cold: each hand once, in a fresh process: the notation read, the tiles split, the fans counted;
- warm: the same notation again (best of R): read from the engine's notation cache, the fans
  counted again (the app counts one notation two or three times in a request);
- respelt: the same tiles in a new notation each call (best of R): read again, the tiles' group
  caches filled, the fans counted.

Run from the repository root:  python bench/scoring.py [--count N] [--seed S] [--repeat R]
"""
from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

import MahjongGB  # noqa: E402

from scoring.engine import evaluate  # noqa: E402
from scoring.engine_testing.generator import corpus  # noqa: E402
from scoring.engine_testing.oracle import oracle_arguments  # noqa: E402


def _per_hand(fn, hands, repeat: int) -> list:
    """Microseconds for each hand: the best of ``repeat`` timed calls."""
    out = []
    clock = time.perf_counter_ns
    for hand in hands:
        best = None
        for _ in range(repeat):
            start = clock()
            fn(hand)
            took = clock() - start
            best = took if best is None or took < best else best
        out.append(best / 1000)
    return out


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--count", type=int, default=5000)
    parser.add_argument("--seed", type=int, default=2024)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--profile", default="common_practice")
    args = parser.parse_args()
    hands = corpus(args.seed, args.count)
    calls = [(h.notation, dict(h.kwargs, profile=args.profile)) for h in hands]
    oracle_calls = [oracle_arguments(h) for h in hands]
    calculate = MahjongGB.MahjongFanCalculator
    # the engine is timed cold first: its decomposition caches start empty for this corpus
    engine = _per_hand(lambda c: evaluate(c[0], **c[1]), calls, 1)
    oracle = _per_hand(lambda kw: calculate(**kw), oracle_calls, args.repeat)
    e, o = statistics.median(engine), statistics.median(oracle)
    warm = statistics.median(_per_hand(lambda c: evaluate(c[0], **c[1]), calls, args.repeat))
    rng = random.Random(args.seed)
    spellings = iter([h.respelt(rng) for _ in range(args.repeat)] for h in hands)
    respelt = statistics.median(_per_hand(
        lambda c: evaluate(next(c[2]), **c[1]), [(n, kw, iter(next(spellings))) for n, kw in calls], args.repeat))
    elementary = statistics.median(
        _per_hand(lambda c: evaluate(c[0], rule_set="elementary", **c[1]), calls, args.repeat))
    print(f"hands: {len(hands)} (seed {args.seed}); load average {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    print(f"scoring.engine cold : median {e:8.1f} us/hand")
    print(f"scoring.engine warm : median {warm:8.1f} us/hand (the same notation again)")
    print(f"scoring.engine resp.: median {respelt:8.1f} us/hand (the same tiles, a new notation each call)")
    print(f"pymahjonggb         : median {o:8.1f} us/hand (best of {args.repeat}, arguments prebuilt)")
    print(f"scoring.engine elem.: median {elementary:8.1f} us/hand (rule_set=elementary, warm)")
    print(f"ratio engine/oracle : cold {e / o:5.1f}x, warm {warm / o:5.1f}x, respelt {respelt / o:5.1f}x")
    print(f"ratio elementary/full (warm, same hands): {elementary / warm:5.2f}x")
    return 0


if __name__ == "__main__":
    sys.exit(main())
