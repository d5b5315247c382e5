"""Seating charts for large rosters: time and peak memory, each size in a fresh process.

Run from the repository root:  python bench/seating_large.py [--sizes 500,1000,2000] [--sessions 8]

Issue 16 asked for memory linear in the players (the old search kept a players x players table:
2.4 GB at 12,000 players) and a 2,000-player chart (the default limit, docs/limits.md) in seconds and
under 200 MB. Reference in the same run: a bare Python process importing the engine (its RSS is the
floor every size is compared with); the ratios show how memory grows with the players.
"""

import argparse
import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

CHILD = r"""
import json, resource, sys, time
sys.path.insert(0, sys.argv[3])
from seating.engine import build_chart
n, sessions = int(sys.argv[1]), int(sys.argv[2])
start = time.perf_counter()
if n:
    build_chart(list(range(n)), sessions, avoid={p: f"team{p // 4}" for p in range(n)}, seed=1)
seconds = time.perf_counter() - start
print(json.dumps({"seconds": seconds, "rss_mb": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024}))
"""


def run(players: int, sessions: int) -> dict:
    out = subprocess.run([sys.executable, "-c", CHILD, str(players), str(sessions), str(ROOT)],
                         check=True, capture_output=True, text=True).stdout
    return json.loads(out)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--sizes", default="500,1000,2000")
    parser.add_argument("--sessions", type=int, default=8)
    args = parser.parse_args()
    floor = run(0, args.sessions)
    print(f"reference: the engine imported, no chart: {floor['rss_mb']:.0f} MB peak RSS")
    print("| players | sessions | seconds | peak RSS MB | RSS above reference MB | per player KB |")
    print("|---|---|---|---|---|---|")
    for players in [int(size) for size in args.sizes.split(",")]:
        result = run(players, args.sessions)
        above = result["rss_mb"] - floor["rss_mb"]
        print(f"| {players} | {args.sessions} | {result['seconds']:.1f} | {result['rss_mb']:.0f} | {above:.0f} "
              f"| {above * 1024 / players:.1f} |")


if __name__ == "__main__":
    main()
