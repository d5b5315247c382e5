"""Roster import: teams, then players, from CSV or XLSX, all or nothing (a Celery task runs it)."""

import datetime as dt
import difflib
import logging
import re
import unicodedata

from django.core.exceptions import ValidationError
from django.db import transaction
from django.db.models import ProtectedError
from django.utils import timezone
from django.utils.translation import gettext as _

from roster import files as roster_files
from roster import selectors as roster_selectors
from roster.files import Problem, RosterFileError
from roster.models import ImportJob
from tournaments import events, limits
from tournaments.audit import AuditAction, audit_record
from tournaments.core.selectors import reserves_by_team
from tournaments.core.services import new_confirm_pin
from tournaments.locks import lock_tournament
from tournaments.models import (
    MAX_ENTRY_NUMBER,
    Player,
    Registration,
    ScoreSheet,
    SeatAssignment,
    Session,
    Team,
    Tournament,
)
from tournaments.sessions.services import (
    running_session_locked,
    seats_give_to_substitute,
    session_held_tables_start,
    tables_sync,
)

logger = logging.getLogger(__name__)

# This app's kind of later work, done by the task roster/tasks.py registers (tournaments.events).
IMPORT_JOB_RUN = "roster.import_job_run"
# A roster import still waiting this long after it was queued lost its message (it takes seconds).
IMPORT_STUCK_SECONDS = 120


def import_job_run_later(*, job_id: int) -> None:
    """Once this transaction commits, have the worker run a roster import."""
    events.enqueue_on_commit(IMPORT_JOB_RUN, job_id)


def import_jobs_restart_stuck() -> list[int]:
    """The beat sweep's catch-up (registered with tournaments.events): every import still waiting after
    IMPORT_STUCK_SECONDS lost its message; it is queued again (its task is idempotent: a job no longer
    pending is left alone). The ids queued."""
    stuck = ImportJob.objects.filter(
        status=ImportJob.Status.PENDING, created_at__lt=timezone.now() - dt.timedelta(seconds=IMPORT_STUCK_SECONDS))
    ids = list(stuck.values_list("pk", flat=True))
    for job_id in ids:
        events.enqueue(events.task_for(IMPORT_JOB_RUN), job_id)
    return ids


@transaction.atomic
def import_job_create(
    *, actor, tournament: Tournament, kind: str, filename: str, content: bytes, encoding: str = ""
) -> ImportJob:
    """Store an uploaded roster and queue its import once this transaction commits.

    `encoding` is a CSV's encoding as the organizer chose it ("" = UTF-8, or detect and ask)."""
    if kind not in ImportJob.Kind.values:
        raise ValidationError({"kind": _("Choose teams or players.")})
    if encoding and encoding not in roster_files.ENCODING_NAMES:
        raise ValidationError({"encoding": _("Choose one of the encodings listed.")})
    if len(content) > limits.MAX_UPLOAD_BYTES:
        raise ValidationError({"file": _("The file is larger than 2 MB.")})
    job = ImportJob.objects.create(
        tournament=tournament, kind=kind, filename=filename[:255], content=content, created_by=actor,
        encoding=encoding,
    )
    audit_record(
        actor=actor,
        tournament=tournament,
        action=AuditAction.IMPORT_QUEUED,
        obj=job,
        detail={"kind": kind, "filename": filename, "bytes": len(content), "encoding": encoding},
    )
    import_job_run_later(job_id=job.pk)
    return job


def import_job_again(*, actor, job: ImportJob, encoding: str) -> ImportJob:
    """The same file imported again, read in the encoding the organizer chose (after a refusal)."""
    return import_job_create(
        actor=actor, tournament=job.tournament, kind=job.kind, filename=job.filename, content=bytes(job.content),
        encoding=encoding,
    )


def import_job_run(*, job_id: int) -> ImportJob:
    """Import a queued roster file all-or-nothing and record the outcome on the job.

    Any bad row rejects the whole file: nothing is saved, and every problem is listed. An
    unexpected error (a bug, two overlapping imports colliding in the database) fails the job
    too, with a whole-file problem: the page that polls the job never waits forever.
    """
    try:
        return _import_job_run(job_id)
    except Exception:
        # Recording the outcome failed, or the transaction could not go on: everything of the
        # import was rolled back with it. Record the failure in a transaction of its own.
        logger.exception("roster import job %s failed unexpectedly", job_id)
        return _import_job_finish(job_id, problems=[Problem(0, "", "unexpected")])


def _import_job_run(job_id: int) -> ImportJob:
    with transaction.atomic():
        job = ImportJob.objects.select_for_update().get(pk=job_id)
        if job.status != ImportJob.Status.PENDING:
            return job  # a redelivered task: the file was handled already
        try:
            with transaction.atomic():  # a savepoint: a failed import leaves nothing behind
                count = _import_rows(job)
        except RosterFileError as error:
            problems = error.problems
        except Exception:
            logger.exception("roster import job %s failed unexpectedly", job_id)
            problems = [Problem(0, "", "unexpected")]
        else:
            problems, job.imported_rows = [], count
        return _import_job_record(job, problems)


def _import_job_finish(job_id: int, *, problems: list[Problem]) -> ImportJob:
    with transaction.atomic():
        job = ImportJob.objects.select_for_update().get(pk=job_id)
        if job.status != ImportJob.Status.PENDING:
            return job
        job.imported_rows = 0
        return _import_job_record(job, problems)


def _import_job_record(job: ImportJob, problems: list[Problem]) -> ImportJob:
    job.status = ImportJob.Status.FAILED if problems else ImportJob.Status.DONE
    # The first problems are kept, with the count of all (a bad 400,000-row file stored every one).
    shown = limits.MAX_PROBLEMS_SHOWN
    job.errors = [problem.as_dict() for problem in problems[:shown]]
    if len(problems) > shown:
        job.errors.append(Problem(0, "", "more_problems", {"total": len(problems), "shown": shown}).as_dict())
    job.finished_at = timezone.now()
    job.save(update_fields=["status", "errors", "imported_rows", "finished_at", "encoding_used", "preview"])
    audit_record(
        actor=job.created_by,
        tournament=job.tournament,
        action=AuditAction.IMPORT_DONE if job.status == ImportJob.Status.DONE else AuditAction.IMPORT_FAILED,
        obj=job,
        detail={"kind": job.kind, "rows": job.imported_rows, "problems": len(problems),
                "encoding": job.encoding_used},
    )
    return job


def _import_rows(job: ImportJob) -> int:
    read: dict = {}
    try:
        rows = roster_files.read_rows(job.filename, bytes(job.content), job.encoding, read=read)
    finally:
        job.encoding_used = read.get("encoding", "")
        job.preview = read.get("preview", [])
    if job.kind == ImportJob.Kind.TEAMS:
        return _import_teams(job.tournament, rows)
    count = _import_players(job.tournament, rows)
    tables_sync(actor=job.created_by, tournament=job.tournament)
    return count


def _import_teams(tournament: Tournament, rows) -> int:
    if not any("name" in values for _n, values in rows) and any("team" in values for _n, values in rows):
        # A teams file headed "team" (队伍, チーム) rather than "name": the team column is the name.
        rows = [(number, {**values, "name": values.pop("team")}) for number, values in rows]
    roster_files.require_columns(rows, ["name"])
    problems: list[Problem] = []
    existing = set(tournament.teams.values_list("name", flat=True))
    first_seen: dict[str, int] = {}
    for number, values in rows:
        problems += roster_files.check_lengths(number, values)
        name = values.get("name", "")
        if not name:
            problems.append(Problem(number, "name", "required", {"column": "name"}))
        elif name in first_seen:
            problems.append(
                Problem(number, "name", "duplicate_in_file", {"value": name, "first_row": first_seen[name]})
            )
        elif name in existing:
            problems.append(Problem(number, "name", "team_exists", {"value": name}))
        first_seen.setdefault(name, number)
    if problems:
        raise RosterFileError(problems)
    Team.objects.bulk_create(
        Team(tournament=tournament, name=values["name"], country=values.get("country", "")) for _n, values in rows
    )
    return len(rows)


def _import_players(tournament: Tournament, rows) -> int:
    roster_files.require_columns(rows, ["entry", "name"])
    problems: list[Problem] = []
    total = tournament.registrations.count() + len(rows)
    if total > limits.max_players():
        raise RosterFileError([Problem(0, "", "too_many_players", {"total": total, "limit": limits.max_players()})])
    teams = {team.name: team for team in tournament.teams.all()}
    if not teams and any(values.get("team") for _number, values in rows):
        # Players before teams: one line for the whole file, not one per row.
        problems.append(Problem(0, "team", "no_teams"))
    groups = {group.name: group for group in tournament.groups.all()}  # 3.5.3 团体
    registered_entries = set(tournament.registrations.values_list("entry_number", flat=True))
    registered_ids = set(
        tournament.registrations.exclude(player__federation_id="").values_list("player__federation_id", flat=True)
    )
    leaders_before = {team.name for team in teams.values() if team.leader_id}
    file_ids = {values["federation_id"] for _number, values in rows if values.get("federation_id")}
    known_players = {player.federation_id: player for player in Player.objects.filter(federation_id__in=file_ids)}
    seen_entries: dict[int, int] = {}
    seen_ids: dict[str, int] = {}
    seen_leaders: dict[str, int] = {}
    # Reserves of each team (Tournament.team_reserves, the organizer's regulation), those registered first.
    reserves = reserves_by_team(tournament=tournament)
    parsed = []
    for number, values in rows:
        problems += roster_files.check_lengths(number, values)
        entry = _parse_entry(number, values.get("entry", ""), problems)
        name = values.get("name", "")
        if not name:
            problems.append(Problem(number, "name", "required", {"column": "name"}))
        if entry is not None:
            if entry in seen_entries:
                problems.append(
                    Problem(number, "entry", "duplicate_in_file", {"value": entry, "first_row": seen_entries[entry]})
                )
            elif entry in registered_entries:
                problems.append(Problem(number, "entry", "already_registered", {"value": entry}))
            seen_entries.setdefault(entry, number)
        federation_id = values.get("federation_id", "")
        if federation_id:
            if federation_id in seen_ids:
                problems.append(
                    Problem(
                        number,
                        "federation_id",
                        "duplicate_in_file",
                        {"value": federation_id, "first_row": seen_ids[federation_id]},
                    )
                )
            elif federation_id in registered_ids:
                problems.append(Problem(number, "federation_id", "player_already_registered", {"value": federation_id}))
            elif federation_id in known_players:
                problems += _known_player_problems(number, known_players[federation_id], values)
            seen_ids.setdefault(federation_id, number)
        team_name = values.get("team", "")
        if team_name and teams and team_name not in teams:
            problems.append(_unknown_team_problem(number, team_name, teams))
        is_leader = roster_files.parse_yes_no(values.get("leader", ""))
        if is_leader is None:
            problems.append(Problem(number, "leader", "not_yes_no", {"value": values.get("leader", "")}))
        elif is_leader and team_name:
            if team_name in leaders_before:
                problems.append(Problem(number, "leader", "team_has_leader", {"value": team_name}))
            elif team_name in seen_leaders:
                problems.append(
                    Problem(
                        number, "leader", "second_leader", {"value": team_name, "first_row": seen_leaders[team_name]}
                    )
                )
            seen_leaders.setdefault(team_name, number)
        is_reserve = roster_files.parse_yes_no(values.get("reserve", ""))
        if is_reserve is None:
            problems.append(Problem(number, "reserve", "not_yes_no", {"value": values.get("reserve", "")}))
        elif is_reserve and team_name in teams:
            reserves[team_name] = reserves.get(team_name, 0) + 1
            if reserves[team_name] == tournament.team_reserves + 1:  # once a team, at the first row too many
                problems.append(Problem(number, "reserve", "too_many_reserves", {
                    "value": team_name, "count": reserves[team_name], "limit": tournament.team_reserves}))
        group_name = values.get("group", "")
        if group_name and group_name not in groups and len(group_name) <= roster_files.MAX_LENGTH["group"]:
            problems.append(Problem(number, "group", "unknown_group", {"value": group_name}))
        parsed.append((entry, values, teams.get(team_name), groups.get(group_name), bool(is_leader), bool(is_reserve)))
    if problems:
        raise RosterFileError(problems)
    first = roster_selectors.first_session_to_seat(tournament=tournament)
    for entry, values, team, group, is_leader, is_reserve in parsed:
        player = _player_for(values)
        registration = Registration.objects.create(
            tournament=tournament, player=player, entry_number=entry, team=team, group=group,
            contact=values.get("contact", ""), confirm_pin=new_confirm_pin(), reserve=is_reserve,
            seated_from=None if is_reserve else first,
        )
        if is_leader and team is not None:
            team.leader = registration
            team.save(update_fields=["leader"])
    return len(parsed)


def _unknown_team_problem(number: int, team_name: str, teams: dict) -> Problem:
    """A team name not in the tournament, with the closest team's name when one is close (a typo)."""
    keys = {_name_key(name): name for name in teams}
    close = difflib.get_close_matches(_name_key(team_name), list(keys), n=1, cutoff=0.6)
    if close:
        return Problem(number, "team", "unknown_team_close", {"value": team_name, "closest": keys[close[0]]})
    return Problem(number, "team", "unknown_team", {"value": team_name})


# ASCII digits, optionally followed by a zero fraction: spreadsheets save 12 as "12.0".
_ENTRY_PATTERN = re.compile(r"([0-9]+)(?:\.0+)?", re.ASCII)


def _parse_entry(number: int, text: str, problems: list[Problem]) -> int | None:
    """A whole number from 1 to MAX_ENTRY_NUMBER; full-width digits (１２) are read as ASCII.

    Superscript or circled digits (², ①) and other scripts' digits pass str.isdigit() but are
    not taken for a number: NFKC would turn "1²" into "12".
    """
    if not text:
        problems.append(Problem(number, "entry", "required", {"column": "entry"}))
        return None
    odd_digit = any(char.isdigit() and not char.isdecimal() for char in text)
    match = None if odd_digit else _ENTRY_PATTERN.fullmatch(unicodedata.normalize("NFKC", text).strip())
    if match is None or int(match.group(1)) < 1:
        problems.append(Problem(number, "entry", "not_a_number", {"value": text}))
        return None
    entry = int(match.group(1))
    if entry > MAX_ENTRY_NUMBER:
        problems.append(Problem(number, "entry", "entry_too_large", {"value": text, "limit": MAX_ENTRY_NUMBER}))
        return None
    return entry


def _known_player_problems(number: int, player: Player, values: dict[str, str]) -> list[Problem]:
    """A federation ID names a stored person: a row giving another name is a typo in the ID or the name,
    not a reason to register someone else. Local names are compared when both are known."""
    pairs = [(player.name, values.get("name", ""))]
    if player.name_local and values.get("name_local"):
        pairs.append((player.name_local, values["name_local"]))
    for stored, given in pairs:
        if given and _name_key(stored) != _name_key(given):
            params = {"value": player.federation_id, "stored": stored, "name": given}
            return [Problem(number, "federation_id", "federation_id_other_name", params)]
    return []


def same_name(first: str, second: str) -> bool:
    """Two spellings of one name, as a federation ID's check reads them (entries use it too)."""
    return _name_key(first) == _name_key(second)


def _name_key(name: str) -> str:
    """A name as compared: case, width and spacing make no difference."""
    return " ".join(unicodedata.normalize("NFKC", name).casefold().split())


def _player_for(values: dict[str, str]) -> Player:
    """The same federation ID is the same person across tournaments (their Pin record follows them).

    A known player is reused as stored: one tournament's roster file does not rewrite a person
    other tournaments (and the player's own account) share. A row naming someone else under a
    known ID was refused before this (_known_player_problems). The row's contact goes to the
    registration, never to the shared person (docs/privacy.md).
    """
    details = {
        "name": values["name"],
        "name_local": values.get("name_local", ""),
        "country": values.get("country", ""),
    }
    federation_id = values.get("federation_id", "")
    if federation_id:
        player, _created = Player.objects.get_or_create(federation_id=federation_id, defaults=details)
        return player
    return Player.objects.create(**details)



# Single-player changes after the chart is drawn (issue 13): a late player, a withdrawal, a substitute.
# The rules know no three-player table (3.5.2 "竞赛采用每桌四人制") and seats are locked once a session
# starts: these changes reach the sessions not yet started, and the tables of the running session held
# back (no score sheet yet); a table being played is never touched.


def _planned_sessions(tournament: Tournament) -> list[Session]:
    return list(tournament.sessions.filter(status=Session.Status.PLANNED).order_by("number"))


def _team_reserves_check(tournament: Tournament, team: Team | None) -> None:
    """One more reserve for `team`: a team brings at most Tournament.team_reserves (the organizer's regulation;
    the rules are silent). A reserve of no team is the tournament's own, for any player who leaves."""
    if team is None:
        return
    count = reserves_by_team(tournament=tournament).get(team.name, 0) + 1
    if count > tournament.team_reserves:
        raise ValidationError({"reserve": _(
            "Team “%(team)s” would have %(count)d reserves; the tournament allows %(limit)d a team (change it in "
            "the tournament's settings).") % {"team": team.name, "count": count, "limit": tournament.team_reserves}})


def _seated_at_table_in_play(registration: Registration) -> Session | None:
    """The running session in which the player sits at a table already started (a sheet exists)."""
    running = registration.tournament.sessions.filter(status=Session.Status.RUNNING).first()
    if running is None:
        return None
    started = running.sheets.values("table_id")
    if running.seats.filter(registration=registration, table_id__in=started).exists():
        return running
    return None


@transaction.atomic
def registration_add(
    *,
    actor,
    tournament: Tournament,
    name: str,
    entry_number: int | None = None,
    name_local: str = "",
    country: str = "",
    federation_id: str = "",
    contact: str = "",
    team: Team | None = None,
    reserve: bool = False,
) -> Registration:
    """Register one player, also after the chart is drawn (a late registration), or a reserve.

    A reserve is not seated until they take the seats of a player who leaves (`registration_substitute`, a
    停赛's arrangement). A late player sits only in sessions not yet started: from the first one not yet
    drawn (`roster.selectors.first_session_to_seat`: the sessions drawn, perhaps published, are not drawn
    again), or, when every one is drawn, once the organizer draws them again. The tables follow the roster
    (`tables_sync`, 3.5.2). The audit names the planned sessions whose chart, already drawn, must be drawn again."""
    tournament = lock_tournament(tournament.pk)
    problems = {}
    name = " ".join((name or "").split())
    federation_id = (federation_id or "").strip()
    if not name:
        problems["name"] = _("Give the player's name.")
    if tournament.status == Tournament.Status.FINISHED:
        problems["__all__"] = _("The tournament is finished: no player can join it.")
    if not _planned_sessions(tournament):
        problems["__all__"] = _("Every session has started: a late player would have no session to play.")
    if tournament.registrations.count() >= limits.max_players():
        problems["__all__"] = _(
            "The tournament has %(limit)d players, the most one tournament can hold (a limit that keeps the seating"
            " chart, the standings and the pages fast for every tournament on this server)."
        ) % {"limit": limits.max_players()}
    if entry_number is None:
        entry_number = (max(tournament.registrations.values_list("entry_number", flat=True), default=0)) + 1
    elif not 1 <= entry_number <= MAX_ENTRY_NUMBER:
        problems["entry_number"] = _("An entry number is a whole number from 1 to %(max)d.") % {"max": MAX_ENTRY_NUMBER}
    elif tournament.registrations.filter(entry_number=entry_number).exists():
        problems["entry_number"] = _("Entry number %(n)d is already taken.") % {"n": entry_number}
    if team is not None and team.tournament_id != tournament.pk:
        problems["team"] = _("That team plays in another tournament.")
    elif reserve:
        try:
            _team_reserves_check(tournament, team)
        except ValidationError as error:
            problems.update(error.message_dict)
    player = None
    if federation_id:
        player = Player.objects.filter(federation_id=federation_id).first()
        if player is not None and tournament.registrations.filter(player=player).exists():
            problems["federation_id"] = _("The player with this federation ID is already registered.")
        elif player is not None and name and _name_key(player.name) != _name_key(name):
            problems["federation_id"] = _(
                "This federation ID belongs to %(stored)s, not %(name)s: check the ID or the name."
            ) % {"stored": player.name, "name": name}
    if problems:
        raise ValidationError(problems)
    if player is None:
        player = Player(name=name, name_local=name_local, country=country, federation_id=federation_id)
        player.full_clean(exclude=["user"])
        player.save()
    registration = Registration(
        tournament=tournament, player=player, entry_number=entry_number, team=team, contact=(contact or "").strip(),
        confirm_pin=new_confirm_pin(), reserve=bool(reserve),
        seated_from=None if reserve else roster_selectors.first_session_to_seat(tournament=tournament),
    )
    registration.full_clean(exclude=["player", "tournament", "team", "group", "substitute"], validate_unique=False,
                            validate_constraints=False)
    registration.save()
    tables_sync(actor=actor, tournament=tournament)
    audit_record(
        actor=actor, tournament=tournament, action=AuditAction.REGISTRATION_ADDED, obj=registration,
        detail={"entry": entry_number, "name": name, "team": team.name if team else None,
                "reserve": registration.reserve, "seated_from": registration.seated_from,
                "redraw": _sessions_missing(registration)},
    )
    events.standings_recompute_later(tournament_id=tournament.pk)
    return registration


def _sessions_missing(registration: Registration) -> list[int]:
    """Planned sessions already drawn in which the registration must sit and holds no seat."""
    if registration.reserve or registration.withdrawn_at is not None:
        return []
    return [session.number for session in _planned_sessions(registration.tournament)
            if session.qualification == Session.Qualification.ALL and session.seats.exists()
            and (registration.seated_from is None or registration.seated_from <= session.number)
            and not session.seats.filter(registration=registration).exists()]


def _has_played(registration: Registration) -> bool:
    return registration.seats.exclude(session__status=Session.Status.PLANNED).exists()


@transaction.atomic
def registration_reserve_set(*, actor, registration: Registration, reserve: bool) -> Registration:
    """Make a player a reserve (not seated), or a reserve a player.

    A reserve: only someone who has not played (a player who has leaves by withdrawing, keeping their
    results, 3.10.1); their seats in sessions already drawn stay until those sessions are drawn again (the
    pre-flight says so). A player: seated from the first session not yet drawn
    (`roster.selectors.first_session_to_seat`)."""
    tournament = lock_tournament(registration.tournament_id)
    registration = Registration.objects.select_for_update(of=("self",)).select_related("team").get(pk=registration.pk)
    if registration.reserve == bool(reserve):
        raise ValidationError(_("Entry %(entry)d is already a reserve.") % {"entry": registration.entry_number}
                              if reserve else
                              _("Entry %(entry)d is already a player.") % {"entry": registration.entry_number})
    if registration.withdrawn_at is not None:
        raise ValidationError(_("Entry %(entry)d has withdrawn: undo the withdrawal first.")
                              % {"entry": registration.entry_number})
    if reserve:
        if _has_played(registration):
            raise ValidationError(_(
                "Entry %(entry)d has played: withdraw them instead (they keep the results of the sessions played)."
            ) % {"entry": registration.entry_number})
        _team_reserves_check(tournament, registration.team)
        redraw = sorted(set(registration.seats.values_list("session__number", flat=True)))
        registration.reserve, registration.seated_from = True, None
    else:
        if not _planned_sessions(tournament):
            raise ValidationError(_("Every session has started: a new player would have no session to play."))
        registration.reserve = False
        registration.seated_from = roster_selectors.first_session_to_seat(tournament=tournament)
        redraw = _sessions_missing(registration)
    registration.save(update_fields=["reserve", "seated_from"])
    tables_sync(actor=actor, tournament=tournament)
    audit_record(
        actor=actor, tournament=tournament, action=AuditAction.REGISTRATION_RESERVE_SET, obj=registration,
        detail={"entry": registration.entry_number, "reserve": registration.reserve,
                "seated_from": registration.seated_from, "redraw": redraw},
    )
    events.standings_recompute_later(tournament_id=tournament.pk)  # reserves are not ranked
    return registration


@transaction.atomic
def registration_delete(*, actor, registration: Registration) -> None:
    """Delete a registration entered by mistake, while no session has started (after, a player leaves by
    withdrawing: the results stand). Their seats go with them, so the sessions drawn with them are cleared
    (a table plays with four, 3.5.2) and drawn again; their check-ins go too. The person's record goes
    as well when nothing else holds it (no other tournament, no account, no Pin record: docs/privacy.md)."""
    tournament = lock_tournament(registration.tournament_id)
    registration = Registration.objects.select_for_update(of=("self",)).select_related("player").get(pk=registration.pk)
    started = tournament.sessions.exclude(status=Session.Status.PLANNED).order_by("number").first()
    if started is not None:
        raise ValidationError(_(
            "Session %(n)d has started: a registration can no longer be deleted. Withdraw the player instead."
        ) % {"n": started.number})
    taken_by = tournament.registrations.filter(substitute=registration).first()
    if taken_by is not None:
        raise ValidationError(_(
            "Entry %(entry)d took the seats of entry %(other)d as a substitute: give that player another "
            "substitute, or undo it, first.") % {"entry": registration.entry_number, "other": taken_by.entry_number})
    cleared = sorted(set(registration.seats.values_list("session__number", flat=True)))
    SeatAssignment.objects.filter(session__tournament=tournament, session__number__in=cleared).delete()
    registration.check_ins.all().delete()
    player, entry, name = registration.player, registration.entry_number, registration.player.name
    try:
        registration.delete()
    except ProtectedError as error:
        raise ValidationError(_("Entry %(entry)d is referred to by other records and cannot be deleted: withdraw "
                                "the player instead.") % {"entry": entry}) from error
    player_deleted = False
    if player.user_id is None and not player.registrations.exists():
        try:
            with transaction.atomic():
                player.delete()
            player_deleted = True
        except ProtectedError:
            pass  # a Pin record or another app keeps the person
    tables_sync(actor=actor, tournament=tournament)
    audit_record(
        actor=actor, tournament=tournament, action=AuditAction.REGISTRATION_DELETED,
        detail={"entry": entry, "name": name, "cleared": cleared, "person_deleted": player_deleted},
    )
    events.standings_recompute_later(tournament_id=tournament.pk)


@transaction.atomic
def registration_withdraw(*, actor, registration: Registration, reason: str = "") -> Registration:
    """A player leaves the tournament of their own accord (not a penalty: no 停赛, no record of a foul).

    3.10.1 "竞赛局数标准分之和高者列前" ranks everyone on the sessions of the competition; no article
    strikes a player who leaves (only 3.11.5 取消录取名次 does), so a withdrawn player keeps the results of
    the sessions played and stays ranked with them. Their seats in the sessions not yet started stay on
    the chart until a substitute takes them or the session's seats are drawn again: a table with such a
    seat is held back when its session starts (3.5.2 "竞赛采用每桌四人制"), as for a 停赛. A player at a
    table being played in the running session cannot be withdrawn until it ends."""
    lock_tournament(registration.tournament_id)
    registration = Registration.objects.select_for_update().select_related("tournament").get(pk=registration.pk)
    if registration.withdrawn_at is not None:
        raise ValidationError(_("Entry %(entry)d has already withdrawn.") % {"entry": registration.entry_number})
    _refuse_in_play(registration)
    registration.withdrawn_at = timezone.now()
    registration.withdrawal_reason = " ".join((reason or "").split())[:300]
    registration.save(update_fields=["withdrawn_at", "withdrawal_reason"])
    held = sorted(
        set(registration.seats.filter(session__status=Session.Status.PLANNED).values_list("session__number", flat=True))
    )
    audit_record(
        actor=actor, tournament=registration.tournament, action=AuditAction.REGISTRATION_WITHDRAWN, obj=registration,
        detail={"entry": registration.entry_number, "reason": registration.withdrawal_reason, "seats_in": held},
    )
    events.standings_recompute_later(tournament_id=registration.tournament_id)  # the standings mark who withdrew
    return registration


@transaction.atomic
def registration_withdrawal_undo(*, actor, registration: Registration, reason: str) -> Registration:
    """A withdrawal taken back (recorded by mistake, or the player returns). The player plays again
    in the sessions not yet started where they still hold a seat; a table of the running session held
    back for them (3.5.2) starts now. Refused where the data cannot go back:
    - a substitute took their seats (registration_substitute): the substitute keeps them, as they may
      have played already; the player would have no seat (register them again to play on);
    - sessions that started without them are not replayed: their tables held for them never played,
      which the audit lists (missed)."""
    tournament = lock_tournament(registration.tournament_id)
    running = running_session_locked(tournament.pk)
    registration = (
        Registration.objects.select_for_update(of=("self",)).select_related("substitute").get(pk=registration.pk)
    )
    if registration.withdrawn_at is None:
        raise ValidationError(_("Entry %(entry)d has not withdrawn: there is nothing to undo.")
                              % {"entry": registration.entry_number})
    if registration.substitute_id is not None:
        raise ValidationError(_(
            "Entry %(entry)d's seats went to the substitute, entry %(other)d, who keeps them: the withdrawal "
            "cannot be undone. Register the player again to seat them in later sessions."
        ) % {"entry": registration.entry_number, "other": registration.substitute.entry_number})
    if not (reason or "").strip():
        raise ValidationError({"reason": _("Say why the withdrawal is undone (the audit keeps it).")})
    withdrawn_at = registration.withdrawn_at
    # Seats in sessions that started while they were away and whose table never played (held back).
    played = set(ScoreSheet.objects.filter(session__tournament=tournament).values_list("session_id", "table_id"))
    missed = sorted({
        number
        for session_id, table_id, number in registration.seats.exclude(session__status=Session.Status.PLANNED)
        .values_list("session_id", "table_id", "session__number")
        if (session_id, table_id) not in played and (running is None or session_id != running.pk)
    })
    registration.withdrawn_at = None
    registration.withdrawal_reason = ""
    registration.save(update_fields=["withdrawn_at", "withdrawal_reason"])
    audit_record(
        actor=actor, tournament=tournament, action=AuditAction.REGISTRATION_WITHDRAWAL_UNDONE, obj=registration,
        detail={"entry": registration.entry_number, "reason": " ".join(reason.split())[:300],
                "withdrawn_at": withdrawn_at.isoformat(), "missed": missed},
    )
    if running is not None:
        session_held_tables_start(actor=actor, session=running)
    events.standings_recompute_later(tournament_id=tournament.pk)  # the standings' "withdrew" mark goes
    return registration


def _refuse_in_play(registration: Registration) -> None:
    running = _seated_at_table_in_play(registration)
    if running is not None:
        raise ValidationError(
            _("Entry %(entry)d is playing in session %(n)d, which is running: withdraw them once it has ended.")
            % {"entry": registration.entry_number, "n": running.number}
        )


@transaction.atomic
def registration_substitute(
    *, actor, registration: Registration, substitute: Registration, reason: str = ""
) -> Registration:
    """A substitute takes a leaving player's seats: every seat in the sessions not yet started and at
    the held tables of the running session (which then start). The leaving player withdraws (if not
    already); the substitute is a registration of the tournament (a late one, typically) with no seat in
    those sessions, ranked on their own results: the rules never mention substitutes (3.5.2 only asks
    for four players at each table). The seat-moving is the one a 停赛 arrangement uses
    (tournaments.sessions.services.seats_give_to_substitute)."""
    # The tournament, then the running session (tournaments.locks).
    tournament = lock_tournament(registration.tournament_id)
    running = running_session_locked(tournament.pk)
    registration = Registration.objects.select_for_update().get(pk=registration.pk)
    if substitute is None or substitute.tournament_id != tournament.pk or substitute.pk == registration.pk:
        raise ValidationError({"substitute": _("Choose a substitute registered in this tournament.")})
    substitute = Registration.objects.get(pk=substitute.pk)
    if registration.substitute_id is not None:
        raise ValidationError({"substitute": _(
            "Entry %(entry)d already has a substitute (entry %(other)d)."
        ) % {"entry": registration.entry_number, "other": registration.substitute.entry_number}})
    withdrawing = registration.withdrawn_at is None
    if withdrawing:
        _refuse_in_play(registration)
    moved = seats_give_to_substitute(tournament=tournament, running=running, leaving=registration,
                                     substitute=substitute)
    if withdrawing:
        registration.withdrawn_at = timezone.now()
        registration.withdrawal_reason = " ".join((reason or "").split())[:300]
    registration.substitute = substitute
    registration.save(update_fields=["withdrawn_at", "withdrawal_reason", "substitute"])
    audit_record(
        actor=actor, tournament=tournament, action=AuditAction.REGISTRATION_SUBSTITUTED, obj=registration,
        detail={"entry": registration.entry_number, "substitute": substitute.entry_number, "seats_moved": moved,
                "withdrew": withdrawing, "reason": registration.withdrawal_reason},
    )
    if running is not None:
        session_held_tables_start(actor=actor, session=running)
    if withdrawing:
        events.standings_recompute_later(tournament_id=tournament.pk)  # the standings mark who withdrew
    return registration


@transaction.atomic
def team_create(*, actor, tournament: Tournament, name: str, country: str = "") -> Team:
    """One team, by hand or from an entry (entries): its players join it with `registration_add(team=...)`."""
    tournament = lock_tournament(tournament.pk)
    name = " ".join((name or "").split())
    if not name:
        raise ValidationError({"name": _("Give the team a name.")})
    if tournament.teams.filter(name=name).exists():
        raise ValidationError({"name": _("This tournament already has a team of this name.")})
    team = Team.objects.create(tournament=tournament, name=name, country=country)
    audit_record(actor=actor, tournament=tournament, action=AuditAction.TEAM_CREATED, obj=team,
                 detail={"name": name, "country": country})
    return team


@transaction.atomic
def team_delete(*, actor, team: Team) -> None:
    """A team with nobody registered in it any more (its entry withdrawn before the first session)."""
    tournament = lock_tournament(team.tournament_id)
    if team.members.exists():
        raise ValidationError(_("Team “%(team)s” still has players: delete or move them first.") % {"team": team.name})
    audit_record(actor=actor, tournament=tournament, action=AuditAction.TEAM_DELETED, obj=team,
                 detail={"name": team.name})
    team.delete()
