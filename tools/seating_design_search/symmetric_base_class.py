"""Faster search for base classes that are invariant under the column shift.

sigma maps (x, c) -> (x, c + 1 mod 3) and permutes the infinities
cyclically (families "rbibd": the single infinity is fixed; "missing3": the
three infinities rotate).  sigma commutes with the translations of Z_m, so
a sigma-invariant base class is built from representative blocks B with
B, sigma(B), sigma^2(B) disjoint; the search chooses only representatives
(three times fewer blocks), by randomised backtracking with restarts.
Run:  python tools/seating_design_search/symmetric_base_class.py missing3 11 15
      python tools/seating_design_search/symmetric_base_class.py mult:3:rbibd 13   (x -> 3x, 3^3 = 1 mod 13)
"""

import random
import sys
import time

sys.path.insert(0, ".")

from seating.engine.rotational import FAMILIES, pair_orbit  # noqa: E402

MULTIPLIER = None  # set to a unit of order 3 mod m to use x -> u*x instead


def sigma(point, m, infinities):
    finite = 3 * m
    if MULTIPLIER is not None:
        if point >= finite:
            return point
        column, x = divmod(point, m)
        return column * m + (MULTIPLIER * x) % m
    if point >= finite:
        k = point - finite
        return finite + ((k + 1) % 3 if infinities == 3 else k)
    column, x = divmod(point, m)
    return ((column + 1) % 3) * m + x


def images(block, m, infinities):
    result = [list(block)]
    for _ in range(2):
        result.append([sigma(p, m, infinities) for p in result[-1]])
    return result


def search(family, m, seed=0, node_limit=20_000, time_limit=900.0):
    spec = FAMILIES[family]
    infinities = spec.infinities
    fixed = [list(b) for b in spec.fixed_blocks(m)]
    base_used = set(spec.excluded_orbits(m))
    fixed_points = set()
    for block in fixed:
        fixed_points.update(block)
        for i, a in enumerate(block):
            for b in block[i + 1:]:
                base_used.add(pair_orbit(a, b, m))
    # One representative point per sigma-orbit: column 0, or infinity 0.
    if MULTIPLIER is not None:
        seen, orbit_reps = set(fixed_points), []
        for point in range(3 * m):
            if point not in seen:
                orbit_reps.append(point)
                seen.update(p[0] for p in images([point], m, infinities))
    else:
        orbit_reps = [x for x in range(m) if x not in fixed_points]
        if infinities == 3:
            orbit_reps.append(3 * m)

    def orbit_members(rep):
        return images([rep], m, infinities)

    rng = random.Random(seed)
    started = time.time()
    while time.time() - started < time_limit:
        used = set(base_used)
        free = orbit_reps[:]
        rng.shuffle(free)
        chosen = []
        nodes = [0]

        def choices(rep):
            return [member[0] for member in orbit_members(rep)]

        def try_block(block):
            keys = []
            for image in images(block, m, infinities):
                for i, a in enumerate(image):
                    for b in image[i + 1:]:
                        key = pair_orbit(a, b, m)
                        if key in used or key in keys:
                            return None
                        keys.append(key)
            return keys

        def extend(remaining):
            nodes[0] += 1
            if nodes[0] > node_limit:
                return False
            if not remaining:
                return True
            first = remaining[0]
            rest = remaining[1:]
            options = []
            for i in range(len(rest)):
                for j in range(i + 1, len(rest)):
                    for k in range(j + 1, len(rest)):
                        for p2 in choices(rest[i]):
                            for p3 in choices(rest[j]):
                                for p4 in choices(rest[k]):
                                    options.append(([first, p2, p3, p4], (i, j, k)))
            rng.shuffle(options)
            for block, picked in options:
                keys = try_block(block)
                if keys is None:
                    continue
                used.update(keys)
                chosen.append(block)
                left = [r for n, r in enumerate(rest) if n not in picked]
                if extend(left):
                    return True
                chosen.pop()
                used.difference_update(keys)
                if nodes[0] > node_limit:
                    return False
            return False

        if extend(free):
            blocks = fixed + [img for block in chosen for img in images(block, m, infinities)]
            return [sorted(b) for b in blocks], time.time() - started
    return None, time.time() - started


if __name__ == "__main__":
    family = sys.argv[1]
    if family.startswith("mult:"):
        _, value, family = family.split(":")
        MULTIPLIER = int(value)
    for m in map(int, sys.argv[2:]):
        found, seconds = search(family, m)
        print(f"# {family} m={m} {seconds:.1f}s")
        print(f"    {m}: {found},")
        sys.stdout.flush()
