"""Soft keys: players kept apart as far as the hard constraints allow (3.5.1).

3.5.1 asks for a draw that is 公开、公平、公正 and lets the organizer keep compatriots apart as far as
possible ("也可采用同国家、同地区选手尽量避开的原则"). It says nothing of teammates: keeping them apart is this
system's reading of 公平 in a team event (teammates at one table could play for each other), and a hard
key; the country is a soft one. The chart is drawn with the hard keys (build_chart, seat_by_standings);
`spread_apart` then swaps two players of one session wherever that seats fewer players of one soft key
together and costs nothing of what comes first:

1. no more same-hard-key seatings (teammates together);
2. no worse meetings (the cost of annealing.py, (meetings - 1)^3 a pair: no new repeat);
3. fewer same-soft-key seatings (compatriots together).

Moves are drawn with a seeded generator and their number is fixed, so the same input gives the same chart.
"""

import random

from .annealing import EXCESS, MAX_MEETINGS_IN_TABLE

MOVES_PER_SEAT = 400
MAX_MOVES = 200_000


def _same(keys, a, b) -> int:
    key = keys.get(a)
    return 1 if key is not None and key == keys.get(b) else 0


def spread_apart(chart, soft, hard=None, fixed=0, seed=0, moves=None):
    """`chart` (sessions -> tables -> players) with its sessions from index `fixed` on improved: fewer
    seatings of two players with one `soft` key, never more of one `hard` key nor worse meetings.

    `soft`, `hard`: {player: key}; players without a key are apart from everyone. The sessions before
    `fixed` (played, or kept) count for the meetings and are not changed. Returns a new chart of tuples
    (each table's players in their first order, the swapped player in the other's place)."""
    hard = hard or {}
    chart = [[list(table) for table in tables] for tables in chart]
    sessions = range(fixed, len(chart))
    if not soft or not sessions or all(len(chart[s]) < 2 for s in sessions):
        return [[tuple(table) for table in tables] for tables in chart]
    meet: dict[frozenset, int] = {}
    for tables in chart:
        for table in tables:
            for i, a in enumerate(table):
                for b in table[i + 1:]:
                    pair = frozenset((a, b))
                    meet[pair] = meet.get(pair, 0) + 1
    rng = random.Random(seed)
    seats = sum(len(chart[s]) * 4 for s in sessions)
    budget = moves if moves is not None else min(MAX_MOVES, MOVES_PER_SEAT * seats)
    playable = [s for s in sessions if len(chart[s]) >= 2]
    for _move in range(budget):
        s = rng.choice(playable)
        tables = chart[s]
        first, second = rng.sample(range(len(tables)), 2)
        t1, t2 = tables[first], tables[second]
        i, j = rng.randrange(len(t1)), rng.randrange(len(t2))
        a, b = t1[i], t2[j]
        others1 = [x for x in t1 if x != a]
        others2 = [y for y in t2 if y != b]
        hard_delta = sum(_same(hard, b, x) - _same(hard, a, x) for x in others1) + sum(
            _same(hard, a, y) - _same(hard, b, y) for y in others2)
        if hard_delta > 0:
            continue
        changes: dict[frozenset, int] = {}
        for x in others1:
            changes[frozenset((a, x))] = changes.get(frozenset((a, x)), 0) - 1
            changes[frozenset((b, x))] = changes.get(frozenset((b, x)), 0) + 1
        for y in others2:
            changes[frozenset((b, y))] = changes.get(frozenset((b, y)), 0) - 1
            changes[frozenset((a, y))] = changes.get(frozenset((a, y)), 0) + 1
        meet_delta = 0
        for pair, change in changes.items():
            before = meet.get(pair, 0)
            after = before + change
            if after > MAX_MEETINGS_IN_TABLE:
                meet_delta = 1
                break
            meet_delta += EXCESS[after] - EXCESS[before]
        soft_delta = sum(_same(soft, b, x) - _same(soft, a, x) for x in others1) + sum(
            _same(soft, a, y) - _same(soft, b, y) for y in others2)
        better = (hard_delta, meet_delta, soft_delta) < (0, 0, 0)
        sideways = (hard_delta, meet_delta, soft_delta) == (0, 0, 0) and rng.random() < 0.1
        if not (better or sideways):
            continue
        t1[i], t2[j] = b, a
        for pair, change in changes.items():
            meet[pair] = meet.get(pair, 0) + change
    return [[tuple(table) for table in tables] for tables in chart]


def fewest_same_key_seatings(keys, tables: int) -> dict:
    """{key: the fewest seatings of two players with that key in one session of `tables` tables}: a key
    with more players than tables must share tables (pigeonhole). Keys whose players can all sit apart
    are left out."""
    sizes: dict = {}
    for key in keys.values():
        if key is not None:
            sizes[key] = sizes.get(key, 0) + 1
    fewest = {}
    for key, size in sizes.items():
        if tables and size > tables:
            per_table, extra = divmod(size, tables)
            fewest[key] = (tables - extra) * per_table * (per_table - 1) // 2 + extra * (per_table + 1) * per_table // 2
    return fewest
