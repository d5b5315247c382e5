"""Differential test: profile common_practice against pymahjonggb 1.4.0 (test-only oracle).

A fixed-seed sample of generated valid hands (every shape, melds, kongs, flags, flowers).
The two must agree on every fan and total, except where several wait labels fit (any one
may be scored) and where the oracle counts a wait that needs a fifth copy of a tile.
"""
from scoring.engine_testing.differential import compare
from scoring.engine_testing.generator import SHAPES, corpus

SAMPLE = 2500
SEED = 20240118


def test_engine_agrees_with_oracle():
    hands = corpus(SEED, SAMPLE)
    assert {h.shape for h in hands} == {s for s, _ in SHAPES}
    assert any(h.kwargs["kong_replacement"] for h in hands)
    assert any(h.kwargs["robbing_kong"] for h in hands)
    disagreements = [d for d in (compare(h) for h in hands) if d]
    assert disagreements == [], "\n".join(disagreements[:20])


def test_comparison_can_fail():
    """The comparison notices a wrong fan (so the test above can fail)."""
    from collections import Counter

    import scoring.engine_testing.differential as differential
    hand = corpus(1, 1)[0]
    real = differential.engine_fans
    try:
        differential.engine_fans = lambda ev: real(ev) + Counter({1: 1})
        assert compare(hand) is not None
    finally:
        differential.engine_fans = real
