"""Designs stored as explicit tables (no construction of ours yields them).

Each entry: player count -> (name, sessions, groups).  Sessions are lists of
tables (4-tuples of points 0..N-1); groups are the pairs of points that never
share a table.  seating/tests/engine/test_designs.py re-verifies every entry.

32 players x 10 sessions (Social Golfer 8-4-10; a resolvable 4-GDD of type
2^16): every pair meets exactly once except the 16 partner pairs, who never
meet.  Found by our own search tools/seating_design_search/sgp32_search.py
(python tools/seating_design_search/sgp32_search.py, seed 1 for the structure
scan): a SAT search for a chart invariant under Z_4 x Z_4 acting on
(Z_4 x Z_4) x {0, 1} (point 16 * o + 4 * a + b), with an orbit of 8 sessions
and 2 sessions fixed by the whole group; partners (g, o), (g + (0, 2), o).
"""

STORED_DESIGNS = {
    32: (
        "Social Golfer 8-4-10, invariant under Z_4 x Z_4",
        [
            [(0, 15, 20, 29), (1, 13, 14, 24), (2, 11, 19, 30), (3, 10, 22, 27),
             (4, 23, 25, 26), (5, 6, 9, 16), (7, 8, 21, 28), (12, 17, 18, 31)],
            [(0, 11, 23, 24), (1, 12, 21, 30), (2, 14, 15, 25), (3, 8, 16, 31),
             (4, 9, 22, 29), (5, 20, 26, 27), (6, 7, 10, 17), (13, 18, 19, 28)],
            [(0, 9, 17, 28), (1, 8, 20, 25), (2, 13, 22, 31), (3, 12, 15, 26),
             (4, 7, 11, 18), (5, 10, 23, 30), (6, 21, 24, 27), (14, 16, 19, 29)],
            [(0, 12, 13, 27), (1, 10, 18, 29), (2, 9, 21, 26), (3, 14, 23, 28),
             (4, 5, 8, 19), (6, 11, 20, 31), (7, 22, 24, 25), (15, 16, 17, 30)],
            [(0, 19, 21, 22), (1, 2, 5, 28), (3, 4, 17, 24), (6, 15, 18, 23),
             (7, 14, 26, 31), (8, 27, 29, 30), (9, 10, 13, 20), (11, 12, 16, 25)],
            [(0, 5, 18, 25), (1, 16, 22, 23), (2, 3, 6, 29), (4, 15, 27, 28),
             (7, 12, 19, 20), (8, 13, 17, 26), (9, 24, 30, 31), (10, 11, 14, 21)],
            [(0, 3, 7, 30), (1, 6, 19, 26), (2, 17, 20, 23), (4, 13, 16, 21),
             (5, 12, 24, 29), (8, 11, 15, 22), (9, 14, 18, 27), (10, 25, 28, 31)],
            [(0, 1, 4, 31), (2, 7, 16, 27), (3, 18, 20, 21), (5, 14, 17, 22),
             (6, 13, 25, 30), (8, 9, 12, 23), (10, 15, 19, 24), (11, 26, 28, 29)],
            [(0, 6, 8, 14), (1, 7, 9, 15), (2, 4, 10, 12), (3, 5, 11, 13),
             (16, 20, 24, 28), (17, 21, 25, 29), (18, 22, 26, 30), (19, 23, 27, 31)],
            [(0, 10, 16, 26), (1, 11, 17, 27), (2, 8, 18, 24), (3, 9, 19, 25),
             (4, 14, 20, 30), (5, 15, 21, 31), (6, 12, 22, 28), (7, 13, 23, 29)],
        ],
        [[0, 2], [1, 3], [4, 6], [5, 7], [8, 10], [9, 11], [12, 14], [13, 15],
         [16, 18], [17, 19], [20, 22], [21, 23], [24, 26], [25, 27], [28, 30], [29, 31]],
    ),
}
