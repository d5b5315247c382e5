"""Standings from the signed score sheets: what the 3.10 engine (tournaments/standings/engine) needs, read.

The ranking rules themselves (3.10.1, 3.5.3, 3.5.4, 3.11.4-5) are the engine's, plain Python tested
without a database. This module reads the tournament's registrations, signed sheets, seats, the
apps' adjustments and marks (tournaments.extensions) and the organizer's regulation, and hands them
to it.

Every recompute rebuilds the whole table from the signed sheets (simple, and always right); what
keeps that fast for 1,000 players x 10 sessions (bench/standings.py) is reading little: each sheet
carries its seats' hand totals (ScoreSheet.total0..3, kept by the hand services), so no hand is
read; rows come as tuples; a table's results are memoized on their inputs (the engine); and the
service compares digests instead of reading the previous snapshot back.
"""

import contextlib
import gc
from collections import defaultdict

from tournaments import extensions
from tournaments.models import Registration, ScoreSheet, SeatAssignment, Session, Tournament
from tournaments.standings import engine

TOTALS = ("total0", "total1", "total2", "total3")


def standings_compute(tournament: Tournament) -> dict:
    """The standings as plain data: {"individuals": [...], "teams": [...], "sessions": [numbers], ...}."""
    with _collector_paused():
        return standings_of(tournament).as_dict()


@contextlib.contextmanager
def _collector_paused():
    """Python's cyclic garbage collector paused while the standings are built (issue 30). 1,000 players x 10
    sessions allocate some 100,000 small objects (session lines and their dicts) in one go, which set off full
    collections over the whole heap, Django's objects included: 148 ms a compute with them, 63 ms without
    (bench/standings.py, the same run). Nothing built here is cyclic: reference counting frees it all, and the
    collector resumes after, as it was."""
    enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if enabled:
            gc.enable()


def standings_of(tournament: Tournament) -> engine.Standings:
    """The tournament's standings (3.10.1), ranked by the engine from what is signed now."""
    return engine.rank(_entrants(tournament), _played_tables(tournament), _rules(tournament))


def _played_tables(tournament: Tournament) -> list[engine.PlayedTable]:
    """Every signed sheet, with its seats' owners and hand totals. The hand totals are the sheet's own
    derived columns: no pass over the hands."""
    sheets = list(
        ScoreSheet.objects.filter(session__tournament=tournament, status=ScoreSheet.Status.LOCKED)
        .order_by()
        .values_list("id", "session_id", "table_id", "session__number", "table__number", *TOTALS)
    )
    adjustments = extensions.sheet_adjustments(sheet[0] for sheet in sheets)
    # {(session id, table id): [registration id by starting seat]}: one lookup per sheet, not per seat.
    owners = defaultdict(lambda: [None] * 4)
    for session_id, table_id, seat, registration_id in (
        SeatAssignment.objects.filter(session__tournament=tournament)
        .order_by()
        .values_list("session_id", "table_id", "seat", "registration_id")
    ):
        owners[session_id, table_id][seat] = registration_id
    return [
        engine.PlayedTable(
            session=session_number, table=table_number, seats=tuple(owners[session_id, table_id]),
            hand_scores=tuple(totals), adjustments=tuple(adjustments[sheet_id]),
        )
        for sheet_id, session_id, table_id, session_number, table_number, *totals in sheets
    ]


def _entrants(tournament: Tournament) -> list[engine.Entrant]:
    """Every registration but the reserves, with the marks the apps above the core give (3.11.4 停赛, 3.11.5)."""
    flags = extensions.standing_flags(tournament.pk)
    unflagged = extensions.StandingFlags()
    return [
        engine.Entrant(
            registration=registration_id, entry=entry, name=name, name_local=name_local, country=country,
            federation_id=federation_id, team=team_name, team_id=team_id, group=group_name, group_id=group_id,
            withdrawn=withdrawn_at is not None,
            disqualified=flags.get(registration_id, unflagged).disqualified,
            rank_cancelled=flags.get(registration_id, unflagged).rank_cancelled,
        )
        for (registration_id, entry, name, name_local, country, federation_id, team_id, team_name, group_id,
             group_name, withdrawn_at) in (
            # A reserve has played nothing: not ranked until they take a player's seats (then a player).
            Registration.objects.filter(tournament=tournament, reserve=False)
            .order_by()
            .values_list(
                "id", "entry_number", "player__name", "player__name_local", "player__country",
                "player__federation_id", "team_id", "team__name", "group_id", "group__name", "withdrawn_at",
            )
        )
    ]


def _rules(tournament: Tournament) -> engine.Rules:
    return engine.Rules(
        tiebreaks=tuple(str(tiebreak) for tiebreak in tournament.tiebreaks or ()),
        deductions_count_for_ranking=tournament.deductions_count_for_ranking,
        final_stage=_final_stage(tournament),
        final_ranking=str(tournament.final_ranking),
    )


def _final_stage(tournament: Tournament) -> engine.FinalStage | None:
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
    finalists = frozenset(last.qualifiers.values_list("pk", flat=True))
    return engine.FinalStage(from_session=last.number, finalists=finalists)
