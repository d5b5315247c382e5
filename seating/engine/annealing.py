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
    return _total_cost(meet, player_count, _key_of(player_count, keys))


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


# Memory stays linear in the players (issue 16: a flat n*n table needed 2.4 GB at 12,000 players): only
# pairs that share a table are stored, keyed a*n+b (at most 12 per table per session), and whether two
# players share an avoid key is read from one key per player instead of an n*n penalty table.


def _meetings(chart, n):
    """Meetings of every pair that shares a table: {a*n+b: times}, both orders, absent when 0."""
    meet = {}
    get = meet.get
    for tables in chart:
        for table in tables:
            for a in table:
                row = a * n
                for b in table:
                    if a != b:
                        meet[row + b] = get(row + b, 0) + 1
    return meet


def _key_of(n, keys):
    """Each player's avoid key (3.5.1: team or country), or a unique marker so no None pair ever matches."""
    return [key if key is not None else ("none", player) for player, key in enumerate(list(keys)[:n])] + [
        ("none", player) for player in range(len(keys), n)
    ]


def _total_cost(meet, n, key_of):
    total = 0
    for pair, m in meet.items():
        a, b = divmod(pair, n)
        if a < b:
            total += EXCESS[m] + (AVOID_WEIGHT * m if key_of[a] == key_of[b] else 0)
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
    key_of = _key_of(n, keys)
    cost = _total_cost(meet, n, key_of)
    target = lower_bound(n, len(chart), keys)
    table_of = []
    for tables in chart:
        where = [0] * n
        for t, table in enumerate(tables):
            for p in table:
                where[p] = t
        table_of.append(where)
    get = meet.get

    def troubled():
        found = []
        for s, tables in enumerate(chart):
            for table in tables:
                for a in table:
                    row = a * n
                    if any(b != a and (get(row + b, 0) > 1 or key_of[a] == key_of[b]) for b in table):
                        found.append((s, a))
        return found

    def bump(pair, by):
        value = get(pair, 0) + by
        if value:
            meet[pair] = value
        else:
            del meet[pair]

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
            key_a, key_b = key_of[a], key_of[b]
            delta = 0
            for x in table_a:
                if x != a:
                    key_x = key_of[x]
                    delta += increment[get(row_b + x, 0)] + (AVOID_WEIGHT if key_b == key_x else 0)
                    delta -= increment[get(row_a + x, 0) - 1] + (AVOID_WEIGHT if key_a == key_x else 0)
            for y in table_b:
                if y != b:
                    key_y = key_of[y]
                    delta += increment[get(row_a + y, 0)] + (AVOID_WEIGHT if key_a == key_y else 0)
                    delta -= increment[get(row_b + y, 0) - 1] + (AVOID_WEIGHT if key_b == key_y else 0)
            if delta > 0 and rng.random() >= math.exp(-delta / temperature):
                continue
            for x in table_a:
                if x != a:
                    bump(row_a + x, -1)
                    bump(x * n + a, -1)
                    bump(row_b + x, 1)
                    bump(x * n + b, 1)
            for y in table_b:
                if y != b:
                    bump(row_b + y, -1)
                    bump(y * n + b, -1)
                    bump(row_a + y, 1)
                    bump(y * n + a, 1)
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
