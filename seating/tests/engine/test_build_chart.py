import time

import pytest

from seating.engine import build_chart, chart_metrics
from seating.tests.engine.helpers import assert_valid_chart, pair_meetings, teams_of_four


def build(n, sessions, avoid=None, seed=0):
    players = [f"P{i:03d}" for i in range(n)]
    if avoid == "teams":
        avoid = teams_of_four(players)
    chart = build_chart(players, sessions, avoid=avoid, seed=seed)
    assert_valid_chart(chart, players, sessions)
    return chart, chart_metrics(chart, avoid)


@pytest.mark.parametrize(
    "n, sessions",
    [(16, 5), (28, 9), (40, 13), (32, 9), (32, 10), (36, 8), (36, 9), (36, 10), (36, 11),
     (24, 7), (48, 15), (64, 21), (100, 10), (300, 10)],
)
def test_repeat_free_up_to_known_designs(n, sessions):
    _, metrics = build(n, sessions)
    assert metrics.repeated_pairs == 0
    assert metrics.max_meetings == 1
    assert metrics.seats_balanced


def test_32_players_10_sessions_social_golfer_8_4_10():
    # The stored resolvable 4-GDD of type 2^16: every player once per
    # session, nobody meets twice, everyone meets 30 of the other 31.
    players = list(range(32))
    chart = build_chart(players, 10)
    assert_valid_chart(chart, players, 10)
    metrics = chart_metrics(chart)
    assert metrics.repeated_pairs == 0 and metrics.max_meetings == 1
    meetings = pair_meetings(chart)
    assert len(meetings) == 32 * 31 // 2 - 16
    for p in players:
        assert sum(1 for pair in meetings if p in pair) == 30


@pytest.mark.parametrize("n, sessions", [(16, 5), (28, 9), (40, 13)])
def test_complete_designs_make_everyone_meet_once(n, sessions):
    chart, _ = build(n, sessions)
    meetings = pair_meetings(chart)
    assert len(meetings) == n * (n - 1) // 2
    assert set(meetings.values()) == {1}


@pytest.mark.parametrize(
    "n, sessions",
    [(16, 4), (28, 8), (32, 9), (36, 10), (40, 12), (48, 6), (48, 10), (100, 8), (144, 10), (300, 10)],
)
def test_teams_of_four_never_meet_and_no_repeats(n, sessions):
    _, metrics = build(n, sessions, avoid="teams")
    assert metrics.same_key_pairs == 0
    assert metrics.repeated_pairs == 0
    assert metrics.seats_balanced


def test_144_players_from_four_countries_one_per_table():
    players = [f"P{i}" for i in range(144)]
    country = {p: ["CHN", "JPN", "EUR", "USA"][i % 4] for i, p in enumerate(players)}
    chart = build_chart(players, 10, avoid=country)
    assert_valid_chart(chart, players, 10)
    for tables in chart:
        for table in tables:
            assert sorted(country[p] for p in table) == ["CHN", "EUR", "JPN", "USA"]
    metrics = chart_metrics(chart, country)
    assert metrics.repeated_pairs == 0 and metrics.same_key_pairs == 0


def test_countries_beyond_the_simple_construction_are_repaired():
    # Z_36 keeps four areas apart for 12 sessions; 14 needs local search.
    players = list(range(144))
    country = {p: p % 4 for p in players}
    _, metrics = (lambda c: (c, chart_metrics(c, country)))(build_chart(players, 14, avoid=country))
    assert metrics.same_key_pairs == 0
    assert metrics.repeated_pairs == 0


def test_unusual_keys_are_kept_apart_by_search():
    # Eight teams of six do not fit any design; search still separates them.
    players = list(range(48))
    teams = {p: p // 6 for p in players}
    metrics = chart_metrics(build_chart(players, 6, avoid=teams), teams)
    assert metrics.same_key_pairs == 0
    assert metrics.repeated_pairs == 0


def test_oversized_key_gives_the_fewest_possible_same_key_tables():
    # 3 keys of 20 on 15 tables: every table must hold two of one key.
    players = list(range(60))
    keys = {p: p % 3 for p in players}
    metrics = chart_metrics(build_chart(players, 4, avoid=keys), keys)
    assert metrics.same_key_pairs == 15 * 4


@pytest.mark.parametrize("n, sessions, repeats", [(16, 6, 24), (28, 10, 42)])
def test_beyond_the_bound_every_pair_meets_at_most_twice(n, sessions, repeats):
    # 16 x 6: 144 seatings of pairs over 120 pairs -> at least 24 repeats.
    _, metrics = build(n, sessions)
    assert metrics.max_meetings == 2
    assert metrics.repeated_pairs == repeats


def test_same_seed_same_chart_other_seed_other_chart():
    players = [f"id-{i}" for i in range(48)]
    teams = teams_of_four(players)
    first = build_chart(players, 7, avoid=teams, seed=11)
    assert build_chart(players, 7, avoid=teams, seed=11) == first
    assert build_chart(players, 7, avoid=teams, seed=12) != first


def test_search_path_is_deterministic_too():
    players = list(range(48))
    teams = {p: p // 6 for p in players}
    assert build_chart(players, 5, avoid=teams, seed=3) == build_chart(players, 5, avoid=teams, seed=3)


def test_arbitrary_hashable_ids():
    players = [("club", i) for i in range(12)] + ["x", "y", 3.5, None]
    chart = build_chart(players, 5)
    assert_valid_chart(chart, players, 5)
    assert chart_metrics(chart).repeated_pairs == 0  # 16 players: AG(2, 4)


@pytest.mark.parametrize("n, sessions", [(4, 3), (8, 3), (12, 5), (20, 7)])
def test_small_fields_are_valid_and_balanced(n, sessions):
    _, metrics = build(n, sessions)
    assert metrics.seats_balanced
    assert metrics.seat_spread <= 1


@pytest.mark.parametrize("sessions", [1, 2, 3, 5, 6, 7, 9, 10])
def test_starting_seats_are_balanced(sessions):
    chart, metrics = build(100, sessions, avoid="teams")
    assert metrics.seats_balanced
    low, high = sessions // 4, -(-sessions // 4)
    counts = {}
    for tables in chart:
        for table in tables:
            for wind, player in enumerate(table):
                counts.setdefault(player, [0] * 4)[wind] += 1
    assert all(low <= c <= high for row in counts.values() for c in row)


def test_300_players_10_sessions_teams_within_two_seconds():
    started = time.perf_counter()
    _, metrics = build(300, 10, avoid="teams")
    assert time.perf_counter() - started < 2.0
    assert metrics.repeated_pairs == 0 and metrics.same_key_pairs == 0


def test_same_chart_in_another_process_with_other_string_hashing():
    import os
    import subprocess
    import sys
    from pathlib import Path

    code = (
        "from seating.engine import build_chart; "
        "p = [f'name-{i}' for i in range(48)]; "
        "print(build_chart(p, 6, avoid={x: 'team' + str(i // 6) for i, x in enumerate(p)}, seed=4))"
    )
    root = Path(__file__).resolve().parents[3]
    outputs = set()
    for hash_seed in ("1", "2"):
        env = dict(os.environ, PYTHONHASHSEED=hash_seed)
        run = subprocess.run([sys.executable, "-c", code], cwd=root, env=env,
                             capture_output=True, text=True, check=True)
        outputs.add(run.stdout)
    assert len(outputs) == 1
