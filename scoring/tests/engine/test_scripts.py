"""The oracle and benchmark scripts run from the repository root and report."""
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[3]


def _run(*args):
    return subprocess.run([sys.executable, *args], cwd=ROOT, capture_output=True, text=True, timeout=120)


def test_oracle_script_reports_no_disagreement():
    done = _run("bench/scoring_oracle.py", "--count", "300", "--seed", "9")
    assert done.returncode == 0, done.stdout + done.stderr
    assert "disagreements: 0" in done.stdout


def test_bench_script_reports_both_engines():
    done = _run("bench/scoring.py", "--count", "100", "--repeat", "1")
    assert done.returncode == 0, done.stderr
    assert "scoring.engine cold" in done.stdout and "pymahjonggb" in done.stdout and "ratio" in done.stdout
