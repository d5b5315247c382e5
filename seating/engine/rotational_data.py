"""Base parallel classes of 1-rotational designs (see rotational.py).

Found by our own searches in tools/seating_design_search/ (seeded, reproducible) and re-verified
by seating/tests/engine/test_designs.py: developing a base class over Z_m
gives m sessions in which every player sits exactly once per session and no
pair meets twice.  Keys: family -> {m: base blocks}; the design seats
3m + infinities players (rotational.FAMILIES) for m sessions.

* tools/seating_design_search/find_base_classes.py     plain randomised backtracking (seed 0)
* tools/seating_design_search/symmetric_base_class.py  the same, restricted to base classes fixed
                                 by a symmetry (column shift, or x -> u*x)
"""

BASE_CLASSES = {
    "rbibd": {
        # 28 players x 9 sessions: find_base_classes.py rbibd 9
        9: [[0, 9, 18, 27], [8, 16, 22, 23], [3, 5, 6, 25], [1, 11, 12, 15],
            [2, 7, 14, 19], [13, 21, 24, 26], [4, 10, 17, 20]],
        # 40 players x 13 sessions: symmetric_base_class.py mult:3:rbibd 13
        13: [[0, 13, 26, 39], [2, 4, 19, 24], [6, 12, 18, 20], [5, 10, 15, 21],
             [14, 23, 28, 35], [16, 17, 27, 32], [22, 25, 29, 31], [1, 11, 30, 34],
             [3, 7, 37, 38], [8, 9, 33, 36]],
    },
    "missing2": {},
    "missing3": {
        # 24 players x 7 sessions: find_base_classes.py missing3 7
        7: [[5, 9, 17, 22], [2, 11, 15, 21], [6, 7, 16, 23], [8, 14, 18, 20],
            [0, 10, 12, 13], [1, 3, 4, 19]],
        # 36 players x 11 sessions (Social Golfer 9-4-11):
        # symmetric_base_class.py missing3 11
        11: [[1, 18, 31, 34], [9, 12, 29, 35], [7, 20, 23, 33], [3, 5, 8, 15],
             [14, 16, 19, 26], [4, 25, 27, 30], [0, 10, 24, 28], [2, 6, 11, 21],
             [13, 17, 22, 32]],
        # 48 players x 15 sessions: symmetric_base_class.py missing3 15
        15: [[10, 22, 39, 45], [9, 25, 37, 46], [7, 24, 40, 47], [2, 14, 23, 33],
             [3, 17, 29, 38], [8, 18, 32, 44], [0, 1, 5, 42], [12, 15, 16, 20],
             [27, 30, 31, 35], [4, 11, 13, 36], [6, 19, 26, 28], [21, 34, 41, 43]],
    },
}
