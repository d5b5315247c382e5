"""Simulated annealing variant of tools/find_base_classes.py for larger m.

State: a partition of the points into blocks of 4 (fixed blocks kept);
cost: the number of repeated or forbidden pair orbits.  A move swaps two
points of different blocks.  Run:  python tools/anneal_base_class.py rbibd 13
"""

import math
import random
import sys
import time
from collections import Counter

sys.path.insert(0, ".")

from seating.engine.rotational import FAMILIES, pair_orbit  # noqa: E402


def anneal(family, m, seed=0, time_limit=1800.0):
    spec = FAMILIES[family]
    fixed = [list(b) for b in spec.fixed_blocks(m)]
    excluded = spec.excluded_orbits(m)
    fixed_points = {p for b in fixed for p in b}
    fixed_orbits = Counter(pair_orbit(a, b, m) for blk in fixed for i, a in enumerate(blk) for b in blk[i + 1:])
    free = [p for p in range(spec.players(m)) if p not in fixed_points]
    rng = random.Random(seed)
    started = time.time()
    while time.time() - started < time_limit:
        rng.shuffle(free)
        blocks = [free[i:i + 4] for i in range(0, len(free), 4)]
        counts = Counter(fixed_orbits)
        for orbit in excluded:
            counts[orbit] += 1
        for blk in blocks:
            for i, a in enumerate(blk):
                for b in blk[i + 1:]:
                    counts[pair_orbit(a, b, m)] += 1

        def cost_of(c):
            return sum(v - 1 for v in c.values() if v > 1)

        cost = cost_of(counts)
        temperature = 2.0
        for step in range(400_000):
            if cost == 0:
                return [sorted(b) for b in fixed + blocks], time.time() - started
            x, y = rng.sample(range(len(blocks)), 2)
            i, j = rng.randrange(4), rng.randrange(4)
            bx, by = blocks[x], blocks[y]
            a, b = bx[i], by[j]
            removed = [pair_orbit(a, o, m) for o in bx if o != a] + [pair_orbit(b, o, m) for o in by if o != b]
            added = [pair_orbit(b, o, m) for o in bx if o != a] + [pair_orbit(a, o, m) for o in by if o != b]
            delta = 0
            for o in removed:
                counts[o] -= 1
                delta -= 1 if counts[o] >= 1 else 0
            for o in added:
                delta += 1 if counts[o] >= 1 else 0
                counts[o] += 1
            if delta <= 0 or rng.random() < math.exp(-delta / temperature):
                bx[i], by[j] = b, a
                cost += delta
            else:
                for o in added:
                    counts[o] -= 1
                for o in removed:
                    counts[o] += 1
            temperature = max(0.05, temperature * 0.99998)
    return None, time.time() - started


if __name__ == "__main__":
    family = sys.argv[1]
    for m in map(int, sys.argv[2:]):
        found, seconds = anneal(family, m)
        print(f"# {family} m={m} {seconds:.1f}s")
        print(f"    {m}: {found},")
        sys.stdout.flush()
