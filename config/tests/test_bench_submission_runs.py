"""`make bench-submission` is not part of `make test` (its figures are timings), but it must keep working:
it is how issue 16's hand-path figure is measured, and a bench that breaks unseen (the ceiling's patch
did, twice) measures nothing. This runs it end to end at a tiny size, and checks what it reports, not
what it measured."""

import os
import subprocess
import sys
import urllib.parse
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.postgres
def test_bench_submission_runs_end_to_end_at_a_tiny_size():
    # A database of its own: the bench creates and drops test_<name>, which must not be the suite's.
    database = urllib.parse.urlsplit(os.environ["DATABASE_URL"])._replace(path="/bench_smoke")
    result = subprocess.run(
        [sys.executable, "bench/submission.py", "--tablets", "3", "--rounds", "2", "--pings", "2",
         "--connections", "persistent"],
        cwd=ROOT, env={**os.environ, "DATABASE_URL": urllib.parse.urlunsplit(database)},
        capture_output=True, text=True, timeout=300,
    )
    assert result.returncode == 0, result.stdout[-3000:] + result.stderr[-3000:]
    report = result.stdout
    assert "| B. POST /api/sheets/<id>/hands/              |    96 |" in report  # 3 tablets x 2 rounds x 16
    assert "p95 ratio to reference 2, the less favourable of A' and C':" in report
    assert "(median of 2 rounds:" in report
    for phase in ("A", "A'", "B", "C", "C'"):
        assert f"server CPU per request, {phase}: " in report
    assert "hand submission 10" in report  # the statements of one hand, as test_hand_path_statements pins
