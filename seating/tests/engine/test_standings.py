import zlib

import pytest

from seating.engine import seat_by_standings
from seating.engine.standings import intended_tables
from seating.tests.engine.helpers import pair_meetings

RANKED = [f"R{i:02d}" for i in range(1, 17)]  # R01 is first in the standings


def tables_as_sets(tables):
    return [set(t) for t in tables]


def test_top_vs_top_groups_consecutive_ranks():
    tables = seat_by_standings(RANKED, "top")
    assert tables_as_sets(tables) == [set(RANKED[i:i + 4]) for i in range(0, 16, 4)]


def test_snake_is_serpentine_over_tables():
    # 4 tables: ranks 1-4 -> tables 1-4, 5-8 -> tables 4-1, 9-12 -> 1-4, 13-16 -> 4-1.
    assert intended_tables(16, "snake") == [
        [0, 7, 8, 15], [1, 6, 9, 14], [2, 5, 10, 13], [3, 4, 11, 12],
    ]
    tables = seat_by_standings(RANKED, "snake")
    assert tables[0] == tuple(tables[0]) and set(tables[0]) == {"R01", "R08", "R09", "R16"}


def test_every_player_seated_once():
    tables = seat_by_standings(RANKED, "snake", seed=5)
    assert sorted(p for t in tables for p in t) == sorted(RANKED)
    assert all(len(t) == 4 for t in tables)


def test_repeat_is_avoided_by_a_swap_with_the_next_table():
    met = {frozenset(("R01", "R02"))}
    tables = tables_as_sets(seat_by_standings(RANKED, "top", met=met))
    assert not any({"R01", "R02"} <= t for t in tables)
    # Only the two top tables change, by one swap of neighbouring ranks.
    assert tables[2:] == [set(RANKED[8:12]), set(RANKED[12:16])]
    moved = (tables[0] - set(RANKED[0:4])) | (tables[1] - set(RANKED[4:8]))
    assert len(moved) == 2


def test_met_counts_as_mapping_and_pairs_as_tuples():
    met = {("R01", "R05"): 2, ("R02", "R03"): 1}
    tables = tables_as_sets(seat_by_standings(RANKED, "top", met=met))
    assert not any({"R02", "R03"} <= t for t in tables)


def test_teammates_are_separated():
    teams = {p: ("A" if i < 4 else None) for i, p in enumerate(RANKED)}
    tables = seat_by_standings(RANKED, "top", avoid=teams)
    for table in tables:
        assert sum(1 for p in table if teams[p] == "A") <= 1


def test_conflicts_after_a_full_chart_of_previous_sessions():
    from seating.engine import build_chart

    players = [f"P{i}" for i in range(48)]
    teams = {p: i // 4 for i, p in enumerate(players)}
    earlier = build_chart(players, 6, avoid=teams)
    met = pair_meetings(earlier)
    # A fixed order that is not the chart's: hash() of a str changes with every process (PYTHONHASHSEED).
    ranked = sorted(players, key=lambda p: (zlib.crc32(p.encode()) * 7919) % 1000)
    for method in ("top", "snake"):
        tables = seat_by_standings(ranked, method, met=met, avoid=teams)
        new = pair_meetings([tables])
        assert not any(met.get(pair) for pair in new), method
        assert all(teams[a] != teams[b] for a, b in map(tuple, new)), method


def test_unavoidable_conflict_is_left_when_no_swap_helps():
    players = ["a", "b", "c", "d"]
    assert set(seat_by_standings(players, met=[("a", "b")])[0]) == set(players)


def test_seats_are_drawn_by_seed_deterministically():
    first = seat_by_standings(RANKED, "top", seed=1)
    assert seat_by_standings(RANKED, "top", seed=1) == first
    assert tables_as_sets(seat_by_standings(RANKED, "top", seed=2)) == tables_as_sets(first)


def test_bad_method_and_bad_met():
    with pytest.raises(ValueError, match="method must be one of top, snake"):
        seat_by_standings(RANKED, "swiss")
    with pytest.raises(ValueError, match="pairs of two different players"):
        seat_by_standings(RANKED, met=[("R01", "R01")])


def test_top_tables_stay_in_rank_order_when_whole_groups_must_break_up():
    # Each group of four consecutive ranks is one team: every top-vs-top table must be broken up.
    teams = {player: index // 4 for index, player in enumerate(RANKED)}
    tables = seat_by_standings(RANKED, "top", avoid=teams)
    rank = {player: index for index, player in enumerate(RANKED)}
    best = [min(rank[p] for p in table) for table in tables]
    assert best == sorted(best) and best[0] == 0
    assert all(len({teams[p] for p in table}) == 4 for table in tables)
