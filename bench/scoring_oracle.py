"""Run scoring.engine (profile common_practice) against pymahjonggb on generated hands.

Run from the repository root:  python bench/scoring_oracle.py --count 50000 [--seed S]
Prints every disagreement (up to --show) and exits non-zero if there is any.
"""
from __future__ import annotations

import argparse
import os
import random
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from scoring.engine_testing.differential import AGREEMENTS, classify  # noqa: E402
from scoring.engine_testing.generator import generate  # noqa: E402


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--count", type=int, default=50000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--show", type=int, default=20)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    start = time.perf_counter()
    shapes: dict = {}
    disagreements = 0
    excused = {name: 0 for name in AGREEMENTS}
    for _ in range(args.count):
        hand = generate(rng)
        shapes[hand.shape] = shapes.get(hand.shape, 0) + 1
        try:
            outcome = classify(hand)
        except Exception as exc:  # an engine error on a valid hand is a disagreement too
            outcome = f"{hand.notation} {hand.kwargs}: {exc!r}"
        if outcome in excused:
            excused[outcome] += 1
        else:
            problem = outcome
            disagreements += 1
            if disagreements <= args.show:
                print(problem)
    took = time.perf_counter() - start
    print(f"hands: {args.count} (seed {args.seed}); shapes: {dict(sorted(shapes.items()))}")
    print(f"identical: {excused['same']}; same but another fitting wait label: {excused['wait_label']}; "
          f"oracle counts a wait on a fifth copy: {excused['fifth_copy']}")
    print(f"disagreements: {disagreements}  ({took:.1f} s)")
    return 1 if disagreements else 0


if __name__ == "__main__":
    sys.exit(main())
