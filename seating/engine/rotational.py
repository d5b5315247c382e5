"""1-rotational resolvable designs: one base parallel class developed over Z_m.

Points are Z_m x {0, 1, 2} (point (x, column) is numbered column * m + x)
plus a few fixed "infinity" points numbered 3m, 3m + 1, ...  Translating the
base class by g in Z_m (x -> x + g, infinities fixed) gives m parallel classes
= m sessions.  Two points meet at most once over the m sessions exactly when
the base blocks never contain two pairs from the same Z_m-orbit of pairs,
which is what `pair_orbit` names.  Three families reach the repeat-free bound
floor((N - 1) / 3) for the three residues of N mod 12:

* "rbibd"    N = 3m + 1 (N = 4 mod 12): a resolvable 2-(N, 4, 1) design, every
             pair meets exactly once (such designs exist for every N = 4 mod
             12, Ray-Chaudhuri and Wilson; we only store 1-rotational ones).
* "missing2" N = 3m + 2, m = 2 mod 4 (N = 8 mod 12): a resolvable 4-GDD of type
             2^(N/2); each player misses only the partner (x + m/2, same
             column) or the other infinity.  32 players x 10 sessions is the
             Social Golfer instance 8-4-10; no Z_10 base class was found, so
             that chart is stored in stored_designs.py instead.
* "missing3" N = 3m + 3, m = 3 mod 4 (N = 0 mod 12): a resolvable 4-GDD of type
             3^(N/3); each player misses the two others of its group
             {(x, 0), (x, 1), (x, 2)} or the other infinities.  36 x 11 is the
             Social Golfer instance 9-4-11.

The base classes themselves are found by tools/seating_design_search/find_base_classes.py and
stored in rotational_data.py; tests re-verify every stored class.
"""

from dataclasses import dataclass
from typing import Callable


def pair_orbit(a, b, m):
    """A name for the Z_m-orbit of the pair {a, b} (see module docstring)."""
    finite = 3 * m
    if a > b:
        a, b = b, a
    if b < finite:
        col_a, x_a = divmod(a, m)
        col_b, x_b = divmod(b, m)
        diff = (x_b - x_a) % m
        if col_a == col_b:
            return ("pure", col_a, min(diff, m - diff))
        return ("mixed", col_a, col_b, diff)
    if a < finite:
        return ("infinity", b - finite, a // m)
    return ("infinities", a - finite, b - finite)


def _no_fixed_blocks(m):
    return []


def _rbibd_fixed_blocks(m):
    # The infinity meets the three points of one "column" x = 0; its
    # translates cover every mixed difference 0, so no other block may.
    return [[0, m, 2 * m, 3 * m]]


def _nothing_excluded(m):
    return set()


def _missing2_excluded(m):
    # Group pairs {(x, c), (x + m/2, c)} and {inf0, inf1} never meet.
    half = m // 2
    return {("pure", column, half) for column in range(3)} | {("infinities", 0, 1)}


def _missing3_excluded(m):
    # Group pairs {(x, c), (x, c')} and the infinities never meet.
    mixed_zero = {("mixed", a, b, 0) for a in range(3) for b in range(a + 1, 3)}
    return mixed_zero | {("infinities", a, b) for a in range(3) for b in range(a + 1, 3)}


@dataclass(frozen=True)
class Family:
    infinities: int
    fixed_blocks: Callable
    excluded_orbits: Callable

    def players(self, m):
        return 3 * m + self.infinities


FAMILIES = {
    "rbibd": Family(1, _rbibd_fixed_blocks, _nothing_excluded),
    "missing2": Family(2, _no_fixed_blocks, _missing2_excluded),
    "missing3": Family(3, _no_fixed_blocks, _missing3_excluded),
}


def develop(base_blocks, m):
    """All m parallel classes obtained by translating the base class over Z_m."""
    finite = 3 * m

    def shift(point, g):
        if point >= finite:
            return point
        column, x = divmod(point, m)
        return column * m + (x + g) % m

    return [[tuple(shift(p, g) for p in block) for block in base_blocks] for g in range(m)]
