"""Individual ranks under 3.10.1, as the Pin placings use them (plain Python).

3.10.1 "按竞赛规定，竞赛局数标准分之和高者列前，标准分相同时比赛分之和高者列前": higher total table points
first, then higher total contest points; players equal on both share the rank (1, 2, 2, 4). The
organizer's further tie-breaks (Tournament.tiebreaks) are the organizer's regulation, not 3.10.1: a
player tied for 16th under 3.10.1 is in the top 16 for the Pin whatever the regulation did.
"""


def shared_ranks(rows) -> dict:
    """{key: rank} for rows of (key, table points in twelfths, contest points)."""
    ordered = sorted(rows, key=lambda r: (-r[1], -r[2]))
    ranks = {}
    previous = None
    rank = 0
    for index, (key, table_points, contest_points) in enumerate(ordered):
        if (table_points, contest_points) != previous:
            rank = index + 1
            previous = (table_points, contest_points)
        ranks[key] = rank
    return ranks
