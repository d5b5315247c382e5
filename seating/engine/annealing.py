"""Local search over a whole chart: swap two players of one session.

Cost of a pair that shares a table m times: (m - 1)^3 for m >= 1, so one
pair meeting three times costs as much as eight pairs meeting twice; this
minimises the largest number of meetings first and then the repeats.  Pairs
with the same avoid key (team or country, 3.5.1) cost AVOID_WEIGHT more for
every meeting, which puts keeping them apart first.

Moves are drawn around players that sit with someone they should not
(repeat or same key), and accepted by simulated annealing.  The start is
usually a design that is already good, so the temperature stays low (a hot
start would first destroy the structure it is meant to repair).  The number of
moves is fixed (not a time limit) so the same seed gives the same chart.
"""

import math

AVOID_WEIGHT = 30
MAX_MEETINGS_IN_TABLE = 64


def excess_cost(meetings):
    return (meetings - 1) ** 3 if meetings > 1 else 0


EXCESS = [excess_cost(m) for m in range(MAX_MEETINGS_IN_TABLE + 1)]
INCREMENT = [EXCESS[m + 1] - EXCESS[m] for m in range(MAX_MEETINGS_IN_TABLE)]


def chart_cost(chart, player_count, keys):
    meet = _meetings(chart, player_count)
    return _total_cost(meet, player_count, _penalties(player_count, keys))


def lower_bound(player_count, session_count, keys):
    """A cost no chart can beat; reaching it ends the search early.

    Keys with more players than tables force some same-key seatings every
    session (pigeonhole); the remaining seatings are spread as evenly as
    possible over the pairs that may meet.
    """
    table_count = player_count // 4
    sizes = _key_sizes(keys)
    forced = session_count * sum(_fewest_pairs(size, table_count) for size in sizes)
    pairs = player_count * (player_count - 1) // 2
    allowed = pairs - sum(n * (n - 1) // 2 for n in sizes)
    meetings = session_count * table_count * 6 - forced
    if allowed <= 0 or meetings <= 0:
        return AVOID_WEIGHT * forced
    base, extra = divmod(meetings, allowed)
    if base + 1 > MAX_MEETINGS_IN_TABLE:
        return AVOID_WEIGHT * forced
    return AVOID_WEIGHT * forced + (allowed - extra) * EXCESS[base] + extra * EXCESS[base + 1]


def _fewest_pairs(size, table_count):
    """Same-key pairs when `size` players spread as evenly as possible."""
    per_table, extra = divmod(size, table_count)
    return (table_count - extra) * per_table * (per_table - 1) // 2 + extra * (per_table + 1) * per_table // 2


def _key_sizes(keys):
    sizes = {}
    for key in keys:
        if key is not None:
            sizes[key] = sizes.get(key, 0) + 1
    return list(sizes.values())


def _meetings(chart, n):
    meet = [0] * (n * n)
    for tables in chart:
        for table in tables:
            for a in table:
                row = a * n
                for b in table:
                    if a != b:
                        meet[row + b] += 1
    return meet


def _penalties(n, keys):
    penalty = [0] * (n * n)
    members = {}
    for player, key in enumerate(keys):
        if key is not None:
            members.setdefault(key, []).append(player)
    for players in members.values():
        for a in players:
            for b in players:
                if a != b:
                    penalty[a * n + b] = AVOID_WEIGHT
    return penalty


def _total_cost(meet, n, penalty):
    total = 0
    for a in range(n):
        row = a * n
        for b in range(a + 1, n):
            m = meet[row + b]
            if m:
                total += EXCESS[m] + penalty[row + b] * m
    return total


def improve(chart, player_count, keys, rng, max_moves=200_000, patience=60_000):
    """Improve `chart` (sessions -> tables -> lists of players) in place.

    Stops at the lower bound, after `max_moves` swaps, or when `patience`
    swaps in a row found nothing better than the best chart so far.
    """
    n = player_count
    table_count = n // 4
    if table_count < 2:
        return chart
    meet = _meetings(chart, n)
    penalty = _penalties(n, keys)
    cost = _total_cost(meet, n, penalty)
    target = lower_bound(n, len(chart), keys)
    table_of = []
    for tables in chart:
        where = [0] * n
        for t, table in enumerate(tables):
            for p in table:
                where[p] = t
        table_of.append(where)

    def troubled():
        found = []
        for s, tables in enumerate(chart):
            for table in tables:
                for a in table:
                    row = a * n
                    if any(b != a and (meet[row + b] > 1 or penalty[row + b]) for b in table):
                        found.append((s, a))
        return found

    best_cost, best_chart = cost, [[list(t) for t in tables] for tables in chart]
    increment = INCREMENT
    temperature_start, temperature_end = 0.3, 0.02
    moves = 0
    last_gain = 0
    batch = 2_000
    while cost > target and moves < max_moves and moves - last_gain < patience:
        candidates = troubled()
        if not candidates:
            break
        for _ in range(batch):
            moves += 1
            progress = moves / max_moves
            temperature = temperature_start * (temperature_end / temperature_start) ** progress
            s, a = candidates[rng.randrange(len(candidates))]
            where = table_of[s]
            tables = chart[s]
            ta = where[a]
            tb = rng.randrange(table_count - 1)
            if tb >= ta:
                tb += 1
            table_a, table_b = tables[ta], tables[tb]
            ib = rng.randrange(4)
            b = table_b[ib]
            row_a, row_b = a * n, b * n
            delta = 0
            for x in table_a:
                if x != a:
                    delta += increment[meet[row_b + x]] + penalty[row_b + x]
                    delta -= increment[meet[row_a + x] - 1] + penalty[row_a + x]
            for y in table_b:
                if y != b:
                    delta += increment[meet[row_a + y]] + penalty[row_a + y]
                    delta -= increment[meet[row_b + y] - 1] + penalty[row_b + y]
            if delta > 0 and rng.random() >= math.exp(-delta / temperature):
                continue
            for x in table_a:
                if x != a:
                    meet[row_a + x] -= 1
                    meet[x * n + a] -= 1
                    meet[row_b + x] += 1
                    meet[x * n + b] += 1
            for y in table_b:
                if y != b:
                    meet[row_b + y] -= 1
                    meet[y * n + b] -= 1
                    meet[row_a + y] += 1
                    meet[y * n + a] += 1
            table_a[table_a.index(a)] = b
            table_b[ib] = a
            where[a], where[b] = tb, ta
            cost += delta
            if cost <= target:
                break
        if cost < best_cost:
            best_cost, best_chart = cost, [[list(t) for t in tables] for tables in chart]
            last_gain = moves
    # Annealing may end above the best state it passed through.
    if best_cost < cost:
        chart[:] = best_chart
    return chart
