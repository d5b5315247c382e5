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
RELABEL_MOVES_PER_GROUP = 150


def _same(keys, a, b) -> int:
    key = keys.get(a)
    return 1 if key is not None and key == keys.get(b) else 0


def _swap_delta(keys, t1, t2, a, b) -> int:
    """How many more same-key pairs a table pair seats once `a` (at `t1`) and `b` (at `t2`) change places."""
    return sum(_same(keys, b, x) - _same(keys, a, x) for x in t1 if x != a) + sum(
        _same(keys, a, y) - _same(keys, b, y) for y in t2 if y != b)


def spread_apart(chart, soft, hard=None, fixed=0, seed=0, moves=None):
    """`chart` (sessions -> tables -> players) with its sessions from index `fixed` on improved: fewer
    seatings of two players with one `soft` key, never more of one `hard` key nor worse meetings.

    `soft`, `hard`: {player: key}; players without a key are apart from everyone. The sessions before
    `fixed` (played, or kept) count for the meetings and are not changed. While no session is fixed, half
    the moves first relabel the chart (`_relabel`: two players change places in every session, which leaves
    every meeting count as it was); then two players of one session change tables (`_swap_in_sessions`).
    Returns a new chart of tuples."""
    hard = hard or {}
    chart = [[list(table) for table in tables] for tables in chart]
    sessions = [s for s in range(fixed, len(chart)) if len(chart[s]) >= 2]
    if not soft or not sessions:
        return [[tuple(table) for table in tables] for tables in chart]
    where: dict = {}  # player -> [table index in each session]
    for s, tables in enumerate(chart):
        for t, table in enumerate(tables):
            for a in table:
                where.setdefault(a, [None] * len(chart))[s] = t
    rng = random.Random(seed)
    seats = sum(len(chart[s]) * 4 for s in sessions)
    budget = moves if moves is not None else min(MAX_MOVES, MOVES_PER_SEAT * seats)
    # No chart seats fewer soft pairs than the pigeonhole forces: reaching that ends the search.
    floor = sum(sum(fewest_same_key_seatings(soft, len(chart[s])).values()) for s in range(len(chart)))
    if fixed == 0 and all(None not in tables for tables in where.values()):
        _relabel(chart, where, soft, hard, rng, RELABEL_MOVES_PER_GROUP * len(set(hard.values())), floor)
    if _pairs_count(chart, soft) > floor:
        _swap_in_sessions(chart, where, sessions, soft, hard, rng, budget)
    return [[tuple(table) for table in tables] for tables in chart]


def _place(chart, s, t, old, new) -> None:
    table = chart[s][t]
    table[table.index(old)] = new


def _relabel(chart, where, soft, hard, rng, moves, floor) -> None:
    """Relabel the chart: players change places in every session, which leaves every meeting count as it was
    (no repeat can appear), taken when it seats fewer soft pairs and no more hard ones. A move swaps two whole
    hard-key groups of one size member by member (teams trade their places: teammates stay apart), or two
    players of one hard-key group (teammates trade theirs)."""
    groups: dict = {}
    for player in sorted(where, key=repr):
        if hard.get(player) is not None:
            groups.setdefault(hard[player], []).append(player)
    by_size: dict = {}
    for members in groups.values():
        by_size.setdefault(len(members), []).append(members)
    pairs_of_groups = [sized for sized in by_size.values() if len(sized) >= 2]
    teams = [members for members in groups.values() if len(members) >= 2]
    if not pairs_of_groups and not teams:
        return
    count = _pairs_count
    before = (count(chart, hard), count(chart, soft))
    for _move in range(moves):
        if pairs_of_groups and (not teams or rng.random() < 0.5):
            first, second = rng.sample(rng.choice(pairs_of_groups), 2)
            swaps = list(zip(first, rng.sample(second, len(second))))
        else:
            swaps = [tuple(rng.sample(rng.choice(teams), 2))]
        for a, b in swaps:
            _relabel_pair(chart, where, a, b)
        after = (count(chart, hard), count(chart, soft))
        if _taken(rng, after[0] - before[0], 0, after[1] - before[1]):
            before = after
            if after[1] <= floor:
                return
            continue
        for a, b in reversed(swaps):
            _relabel_pair(chart, where, a, b)


def _relabel_pair(chart, where, a, b) -> None:
    for s in range(len(chart)):
        ta, tb = where[a][s], where[b][s]
        if ta != tb:
            _place(chart, s, ta, a, b)
            _place(chart, s, tb, b, a)
    where[a], where[b] = where[b], where[a]


def _pairs_count(chart, keys) -> int:
    """Seatings of two players with one key at one table, over the chart."""
    if not keys:
        return 0
    return sum(_same(keys, a, b) for tables in chart for table in tables
               for i, a in enumerate(table) for b in table[i + 1:])


def _swap_in_sessions(chart, where, sessions, soft, hard, rng, moves) -> None:
    """Two players of one session change tables, taken when the meetings get no worse (annealing.py's cost)."""
    meet: dict[frozenset, int] = {}
    for tables in chart:
        for table in tables:
            for i, a in enumerate(table):
                for b in table[i + 1:]:
                    pair = frozenset((a, b))
                    meet[pair] = meet.get(pair, 0) + 1
    for _move in range(moves):
        s = rng.choice(sessions)
        tables = chart[s]
        first, second = rng.sample(range(len(tables)), 2)
        t1, t2 = tables[first], tables[second]
        a, b = t1[rng.randrange(len(t1))], t2[rng.randrange(len(t2))]
        hard_delta = _swap_delta(hard, t1, t2, a, b)
        if hard_delta > 0:
            continue
        changes: dict[frozenset, int] = {}
        for x in t1:
            if x != a:
                changes[frozenset((a, x))] = changes.get(frozenset((a, x)), 0) - 1
                changes[frozenset((b, x))] = changes.get(frozenset((b, x)), 0) + 1
        for y in t2:
            if y != b:
                changes[frozenset((b, y))] = changes.get(frozenset((b, y)), 0) - 1
                changes[frozenset((a, y))] = changes.get(frozenset((a, y)), 0) + 1
        meet_delta = 0
        for pair, change in changes.items():
            after = meet.get(pair, 0) + change
            if after > MAX_MEETINGS_IN_TABLE:
                meet_delta = 1
                break
            meet_delta += EXCESS[after] - EXCESS[meet.get(pair, 0)]
        if not _taken(rng, hard_delta, meet_delta, _swap_delta(soft, t1, t2, a, b)):
            continue
        _place(chart, s, first, a, b)
        _place(chart, s, second, b, a)
        where[a][s], where[b][s] = second, first
        for pair, change in changes.items():
            meet[pair] = meet.get(pair, 0) + change


def _taken(rng, hard_delta, meet_delta, soft_delta) -> bool:
    """A move is taken when it improves (hard, meetings, soft) in that order, or, now and then, changes none
    of them (a sideways step off a plateau)."""
    if (hard_delta, meet_delta, soft_delta) < (0, 0, 0):
        return True
    return (hard_delta, meet_delta, soft_delta) == (0, 0, 0) and rng.random() < 0.1


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
