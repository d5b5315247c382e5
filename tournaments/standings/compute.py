"""Standings from the signed score sheets: individuals, teams (参赛队) and groups (团体) (3.10.1, 3.5.3).

3.10.1 "竞赛局数标准分之和高者列前，标准分相同时比赛分之和高者列前": individuals rank by total table
points (标准分), then total contest points (比赛分); players equal on both share the rank (1, 2, 2, 4).
The organizer's regulation may add tie-breaks (`Tournament.tiebreaks`, none by default); the data
names them (`tiebreaks`) so every page and the results sheet can say so. Teams and groups rank the
same way by their members' summed table points, then contest points (the rules do not say how a
team or group scores: the sum of its members is this app's reading, docs/standings.md); equal on
both, they share the rank. A player whose placing is cancelled (3.11.5, the `rank_cancelled` flag)
counts for neither. With a cut (3.5.4) and `final_ranking` = finalists_first, the finalists rank
first by their final-stage totals, then everyone else by the cumulative order. Table points stay
exact, in twelfths.

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
from tournaments.models import Registration, ScoreSheet, SeatAssignment, Session, Tournament
from tournaments.models.core import FinalRanking, Tiebreak

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
    for (registration_id, entry, name, name_local, country, federation_id, team_id, team_name, group_id, group_name,
         withdrawn_at) in (
        Registration.objects.filter(tournament=tournament)
        .order_by()
        .values_list(
            "id", "entry_number", "player__name", "player__name_local", "player__country", "player__federation_id",
            "team_id", "team__name", "group_id", "group__name", "withdrawn_at",
        )
    ):
        rows[registration_id] = {
            "registration": registration_id,
            "entry": entry,
            "name": name,
            "name_local": name_local,
            "country": country,
            "federation_id": federation_id,
            "team": team_name,
            "team_id": team_id,
            "group": group_name,
            "group_id": group_id,
            "table_points": 0,  # twelfths
            "contest_points": 0,
            "places": [0, 0, 0, 0],
            "best_session": None,
            "sessions": [],
            "disqualified": False,
            "rank_cancelled": False,
            # Left of their own accord (registration_withdraw): ranked on what they played (3.10.1), marked.
            "withdrawn": withdrawn_at is not None,
        }
    for registration_id, marks in extensions.standing_flags(tournament.pk).items():
        if registration_id in rows:
            rows[registration_id]["disqualified"] = bool(marks.get("disqualified"))
            # 3.11.5 取消录取名次: counts for no team or group total.
            rows[registration_id]["rank_cancelled"] = bool(marks.get("rank_cancelled"))
    stage = _final_stage(tournament)
    for sheet_id, session_id, table_id, session_number, table_number, *_totals in sheets:
        owners = seat_owners.get((session_id, table_id), no_owners)
        for result in results[sheet_id]:
            row = rows.get(owners[result.seat])
            if row is None:
                continue
            row["table_points"] += result.table_points
            row["contest_points"] += result.session_score
            if stage and session_number >= stage["from_session"]:
                row["stage_table_points"] = row.get("stage_table_points", 0) + result.table_points
                row["stage_contest_points"] = row.get("stage_contest_points", 0) + result.session_score
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
    if stage and tournament.final_ranking == FinalRanking.FINALISTS_FIRST:
        ranked = _finalists_first(ranked, keys, stage["finalists"])
    struck = sorted((r for r in rows.values() if r["rank_cancelled"]), key=lambda r: r["entry"])
    for row in struck:
        row["rank"] = None
    individuals = ranked
    sessions = sorted({sheet[3] for sheet in sheets})
    return {
        "individuals": individuals,
        "teams": _unit_standings(individuals, "team"),
        "groups": _unit_standings(individuals, "group"),
        "sessions": sessions,
        "struck": struck,
        # What the pages and the results sheet must say about how the order was made.
        "tiebreaks": [str(t) for t in tiebreaks],
        "final_ranking": str(tournament.final_ranking) if stage else FinalRanking.CUMULATIVE.value,
        "final_stage": {"from_session": stage["from_session"], "finalists": len(stage["finalists"])} if stage else None,
    }


def _unit_standings(individuals: list[dict], unit: str) -> list[dict]:
    """Team (unit="team", 参赛队) or group (unit="group", 团体) standings (3.5.3, 3.10.1).

    A unit's totals are the sums of its members' table points and contest points (the rules are
    silent: docs/standings.md); it ranks by table points, then contest points, and units equal on both
    share the rank. Members whose placing is cancelled (3.11.5) are struck: not in `individuals`, so
    neither listed nor counted.
    """
    units: dict[int, dict] = {}
    for row in individuals:
        unit_id = row.get(f"{unit}_id")
        if unit_id is None:
            continue
        entry = units.setdefault(
            unit_id,
            {unit: row[unit], f"{unit}_id": unit_id, "table_points": 0, "contest_points": 0, "members": []},
        )
        entry["members"].append(row["entry"])
        entry["table_points"] += row["table_points"]
        entry["contest_points"] += row["contest_points"]

    def unit_key(entry):
        return (-entry["table_points"], -entry["contest_points"])

    unit_rows = sorted(units.values(), key=lambda entry: (unit_key(entry), entry[unit]))
    _assign_ranks(unit_rows, unit_key)
    return unit_rows


def _final_stage(tournament: Tournament) -> dict | None:
    """The final stage of a competition with a cut (3.5.4): from the last session that seats only
    its qualifiers to the end; None when every session seats everyone."""
    last = (
        Session.objects.filter(tournament=tournament)
        .exclude(qualification=Session.Qualification.ALL)
        .order_by("-number")
        .first()
    )
    if last is None:
        return None
    return {"from_session": last.number, "finalists": set(last.qualifiers.values_list("pk", flat=True))}


def _finalists_first(ranked: list[dict], keys: dict, finalists: set[int]) -> list[dict]:
    """3.5.4, the organizer's regulation `finalists_first`: the finalists by their final-stage table
    points then contest points (equal on both share the rank), then the others in their cumulative
    order, ranks continuing after the finalists (equal on every cumulative key share the rank)."""

    def stage_key(row):
        return (-row.get("stage_table_points", 0), -row.get("stage_contest_points", 0))

    # Shown in final-stage order, then cumulative order (before the final is played everyone is 0).
    top = sorted(
        (r for r in ranked if r["registration"] in finalists),
        key=lambda r: (stage_key(r), keys[r["registration"]], r["entry"]),
    )
    _assign_ranks(top, stage_key)
    rest = [r for r in ranked if r["registration"] not in finalists]
    _assign_ranks(rest, lambda row: keys[row["registration"]])
    for row in rest:
        row["rank"] += len(top)
    return top + rest
