"""Reads for sessions: the organizer's board."""

import datetime as dt
import math

from django.db.models import Count, F, Q
from django.utils import timezone

from scoring.engine.table import MAX_HANDS
from tournaments.access import Capability, can
from tournaments.errors import NotFound
from tournaments.models import (
    ScoreSheet,
    Session,
    Tournament,
)

# 3.5.6: the chief referee warns the players 15 minutes before the end of the session.
WARNING_MINUTES = 15


def session_board(*, tournament: Tournament, now: dt.datetime | None = None) -> dict:
    """Every table of the current session: hands entered, sheet status, signatures, referee, time left.

    The current session is the running one, else the last one played (its sheets may still wait
    for signatures). The next planned session is offered for starting when none is running.
    """
    now = now or timezone.now()
    sessions = list(tournament.sessions.order_by("number"))
    running = next((s for s in sessions if s.status == Session.Status.RUNNING), None)
    played = [s for s in sessions if s.status == Session.Status.FINISHED]
    current = running or (played[-1] if played else None)
    next_session = None if running else next((s for s in sessions if s.status == Session.Status.PLANNED), None)
    tables = []
    if current is not None:
        sheets = (
            current.sheets.select_related("table", "referee")
            .annotate(
                confirmed=Count(
                    "signatures",
                    filter=Q(signatures__kind="player", signatures__sheet_version=F("version")),
                    distinct=True,
                ),
            )
            .order_by("table__number")
        )
        for sheet in sheets:
            tables.append(
                {
                    "table": sheet.table.number,
                    "sheet_id": sheet.pk,
                    "hands": sheet.hand_count,
                    "max_hands": MAX_HANDS,
                    "status": sheet.status,
                    "status_label": sheet.get_status_display(),
                    "confirmed": sheet.confirmed,
                    "waiting": sheet.status == ScoreSheet.Status.CLOSED,
                    "ended_by_time": sheet.ended_by_time,
                    "referee": sheet.referee.get_username() if sheet.referee else "",
                }
            )
    clock = None
    if running is not None and running.started_at is not None:
        ends_at = running.started_at + dt.timedelta(minutes=tournament.session_minutes)
        seconds_left = max(0, (ends_at - now).total_seconds())
        clock = {
            "ends_at": ends_at,
            "minutes_left": math.ceil(seconds_left / 60),
            "warning": seconds_left <= WARNING_MINUTES * 60,
            "time_up": seconds_left == 0,
        }
    counts = {status: sum(1 for t in tables if t["status"] == status) for status in ScoreSheet.Status.values}
    return {
        "session": current,
        "running": running is not None,
        "next_session": next_session,
        "tables": tables,
        "clock": clock,
        "counts": counts,
    }


def session_get_for_user(*, user, session_id: int, capability: Capability) -> Session:
    session = Session.objects.select_related("tournament").filter(pk=session_id).first()
    if session is None or not can(user, session.tournament, capability):
        raise NotFound("No such session.")
    return session


def session_get_by_number_for_user(*, user, tournament_id: int, number: int, capability: Capability) -> Session:
    """Session `number` of the tournament (as page URLs name it), if the user has `capability` in
    the tournament; otherwise 404."""
    session = Session.objects.select_related("tournament").filter(tournament_id=tournament_id, number=number).first()
    if session is None or not can(user, session.tournament, capability):
        raise NotFound("No such session.")
    return session


def session_tables_held(*, session: Session) -> list[int]:
    """Numbers of the tables of a running session seated but not started: a 停赛 player (3.11.4)
    held a seat there when the session started; each starts once a substitute takes the seat."""
    if session.status != Session.Status.RUNNING:
        return []
    started = session.sheets.values("table_id")
    return sorted(set(session.seats.exclude(table_id__in=started).values_list("table__number", flat=True)))
