"""Resolvable transversal designs: four groups of T, one player of each per table.

Table t of session r seats group g's member number t + m_g * r, for four
distinct multipliers m_g.  Members a of group g and b of group h share a
table when a - b = (m_g - m_h) * r, so they meet in at most one session as
long as (m_g - m_h) * (r - r') is never 0 for two sessions r != r'.

* Over the field GF(T) (T a prime power >= 4) every difference is invertible,
  giving T sessions (this is the resolvable TD(4, T) built from mutually
  orthogonal Latin squares).
* Otherwise we use the integers mod T with the multipliers that allow the
  most sessions; this is the WMC 2007 seating (table t: A[t], B[t + r],
  C[t + 2r], D[t + 3r]), which kept the four areas of 144 players apart for
  12 sessions (3.5.1 allows keeping countries apart).

Players of one group never meet, so the groups can hold countries, and
session 0 can hold teams of 4 when it is not played.  When T is a multiple
of 4 the groups themselves can also be cut into tables, one more session
(32 players: 8 + 1 = 9 sessions; T = 4 gives the affine plane AG(2, 4)).
"""

from functools import lru_cache
from itertools import combinations
from math import gcd

from .finite_field import field, prime_power


@lru_cache(maxsize=64)
def best_integer_multipliers(T):
    """(multipliers, sessions) over Z_T maximising the repeat-free sessions."""
    best = ((0, 1, 2, 3), 1)
    candidates = range(1, min(T, 40))
    for others in combinations(candidates, 3):
        multipliers = (0,) + others
        sessions = min(
            T // gcd(abs(a - b), T) for a, b in combinations(multipliers, 2)
        )
        if sessions > best[1]:
            best = (multipliers, sessions)
    return best


def transversal_sessions(T):
    """How many repeat-free sessions the construction gives for groups of T."""
    if T >= 4 and prime_power(T):
        return T
    return best_integer_multipliers(T)[1]


def transversal_classes(T, session_count):
    """The first `session_count` sessions; point g * T + i is member i of group g."""
    session_count = min(session_count, transversal_sessions(T))
    if T >= 4 and prime_power(T):
        gf = field(T)
        multipliers = (0, 1, 2, 3)
        add, mul = gf.add, gf.mul
    else:
        multipliers = best_integer_multipliers(T)[0]

        def add(a, b):
            return (a + b) % T

        def mul(a, b):
            return (a * b) % T

    classes = []
    for r in range(session_count):
        steps = [mul(m, r) for m in multipliers]
        classes.append(
            [tuple(g * T + add(t, steps[g]) for g in range(4)) for t in range(T)]
        )
    return classes


def split_groups_session(T):
    """One extra session: every group cut into tables of 4 (needs 4 | T)."""
    if T % 4:
        return None
    return [tuple(range(start, start + 4)) for start in range(0, 4 * T, 4)]


def transversal_groups(T):
    return [list(range(g * T, (g + 1) * T)) for g in range(4)]
