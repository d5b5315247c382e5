"""How close to its targets hand submission gets with its SQL hand-written: the ceiling.

bench/submission.py reports hand submission p95 against two references: within 2x of a one-write
endpoint (issue "Score sheets and standings") and within 1.5x of a locked write with its audit event
(issue 16). This measures what is left when the hand's
database work is as lean as it can be made, so that the gap can be judged from figures rather than
from guesses. bench/ceiling/hand_path_sql.patch (an experiment, not shippable) replaces the hand
path of tournaments/sheets/services/recording.py (and the refusals of sheets/hand_scoring.py) with:
  - one hand-written SELECT ... FOR UPDATE that also reads the session's status, the rules and the
    referee's role (no second query for permissions);
  - the INSERT of the hand, the UPDATE of the sheet and the INSERT of the audit event in hand-written
    SQL, sent in one psycopg pipeline;
  - a server-binding psycopg cursor for all four, so PostgreSQL prepares them after five runs;
and leaves out the chief referee, the spent-key check (a hand taken back), the win refusals
(3.11.3) and the time-up flag, all of which only flatters it (tests of those cases fail with the
patch; the concurrency test passes).

The script checks out HEAD twice into temporary git worktrees, applies the patch to one, and runs
bench/submission.py (persistent connections, as deployed) alternately on the two, --rounds times
each, then prints every run's p95 figures and verdict (each run's verdict is itself the median of
bench/submission.py's own five rounds). Uncommitted changes are not measured.

Run from the repository root:  python bench/submission_ceiling.py [--rounds 3]
"""
from __future__ import annotations

import argparse
import os
import re
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
PATCH = os.path.join(ROOT, "bench", "ceiling", "hand_path_sql.patch")
HAND = re.compile(r"^\| B\. POST /api/sheets/<id>/hands/ +\| +\d+ \| +([\d.]+) \| +([\d.]+) \|", re.M)
REFERENCE = re.compile(r"^\| [AC]\. reference[^|]*\| +\d+ \| +([\d.]+) \| +([\d.]+) \|", re.M)
VERDICT = re.compile(r"^p95 ratio, the less favourable of A and C: ([\d.]+)x", re.M)
VERDICT_2 = re.compile(r"^p95 ratio to reference 2, the less favourable of A' and C': ([\d.]+)x", re.M)


def git(*args: str, cwd: str = ROOT) -> str:
    return subprocess.run(["git", *args], cwd=cwd, check=True, capture_output=True, text=True).stdout.strip()


def measure(tree: str) -> tuple[float, float, float, float]:
    """One bench/submission.py run in `tree`: (hand p95, the lower reference p95 of A and C, the
    verdict's ratio: hand p95 over that lower reference, and the ratio to reference 2)."""
    result = subprocess.run(
        [sys.executable, os.path.join("bench", "submission.py"), "--connections", "persistent"],
        cwd=tree, capture_output=True, text=True, timeout=900,
    )
    output = result.stdout + result.stderr
    hand, verdict, verdict_2 = HAND.search(output), VERDICT.search(output), VERDICT_2.search(output)
    references = [float(p95) for _p50, p95 in REFERENCE.findall(output)]
    if result.returncode != 0 or hand is None or verdict is None or verdict_2 is None or not references:
        raise SystemExit(f"bench/submission.py failed in {tree}:\n{output[-3000:]}")
    return float(hand.group(2)), min(references), float(verdict.group(1)), float(verdict_2.group(1))


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=3, help="runs of each, alternating")
    args = parser.parse_args()
    commit = git("rev-parse", "--short", "HEAD")
    with tempfile.TemporaryDirectory(prefix="mcr-ceiling.") as parent:
        plain, tree = os.path.join(parent, "head"), os.path.join(parent, "patched")
        for where in (plain, tree):
            git("worktree", "add", "--detach", where, "HEAD")
            os.symlink(os.path.join(ROOT, ".venv"), os.path.join(where, ".venv"))
        try:
            applied = subprocess.run(["git", "apply", PATCH], cwd=tree, capture_output=True, text=True)
            if applied.returncode != 0:
                raise SystemExit(
                    f"bench/ceiling/hand_path_sql.patch no longer applies at {commit} (the hand path has changed "
                    f"since it was written):\n{applied.stderr}"
                )
            runs = []
            for round_ in range(1, args.rounds + 1):
                for name, where in (("as it is", plain), ("ceiling patch", tree)):
                    runs.append((round_, name, *measure(where)))
                    print(f"round {round_}, {name}: done", file=sys.stderr, flush=True)
        finally:
            for where in (plain, tree):
                git("worktree", "remove", "--force", where)
    print(f"\n## Hand submission at {commit}: the code as it is, and with its SQL hand-written\n")
    print("50 tablets, gunicorn 3 sync workers, persistent database connections (bench/submission.py)\n")
    print("| round | hand path | hand p95 ms | reference p95 ms (lower of A, C) | ratio (target 2x) "
          "| ratio to reference 2 (target 1.5x) |")
    print("|---:|---|---:|---:|---:|---:|")
    for round_, name, hand, reference, ratio, ratio_2 in runs:
        print(f"| {round_} | {name} | {hand:.1f} | {reference:.1f} | {ratio:.1f}x | {ratio_2:.1f}x |")
    for name in ("as it is", "ceiling patch"):
        ratios = sorted(ratio for _r, n, _h, _ref, ratio, _2 in runs if n == name)
        ratios_2 = sorted(ratio_2 for _r, n, _h, _ref, _1, ratio_2 in runs if n == name)
        print(f"\n{name}: ratios {', '.join(f'{r:.1f}x' for r in ratios)}; "
              f"to reference 2 {', '.join(f'{r:.1f}x' for r in ratios_2)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
