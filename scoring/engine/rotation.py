"""Seat changes inside one session (Appendix 4 of the MCR rules).

Players keep the seat drawn for the session (starting seats E=1, S=2, W=3,
N=4) during round 1 and change seats after every round; the rule table gives,
for each round, which starting seat sits East, South, West and North.

It lives with the scoring engine, not with seating, because the score sheet needs it: the seat wind
of every player in every hand (3.4.8, `table.hand_winds`) is an input of the fan count. The seating
engine and the core both read it from here, so neither imports the other.
"""

WINDS = ("East", "South", "West", "North")

# Appendix 4: row = round, columns = East, South, West, North, values = the
# starting seat (1..4) of the player who sits there.
APPENDIX_4_SEAT_CHANGES = (
    (1, 2, 3, 4),
    (2, 1, 4, 3),
    (3, 4, 2, 1),
    (4, 3, 1, 2),
)


def round_seats(starting_seats, round_index):
    """Who sits (East, South, West, North) in round `round_index` (0..3).

    `starting_seats` is the table as drawn: (east, south, west, north) of
    round 1.  # Appendix 4
    """
    seats = tuple(starting_seats)
    if len(seats) != 4:
        raise ValueError(f"a table has 4 starting seats, got {len(seats)}")
    if isinstance(round_index, bool) or not isinstance(round_index, int) or not 0 <= round_index <= 3:
        raise ValueError(f"round_index must be 0, 1, 2 or 3 (a session has 4 rounds), got {round_index!r}")
    return tuple(seats[start - 1] for start in APPENDIX_4_SEAT_CHANGES[round_index])
