"""Tables, seats and sessions: the day's plan at the tables (3.5, Appendix 3)."""

from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from scoring.engine.table import MAX_HANDS
from tournaments import extensions
from tournaments.audit import AuditAction, audit_record
from tournaments.core.services import confirm_pins_issue
from tournaments.locks import lock_session, lock_sheets, lock_tournament
from tournaments.models import (
    Membership,
    Role,
    ScoreSheet,
    SeatAssignment,
    Session,
    Table,
    Tournament,
)
from tournaments.sheets.services import sheet_save_new_version


@transaction.atomic
def tables_sync(*, actor, tournament: Tournament) -> int:
    """Make tables 1..N for every four registered players (3.5.2); returns how many tables exist."""
    needed = -(-tournament.registrations.count() // 4)
    existing = set(tournament.tables.values_list("number", flat=True))
    missing = [n for n in range(1, needed + 1) if n not in existing]
    Table.objects.bulk_create(Table(tournament=tournament, number=n) for n in missing)
    if missing:
        audit_record(
            actor=actor, tournament=tournament, action=AuditAction.TABLES_CREATED, detail={"numbers": missing}
        )
    return len(existing) + len(missing)


def session_seats_check_open(session: Session) -> None:
    """Seats change only before the session starts (its chart is then what the tables play)."""
    if session.status != Session.Status.PLANNED:
        raise ValidationError(_("Session %(n)s has started: its seats are locked.") % {"n": session.number})


@transaction.atomic
def session_seats_replace(*, actor, session: Session, tables: dict[int, list[int]]) -> None:
    """Set who sits where in a session: {table number: [registration ids East, South, West, North]}.

    Every registered player sits exactly once; seats are locked once the session has started.
    """
    session = lock_session(session.pk)
    session_seats_check_open(session)
    tournament = session.tournament
    registered = set(tournament.registrations.values_list("pk", flat=True))
    must_sit = _must_sit(tournament, registered)
    seated = [registration for seats in tables.values() for registration in seats]
    problems = []
    if any(len(seats) != 4 for seats in tables.values()):
        problems.append(_("Every table needs exactly four players."))
    if len(seated) != len(set(seated)):
        problems.append(_("A player is seated twice."))
    if set(seated) - registered:
        problems.append(_("Only players registered in this tournament can be seated."))
    if must_sit - set(seated):
        problems.append(_("%(n)d registered player(s) have no seat.") % {"n": len(must_sit - set(seated))})
    suspended = _suspended(tournament) & set(seated)
    if suspended:
        # 3.11.4 停赛 "取消继续参加本次比赛的资格": no seat in any later session.
        entries = sorted(tournament.registrations.filter(pk__in=suspended).values_list("entry_number", flat=True))
        problems.append(_("Entries %(entries)s are disqualified (停赛, rule 3.11.4) and cannot be seated.") % {
            "entries": ", ".join(map(str, entries))})
    if problems:
        raise ValidationError(problems)
    table_ids = _tables_numbered(tournament, tables.keys())
    SeatAssignment.objects.filter(session=session).delete()
    SeatAssignment.objects.bulk_create(
        SeatAssignment(session=session, table_id=table_ids[number], seat=seat, registration_id=registration)
        for number, seats in tables.items()
        for seat, registration in enumerate(seats)
    )
    audit_record(
        actor=actor,
        tournament=tournament,
        action=AuditAction.SESSION_SEATS_SET,
        obj=session,
        detail={"tables": {str(number): seats for number, seats in sorted(tables.items())}, "session": session.number},
    )


def _must_sit(tournament, registered: set[int]) -> set[int]:
    # Disqualified players (3.11.4) need no seat; they may keep one the organizer has not moved.
    return registered - set(extensions.standing_flags(tournament.pk))


def _suspended(tournament) -> set[int]:
    """Registrations under 停赛 (3.11.4): they hold no seat in a session not yet started."""
    return {
        registration for registration, marks in extensions.standing_flags(tournament.pk).items()
        if marks.get("disqualified")
    }


def _tables_to_start(session: Session, tournament) -> tuple[list[int], list[int]]:
    """(table ids to start, numbers of the tables held back): 3.5.2 "竞赛采用每桌四人制" and 3.11.4:
    a table where a 停赛 player still holds a seat is not started until a substitute takes it."""
    suspended = _suspended(tournament)
    seats = list(session.seats.values_list("table_id", "table__number", "registration_id"))
    held = {table_id: number for table_id, number, registration in seats if registration in suspended}
    table_ids = sorted({table_id for table_id, _number, _registration in seats} - set(held))
    return table_ids, sorted(held.values())


def _sheets_create(session: Session, tournament, table_ids: list[int], start: int = 0) -> list[ScoreSheet]:
    referees = list(
        Membership.objects.filter(tournament=tournament, role=Role.REFEREE).order_by("user_id").values_list(
            "user_id", flat=True
        )
    )
    return ScoreSheet.objects.bulk_create(
        ScoreSheet(
            session=session, table_id=table_id, referee_id=referees[(start + i) % len(referees)] if referees else None
        )
        for i, table_id in enumerate(table_ids)
    )


def _tables_numbered(tournament, numbers) -> dict[int, int]:
    existing = dict(tournament.tables.values_list("number", "pk"))
    for number in sorted(set(numbers) - set(existing)):
        existing[number] = Table.objects.create(tournament=tournament, number=number).pk
    return existing


@transaction.atomic
def session_start(*, actor, session: Session) -> list[ScoreSheet]:
    """Start a session: its seats lock and every table gets a score sheet and a referee.

    Referees are spread over the tables in turn; the chief referee can hand a table to another
    (`sheet_assign_referee`, from the sheet page).
    """
    # The tournament row is locked first: two sessions started at once cannot both run.
    lock_tournament(session.tournament_id)
    session = lock_session(session.pk)
    if session.status != Session.Status.PLANNED:
        raise ValidationError(_("Session %(n)s has already started.") % {"n": session.number})
    tournament = session.tournament
    if not session.seats.exists():
        raise ValidationError(_("Seat the players before starting the session."))
    # The seats were checked when drawn, but the roster may have changed since: a late
    # registration, a disqualification cancelled on appeal. Nobody may be left out of a session.
    unseated = _must_sit(tournament, set(tournament.registrations.values_list("pk", flat=True))) - set(
        session.seats.values_list("registration_id", flat=True)
    )
    if unseated:
        entries = sorted(tournament.registrations.filter(pk__in=unseated).values_list("entry_number", flat=True))
        raise ValidationError(
            _("Entries %(entries)s are registered but have no seat in session %(n)s: draw its seats again first.")
            % {"entries": ", ".join(map(str, entries)), "n": session.number}
        )
    if tournament.sessions.filter(status=Session.Status.RUNNING).exists():
        raise ValidationError(_("Another session is still running: end it first."))
    # 3.11.4: tables holding a 停赛 player are held back (the organizer is told, see
    # selectors.session_tables_held) and start once a substitute takes the seat.
    table_ids, held = _tables_to_start(session, tournament)
    sheets = _sheets_create(session, tournament, table_ids)
    confirm_pins_issue(actor=actor, tournament=tournament)  # every player can confirm the sheets
    session.status = Session.Status.RUNNING
    session.started_at = timezone.now()
    session.save(update_fields=["status", "started_at"])
    audit_record(
        actor=actor, tournament=tournament, action=AuditAction.SESSION_STARTED, obj=session,
        detail={"tables": len(sheets), "session": session.number, "held": held},
    )
    return sheets


def session_held_tables_start(*, actor, session: Session) -> list[ScoreSheet]:
    """Start the tables of a running session that were held back (3.11.4) and now seat four players
    none of whom is under 停赛 (a substitute took the seat, or the 停赛 was cancelled). Called inside
    the caller's transaction, which holds the tournament's lock and then the session's (lock order of
    tournaments.locks: the caller may hold a score sheet's lock by now, so none is taken here)."""
    if session.status != Session.Status.RUNNING:
        return []
    tournament = session.tournament
    table_ids, _held = _tables_to_start(session, tournament)
    started = set(session.sheets.values_list("table_id", flat=True))
    table_ids = [table_id for table_id in table_ids if table_id not in started]
    if not table_ids:
        return []
    sheets = _sheets_create(session, tournament, table_ids, start=len(started))
    audit_record(
        actor=actor, tournament=tournament, action=AuditAction.SESSION_TABLES_STARTED, obj=session,
        detail={"session": session.number,
                "tables": sorted(tournament.tables.filter(pk__in=table_ids).values_list("number", flat=True))},
    )
    return sheets


@transaction.atomic
def session_end(*, actor, session: Session) -> Session:
    """End the session: at time-up the hand in progress stops and scores nothing (3.5.6).

    Sheets still open are closed for signing with the hands recorded so far.
    """
    session = lock_session(session.pk)
    if session.status != Session.Status.RUNNING:
        raise ValidationError(_("Only a running session can be ended."))
    now = timezone.now()
    # The sheets still open once locked (a referee may have closed one meanwhile): those time-up closes.
    open_sheets = lock_sheets(session.sheets.filter(status=ScoreSheet.Status.OPEN).select_related("table"))
    time_up = sorted(sheet.table.number for sheet in open_sheets)
    for sheet in open_sheets:
        sheet_save_new_version(
            sheet=sheet, status=ScoreSheet.Status.CLOSED, ended_by_time=sheet.hand_count < MAX_HANDS, closed_at=now
        )
    session.status = Session.Status.FINISHED
    session.ended_at = now
    session.save(update_fields=["status", "ended_at"])
    audit_record(
        actor=actor, tournament=session.tournament, action=AuditAction.SESSION_ENDED, obj=session,
        detail={"closed_tables": time_up, "session": session.number},
    )
    return session
