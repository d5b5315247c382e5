"""Benchmark the seating engine against a random-sampling baseline.

Run from the repository root:  python bench/seating.py [--quick]

Baseline (what common tournament tools do, e.g. Pantheon's shuffled mode):
for every session draw 1,000 random seatings and keep the one whose tables
hold the fewest earlier meetings (teammates count as having met); the seat
order inside a table is the order drawn.  --quick uses 100 samples and
fewer sizes.  The last rows are tight cases near the repeat-free bound
floor((N - 1) / 3) sessions.
"""

import argparse
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from seating.engine import build_chart, chart_metrics  # noqa: E402

SIZES = (36, 64, 100, 144, 300)
SESSIONS = (6, 8, 10)
# Tight cases: at (or next to) the repeat-free bound floor((N - 1) / 3).
TIGHT = ((16, 5), (28, 9), (32, 9), (32, 10), (36, 9), (36, 11), (40, 13), (48, 15))


def baseline_chart(players, sessions, avoid, samples, seed=0):
    rng = random.Random(seed)
    n = len(players)
    index = {p: i for i, p in enumerate(players)}
    met = [0] * (n * n)
    if avoid:
        for a in players:
            for b in players:
                if a != b and avoid.get(a) is not None and avoid.get(a) == avoid.get(b):
                    met[index[a] * n + index[b]] = 1
    chart = []
    order = list(range(n))
    for _ in range(sessions):
        best_score, best = None, None
        for _ in range(samples):
            rng.shuffle(order)
            score = 0
            for t in range(0, n, 4):
                a, b, c, d = order[t:t + 4]
                score += (met[a * n + b] + met[a * n + c] + met[a * n + d]
                          + met[b * n + c] + met[b * n + d] + met[c * n + d])
                if best_score is not None and score >= best_score:
                    break
            if best_score is None or score < best_score:
                best_score, best = score, order[:]
        tables = [best[t:t + 4] for t in range(0, n, 4)]
        for table in tables:
            for a in table:
                for b in table:
                    if a != b:
                        met[a * n + b] += 1
        chart.append([tuple(players[p] for p in table) for table in tables])
    return chart


def measure(make):
    started = time.perf_counter()
    chart = make()
    return chart, time.perf_counter() - started


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="100 baseline samples, fewer sizes")
    args = parser.parse_args()
    samples = 100 if args.quick else 1000
    sizes = (36, 100, 300) if args.quick else SIZES
    header = (
        "| players | sessions | teams of 4 | engine repeats | engine worst pair | engine same-team "
        "| engine seat spread | engine s | baseline repeats | baseline worst pair | baseline same-team "
        "| baseline seat spread | baseline s |"
    )
    print(f"Baseline: best of {samples} random seatings per session.\n")
    print(header)
    print("|" + "---|" * (header.count("|") - 1))
    rows = [(n, sessions, teams) for n in sizes for sessions in SESSIONS for teams in (False, True)]
    rows += [(n, sessions, False) for n, sessions in TIGHT]
    for n, sessions, teams in rows:
        players = [f"P{i:03d}" for i in range(n)]
        avoid = {p: i // 4 for i, p in enumerate(players)} if teams else None
        chart, seconds = measure(lambda: build_chart(players, sessions, avoid=avoid))
        ours = chart_metrics(chart, avoid)
        chart, base_seconds = measure(lambda: baseline_chart(players, sessions, avoid, samples))
        base = chart_metrics(chart, avoid)
        print(
            f"| {n} | {sessions} | {'yes' if teams else 'no'} "
            f"| {ours.repeated_pairs} | {ours.max_meetings} | {ours.same_key_pairs} "
            f"| {ours.seat_spread} | {seconds:.2f} "
            f"| {base.repeated_pairs} | {base.max_meetings} | {base.same_key_pairs} "
            f"| {base.seat_spread} | {base_seconds:.2f} |",
            flush=True,
        )


if __name__ == "__main__":
    main()
