"""The two profiles differ only where READINGS.md says, and the engine needs no Django."""
import subprocess
import sys
from collections import Counter
from pathlib import Path

from scoring.engine import evaluate
from scoring.engine_testing.generator import corpus
from scoring.engine_testing.oracle import engine_fans

# R1 56/80, R2 57/67/mixed kongs, R3 65, R4 73, R5 67/48/66, R6 64
DOCUMENTED = {56, 80, 57, 67, "mixed_kongs", 65, 73, 48, 66, 64}


def test_profiles_differ_only_in_documented_fans():
    differing = 0
    for hand in corpus(99, 3000):
        gb = engine_fans(evaluate(hand.notation, profile="green_book", **hand.kwargs))
        cp = engine_fans(evaluate(hand.notation, profile="common_practice", **hand.kwargs))
        diff = set((gb - cp) + (cp - gb))
        assert diff <= DOCUMENTED, (hand.notation, hand.kwargs, gb, cp)
        differing += bool(diff)
    assert differing > 0


def test_default_profile_is_green_book():
    hand = "[1111m]{2222p}345s678sW+W"
    assert Counter(engine_fans(evaluate(hand))) == Counter(engine_fans(evaluate(hand, profile="green_book")))


def test_engine_has_no_django_import():
    engine_dir = Path(__file__).resolve().parents[2] / "engine"
    for source in engine_dir.glob("*.py"):
        text = source.read_text(encoding="utf-8")
        assert "import django" not in text and "from django" not in text, source
    code = "import sys, scoring.engine; assert not any(m.startswith('django') for m in sys.modules)"
    root = Path(__file__).resolve().parents[3]
    subprocess.run([sys.executable, "-c", code], check=True, cwd=root)
