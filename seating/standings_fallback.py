"""Stand-in for `seating.engine.seat_by_standings` while this branch's engine lacks it.

The engine (owned separately) gains `seat_by_standings(ranked_players, method, met, avoid, seed)`;
until that is merged here, services import this module instead (see seating/services.py). Same
signature and result: one session's tables (east, south, west, north), best ranked first.

"top" seats ranks 1-4, 5-8, ... together; "snake" deals ranks over the tables back and forth.
Repeats (pairs in `met`) and same-key pairs (3.5.1) are then removed where a swap between two
tables, nearest tables first, lowers the conflicts. Starting seats are drawn by lot (3.5.1).
"""

import random
from collections.abc import Mapping

METHODS = ("top", "snake")
AVOID_WEIGHT = 30


def _intended(count, method):
    tables = count // 4
    if method == "top":
        return [list(range(4 * t, 4 * t + 4)) for t in range(tables)]
    result = [[] for _ in range(tables)]
    for rank in range(count):
        lap, position = divmod(rank, tables)
        result[position if lap % 2 == 0 else tables - 1 - position].append(rank)
    return result


def seat_by_standings(ranked_players, method="top", met=None, avoid=None, seed=0):
    players = list(ranked_players)
    if len(players) % 4 or not players:
        raise ValueError("players must fill tables of 4")
    if method not in METHODS:
        raise ValueError(f"method must be one of {', '.join(METHODS)}, got {method!r}")
    avoid = avoid or {}
    counts = {}
    if met:
        pairs = met.items() if isinstance(met, Mapping) else ((pair, 1) for pair in met)
        for pair, count in pairs:
            key = frozenset(pair)
            counts[key] = counts.get(key, 0) + count

    def pair_cost(a, b):
        cost = 10 * counts.get(frozenset((players[a], players[b])), 0)
        key = avoid.get(players[a])
        if key is not None and key == avoid.get(players[b]):
            cost += AVOID_WEIGHT
        return cost

    def table_cost(table):
        return sum(pair_cost(a, b) for i, a in enumerate(table) for b in table[i + 1:])

    tables = _intended(len(players), method)
    improved = True
    while improved:
        improved = False
        for distance in range(1, len(tables)):
            best = None
            for t in range(len(tables) - distance):
                u = t + distance
                before = table_cost(tables[t]) + table_cost(tables[u])
                if not before:
                    continue
                for i in range(4):
                    for j in range(4):
                        a, b = list(tables[t]), list(tables[u])
                        a[i], b[j] = b[j], a[i]
                        gain = before - table_cost(a) - table_cost(b)
                        moved = abs(tables[t][i] - tables[u][j])
                        if gain > 0 and (best is None or (gain, -moved) > (best[0], -best[1])):
                            best = (gain, moved, t, u, a, b)
            if best is not None:
                _gain, _moved, t, u, a, b = best
                tables[t], tables[u] = a, b
                improved = True
                break
    rng = random.Random(seed)
    seated = []
    for table in tables:
        order = [players[rank] for rank in table]
        rng.shuffle(order)
        seated.append(tuple(order))
    return seated
