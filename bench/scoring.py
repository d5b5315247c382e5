"""Median microseconds per hand: scoring.engine against pymahjonggb, same corpus, same run.

Run from the repository root:  python bench/scoring.py [--count N] [--seed S] [--repeat R]
"""
from __future__ import annotations

import argparse
import os
import statistics
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from scoring.engine import evaluate  # noqa: E402
from scoring.engine_testing.generator import corpus  # noqa: E402
from scoring.engine_testing.oracle import oracle_fans  # noqa: E402


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
    # the engine is timed cold: its decomposition caches start empty for this corpus
    engine = _per_hand(lambda h: evaluate(h.notation, profile=args.profile, **h.kwargs), hands, 1)
    oracle = _per_hand(oracle_fans, hands, args.repeat)
    e, o = statistics.median(engine), statistics.median(oracle)
    warm = statistics.median(_per_hand(lambda h: evaluate(h.notation, profile=args.profile, **h.kwargs),
                                       hands, args.repeat))
    print(f"hands: {len(hands)} (seed {args.seed})")
    print(f"scoring.engine cold : median {e:8.1f} us/hand")
    print(f"scoring.engine warm : median {warm:8.1f} us/hand (decomposition caches filled)")
    print(f"pymahjonggb         : median {o:8.1f} us/hand (best of {args.repeat}, incl. adapter)")
    print(f"ratio engine/oracle : cold {e / o:5.1f}x, warm {warm / o:5.1f}x")
    return 0


if __name__ == "__main__":
    sys.exit(main())
