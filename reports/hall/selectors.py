"""Reads for the hall display (a projector or TV at the venue): one cheap version for its polls, and
the state it shows.

The state: the running session (its clock to time-up, 3.5.6, its round and its biggest hands as
recorded), or between sessions the next one (its announced start and its seats for the "type your
entry number" lookup), and always the standings from the latest snapshot, page by page.
"""

import datetime as dt
import hashlib

from django.conf import settings
from django.db.models import Count, Max, Sum
from django.utils import timezone

from reports.statistics.selectors import fan_labels
from tournaments.models import Hand, ScoreSheet, SeatAssignment, Session, Tournament
from tournaments.models.sessions import SEAT_CHOICES
from tournaments.standings import selectors as standings_selectors

# 3.5.6 "每局结束前15分钟，裁判长报时提醒选手": the clock is highlighted in the last 15 minutes, as on the board.
WARNING_MINUTES = 15
STANDINGS_PAGE_ROWS = 12
BIGGEST_HANDS = 3
HANDS_PER_ROUND = 4  # 3.4.4: four rounds (圈) of four hands; the prevailing wind changes each round


def hall_version(*, tournament_id: int) -> str | None:
    """What the display shows changes only when this changes: None for drafts (no public page).

    Three small queries: the standings' latest version (a signed sheet, a penalty, a correction), the
    sessions' states and times, and the running session's sheets (their versions move with every hand
    recorded, corrected or taken back, and with every signature)."""
    standings_version = standings_selectors.standings_public_version(tournament_id=tournament_id)
    if standings_version is None:
        return None
    sessions = list(
        Session.objects.filter(tournament_id=tournament_id)
        .order_by("number")
        .values_list("pk", "status", "scheduled_start", "started_at", "ended_at")
    )
    current = _current_session_id(sessions)
    sheets = (
        ScoreSheet.objects.filter(session_id=current).aggregate(n=Count("id"), v=Sum("version"), h=Max("hand_count"))
        if current
        else {}
    )
    seats = (
        SeatAssignment.objects.filter(session_id=_next_session_id(sessions)).count()
        if _next_session_id(sessions)
        else 0
    )
    digest = hashlib.sha256(repr((sessions, sheets, seats)).encode()).hexdigest()[:12]
    return f"{standings_version}-{digest}"


def _current_session_id(sessions: list[tuple]) -> int | None:
    """The running session, else the last one played."""
    running = [pk for pk, status, *_ in sessions if status == Session.Status.RUNNING]
    if running:
        return running[0]
    finished = [pk for pk, status, *_ in sessions if status == Session.Status.FINISHED]
    return finished[-1] if finished else None


def _next_session_id(sessions: list[tuple]) -> int | None:
    if any(status == Session.Status.RUNNING for _, status, *_ in sessions):
        return None
    return next((pk for pk, status, *_ in sessions if status == Session.Status.PLANNED), None)


def _standings_pages(tournament: Tournament) -> list[list[dict]]:
    snapshot = standings_selectors.standings_snapshot_latest(tournament=tournament)
    rows = standings_selectors.standings_for_display(snapshot=snapshot)["individuals"]
    size = getattr(settings, "HALL_PAGE_ROWS", STANDINGS_PAGE_ROWS)
    return [rows[i:i + size] for i in range(0, len(rows), size)]


def _biggest_hands(session: Session) -> list[dict]:
    """The session's largest wins as recorded (signed or not yet: marked), ties listed in table order."""
    hands = list(
        Hand.objects.filter(sheet__session=session, result=Hand.Result.WIN)
        .select_related("sheet__table")
        .order_by("-total", "sheet__table__number", "number")[:BIGGEST_HANDS]
    )
    names = {
        (seat.table_id, seat.seat): seat.registration.player.name
        for seat in SeatAssignment.objects.filter(session=session).select_related("registration__player")
    }
    return [
        {
            "hand": hand,
            "table": hand.sheet.table.number,
            "winner": names.get((hand.sheet.table_id, hand.winner), ""),
            "signed": hand.sheet.status == ScoreSheet.Status.LOCKED,
            "fans": fan_labels(hand.fans),
        }
        for hand in hands
    ]


def _round(session: Session):
    """The round (圈) of the table furthest behind among those still playing: East, South, West, North."""
    counts = list(
        session.sheets.filter(status=ScoreSheet.Status.OPEN).values_list("hand_count", flat=True)
    )
    if not counts:
        return None
    return dict(SEAT_CHOICES)[min(min(counts) // HANDS_PER_ROUND, 3)]


def hall_state(*, tournament: Tournament, now: dt.datetime | None = None) -> dict:
    now = now or timezone.now()
    sessions = list(tournament.sessions.order_by("number"))
    running = next((s for s in sessions if s.status == Session.Status.RUNNING), None)
    finished = [s for s in sessions if s.status == Session.Status.FINISHED]
    upcoming = None if running else next((s for s in sessions if s.status == Session.Status.PLANNED), None)
    state = {
        "now": now,
        "mode": "running" if running else ("between" if upcoming else "finished"),
        "session": running or (finished[-1] if finished else None),
        "next_session": upcoming,
        "clock": None,
        "round": None,
        "pages": _standings_pages(tournament),
        "biggest": [],
        "seats": {},
        "sessions_total": tournament.planned_sessions,
    }
    if running is not None and running.started_at is not None:
        ends_at = running.started_at + dt.timedelta(minutes=tournament.session_minutes)
        left = max(0, int((ends_at - now).total_seconds()))
        hours, minutes, seconds = left // 3600, left % 3600 // 60, left % 60
        state["clock"] = {
            "ends_at": ends_at,
            "warn_at": ends_at - dt.timedelta(minutes=WARNING_MINUTES),
            "seconds_left": left,
            "warning": left <= WARNING_MINUTES * 60,
            "display": f"{hours}:{minutes:02d}:{seconds:02d}" if hours else f"{minutes}:{seconds:02d}",
        }
        state["round"] = _round(running)
    if state["session"] is not None:
        state["biggest"] = _biggest_hands(state["session"])
    if upcoming is not None:
        seat_names = dict(SEAT_CHOICES)
        state["seats"] = {
            str(entry): [table, str(seat_names[seat])]
            for entry, table, seat in SeatAssignment.objects.filter(session=upcoming).values_list(
                "registration__entry_number", "table__number", "seat"
            )
        }
    return state
