"""The affine geometry AG(n, 4): a resolvable design for 4^n players.

Points are the vectors of GF(4)^n and the blocks are the lines (4 points
each).  Lines with the same direction partition the points, so each of the
(4^n - 1) / 3 directions is one session, and two points share exactly one
line: every pair meets exactly once (16 players x 5 sessions, 64 x 21).
A vector is stored as an integer with one 2-bit digit per coordinate, so
vector addition is XOR because GF(4) addition is XOR on 2-bit elements.
"""

from .finite_field import field


def _scale(vector, scalar, n):
    gf4 = field(4)
    result = 0
    for i in range(n):
        digit = (vector >> (2 * i)) & 3
        result |= gf4.mul(digit, scalar) << (2 * i)
    return result


def _directions(n):
    """One nonzero vector per line through the origin (highest nonzero digit 1)."""
    found = []
    for vector in range(1, 4 ** n):
        top = max(i for i in range(n) if (vector >> (2 * i)) & 3)
        if (vector >> (2 * top)) & 3 == 1:
            found.append(vector)
    return found


def affine_classes(n):
    points = 4 ** n
    classes = []
    for direction in _directions(n):
        multiples = [_scale(direction, t, n) for t in range(4)]
        seen = [False] * points
        lines = []
        for start in range(points):
            if not seen[start]:
                line = tuple(start ^ m for m in multiples)
                for p in line:
                    seen[p] = True
                lines.append(line)
        classes.append(lines)
    return classes


def affine_dimension(player_count):
    """n with 4^n == player_count and n >= 2, else None."""
    n, size = 0, 1
    while size < player_count:
        size *= 4
        n += 1
    return n if size == player_count and n >= 2 else None
