"""Standings from the signed score sheets: individuals and teams (3.10.1).

Individuals rank by total table points (标准分), then total contest points (比赛分), then the
organizer's tie-breaks in order; teams by their members' table points, then contest points.
Players equal on every key share a rank. Table points stay exact, in twelfths.

Every recompute rebuilds the whole table from the signed sheets (simple, and always right); what
keeps that fast for 1,000 players x 10 sessions (bench/standings.py) is reading little: each sheet
carries its seats' hand totals (ScoreSheet.total0..3, kept by the hand services), so no hand is
read; rows come as tuples; a table's results are memoized on their inputs; and the service
compares digests instead of reading the previous snapshot back.
"""

import functools
from collections import defaultdict

from scoring.engine.table import table_results
from tournaments import extensions
from tournaments.models import Registration, ScoreSheet, SeatAssignment, Tournament
from tournaments.models.core import Tiebreak

TOTALS = ("total0", "total1", "total2", "total3")


def _tiebreak_key(row: dict, tiebreak: str):
    if tiebreak == Tiebreak.FIRSTS:
        return -row["places"][0]
    if tiebreak == Tiebreak.SECONDS:
        return -row["places"][1]
    if tiebreak == Tiebreak.THIRDS:
        return -row["places"][2]
    if tiebreak == Tiebreak.BEST_SESSION:
        return -(row["best_session"] if row["best_session"] is not None else -(10**9))
    raise ValueError(f"unknown tie-break {tiebreak!r}")


def _assign_ranks(rows: list[dict], key) -> None:
    previous = None
    for index, row in enumerate(rows):
        current = key(row)
        row["rank"] = rows[index - 1]["rank"] if current == previous else index + 1
        previous = current


@functools.lru_cache(maxsize=1 << 14)  # 16,384 tables: six 1,000-player tournaments
def _seat_results(hand_scores: tuple, adjustments: tuple, counted: bool) -> tuple:
    """table_results, memoized: it is pure, and most tables do not change between recomputes."""
    return tuple(table_results(list(hand_scores), adjustments, deductions_count_for_ranking=counted))


def cache_clear() -> None:
    _seat_results.cache_clear()


def _sheet_seat_results(tournament: Tournament, totals: dict[int, tuple]) -> dict[int, tuple]:
    """{sheet id: (SeatResult,) * 4} from {sheet id: the sheet's four hand totals}."""
    adjustments = extensions.sheet_adjustments(totals)
    counted = tournament.deductions_count_for_ranking
    results = {}
    for sheet_id, hand_scores in totals.items():
        results[sheet_id] = _seat_results(
            tuple(hand_scores),
            tuple(adjustments[sheet_id]),
            counted,
        )
    return results


def standings_compute(tournament: Tournament) -> dict:
    """The standings as plain data: {"individuals": [...], "teams": [...], "sessions": [numbers]}."""
    # (id, session id, table id, session number, table number, total0..3), in session and table
    # order. The hand totals are the sheet's own derived columns: no pass over the hands.
    sheets = sorted(
        ScoreSheet.objects.filter(session__tournament=tournament, status=ScoreSheet.Status.LOCKED)
        .order_by()
        .values_list("id", "session_id", "table_id", "session__number", "table__number", *TOTALS),
        key=lambda s: (s[3], s[4]),
    )
    results = _sheet_seat_results(tournament, {sheet[0]: sheet[5:] for sheet in sheets})
    # {(session id, table id): [registration id by starting seat]}: one lookup per sheet, not per seat.
    seat_owners = defaultdict(lambda: [None] * 4)
    for session_id, table_id, seat, registration_id in (
        SeatAssignment.objects.filter(session__tournament=tournament)
        .order_by()
        .values_list("session_id", "table_id", "seat", "registration_id")
    ):
        seat_owners[session_id, table_id][seat] = registration_id
    no_owners = [None] * 4
    rows = {}
    for registration_id, entry, name, name_local, country, team_id, team_name in (
        Registration.objects.filter(tournament=tournament)
        .order_by()
        .values_list(
            "id", "entry_number", "player__name", "player__name_local", "player__country", "team_id", "team__name"
        )
    ):
        rows[registration_id] = {
            "registration": registration_id,
            "entry": entry,
            "name": name,
            "name_local": name_local,
            "country": country,
            "team": team_name,
            "team_id": team_id,
            "table_points": 0,  # twelfths
            "contest_points": 0,
            "places": [0, 0, 0, 0],
            "best_session": None,
            "sessions": [],
            "disqualified": False,
            "rank_cancelled": False,
        }
    for registration_id, marks in extensions.standing_flags(tournament.pk).items():
        if registration_id in rows:
            rows[registration_id]["disqualified"] = bool(marks.get("disqualified"))
            rows[registration_id]["rank_cancelled"] = bool(marks.get("rank_cancelled"))
    for sheet_id, session_id, table_id, session_number, table_number, *_totals in sheets:
        owners = seat_owners.get((session_id, table_id), no_owners)
        for result in results[sheet_id]:
            row = rows.get(owners[result.seat])
            if row is None:
                continue
            row["table_points"] += result.table_points
            row["contest_points"] += result.session_score
            row["places"][result.rank - 1] += 1
            if row["best_session"] is None or result.session_score > row["best_session"]:
                row["best_session"] = result.session_score
            row["sessions"].append(
                {
                    "session": session_number,
                    "table": table_number,
                    "seat": result.seat,
                    "rank": result.rank,
                    "table_points": result.table_points,
                    "session_score": result.session_score,
                    "hand_score": result.hand_score,
                    "transfers": result.transfers,
                    "deductions": result.deductions,
                }
            )
    tiebreaks = list(tournament.tiebreaks or [])

    def individual_key(row):
        return (-row["table_points"], -row["contest_points"], *(_tiebreak_key(row, t) for t in tiebreaks))

    keys = {registration_id: individual_key(row) for registration_id, row in rows.items()}  # once per player
    # 3.11.4: a 停赛 player keeps the rank earned so far (marked "disqualified"). 3.11.5: a player
    # whose rank is cancelled is struck from the results: no rank, no team total, not in
    # "individuals" (so not on the Appendix 7 sheet); listed apart in "struck".
    ranked = sorted(
        (r for r in rows.values() if not r["rank_cancelled"]), key=lambda r: (keys[r["registration"]], r["entry"])
    )
    _assign_ranks(ranked, lambda row: keys[row["registration"]])
    struck = sorted((r for r in rows.values() if r["rank_cancelled"]), key=lambda r: r["entry"])
    for row in struck:
        row["rank"] = None
    individuals = ranked

    teams: dict[int, dict] = defaultdict(lambda: {"table_points": 0, "contest_points": 0, "members": []})
    for row in individuals:
        if row["team_id"] is None:
            continue
        team = teams[row["team_id"]]
        team.update(team=row["team"], team_id=row["team_id"])
        team["table_points"] += row["table_points"]
        team["contest_points"] += row["contest_points"]
        team["members"].append(row["entry"])

    def team_key(team):
        return (-team["table_points"], -team["contest_points"])

    team_rows = sorted(teams.values(), key=lambda team: (team_key(team), team["team"]))
    _assign_ranks(team_rows, team_key)
    sessions = sorted({sheet[3] for sheet in sheets})
    return {"individuals": individuals, "teams": team_rows, "sessions": sessions, "struck": struck}
