"""Seat one later session from the current standings (instead of the chart).

Methods (both used by the 国标小助手 "Guobiao helper" app):

* "top"   ("高高碰", top vs top): ranks 1-4 at table 1, 5-8 at table 2, ...
* "snake" (蛇形): serpentine over the T = N/4 tables: ranks 1..T go to
          tables 1..T, ranks T+1..2T to tables T..1, and so on, so every
          table gets a similar mix of strong and weak players.

Then repeats (pairs in `met`) and same-key pairs (3.5.1) are removed where
possible by swapping two players between tables that are close in the
intended order: first neighbouring tables, and only when no swap there
helps, tables two apart, then three, ...  Among the swaps that lower the
cost most, the one moving players across the fewest ranks is taken, so the
grouping stays as near the intended one as the constraints allow.  When no
single swap helps any more but conflicts remain, a short tabu search (swaps
that may not pay off at once; recently moved players stay put for a few
steps; nearest ranks preferred) escapes the dead end, and the best grouping
seen is kept.  Starting seats inside a table are drawn by lot with `seed`
(3.5.1).
"""

import random
from collections.abc import Mapping

from .annealing import AVOID_WEIGHT, INCREMENT
from .validation import check_avoid, check_players

# A soft key's pair: all six pairs of one table (2 x 3 changed by a swap) weigh less than one repeat (INCREMENT[1]).
SOFT_WEIGHT = 0.125

METHODS = ("top", "snake")


def _meeting_counts(met):
    if met is None:
        return {}
    if isinstance(met, Mapping):
        items = ((frozenset(pair), count) for pair, count in met.items())
    else:
        items = ((frozenset(pair), 1) for pair in met)
    counts = {}
    for pair, count in items:
        if len(pair) != 2:
            raise ValueError(f"met must hold pairs of two different players, got {sorted(pair, key=repr)!r}")
        counts[pair] = counts.get(pair, 0) + count
    return counts


def intended_tables(player_count, method):
    """Rank indices (0-based) per table for the chosen method."""
    table_count = player_count // 4
    if method == "top":
        return [list(range(4 * t, 4 * t + 4)) for t in range(table_count)]
    tables = [[] for _ in range(table_count)]
    for rank in range(player_count):
        lap, position = divmod(rank, table_count)
        tables[position if lap % 2 == 0 else table_count - 1 - position].append(rank)
    return tables


def seat_by_standings(ranked_players, method="top", met=None, avoid=None, seed=0, prefer_apart=None):
    """Tables (east, south, west, north) for one session, best ranked first.

    `avoid` keys (teammates: this system's reading of 3.5.1's 公平) weigh more than any meeting;
    `prefer_apart` keys (compatriots, 3.5.1's "也可采用") less than a second meeting of one pair (SOFT_WEIGHT): a
    soft key never costs a repeat."""
    players = check_players(ranked_players)
    avoid = check_avoid(avoid, players)
    prefer_apart = check_avoid(prefer_apart, players)
    soft = [prefer_apart.get(p) for p in players]
    if method not in METHODS:
        raise ValueError(f"method must be one of {', '.join(METHODS)}, got {method!r}")
    counts = _meeting_counts(met)
    keys = [avoid.get(p) for p in players]

    def pair_cost(a, b):
        cost = INCREMENT[min(counts.get(frozenset((players[a], players[b])), 0), len(INCREMENT) - 1)]
        if keys[a] is not None and keys[a] == keys[b]:
            cost += AVOID_WEIGHT
        if soft[a] is not None and soft[a] == soft[b]:
            cost += SOFT_WEIGHT
        return cost

    def table_cost(table):
        return sum(pair_cost(a, b) for i, a in enumerate(table) for b in table[i + 1:])

    tables = intended_tables(len(players), method)
    rng = random.Random(seed)
    _repair(tables, table_cost)
    if any(table_cost(t) for t in tables):
        _tabu(tables, table_cost, rng)
        _repair(tables, table_cost)
    if method == "top":
        # The search may move players between tables: table 1 is still where rank 1 sits, and so on.
        tables.sort(key=lambda table: (min(table), sum(table)))
    seated = []
    for table in tables:
        order = [players[rank] for rank in table]
        rng.shuffle(order)
        seated.append(tuple(order))
    return seated


def _repair(tables, table_cost):
    table_count = len(tables)
    costs = [table_cost(t) for t in tables]
    while any(costs):
        applied = False
        for distance in range(1, table_count):
            best = None
            for t, cost in enumerate(costs):
                if not cost:
                    continue
                for u in (t - distance, t + distance):
                    if not 0 <= u < table_count:
                        continue
                    for i, a in enumerate(tables[t]):
                        for j, b in enumerate(tables[u]):
                            new_t = tables[t][:i] + [b] + tables[t][i + 1:]
                            new_u = tables[u][:j] + [a] + tables[u][j + 1:]
                            gain = cost + costs[u] - table_cost(new_t) - table_cost(new_u)
                            if gain > 0:
                                option = (-gain, abs(a - b), t, u, i, j)
                                if best is None or option < best:
                                    best = option
            if best is not None:
                _, _, t, u, i, j = best
                tables[t][i], tables[u][j] = tables[u][j], tables[t][i]
                costs[t], costs[u] = table_cost(tables[t]), table_cost(tables[u])
                applied = True
                break
        if not applied:
            return


TABU_STEPS = 400
TABU_TENURE = 6


def _tabu(tables, table_cost, rng):
    costs = [table_cost(t) for t in tables]
    best_total, best = sum(costs), [list(t) for t in tables]
    frozen_until = {}
    for step in range(TABU_STEPS):
        troubled = [t for t, cost in enumerate(costs) if cost]
        if not troubled:
            break
        t = troubled[rng.randrange(len(troubled))]
        choice = None
        for u in range(len(tables)):
            if u == t:
                continue
            for i, a in enumerate(tables[t]):
                if frozen_until.get(a, -1) >= step:
                    continue
                for j, b in enumerate(tables[u]):
                    if frozen_until.get(b, -1) >= step:
                        continue
                    new_t = tables[t][:i] + [b] + tables[t][i + 1:]
                    new_u = tables[u][:j] + [a] + tables[u][j + 1:]
                    gain = costs[t] + costs[u] - table_cost(new_t) - table_cost(new_u)
                    option = (-gain, abs(a - b), rng.random(), u, i, j)
                    if choice is None or option < choice:
                        choice = option
        if choice is None:
            continue
        _, _, _, u, i, j = choice
        a, b = tables[t][i], tables[u][j]
        tables[t][i], tables[u][j] = b, a
        costs[t], costs[u] = table_cost(tables[t]), table_cost(tables[u])
        frozen_until[a] = frozen_until[b] = step + TABU_TENURE
        if sum(costs) < best_total:
            best_total, best = sum(costs), [list(x) for x in tables]
    tables[:] = best
