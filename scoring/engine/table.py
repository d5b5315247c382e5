"""The arithmetic of a table, from the rules; plain Python, no Django.

- winds of every hand of a session (3.4.5, 3.4.6, 3.4.8, Appendix 4);
- table points 4-2-1-0 with ties sharing the points of the places they occupy (3.9.2.2).
Table points are kept exactly, as integers in twelfths of a point (never floats).
"""

from dataclasses import dataclass
from fractions import Fraction

from scoring.engine.rotation import round_seats

WINDS = "ESWN"
HANDS_PER_ROUND = 4
ROUNDS_PER_SESSION = 4
# 3.4.8: the deal passes after every hand, won or not, so a session has at most 16 hands.
MAX_HANDS = HANDS_PER_ROUND * ROUNDS_PER_SESSION
# 3.9.2.2: the four players of a table get 4, 2, 1 and 0 table points, in twelfths.
TWELFTHS = 12
PLACE_POINTS = (4 * TWELFTHS, 2 * TWELFTHS, 1 * TWELFTHS, 0)


@dataclass(frozen=True)
class HandWinds:
    round_index: int  # 0..3
    prevalent: str  # "E", "S", "W" or "N" (3.4.5: rounds 1-4 are East, South, West, North)
    seat_winds: tuple[str, str, str, str]  # by starting seat (0 = the player who started East)
    dealer: int  # starting seat of this hand's dealer


def hand_winds(hand_number: int) -> HandWinds:
    """The winds of hand 1..16 of a session, by each player's starting seat.

    Seats change after every round as Appendix 4 says; within a round, hand h (0-3) is dealt by
    the player in the position h steps from East, so the player in position i has seat wind
    "ESWN"[(i - h) % 4] (3.4.6: the dealer is East, the next player South, and so on).
    """
    if not 1 <= hand_number <= MAX_HANDS:
        raise ValueError(f"a session has hands 1 to {MAX_HANDS}, not {hand_number}")
    round_index, h = divmod(hand_number - 1, HANDS_PER_ROUND)
    positions = round_seats((0, 1, 2, 3), round_index)  # starting seat sitting E, S, W, N this round
    seat_winds = [""] * 4
    for position, starting_seat in enumerate(positions):
        seat_winds[starting_seat] = WINDS[(position - h) % 4]
    return HandWinds(
        round_index=round_index,
        prevalent=WINDS[round_index],
        seat_winds=tuple(seat_winds),
        dealer=positions[h],
    )


def table_points(scores: list[int]) -> list[int]:
    """Table points in twelfths for the four scores of a table, in the same order.

    3.9.2.2 ranks the four players by score for 4, 2, 1, 0. The rules say nothing about ties;
    tied players share the points of the places they occupy: two tied first get (4+2)/2 = 3 each,
    two tied second 1.5, three tied first 7/3, all four 1.75.
    """
    if len(scores) != 4:
        raise ValueError("a table has four players")
    order = sorted(range(4), key=lambda seat: -scores[seat])
    points = [0] * 4
    place = 0
    while place < 4:
        tied = [seat for seat in order[place:] if scores[seat] == scores[order[place]]]
        share = sum(PLACE_POINTS[place : place + len(tied)])
        for seat in tied:
            points[seat] = share // len(tied)  # always whole twelfths, see the docstring
        place += len(tied)
    return points


def ranks(scores: list[int]) -> list[int]:
    """Place at the table (1-4) for each score; tied players share the better place."""
    return [1 + sum(other > score for other in scores) for score in scores]


def twelfths_display(value: int) -> str:
    """3, 1.5, 2.33: table points as people write them."""
    exact = Fraction(value, TWELFTHS)
    if exact.denominator == 1:
        return str(exact.numerator)
    return f"{float(exact):.2f}".rstrip("0").rstrip(".")


def twelfths_number(value: int) -> float | int:
    """Table points as a JSON number (10.5, 7.333333), for exports only: storage stays exact."""
    exact = Fraction(value, TWELFTHS)
    return exact.numerator if exact.denominator == 1 else round(float(exact), 6)


@dataclass(frozen=True)
class SeatResult:
    """One player's session at one table (Appendix 5's last rows)."""

    seat: int
    hand_score: int  # the sum of the hand payments
    transfers: int  # penalty points received (+) or paid (-), zero-sum across the table
    deductions: int  # penalty points taken away, given to nobody
    session_score: int  # 局分 = hand_score + transfers - deductions (3.9.2.1)
    rank: int  # 1-4, tied players share the better place
    table_points: int  # 标准分 in twelfths (3.9.2.2)


def seat_results(
    hand_scores: list[int],
    transfers: list[int],
    deductions: list[int],
    *,
    deductions_count_for_ranking: bool = True,
    forfeits: list[bool] | None = None,
    unplaced: list[bool] | None = None,
) -> list[SeatResult]:
    """The results of the four starting seats of a table.

    The placing uses the session score (3.9.2.2 ranks by 比赛分, and 3.11.2.2 deducts penalties
    "在每盘积分中扣除", from the hand's score, so deductions move places), or the score before
    deductions when the organizer's regulation says so (no text supports it; kept as a setting).

    A forfeited seat (3.11.2.1 "超过15分钟按自动弃权处理，本局为0分") scores 0 and 0 table points,
    with no override, and is listed last. The rules say nothing of the three others: they are
    ranked among themselves by their session scores and take 4, 2 and 1 (the places 1-3 of
    3.9.2.2, ties sharing as ever); the table hands out 7 table points, never more. Two forfeits
    at a table: the two others take 4 and 2, the forfeiters 0 each.

    An unplaced seat (`unplaced`: a forfeit, or a 停赛, 3.11.4) is placed the same way, last with 0 table
    points, but keeps the score its hands gave it (a forfeit's is 0 all the same). Every unplaced seat is
    4th, however many there are: four forfeits at a table count four 4th places, never four firsts.
    """
    forfeits = forfeits or [False] * 4
    unplaced = [bool(forfeits[s] or (unplaced and unplaced[s])) for s in range(4)]
    session_scores = [0 if forfeits[s] else hand_scores[s] + transfers[s] - deductions[s] for s in range(4)]
    if deductions_count_for_ranking:
        ranking_scores = list(session_scores)
    else:
        ranking_scores = [0 if forfeits[s] else hand_scores[s] + transfers[s] for s in range(4)]
    # Forfeited and unplaced seats sort below everyone, whatever the scores.
    floor = min(ranking_scores) - 1
    ordered = [floor if unplaced[s] else ranking_scores[s] for s in range(4)]
    points = table_points(ordered)
    places = ranks(ordered)
    return [
        SeatResult(
            seat=s,
            hand_score=hand_scores[s],
            transfers=transfers[s],
            deductions=deductions[s],
            session_score=session_scores[s],
            rank=4 if unplaced[s] else places[s],
            table_points=0 if unplaced[s] else points[s],
        )
        for s in range(4)
    ]


def table_results(hand_scores: list[int], adjustments, *, deductions_count_for_ranking: bool) -> list[SeatResult]:
    """seat_results from the four seats' SeatAdjustment (tournaments.extensions)."""
    return seat_results(
        hand_scores,
        [a.transfers for a in adjustments],
        [a.deductions for a in adjustments],
        deductions_count_for_ranking=deductions_count_for_ranking,
        forfeits=[a.forfeit for a in adjustments],
        unplaced=[getattr(a, "unplaced", False) for a in adjustments],  # an adjustment may not know of 停赛
    )
