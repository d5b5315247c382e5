"""Issue 16: the chart search keeps memory linear in the players (a flat players x players table took
2.4 GB at 12,000 players and a MemoryError beyond). The figures (2,000 players: seconds, tens of MB) are
measured by `make bench-seating-large`; these tests pin the structures' sizes."""

import random

from seating.engine import annealing


def _random_chart(n, sessions, seed=0):
    rng = random.Random(seed)
    chart = []
    for _ in range(sessions):
        order = list(range(n))
        rng.shuffle(order)
        chart.append([order[i:i + 4] for i in range(0, n, 4)])
    return chart


def test_meetings_store_only_pairs_that_met():
    n, sessions = 2000, 8
    chart = _random_chart(n, sessions)
    meet = annealing._meetings(chart, n)
    # Each table seats 12 ordered pairs: the table grows with players x sessions, never players squared.
    assert len(meet) <= 12 * (n // 4) * sessions
    assert len(meet) < n * n // 50
    assert 0 not in meet.values()


def test_avoid_keys_are_one_per_player_and_none_matches_nobody():
    key_of = annealing._key_of(6, ["A", "A", None, None, "B", "B"])
    assert len(key_of) == 6
    assert key_of[0] == key_of[1] and key_of[4] == key_of[5]
    assert key_of[2] != key_of[3]


def test_search_keeps_the_sparse_table_exact_after_moves():
    n, sessions = 64, 7
    chart = _random_chart(n, sessions, seed=3)
    keys = [player % 9 if player % 4 else None for player in range(n)]
    annealing.improve(chart, n, keys, random.Random(5), max_moves=8_000, patience=8_000)
    meet_after = annealing._meetings(chart, n)
    # The cost kept incrementally equals the cost recomputed from the chart; no zero entries linger.
    assert annealing.chart_cost(chart, n, keys) == annealing._total_cost(meet_after, n, annealing._key_of(n, keys))
    assert 0 not in meet_after.values()
    pairs = {}
    for tables in chart:
        for table in tables:
            for i, a in enumerate(table):
                for b in table[i + 1:]:
                    pair = (min(a, b), max(a, b))
                    pairs[pair] = pairs.get(pair, 0) + 1
    expected = sum(
        annealing.EXCESS[m] + (annealing.AVOID_WEIGHT * m if keys[a] is not None and keys[a] == keys[b] else 0)
        for (a, b), m in pairs.items()
    )
    assert annealing.chart_cost(chart, n, keys) == expected
