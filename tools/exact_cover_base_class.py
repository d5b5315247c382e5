"""Exact-cover (Knuth's Algorithm X) search for 1-rotational base classes.

Items: every point (covered exactly once: the base class is a partition) and
every allowed Z_m-orbit of pairs (covered exactly once: no pair meets twice;
the counts match so each orbit is covered).  Rows: the 4-point blocks whose
six pairs lie in six different allowed orbits.  The item with the fewest
rows is branched on first; rows are tried in a seeded random order.
Run:  python tools/exact_cover_base_class.py missing2 10 [seed]
"""

import random
import sys
import time
from itertools import combinations

sys.path.insert(0, ".")

from seating.engine.rotational import FAMILIES, pair_orbit  # noqa: E402


def exact_cover(family, m, seed=0):
    spec = FAMILIES[family]
    fixed = [list(b) for b in spec.fixed_blocks(m)]
    used = set(spec.excluded_orbits(m))
    fixed_points = set()
    for block in fixed:
        fixed_points.update(block)
        for a, b in combinations(block, 2):
            used.add(pair_orbit(a, b, m))
    free = [p for p in range(spec.players(m)) if p not in fixed_points]
    rows = {}
    for block in combinations(free, 4):
        orbits = [pair_orbit(a, b, m) for a, b in combinations(block, 2)]
        if len(set(orbits)) == 6 and not used.intersection(orbits):
            rows[block] = [("point", p) for p in block] + [("orbit", o) for o in orbits]
    items = {}
    for row, row_items in rows.items():
        for item in row_items:
            items.setdefault(item, set()).add(row)
    rng = random.Random(seed)

    def select(row):
        removed = []
        for item in rows[row]:
            for other in items[item]:
                for other_item in rows[other]:
                    if other_item != item:
                        items[other_item].discard(other)
            removed.append(items.pop(item))
        return removed

    def deselect(row, removed):
        for item in reversed(rows[row]):
            items[item] = removed.pop()
            for other in items[item]:
                for other_item in rows[other]:
                    if other_item != item:
                        items[other_item].add(other)

    # The counts force every allowed orbit to be used exactly once, so all
    # items are primary and the most constrained one is branched on.
    def solve(solution):
        if not items:
            return True
        item = min(items, key=lambda i: len(items[i]))
        candidates = list(items[item])
        rng.shuffle(candidates)
        for row in candidates:
            solution.append(row)
            removed = select(row)
            if solve(solution):
                return True
            deselect(row, removed)
            solution.pop()
        return False

    solution = []
    if solve(solution):
        return [sorted(b) for b in fixed] + [sorted(r) for r in solution]
    return None


if __name__ == "__main__":
    family, m = sys.argv[1], int(sys.argv[2])
    seed = int(sys.argv[3]) if len(sys.argv) > 3 else 0
    started = time.time()
    found = exact_cover(family, m, seed)
    print(f"# {family} m={m} seed={seed} {time.time() - started:.1f}s")
    print(f"    {m}: {found},")
