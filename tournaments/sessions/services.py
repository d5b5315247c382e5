"""Tables, seats and sessions: the day's plan at the tables (3.5, Appendix 3), check-in (3.5.7.1)."""


from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from scoring.engine.table import MAX_HANDS
from tournaments import events, extensions
from tournaments.audit import AuditAction, audit_record
from tournaments.core.services import confirm_pins_issue, tournament_status_follow_start
from tournaments.locks import lock_session, lock_sheets, lock_tournament
from tournaments.models import (
    Membership,
    PlannedReferee,
    Registration,
    Role,
    ScoreSheet,
    SeatAssignment,
    Session,
    SessionCheckIn,
    Table,
    Tournament,
)
from tournaments.pins import (
    PIN_ATTEMPTS,
    PIN_PAUSE_SECONDS,
    PIN_PUBLIC_DAILY,
    PIN_PUBLIC_DAY,
    PIN_PUBLIC_TABLE,
    PIN_PUBLIC_VENUE,
    pause_count,
    pause_reached,
    pin_verify,
    public_pin_day_key,
    public_pin_entry_key,
)
from tournaments.sessions.selectors import players_to_seat, reserves_seated
from tournaments.sheets.services import sheet_save_new_version
from tournaments.standings.compute import standings_compute


@transaction.atomic
def tables_sync(*, actor, tournament: Tournament) -> int:
    """Make tables 1..N for every four registered players (3.5.2); returns how many tables exist."""
    # A withdrawn player or a reserve needs no table (a late one does, once registered).
    needed = -(-tournament.registrations.filter(withdrawn_at__isnull=True, reserve=False).count() // 4)
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
    must_sit = players_to_seat(session=session)
    seated = [registration for seats in tables.values() for registration in seats]
    problems = []
    if any(len(seats) != 4 for seats in tables.values()):
        problems.append(_("Every table needs exactly four players."))
    if len(seated) != len(set(seated)):
        problems.append(_("A player is seated twice."))
    if set(seated) - registered:
        problems.append(_("Only players registered in this tournament can be seated."))
    elif session.qualification != Session.Qualification.ALL and set(seated) - _qualifiers(session):
        # 3.5.4: a session of qualifiers seats only them.
        entries = sorted(
            tournament.registrations.filter(pk__in=set(seated) - _qualifiers(session)).values_list(
                "entry_number", flat=True
            )
        )
        problems.append(
            _("Entries %(entries)s did not qualify for session %(n)s: only its qualifiers can be seated.")
            % {"entries": ", ".join(map(str, entries)), "n": session.number}
        )
    withdrawn = _withdrawn(tournament) & set(seated)
    if withdrawn:
        entries = sorted(tournament.registrations.filter(pk__in=withdrawn).values_list("entry_number", flat=True))
        problems.append(_("Entries %(entries)s have withdrawn and cannot be seated.") % {
            "entries": ", ".join(map(str, entries))})
    reserves = set(tournament.registrations.filter(reserve=True).values_list("pk", flat=True)) & set(seated)
    if reserves:
        entries = sorted(tournament.registrations.filter(pk__in=reserves).values_list("entry_number", flat=True))
        problems.append(_("Entries %(entries)s are reserves (not seated): make them players first.") % {
            "entries": ", ".join(map(str, entries))})
    if must_sit - set(seated):
        problems.append(_("%(n)d registered player(s) have no seat.") % {"n": len(must_sit - set(seated))})
    flags = extensions.standing_flags(tournament.pk)
    none = extensions.StandingFlags()
    suspended = {registration for registration in seated if flags.get(registration, none).disqualified}
    if suspended:
        # 3.11.4 停赛 "取消继续参加本次比赛的资格": no seat in any later session.
        entries = sorted(tournament.registrations.filter(pk__in=suspended).values_list("entry_number", flat=True))
        problems.append(_("Entries %(entries)s are disqualified (停赛, rule 3.11.4) and cannot be seated.") % {
            "entries": ", ".join(map(str, entries))})
    struck = {registration for registration in seated if flags.get(registration, none).rank_cancelled} - suspended
    if struck:
        # 3.11.5 "取消录取名次或比赛资格": no seat either (READINGS.md P4).
        entries = sorted(tournament.registrations.filter(pk__in=struck).values_list("entry_number", flat=True))
        problems.append(_("Entries %(entries)s have their rank cancelled (rule 3.11.5), which ends their part in "
                          "the competition: they cannot be seated.") % {"entries": ", ".join(map(str, entries))})
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


def _withdrawn(tournament) -> set[int]:
    """Registrations that have withdrawn (roster.services.registration_withdraw)."""
    return set(tournament.registrations.filter(withdrawn_at__isnull=False).values_list("pk", flat=True))


def _qualifiers(session: Session) -> set[int]:
    return set(session.qualifiers.values_list("pk", flat=True))


def _out(tournament) -> set[int]:
    """Registrations that take no further part (停赛, 3.11.4; a cancelled rank, 3.11.5, READINGS.md P4): they
    hold no seat in a session not yet started."""
    return {registration for registration, flags in extensions.standing_flags(tournament.pk).items() if flags.out}


def _tables_to_start(session: Session, tournament) -> tuple[list[int], list[int]]:
    """(table ids to start, numbers of the tables held back): 3.5.2 "竞赛采用每桌四人制", 3.11.4 and 3.11.5:
    a table where a player out of the competition, or one who has withdrawn, still holds a seat is not
    started until a substitute takes it."""
    suspended = _out(tournament) | _withdrawn(tournament)
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
    # The referees planned for tables (staff: PlannedReferee) take them if they still
    # hold the role; the other tables get the referees in turn, as before.
    planned = {
        table_id: referee_id
        for table_id, referee_id in PlannedReferee.objects.filter(session=session).values_list(
            "table_id", "referee_id"
        )
        if referee_id in referees
    }
    unplanned = [table_id for table_id in table_ids if table_id not in planned]
    in_turn = {
        table_id: referees[(start + i) % len(referees)] if referees else None for i, table_id in enumerate(unplanned)
    }
    return ScoreSheet.objects.bulk_create(
        ScoreSheet(session=session, table_id=table_id, referee_id=planned.get(table_id, in_turn.get(table_id)))
        for table_id in table_ids
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
    unseated = players_to_seat(session=session) - set(session.seats.values_list("registration_id", flat=True))
    if unseated:
        entries = sorted(tournament.registrations.filter(pk__in=unseated).values_list("entry_number", flat=True))
        raise ValidationError(
            _("Entries %(entries)s are registered but have no seat in session %(n)s: draw its seats again, or make "
              "them reserves.") % {"entries": ", ".join(map(str, entries)), "n": session.number}
        )
    reserves = reserves_seated(session=session)
    if reserves:
        entries = sorted(tournament.registrations.filter(pk__in=reserves).values_list("entry_number", flat=True))
        raise ValidationError(
            _("Entries %(entries)s are reserves but hold seats in session %(n)s: draw its seats again, or make them "
              "players.") % {"entries": ", ".join(map(str, entries)), "n": session.number}
        )
    if tournament.sessions.filter(status=Session.Status.RUNNING).exists():
        raise ValidationError(_("Another session is still running: end it first."))
    # 3.11.4: tables holding a 停赛 player are held back (the organizer is told, see
    # selectors.session_tables_held) and start once a substitute takes the seat.
    table_ids, held = _tables_to_start(session, tournament)
    sheets = _sheets_create(session, tournament, table_ids)
    confirm_pins_issue(actor=actor, tournament=tournament)  # every player can confirm the sheets
    # Draft → Published → Running (issue 13): the players' pages open as they sit down.
    tournament_status_follow_start(actor=actor, tournament=tournament, session=session)
    session.status = Session.Status.RUNNING
    session.started_at = timezone.now()
    session.save(update_fields=["status", "started_at"])
    audit_record(
        actor=actor, tournament=tournament, action=AuditAction.SESSION_STARTED, obj=session,
        detail={"tables": len(sheets), "session": session.number, "held": held},
    )
    return sheets


def running_session_locked(tournament_id: int) -> Session | None:
    """The tournament's running session, locked (after the tournament, before any sheet)."""
    running = Session.objects.filter(tournament_id=tournament_id, status=Session.Status.RUNNING).first()
    return lock_session(running.pk) if running is not None else None


def seats_give_to_substitute(
    *, tournament: Tournament, running: Session | None, leaving: Registration, substitute: Registration
) -> int:
    """Move `leaving`'s open seats to `substitute`; returns how many moved. 3.5.2 "竞赛采用每桌四人制".

    Open seats: every session not yet started, and the tables of the running session held back (no
    sheet yet). The substitute must hold no seat in any of them nor at a table of the running session.
    The caller holds the tournament's lock, then the running session's (`running_session_locked`), and
    starts the held tables afterwards (`session_held_tables_start`). Shared by a 停赛 arrangement
    (penalties.services.disqualification_arrange) and a withdrawal's substitute."""
    planned = Session.objects.filter(tournament=tournament, status=Session.Status.PLANNED)
    # Seats still open: every planned session, and the held tables (no sheet) of the running one.
    open_seats = SeatAssignment.objects.filter(session__in=planned)
    if running is not None:
        held = SeatAssignment.objects.filter(session=running).exclude(table_id__in=running.sheets.values("table_id"))
        open_seats = open_seats | held
    if substitute.withdrawn_at is not None:  # a state that exists since issue 13: nobody had withdrawn before
        raise ValidationError({"substitute": _("The substitute has withdrawn from the tournament.")})
    flags = extensions.standing_flags(tournament.pk).get(substitute.pk, extensions.StandingFlags())
    if flags.disqualified:  # 3.11.4 取消继续参加本次比赛的资格
        raise ValidationError({"substitute": _("The substitute is disqualified (停赛, rule 3.11.4).")})
    if flags.rank_cancelled:  # 3.11.5 取消录取名次: struck from the competition
        raise ValidationError({"substitute": _("The substitute's rank is cancelled (rule 3.11.5): they take no "
                                               "further part.")})
    if SeatAssignment.objects.filter(
        pk__in=open_seats.values("pk"), registration=substitute
    ).exists() or (running is not None and running.seats.filter(registration=substitute).exists()):
        raise ValidationError({"substitute": _("The substitute already has a seat in a later session.")})
    if substitute.reserve and substitute.team_id is not None and substitute.team_id != leaving.team_id:
        # A team's reserve plays for that team (Tournament.team_reserves); the tournament's own reserves
        # (of no team) for anyone.
        raise ValidationError({"substitute": _("Entry %(entry)d is a reserve of another team: choose a reserve of "
                                               "the player's team, or one of no team.")
                               % {"entry": substitute.entry_number}})
    moved = SeatAssignment.objects.filter(pk__in=open_seats.values("pk"), registration=leaving).update(
        registration=substitute
    )
    if substitute.reserve or substitute.seated_from is not None:
        # A reserve who takes seats is a player now, seated from the first session still open.
        first = (running or planned.order_by("number").first())
        Registration.objects.filter(pk=substitute.pk).update(
            reserve=False, seated_from=first.number if first is not None else None)
        substitute.reserve, substitute.seated_from = False, first.number if first is not None else None
    return moved


def session_held_tables_start(*, actor, session: Session) -> list[ScoreSheet]:
    """Start the tables of a running session that were held back (3.11.4, 3.11.5) and now seat four players
    none of whom is out (a substitute took the seat, or the 停赛 was cancelled, the 3.11.5 withdrawn). Called inside
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
    events.tournament_finish_check_later(tournament_id=session.tournament_id)
    # A database backup at each session's end, by the worker (docs/deployment.md, Backups).
    events.database_backup_later(reason=f"t{session.tournament_id}-session{session.number}")
    return session


@transaction.atomic
def session_qualification_set(
    *, actor, session: Session, qualification: str, count: int | None = None, entries: list[int] | None = None
) -> list[int]:
    """Who plays a session (3.5.4 循环制、淘汰制、循环淘汰混合制); returns the qualifiers' entry numbers.

    - "all": every player still in the competition (round robin; the default).
    - "top": the first `count` players of the standings after the sessions before this one, all of
      which must be over and signed. A cut that falls between players who share a rank (equal table
      points and contest points, 3.10.1) is refused: the rules do not split them, the organizer's
      regulation must (set the qualifiers as a list).
    - "list": the entry numbers the organizer gives (their regulation).
    The qualifiers are stored, so later corrections to the standings do not move the cut. Only a
    planned session can change, and its seats are cleared when its players change: seat them again.
    """
    session = lock_session(session.pk)
    session_seats_check_open(session)
    tournament = session.tournament
    if qualification not in Session.Qualification.values:
        raise ValidationError(_("Choose who plays: every player, the top players or a list."))
    out = set(extensions.standing_flags(tournament.pk))
    if qualification == Session.Qualification.ALL:
        chosen: list[int] = []
        count = None
    elif qualification == Session.Qualification.TOP:
        if not count or count < 4 or count % 4:
            raise ValidationError({"count": _("The number of qualifiers must be a multiple of four (four per table).")})
        pending = sorted(
            set(
                tournament.sessions.filter(number__lt=session.number)
                .exclude(status=Session.Status.FINISHED)
                .values_list("number", flat=True)
            )
            | set(
                ScoreSheet.objects.filter(session__tournament=tournament, session__number__lt=session.number)
                .exclude(status=ScoreSheet.Status.LOCKED)
                .values_list("session__number", flat=True)
            )
        )
        if pending:
            raise ValidationError(
                _("Sessions %(sessions)s are not over or not all signed: the cut is made from final results.")
                % {"sessions": ", ".join(map(str, pending))}
            )
        ranked = [
            row for row in standings_compute(tournament)["individuals"]
            if row["rank"] is not None and row["registration"] not in out
        ]
        if count > len(ranked):
            raise ValidationError(
                {"count": _("Only %(n)d players are ranked: fewer than %(count)d can qualify.")
                 % {"n": len(ranked), "count": count}}
            )
        if count < len(ranked) and ranked[count - 1]["rank"] == ranked[count]["rank"]:
            tied = [row["entry"] for row in ranked if row["rank"] == ranked[count]["rank"]]
            raise ValidationError(
                {"count": _("The cut falls between players who share rank %(rank)d (entries %(entries)s: equal table "
                            "points and contest points, 3.10.1). Choose the qualifiers as a list under your "
                            "regulation, or another number.")
                 % {"rank": ranked[count]["rank"], "entries": ", ".join(map(str, tied))}}
            )
        chosen = [row["registration"] for row in ranked[:count]]
    else:
        count = None
        numbers = list(dict.fromkeys(entries or []))
        found = dict(tournament.registrations.filter(entry_number__in=numbers).values_list("entry_number", "pk"))
        unknown = [n for n in numbers if n not in found]
        if unknown:
            raise ValidationError(
                {"entries": _("Entries %(entries)s are not registered in this tournament.")
                 % {"entries": ", ".join(map(str, unknown))}}
            )
        chosen = [found[n] for n in numbers if found[n] not in out]
        if not chosen or len(chosen) % 4:
            raise ValidationError(
                {"entries": _("%(n)d qualifiers cannot fill tables of four: give a multiple of four entries "
                              "(disqualified players do not count).") % {"n": len(chosen)}}
            )
    session.qualification = qualification
    session.qualifier_count = count
    session.save(update_fields=["qualification", "qualifier_count"])
    session.qualifiers.set(chosen)
    cleared = SeatAssignment.objects.filter(session=session).delete()[0]
    numbers = sorted(tournament.registrations.filter(pk__in=chosen).values_list("entry_number", flat=True))
    audit_record(
        actor=actor, tournament=tournament, action=AuditAction.SESSION_QUALIFICATION_SET, obj=session,
        detail={"session": session.number, "qualification": qualification, "count": count, "entries": numbers,
                "seats_cleared": cleared},
    )
    events.standings_recompute_later(tournament_id=tournament.pk)  # the final stage may have moved
    return numbers


@transaction.atomic
def session_schedule(*, actor, session: Session, scheduled_start) -> Session:
    """The organizer announces when a planned session is to start (None clears it).

    For the players and the check-in pages only: lateness (3.11.2.1 "宣布竞赛开始后") counts from the
    start announced on the board (`started_at`), not from the timetable.
    """
    session = lock_session(session.pk)
    if session.status != Session.Status.PLANNED:
        raise ValidationError(_("Session %(n)s has started: its start is history.") % {"n": session.number})
    session.scheduled_start = scheduled_start
    session.save(update_fields=["scheduled_start"])
    audit_record(
        actor=actor, tournament=session.tournament, action=AuditAction.SESSION_SCHEDULED, obj=session,
        detail={
            "session": session.number,
            "scheduled_start": timezone.localtime(scheduled_start).isoformat() if scheduled_start else None,
        },
    )
    return session


# Check-in (检录), 3.5.7.1: "选手按竞赛规定时间，到指定地点报到、检录" -- before each session.


def _check_in_open(session: Session) -> None:
    """Players check in for a session before it starts, or late once it runs (3.11.2.1); not after it."""
    if session.status == Session.Status.FINISHED:
        raise ValidationError(_("Session %(n)s is over: its check-in is closed.") % {"n": session.number})


def _seat_of(session: Session, registration: Registration) -> SeatAssignment:
    seat = session.seats.select_related("table").filter(registration=registration).first()
    if seat is None:
        raise ValidationError(
            _("Entry %(entry)s has no seat in session %(n)s.")
            % {"entry": registration.entry_number, "n": session.number}
        )
    return seat


def _check_in_create(*, actor, session, seat, method) -> SessionCheckIn:
    existing = SessionCheckIn.objects.filter(session=session, registration=seat.registration).first()
    if existing is not None:  # a second tap, or the player after the staff: the first time stands
        return existing
    check_in = SessionCheckIn.objects.create(
        session=session,
        registration=seat.registration,
        checked_in_at=timezone.now(),
        checked_in_by=actor if method == SessionCheckIn.Method.STAFF else None,
        method=method,
    )
    audit_record(
        actor=actor,
        tournament=session.tournament,
        action=AuditAction.REGISTRATION_CHECKED_IN,
        obj=seat.registration,
        detail={
            "entry": seat.registration.entry_number, "session": session.number, "table": seat.table.number,
            "how": method,
        },
    )
    return check_in


@transaction.atomic
def check_in_table_record(*, actor, session: Session, table_number: int) -> list[SessionCheckIn]:
    """The desk checks in every player of a table not yet checked in, at once (3.5.7.1; issue 29: 29 clicks
    and a page each for 29 players). Each check-in is audited as a single one is; those in already keep
    their time. Returns the new check-ins."""
    session = lock_session(session.pk)
    _check_in_open(session)
    seats = list(session.seats.select_related("registration", "table").filter(table__number=table_number))
    if not seats:
        raise ValidationError(
            _("Table %(t)s has no seats in session %(n)s.") % {"t": table_number, "n": session.number})
    checked = set(SessionCheckIn.objects.filter(session=session).values_list("registration_id", flat=True))
    return [_check_in_create(actor=actor, session=session, seat=seat, method=SessionCheckIn.Method.STAFF)
            for seat in seats if seat.registration_id not in checked]


@transaction.atomic
def check_in_record(*, actor, session: Session, registration: Registration) -> SessionCheckIn:
    """A referee, the chief referee or an organizer checks a seated player in for the session (3.5.7.1).

    The time is now: a check-in after the session has started is what lateness is measured from
    (3.11.2.1). Checking in a player already checked in keeps the first time.
    """
    session = lock_session(session.pk)
    _check_in_open(session)
    if registration.tournament_id != session.tournament_id:
        raise ValidationError(_("Only players of this tournament can check in."))
    seat = _seat_of(session, registration)
    return _check_in_create(actor=actor, session=session, seat=seat, method=SessionCheckIn.Method.STAFF)


def check_in_by_pin(
    *, session: Session, table_number: int, entry_number: int, pin: str, client: str | None = None
) -> SessionCheckIn:
    """The player checks in at their table: the table's QR code, their entry number and PIN (3.5.7.1).

    Anyone can reach this page (no login), so a wrong PIN here never retires the PIN that confirms score
    sheets (issue 28); the guesses are bounded instead (tournaments/pins.py): PIN_ATTEMPTS per session and
    entry in ten minutes, PIN_PUBLIC_DAILY per entry a day (with the linking page), and speed bumps per client
    address (`client`, as the proxy reports it) and per table. The misses are committed before the refusal is
    raised. A player at another table is told where they sit, once their PIN is right.
    """
    outcome = _check_in_by_pin(session=session, table_number=table_number, entry_number=entry_number, pin=pin,
                               client=client)
    if isinstance(outcome, ValidationError):
        raise outcome
    return outcome


@transaction.atomic
def _check_in_by_pin(
    *, session: Session, table_number: int, entry_number: int, pin: str, client: str | None
) -> SessionCheckIn | ValidationError:
    """A player checks in with the card on their table (its token) and their PIN. The token checks in only the
    players seated at that table in this session: no PIN is tried for anyone else (issue 43, T4-4)."""
    _check_in_open(session)  # before any PIN is tried: nothing to guess once the session is over
    tournament_id = session.tournament_id
    seat = (session.seats.select_related("registration", "table")
            .filter(table__number=table_number, registration__entry_number=entry_number).first())
    if seat is None:
        raise ValidationError({"entry": _(
            "Entry %(entry)s does not sit at table %(table)s in session %(n)s: check in with the card on your own "
            "table.") % {"entry": entry_number, "table": table_number, "n": session.number}})
    entry_keys = [public_pin_entry_key(client, entry_number)]
    day_key = public_pin_day_key(tournament_id, entry_number)
    table_key = f"check-in-table:{session.pk}:{table_number}"
    venue_key = f"check-in-venue:{session.pk}"
    if pause_reached(entry_keys, limit=PIN_ATTEMPTS, window=PIN_PAUSE_SECONDS) or pause_reached(
            [day_key], limit=PIN_PUBLIC_DAILY, window=PIN_PUBLIC_DAY):
        raise ValidationError({"pin": _("Too many wrong PINs for this player: ask a referee to check you in.")})
    if pause_reached([table_key], limit=PIN_PUBLIC_TABLE, window=PIN_PAUSE_SECONDS):
        raise ValidationError({"pin": _("Too many wrong PINs at this table: wait ten minutes, or ask a referee to "
                                        "check you in.")})
    if pause_reached([venue_key], limit=PIN_PUBLIC_VENUE, window=PIN_PAUSE_SECONDS):
        raise ValidationError({"pin": _("Too many wrong PINs in the hall just now: ask a referee to check you in.")})
    refusal = pin_verify(registration=seat.registration, pin=pin, wrong=_("Entry number and PIN do not match."),
                         counted=False)
    if refusal is not None:
        pause_count(entry_keys, limit=PIN_ATTEMPTS, window=PIN_PAUSE_SECONDS)
        pause_count([day_key], limit=PIN_PUBLIC_DAILY, window=PIN_PUBLIC_DAY)
        pause_count([table_key], limit=PIN_PUBLIC_TABLE, window=PIN_PAUSE_SECONDS)
        pause_count([venue_key], limit=PIN_PUBLIC_VENUE, window=PIN_PAUSE_SECONDS)
        return refusal
    session = lock_session(session.pk)
    _check_in_open(session)
    return _check_in_create(actor=None, session=session, seat=seat, method=SessionCheckIn.Method.PLAYER_PIN)


@transaction.atomic
def check_in_undo(*, actor, session: Session, registration: Registration) -> None:
    """Undo a mistaken check-in; the audit keeps when it was made, how and by whom it is undone."""
    session = lock_session(session.pk)
    _check_in_open(session)
    check_in = SessionCheckIn.objects.filter(session=session, registration=registration).first()
    if check_in is None:
        raise ValidationError(
            _("Entry %(entry)s is not checked in for session %(n)s.")
            % {"entry": registration.entry_number, "n": session.number}
        )
    check_in.delete()
    audit_record(
        actor=actor,
        tournament=session.tournament,
        action=AuditAction.REGISTRATION_CHECK_IN_UNDONE,
        obj=registration,
        detail={
            "entry": registration.entry_number, "session": session.number,
            "checked_in_at": check_in.checked_in_at.isoformat(), "how": check_in.method,
        },
    )
