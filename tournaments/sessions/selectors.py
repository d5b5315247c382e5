"""Reads for sessions: the organizer's board, check-in (3.5.7.1) and lateness (3.11.2.1)."""

import datetime as dt
import math

from django.db.models import Count, F, Q
from django.utils import timezone
from django.utils.crypto import constant_time_compare, salted_hmac
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from scoring.engine.table import MAX_HANDS
from tournaments import extensions
from tournaments.access import Capability, can
from tournaments.core.selectors import check_in_session, tournament_get_for_user
from tournaments.errors import NotFound, whole_number
from tournaments.models import (
    SEAT_CHOICES,
    Membership,
    Registration,
    Role,
    ScoreSheet,
    SeatAssignment,
    Session,
    SessionCheckIn,
    Table,
    Tournament,
)

# 3.5.6: the chief referee warns the players 15 minutes before the end of the session.
WARNING_MINUTES = 15


def players_to_seat(*, session: Session) -> set[int]:
    """The registrations that must hold a seat in `session` (3.5.2 "竞赛采用每桌四人制": nobody is left out):
    everyone registered but reserves (not seated until they take a player's seats), players who have
    withdrawn, late entries whose first session is later (Registration.seated_from), and players the apps
    flag out (3.11.4 停赛, 3.11.5). A session of qualifiers (3.5.4) seats its qualifiers only."""
    rows = session.tournament.registrations.filter(reserve=False, withdrawn_at__isnull=True).filter(
        Q(seated_from__isnull=True) | Q(seated_from__lte=session.number))
    if session.qualification != Session.Qualification.ALL:
        rows = rows.filter(pk__in=session.qualifiers.values("pk"))
    return set(rows.values_list("pk", flat=True)) - set(extensions.standing_flags(session.tournament_id))


def reserves_seated(*, session: Session) -> set[int]:
    """Reserves who hold a seat in `session`: made reserves after its chart was drawn."""
    return set(session.seats.filter(registration__reserve=True).values_list("registration_id", flat=True))


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
    check_in = check_in_session(tournament=tournament, sessions=sessions)
    return {
        "check_in": _check_in_summary(check_in) if check_in is not None else None,
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


def session_qualification(*, tournament: Tournament) -> dict | None:
    """Who plays the next planned session (3.5.4): the rule, the count, the qualifiers' entry numbers.

    Shown while another session runs too: the organizer can prepare the next one's list."""
    session = tournament.sessions.filter(status=Session.Status.PLANNED).order_by("number").first()
    if session is None:
        return None
    entries = sorted(session.qualifiers.values_list("entry_number", flat=True))
    return {
        "session": session,
        "qualification": session.qualification,
        "label": session.get_qualification_display(),
        "count": session.qualifier_count,
        "entries": entries,
        "choices": Session.Qualification.choices,
    }


# Check-in (检录, 3.5.7.1) and lateness (3.11.2.1).

WIND = dict(SEAT_CHOICES)


def lateness_seconds(*, checked_in_at: dt.datetime | None, started_at: dt.datetime | None) -> int | None:
    """3.11.2.1 "宣布竞赛开始后": seconds from the announced start (the session's start on the board) to the
    check-in, a started second counted whole: "超过15分钟" holds for 15:00.5 (901 s, a forfeit), as "10分钟以内"
    stops at 10:00.0; 0 for a check-in at or before the start (not late); None when either is unknown."""
    if checked_in_at is None or started_at is None:
        return None
    return max(0, math.ceil((checked_in_at - started_at).total_seconds()))


def late_parts(seconds: int | None) -> dict | None:
    """A lateness as pages show it: {"minutes", "seconds"}; None when unknown."""
    if seconds is None:
        return None
    minutes, rest = divmod(seconds, 60)
    return {"total": seconds, "minutes": minutes, "seconds": rest}


def lateness_for(*, session: Session, registration: Registration) -> int | None:
    """How late `registration` checked in for `session`, in seconds (see lateness_seconds); None
    when the session has not started or the player has not checked in."""
    check_in = SessionCheckIn.objects.filter(session=session, registration=registration).first()
    return lateness_seconds(checked_in_at=check_in and check_in.checked_in_at, started_at=session.started_at)


def session_check_ins(*, session: Session, table_number: int | None = None) -> list[dict]:
    """The session's tables (or one table), each player East to North with their check-in, if any,
    and how late it was; `missing` lists the players of the table not checked in."""
    seats = (
        SeatAssignment.objects.filter(session=session)
        .select_related("table", "registration__player")
        .order_by("table__number", "seat")
    )
    if table_number is not None:
        seats = seats.filter(table__number=table_number)
    check_ins = {
        c.registration_id: c for c in SessionCheckIn.objects.filter(session=session).select_related("checked_in_by")
    }
    tables: dict[int, dict] = {}
    for seat in seats:
        table = tables.setdefault(seat.table.number, {
            "table": seat.table.number, "players": [], "missing": [],
            "check_in_token": table_check_in_token(table=seat.table)})
        check_in = check_ins.get(seat.registration_id)
        row = {
            "seat": seat.seat,
            "wind": WIND[seat.seat],
            "registration": seat.registration,
            "check_in": check_in,
            "late_seconds": lateness_seconds(
                checked_in_at=check_in and check_in.checked_in_at, started_at=session.started_at
            ),
        }
        row["late"] = late_parts(row["late_seconds"])
        table["players"].append(row)
        if check_in is None:
            table["missing"].append(row)
    return list(tables.values())


def _check_in_summary(session: Session) -> dict:
    tables = session_check_ins(session=session)
    seated = sum(len(t["players"]) for t in tables)
    missing = [t for t in tables if t["missing"]]
    return {
        "session": session,
        "seated": seated,
        "checked_in": seated - sum(len(t["missing"]) for t in missing),
        "tables": missing,
    }


def table_check_in_token(*, table: Table) -> str:
    """The unguessable part of a table's check-in address, printed in its QR code (3.5.7.1): the page takes
    a PIN from anyone who has the address, so a stranger away from the venue must not be able to make it up
    (issue 28). Derived from the secret key and the table, not stored: the same on every server; a new
    SECRET_KEY needs the table cards printed again."""
    return salted_hmac("tournaments.check-in-table", str(table.pk)).hexdigest()[:24]


def check_in_table_get(*, tournament: Tournament, table_number: int, token: str) -> Table:
    """The table whose QR code a player scanned (the tournament is visible to them, the token is the table's);
    else 404."""
    table = Table.objects.filter(tournament=tournament, number=table_number).first()
    if table is None or not constant_time_compare(table_check_in_token(table=table), str(token)):
        raise NotFound("No such table.")
    return table


def registration_in_session_get(*, session: Session, registration_id) -> Registration:
    """A player of the session's tournament, by id as a form sends it; else 404."""
    registration = (
        Registration.objects.filter(tournament_id=session.tournament_id, pk=whole_number(registration_id)).first()
        if whole_number(registration_id) is not None
        else None
    )
    if registration is None:
        raise NotFound("No such registration.")
    return registration


def check_in_state(*, session: Session, registration: Registration) -> dict:
    """A player's check-in for the session, as the API answers it."""
    session = Session.objects.get(pk=session.pk)  # its started_at as it is now
    check_in = SessionCheckIn.objects.filter(session=session, registration=registration).first()
    return {
        "session": session.number,
        "registration_id": registration.pk,
        "entry_number": registration.entry_number,
        "checked_in": check_in is not None,
        "checked_in_at": check_in.checked_in_at if check_in else None,
        "method": check_in.method if check_in else None,
        "late_seconds": lateness_seconds(
            checked_in_at=check_in and check_in.checked_in_at, started_at=session.started_at
        ),
    }


def session_tables_held(*, session: Session) -> list[int]:
    """Numbers of the tables of a running session seated but not started: a player out of the competition
    (停赛, 3.11.4; a cancelled rank, 3.11.5) or withdrawn held a seat there when the session started; each starts
    once a substitute takes the seat."""
    if session.status != Session.Status.RUNNING:
        return []
    started = session.sheets.values("table_id")
    return sorted(set(session.seats.exclude(table_id__in=started).values_list("table__number", flat=True)))


# Pre-flight before a session starts (issue 13): what is wrong, each with where to fix it. "refuse" items
# are what the rules or the data cannot allow (session_start refuses them too); "warn" items the
# organizer may start despite, after confirming. `fix` names the page that fixes it (the view links it).
REFUSE, WARN = "refuse", "warn"


def _entries(tournament, ids) -> str:
    numbers = tournament.registrations.filter(pk__in=ids).values_list("entry_number", flat=True)
    return ", ".join(map(str, sorted(numbers)))


def session_preflight(*, session: Session) -> list[dict]:
    """The pre-flight list of a planned session; empty when everything is ready."""
    tournament = session.tournament
    items = []

    def add(level, fix, message):
        items.append({"level": level, "fix": fix, "message": message})

    if session.status != Session.Status.PLANNED:
        add(REFUSE, "board", _("Session %(n)s has already started.") % {"n": session.number})
        return items
    if tournament.sessions.filter(status=Session.Status.RUNNING).exists():
        add(REFUSE, "board", _("Another session is still running: end it first."))
    seats = list(session.seats.values_list("registration_id", "table_id", "table__number"))
    flags = extensions.standing_flags(tournament.pk)
    if not seats:
        # 3.5.2 "竞赛采用每桌四人制": no table can start without its four players.
        add(REFUSE, "seats", _("The seating chart of session %(n)s is not drawn: no player has a seat.")
            % {"n": session.number})
    else:
        unseated = players_to_seat(session=session) - {registration for registration, _t, _n in seats}
        if unseated:
            add(REFUSE, "seats", ngettext(
                "%(n)d player has no seat: entry %(entries)s. Draw the chart again, or make them a reserve "
                "(their registration's page).",
                "%(n)d players have no seat: entries %(entries)s. Draw the chart again, or make them reserves "
                "(their registrations' pages).", len(unseated),
            ) % {"n": len(unseated), "entries": _entries(tournament, unseated)})
        reserves = reserves_seated(session=session)
        if reserves:
            add(REFUSE, "seats", ngettext(
                "Entry %(entries)s is a reserve but holds a seat: draw the chart again, or make them a player.",
                "Entries %(entries)s are reserves but hold seats: draw the chart again, or make them players.",
                len(reserves),
            ) % {"entries": _entries(tournament, reserves)})
        # Tables held back until a substitute sits, each said once, for its first reason: a 停赛 player holds a
        # seat there (3.11.4), or one whose rank is cancelled (3.11.5, READINGS.md P4), or one who has withdrawn
        # (3.5.2).
        withdrawn = set(tournament.registrations.filter(withdrawn_at__isnull=False).values_list("pk", flat=True))
        held = []
        for who, fix, message in (
            ({r for r, marks in flags.items() if marks.disqualified}, "fouls", _(
                "Tables %(tables)s will not start: a player seated there is disqualified (停赛, rule 3.11.4). "
                "Seat a substitute from the Record of Fouls; the table then starts.")),
            ({r for r, marks in flags.items() if marks.rank_cancelled}, "fouls", _(
                "Tables %(tables)s will not start: a player seated there has their rank cancelled (rule 3.11.5) and "
                "takes no further part. Seat a substitute on the rank cancellations page; the table then starts.")),
            (withdrawn, "seats", _(
                "Tables %(tables)s will not start: a player seated there has withdrawn. Seat a substitute (a "
                "reserve) from that player's registration page; the table then starts.")),
        ):
            numbers = sorted({number for registration, _t, number in seats if registration in who} - set(held))
            if numbers:
                add(WARN, fix, message % {"tables": ", ".join(map(str, numbers))})
                held = sorted(set(held) | set(numbers))
        tables = len({table for _r, table, _n in seats if _n not in held})
        referees = Membership.objects.filter(tournament=tournament, role=Role.REFEREE).count()
        if not referees:
            add(WARN, "referees", ngettext(
                "No referee is named: %(n)d table would start without one.",
                "No referee is named: %(n)d tables would start without one.", tables,
            ) % {"n": tables})
        elif referees < tables:
            add(WARN, "referees", ngettext(
                "%(referees)d referee for %(tables)d tables: they will hold every table.",
                "%(referees)d referees for %(tables)d tables: each referee will hold several tables.", referees,
            ) % {"referees": referees, "tables": tables})
        # 3.5.7.1 检录: players check in before the session; the late are handled under 3.11.2.1.
        checked = set(session.check_ins.values_list("registration_id", flat=True))
        missing = {registration for registration, _t, _n in seats} - checked
        if missing:
            add(WARN, "check_in", ngettext(
                "%(n)d of %(seated)d players has not checked in (rule 3.5.7.1).",
                "%(n)d of %(seated)d players have not checked in (rule 3.5.7.1).", len(missing),
            ) % {"n": len(missing), "seated": len(seats)})
    if tournament.status == Tournament.Status.DRAFT:
        add(WARN, "publish", _(
            "The tournament is a draft: players' pages and the standings are not public. Starting the session "
            "publishes it; publish it now to check them first."
        ))
    return items


def sessions_for_user(*, user, tournament_id: int) -> list[Session]:
    """The tournament's sessions, for whoever may see the tournament (404 otherwise)."""
    tournament = tournament_get_for_user(user=user, tournament_id=tournament_id)
    return list(tournament.sessions.order_by("number"))


def seats_of_user(*, user) -> list[SeatAssignment]:
    """The signed-in player's seats in every tournament (their registrations'), newest tournament first."""
    if not user.is_authenticated:
        return []
    return list(SeatAssignment.objects.filter(registration__player__user=user)
                .select_related("session__tournament", "table", "registration")
                .order_by("-session__tournament__starts_on", "session__number")[:500])
