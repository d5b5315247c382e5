"""Base parallel classes of 1-rotational designs (see rotational.py).

Found with tools/find_base_classes.py (randomised backtracking over pair
orbits, seed 0) and re-verified by seating/tests/engine/test_designs.py:
every class partitions the players and no pair meets twice.
Keys: family -> {m: base blocks}; the design seats 3m + infinities players
for m sessions.
"""

BASE_CLASSES = {
    "rbibd": {
        # 16 players x 5 sessions (AG(2, 4) gives the same parameters).
        5: [[0, 5, 10, 15], [2, 3, 11, 14], [1, 4, 7, 8], [6, 9, 12, 13]],
        # 28 players x 9 sessions, every pair meets exactly once.
        9: [[0, 9, 18, 27], [3, 6, 10, 17], [13, 14, 19, 26], [4, 5, 20, 25],
            [2, 7, 21, 24], [12, 15, 22, 23], [1, 8, 11, 16]],
    },
    "missing2": {},
    "missing3": {
        # 24 players x 7 sessions.
        7: [[5, 9, 17, 22], [2, 11, 15, 21], [6, 7, 16, 23], [8, 14, 18, 20],
            [0, 10, 12, 13], [1, 3, 4, 19]],
    },
}
