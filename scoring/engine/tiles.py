"""Tile codes.

A tile is an int ``suit * 10 + rank``: characters (m) 1-9, bamboo (s) 11-19, dots (p)
21-29, and the honors 31-37 in the order East South West North, red (C), green (F),
white (P).  The gap of ten between suits keeps ``tile + 1`` or ``tile + 2`` from running
into the next suit, so chow and shifted-set tests can use plain arithmetic.  The suit
order m, s, p matches the order the common-practice calculator walks tiles in, which
decides ties between readings of equal value (3.9.1.6 high-versus-low leaves them open).
"""
from __future__ import annotations

SUIT_LETTERS = "msp"
HONOR_LETTERS = "ESWNCFP"
EAST, SOUTH, WEST, NORTH, RED, GREEN, WHITE = 31, 32, 33, 34, 35, 36, 37

SUITED_TILES = tuple(s * 10 + r for s in range(3) for r in range(1, 10))
HONOR_TILES = tuple(range(31, 38))
ALL_TILES = SUITED_TILES + HONOR_TILES
TABLE_LEN = 38

WIND_BY_LETTER = {"E": EAST, "S": SOUTH, "W": WEST, "N": NORTH}
TERMINALS_AND_HONORS = (1, 9, 11, 19, 21, 29) + HONOR_TILES
# Tiles whose faces are symmetric (fan 40): dots 1234589, bamboo 245689, white dragon.
REVERSIBLE = frozenset([21, 22, 23, 24, 25, 28, 29, 12, 14, 15, 16, 18, 19, WHITE])
# Tiles made only of green (fan 3): bamboo 23468 and the green dragon.
GREEN_TILES = frozenset([12, 13, 14, 16, 18, GREEN])

# The six knitted straights (fan 35): 147, 258, 369 each in a different suit.
KNITTED_STRAIGHTS = tuple(
    tuple(sorted(suits[i] * 10 + r for i in range(3) for r in (1 + i, 4 + i, 7 + i)))
    for suits in ((0, 1, 2), (0, 2, 1), (1, 0, 2), (1, 2, 0), (2, 0, 1), (2, 1, 0))
)


def is_suited(t: int) -> bool:
    return t < 30


def is_honor(t: int) -> bool:
    return t > 30


def is_wind(t: int) -> bool:
    return 31 <= t <= 34


def is_dragon(t: int) -> bool:
    return t >= 35


def suit_of(t: int) -> int:
    return t // 10


def rank_of(t: int) -> int:
    return t % 10


def is_terminal(t: int) -> bool:
    return t < 30 and t % 10 in (1, 9)


def is_terminal_or_honor(t: int) -> bool:
    return t > 30 or t % 10 in (1, 9)


def tile_name(t: int) -> str:
    if t > 30:
        return HONOR_LETTERS[t - 31]
    return f"{t % 10}{SUIT_LETTERS[t // 10]}"


def tiles_name(tiles) -> str:
    """Notation for a group of tiles, e.g. (1, 2, 3) -> '123m', (31, 31, 31) -> 'EEE'."""
    out = []
    run_suit = None
    for t in tiles:
        if t > 30:
            if run_suit is not None:
                out.append(SUIT_LETTERS[run_suit])
                run_suit = None
            out.append(HONOR_LETTERS[t - 31])
        else:
            if run_suit is not None and run_suit != t // 10:
                out.append(SUIT_LETTERS[run_suit])
            run_suit = t // 10
            out.append(str(t % 10))
    if run_suit is not None:
        out.append(SUIT_LETTERS[run_suit])
    return "".join(out)
