"""Every stored or constructed design is re-verified here."""

import random
from itertools import combinations

import pytest

from seating.engine.affine import affine_classes
from seating.engine.finite_field import field, prime_power
from seating.engine.rotational import FAMILIES, develop
from seating.engine.rotational_data import BASE_CLASSES
from seating.engine.stored_designs import STORED_DESIGNS
from seating.engine.transversal import (
    split_groups_session,
    transversal_classes,
    transversal_groups,
    transversal_sessions,
)


def assert_repeat_free(sessions, points, groups=()):
    met = set()
    for tables in sessions:
        assert sorted(p for table in tables for p in table) == list(range(points))
        for table in tables:
            assert len(table) == 4
            for pair in combinations(sorted(table), 2):
                assert pair not in met, f"pair {pair} meets twice"
                met.add(pair)
    for group in groups:
        for pair in combinations(sorted(group), 2):
            assert pair not in met, f"group pair {pair} meets"
    return met


@pytest.mark.parametrize(
    "family, m",
    [(family, m) for family, by_m in BASE_CLASSES.items() for m in by_m],
)
def test_stored_base_classes_are_repeat_free(family, m):
    players = FAMILIES[family].players(m)
    sessions = develop(BASE_CLASSES[family][m], m)
    assert len(sessions) == m == (players - 1) // 3  # the repeat-free bound
    met = assert_repeat_free(sessions, players)
    if family == "rbibd":
        assert len(met) == players * (players - 1) // 2  # everyone meets everyone


@pytest.mark.parametrize("players", sorted(STORED_DESIGNS))
def test_stored_designs_are_repeat_free(players):
    _name, sessions, groups = STORED_DESIGNS[players]
    assert len(sessions) == (players - 1) // 3  # the repeat-free bound
    met = assert_repeat_free(sessions, players, groups)
    grouped = {point for group in groups for point in group}
    assert sorted(grouped) == list(range(players))  # the groups partition the points
    # Everyone meets everyone outside their group.
    assert len(met) == players * (players - 1) // 2 - sum(len(g) * (len(g) - 1) // 2 for g in groups)


def test_social_golfer_8_4_10_is_stored():
    _name, sessions, groups = STORED_DESIGNS[32]
    assert len(sessions) == 10 and len(groups) == 16


def test_required_tight_sizes_are_stored():
    assert 9 in BASE_CLASSES["rbibd"]       # 28 x 9
    assert 13 in BASE_CLASSES["rbibd"]      # 40 x 13
    assert 11 in BASE_CLASSES["missing3"]   # 36 x 11


@pytest.mark.parametrize("n, sessions", [(2, 5), (3, 21)])
def test_affine_geometry(n, sessions):
    classes = affine_classes(n)
    assert len(classes) == sessions
    met = assert_repeat_free(classes, 4 ** n)
    assert len(met) == 4 ** n * (4 ** n - 1) // 2


@pytest.mark.parametrize("T", [4, 5, 7, 8, 9, 11, 12, 16, 25, 27, 36, 75])
def test_transversal_designs_keep_groups_apart(T):
    sessions = transversal_classes(T, 100)
    assert len(sessions) == transversal_sessions(T)
    assert_repeat_free(sessions, 4 * T, transversal_groups(T))


def test_transversal_session_counts():
    assert transversal_sessions(9) == 9      # GF(9)
    assert transversal_sessions(36) == 12    # Z_36, the WMC 2007 144-player case
    assert transversal_sessions(75) == 25


@pytest.mark.parametrize("T", [4, 8, 16])
def test_split_groups_adds_one_session(T):
    sessions = transversal_classes(T, 100) + [split_groups_session(T)]
    assert_repeat_free(sessions, 4 * T)


@pytest.mark.parametrize("q", [2, 3, 4, 5, 7, 8, 9, 16, 25, 27, 49, 64, 81])
def test_finite_fields(q):
    gf = field(q)
    rng = random.Random(q)
    for a in range(1, q):
        assert sum(1 for b in range(q) if gf.mul(a, b) == 1) == 1
    for _ in range(300):
        a, b, c = (rng.randrange(q) for _ in range(3))
        assert gf.mul(a, gf.add(b, c)) == gf.add(gf.mul(a, b), gf.mul(a, c))
        assert gf.add(gf.add(a, b), c) == gf.add(a, gf.add(b, c))
        assert gf.mul(gf.mul(a, b), c) == gf.mul(a, gf.mul(b, c))


def test_prime_power():
    assert prime_power(9) == (3, 2)
    assert prime_power(12) is None
    assert prime_power(1) is None
