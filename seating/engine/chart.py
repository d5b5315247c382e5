"""build_chart: the pre-drawn chart of tables and starting seats (3.5.1)."""

import random

from .annealing import chart_cost, improve, lower_bound
from .designs import Design, candidate_designs
from .placement import placements
from .soft import spread_apart
from .validation import check_avoid, check_players, check_sessions
from .winds import balance_winds

# Swap budget of the local search: fixed (so results do not depend on the
# machine's speed) and scaled to the chart's size.
SEARCH_MOVES = 600_000
MOVES_PER_SEAT = 1_500


def _random_sessions(player_count, session_count, rng):
    sessions = []
    for _ in range(session_count):
        order = list(range(player_count))
        rng.shuffle(order)
        sessions.append([tuple(order[i:i + 4]) for i in range(0, player_count, 4)])
    return sessions


def build_chart(players, sessions, avoid=None, seed=0, prefer_apart=None):
    """chart[session][table] = (east, south, west, north) starting seats.

    Players are shuffled onto the points of the best fitting repeat-free
    design (designs.py), avoid keys are placed so they never share a table
    when a design allows it (placement.py), local search repairs the rest
    (annealing.py) and starting winds are balanced last (winds.py).

    `avoid` keys are kept apart first (teammates, a reading of 3.5.1's 公平); `prefer_apart` keys
    (compatriots, 3.5.1's "也可采用")
    only where that costs no same-`avoid` seating and no worse meetings (soft.py).
    """
    players = check_players(players)
    sessions = check_sessions(sessions)
    avoid = check_avoid(avoid, players)
    prefer_apart = check_avoid(prefer_apart, players)
    rng = random.Random(seed)
    n = len(players)
    # Design points are numbered 0..n-1; a seeded shuffle decides who is who.
    order = list(players)
    rng.shuffle(order)
    keys = [avoid.get(p) for p in order]
    options = candidate_designs(n, sessions)
    options.append(Design("random draw", _random_sessions(n, sessions, rng)))
    best = None
    for design in options:
        for layout, _method in placements(design, n, sessions, keys, rng):
            cost = chart_cost(layout, n, keys)
            if best is None or cost < best[0]:
                best = (cost, layout)
    cost, layout = best
    if cost > lower_bound(n, sessions, keys):
        budget = min(SEARCH_MOVES, MOVES_PER_SEAT * n * sessions)
        improve(layout, n, keys, rng, budget, patience=max(5_000, min(budget // 4, 100_000)))
    if prefer_apart:
        soft = {point: prefer_apart[player] for point, player in enumerate(order) if player in prefer_apart}
        hard = {point: key for point, key in enumerate(keys) if key is not None}
        layout = [[list(table) for table in tables]
                  for tables in spread_apart(layout, soft, hard, seed=rng.randrange(2**31))]
    balance_winds(layout, n, rng)
    return [[tuple(order[p] for p in table) for table in tables] for tables in layout]
