"""Standings from the signed score sheets: individuals and teams (3.10.1).

Individuals rank by total table points (标准分), then total contest points (比赛分), then the
organizer's tie-breaks in order; teams by their members' table points, then contest points.
Players equal on every key share a rank. Table points stay exact, in twelfths.
"""

from collections import defaultdict

from django.db.models import Sum

from tournaments import extensions
from tournaments.models import Hand, Registration, ScoreSheet, SeatAssignment, Tournament
from tournaments.models.core import Tiebreak
from tournaments.table_rules import table_results


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


def sheet_seat_results(tournament: Tournament, sheets: list[dict]) -> dict[int, list]:
    """{sheet id: [SeatResult] by starting seat} for the given sheets (dicts with an "id")."""
    sheet_ids = [sheet["id"] for sheet in sheets]
    sums = {
        row["sheet_id"]: [row["s0"], row["s1"], row["s2"], row["s3"]]
        for row in Hand.objects.filter(sheet_id__in=sheet_ids)
        .values("sheet_id")
        .annotate(s0=Sum("d0"), s1=Sum("d1"), s2=Sum("d2"), s3=Sum("d3"))
    }
    adjustments = extensions.sheet_adjustments(sheet_ids)
    results = {}
    for sheet_id in sheet_ids:
        results[sheet_id] = table_results(
            sums.get(sheet_id, [0, 0, 0, 0]),
            adjustments[sheet_id],
            deductions_count_for_ranking=tournament.deductions_count_for_ranking,
        )
    return results


def standings_compute(tournament: Tournament) -> dict:
    """The standings as plain data: {"individuals": [...], "teams": [...], "sessions": [numbers]}."""
    sheets = list(
        ScoreSheet.objects.filter(session__tournament=tournament, status=ScoreSheet.Status.LOCKED).values(
            "id", "session_id", "table_id", "session__number", "table__number"
        )
    )
    results = sheet_seat_results(tournament, sheets)
    seat_owner = {
        (row["session_id"], row["table_id"], row["seat"]): row["registration_id"]
        for row in SeatAssignment.objects.filter(session__tournament=tournament).values(
            "session_id", "table_id", "seat", "registration_id"
        )
    }
    rows = {}
    for registration in Registration.objects.filter(tournament=tournament).values(
        "id", "entry_number", "player__name", "player__name_local", "player__country", "team_id", "team__name"
    ):
        rows[registration["id"]] = {
            "registration": registration["id"],
            "entry": registration["entry_number"],
            "name": registration["player__name"],
            "name_local": registration["player__name_local"],
            "country": registration["player__country"],
            "team": registration["team__name"],
            "team_id": registration["team_id"],
            "table_points": 0,  # twelfths
            "contest_points": 0,
            "places": [0, 0, 0, 0],
            "best_session": None,
            "sessions": [],
            "disqualified": False,
        }
    for registration_id, marks in extensions.standing_flags(tournament.pk).items():
        if registration_id in rows:
            rows[registration_id]["disqualified"] = bool(marks.get("disqualified"))
    for sheet in sorted(sheets, key=lambda s: (s["session__number"], s["table__number"])):
        for result in results[sheet["id"]]:
            registration = seat_owner.get((sheet["session_id"], sheet["table_id"], result.seat))
            row = rows.get(registration)
            if row is None:
                continue
            row["table_points"] += result.table_points
            row["contest_points"] += result.session_score
            row["places"][result.rank - 1] += 1
            if row["best_session"] is None or result.session_score > row["best_session"]:
                row["best_session"] = result.session_score
            row["sessions"].append(
                {
                    "session": sheet["session__number"],
                    "table": sheet["table__number"],
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

    # 3.11.4-3.11.5: a disqualified player keeps their record but takes no rank; listed last.
    ranked = sorted((r for r in rows.values() if not r["disqualified"]), key=lambda r: (individual_key(r), r["entry"]))
    _assign_ranks(ranked, individual_key)
    disqualified = sorted((r for r in rows.values() if r["disqualified"]), key=lambda r: r["entry"])
    for row in disqualified:
        row["rank"] = None
    individuals = ranked + disqualified

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
    sessions = sorted({sheet["session__number"] for sheet in sheets})
    return {"individuals": individuals, "teams": team_rows, "sessions": sessions}
