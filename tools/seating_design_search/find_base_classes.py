"""Search for the base parallel classes stored in seating/engine/rotational_data.py.

Each design is "1-rotational": the points are Z_m x {0, 1, 2} plus one to three
fixed points (infinity), and the whole schedule is one base parallel class
translated by every element of Z_m (see seating/engine/rotational.py).  The
base class only has to cover every orbit of pairs under Z_m at most once, which
is a small exact-cover problem solved here by randomised backtracking.

Run:  python tools/seating_design_search/find_base_classes.py rbibd 9 13 17
      python tools/seating_design_search/find_base_classes.py missing2 10 14
      python tools/seating_design_search/find_base_classes.py missing3 7 11
The printed lists are pasted into rotational_data.py; the tests re-verify them.
"""

import random
import sys
import time

sys.path.insert(0, ".")

from seating.engine.rotational import FAMILIES, pair_orbit  # noqa: E402


def search(family, m, seed=0, node_limit=3_000, time_limit=900.0):
    spec = FAMILIES[family]
    infinities = spec.infinities
    points = list(range(3 * m + infinities))
    excluded = spec.excluded_orbits(m)
    fixed = [list(block) for block in spec.fixed_blocks(m)]
    rng = random.Random(seed)
    started = time.time()
    attempt = 0
    while time.time() - started < time_limit:
        attempt += 1
        used_orbits = set(excluded)
        placed = set()
        for block in fixed:
            for a_index, a in enumerate(block):
                for b in block[a_index + 1:]:
                    used_orbits.add(pair_orbit(a, b, m))
            placed.update(block)
        order = points[:]
        rng.shuffle(order)
        # Place infinities first: they are the most constrained points.
        order.sort(key=lambda p: p < 3 * m)
        nodes = [0]
        blocks = []

        def orbits_if_new(block):
            found = []
            for a_index, a in enumerate(block):
                for b in block[a_index + 1:]:
                    orbit = pair_orbit(a, b, m)
                    if orbit is None or orbit in used_orbits or orbit in found:
                        return None
                    found.append(orbit)
            return found

        def extend():
            nodes[0] += 1
            if nodes[0] > node_limit:
                return False
            free = [p for p in order if p not in placed]
            if not free:
                return True
            first = free[0]
            rest = free[1:]
            rng.shuffle(rest)
            for i, second in enumerate(rest):
                if orbits_if_new([first, second]) is None:
                    continue
                for j in range(i + 1, len(rest)):
                    third = rest[j]
                    if orbits_if_new([first, second, third]) is None:
                        continue
                    for k in range(j + 1, len(rest)):
                        block = [first, second, third, rest[k]]
                        orbits = orbits_if_new(block)
                        if orbits is None:
                            continue
                        used_orbits.update(orbits)
                        placed.update(block)
                        blocks.append(block)
                        if extend():
                            return True
                        blocks.pop()
                        placed.difference_update(block)
                        used_orbits.difference_update(orbits)
                        if nodes[0] > node_limit:
                            return False
            return False

        if extend():
            return [sorted(b) for b in fixed + blocks], attempt, time.time() - started
    return None, attempt, time.time() - started


if __name__ == "__main__":
    family = sys.argv[1]
    for m in map(int, sys.argv[2:]):
        found, attempts, seconds = search(family, m)
        print(f"# {family} m={m} attempts={attempts} {seconds:.1f}s")
        print(f"    {m}: {found},")
        sys.stdout.flush()
