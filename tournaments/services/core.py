"""Every write to the tournament core: keyword-only, one transaction, one audit event each."""

import datetime as dt
import logging
import re
import secrets
import unicodedata

from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from tournaments import roster_files
from tournaments.audit import audit_record
from tournaments.models import (
    MAX_SESSION_MINUTES,
    MIN_SESSIONS,
    ImportJob,
    Membership,
    Player,
    Registration,
    Role,
    ScoreSheet,
    Session,
    Table,
    Team,
    Tournament,
)
from tournaments.roster_files import Problem, RosterFileError

logger = logging.getLogger(__name__)

TOURNAMENT_FIELDS = (
    "name", "venue", "starts_on", "ends_on", "rules", "planned_sessions", "session_minutes", "status",
    "deductions_count_for_ranking", "tiebreaks",
)


def _validate_tournament(*, starts_on: dt.date, ends_on: dt.date, planned_sessions: int, session_minutes: int):
    errors = {}
    if ends_on < starts_on:
        errors["ends_on"] = _("The last day cannot be before the first day.")
    if planned_sessions < MIN_SESSIONS:  # 3.5.4
        errors["planned_sessions"] = _("A competition has at least %(n)d sessions (rule 3.5.4).") % {"n": MIN_SESSIONS}
    if not 1 <= session_minutes <= MAX_SESSION_MINUTES:  # 3.5.6
        errors["session_minutes"] = _("A session lasts at most %(n)d minutes (rule 3.5.6).") % {
            "n": MAX_SESSION_MINUTES
        }
    if errors:
        raise ValidationError(errors)


@transaction.atomic
def tournament_create(
    *,
    actor,
    name: str,
    starts_on: dt.date,
    ends_on: dt.date,
    venue: str = "",
    rules: str = Tournament._meta.get_field("rules").default,
    planned_sessions: int = MIN_SESSIONS,
    session_minutes: int = MAX_SESSION_MINUTES,
) -> Tournament:
    """Create a tournament with its sessions; the creator becomes its organizer."""
    _validate_tournament(
        starts_on=starts_on, ends_on=ends_on, planned_sessions=planned_sessions, session_minutes=session_minutes
    )
    tournament = Tournament(
        name=name,
        venue=venue,
        starts_on=starts_on,
        ends_on=ends_on,
        rules=rules,
        planned_sessions=planned_sessions,
        session_minutes=session_minutes,
    )
    tournament.full_clean()
    tournament.save()
    Session.objects.bulk_create(Session(tournament=tournament, number=n) for n in range(1, planned_sessions + 1))
    if actor is not None and actor.is_authenticated:
        Membership.objects.create(user=actor, tournament=tournament, role=Role.ORGANIZER)
    audit_record(
        actor=actor,
        tournament=tournament,
        action="tournament.created",
        obj=tournament,
        detail={"name": name, "planned_sessions": planned_sessions},
    )
    return tournament


@transaction.atomic
def tournament_update(*, actor, tournament: Tournament, **changes) -> Tournament:
    """Change a tournament's details; the planned sessions follow `planned_sessions`.

    Sessions that have started are never removed: lowering the count below them is refused.
    """
    unknown = set(changes) - set(TOURNAMENT_FIELDS)
    if unknown:
        raise TypeError(f"unknown tournament fields: {sorted(unknown)}")
    tournament = Tournament.objects.select_for_update().get(pk=tournament.pk)
    before = {name: getattr(tournament, name) for name in changes}
    for name, value in changes.items():
        setattr(tournament, name, value)
    _validate_tournament(
        starts_on=tournament.starts_on,
        ends_on=tournament.ends_on,
        planned_sessions=tournament.planned_sessions,
        session_minutes=tournament.session_minutes,
    )
    tournament.full_clean()
    _check_changes_under_way(tournament, {name for name, value in changes.items() if before[name] != value})
    _sessions_follow_plan(tournament)
    tournament.save()
    changed = {name: [str(before[name]), str(value)] for name, value in changes.items() if before[name] != value}
    audit_record(actor=actor, tournament=tournament, action="tournament.updated", obj=tournament, detail=changed)
    if changed.keys() & {"deductions_count_for_ranking", "tiebreaks"}:
        # These change places and order: the standings follow once this commits.
        from tournaments.tasks import standings_recompute_task

        transaction.on_commit(lambda: standings_recompute_task.delay(tournament.pk))
    return tournament


# How a tournament's status may move once play has begun: not back to a draft (players and the
# public would lose its pages), not to finished while a session is still running.
_STATUS_UNDER_WAY = {Tournament.Status.RUNNING, Tournament.Status.FINISHED}


def _check_changes_under_way(tournament: Tournament, changed: set[str]) -> None:
    """Refuse edits that would rewrite play already under way."""
    from tournaments.models import Hand

    problems = {}
    if "rules" in changed and Hand.objects.filter(sheet__session__tournament=tournament).exists():
        # Hands already scored under one profile; corrections and an export would use the other.
        problems["rules"] = _("Hands have been scored under these rules: they can no longer change.")
    running = tournament.sessions.filter(status=Session.Status.RUNNING).exists()
    if "session_minutes" in changed and running:
        # 3.5.6: the running session's time-up is fixed when it starts.
        problems["session_minutes"] = _("A session is running: change its length after it ends.")
    if "status" in changed:
        started = tournament.sessions.exclude(status=Session.Status.PLANNED).exists()
        if started and tournament.status not in _STATUS_UNDER_WAY:
            problems["status"] = _("Sessions have started: the tournament is running or finished.")
        elif running and tournament.status == Tournament.Status.FINISHED:
            problems["status"] = _("A session is still running: end it before finishing the tournament.")
    if problems:
        raise ValidationError(problems)


def _sessions_follow_plan(tournament: Tournament) -> None:
    existing = set(tournament.sessions.values_list("number", flat=True))
    wanted = set(range(1, tournament.planned_sessions + 1))
    surplus = tournament.sessions.filter(number__in=existing - wanted)
    if surplus.exclude(status=Session.Status.PLANNED).exists():
        raise ValidationError(
            {"planned_sessions": _("Sessions that have started cannot be removed from the plan.")}
        )
    surplus.delete()
    Session.objects.bulk_create(Session(tournament=tournament, number=n) for n in sorted(wanted - existing))


@transaction.atomic
def membership_grant(*, actor, tournament: Tournament, user, role: str, team: Team | None = None) -> Membership:
    if role not in Role.values:
        raise ValidationError({"role": _("Unknown role.")})
    if (role == Role.TEAM_LEADER) != (team is not None):
        raise ValidationError({"team": _("A team leader needs a team; other roles take none.")})
    if team is not None and team.tournament_id != tournament.pk:
        raise ValidationError({"team": _("That team plays in another tournament.")})
    membership, created = Membership.objects.get_or_create(
        user=user, tournament=tournament, role=role, defaults={"team": team}
    )
    if not created:
        raise ValidationError({"role": _("%(user)s already has this role.") % {"user": user}})
    audit_record(
        actor=actor,
        tournament=tournament,
        action="membership.granted",
        obj=membership,
        detail={"user": user.get_username(), "role": role, "team": team.name if team else None},
    )
    return membership


@transaction.atomic
def membership_revoke(*, actor, membership: Membership) -> None:
    """Take a role away. A referee still holding score sheets in play (open, or closed and waiting
    for signatures) keeps the role until those tables are handed to another referee: otherwise
    the sheets would name a referee who may no longer write them."""
    # The tournament's row lock, which session_start and sheet_assign_referee take as well: neither
    # can hand this referee a table between the check below and the revocation. FOR NO KEY UPDATE,
    # so the hands being recorded meanwhile (their audit events refer to the tournament) go on.
    Tournament.objects.select_for_update(no_key=True).get(pk=membership.tournament_id)
    if membership.role == Role.REFEREE:
        tables = sorted(
            set(
                ScoreSheet.objects.filter(
                    session__tournament_id=membership.tournament_id,
                    referee_id=membership.user_id,
                    status__in=[ScoreSheet.Status.OPEN, ScoreSheet.Status.CLOSED],
                ).values_list("table__number", flat=True)
            )
        )
        if tables:
            raise ValidationError(
                _(
                    "%(user)s still referees tables %(tables)s, whose score sheets are in play: hand the tables"
                    " over to another referee first, then remove the role."
                )
                % {"user": membership.user.get_username(), "tables": ", ".join(map(str, tables))}
            )
    audit_record(
        actor=actor,
        tournament=membership.tournament,
        action="membership.revoked",
        obj=membership,
        detail={"user": membership.user.get_username(), "role": membership.role},
    )
    membership.delete()


@transaction.atomic
def player_link_user(*, actor, player: Player, user) -> Player:
    """Link a player to a user account, so the player sees their own seats and results."""
    if Player.objects.filter(user=user).exclude(pk=player.pk).exists():
        raise ValidationError({"user": _("This account is already linked to another player.")})
    player.user = user
    player.save(update_fields=["user"])
    audit_record(actor=actor, action="player.linked", obj=player, detail={"user": user.get_username()})
    return player


@transaction.atomic
def registration_update(
    *,
    actor,
    registration: Registration,
    name: str,
    name_local: str = "",
    country: str = "",
    federation_id: str = "",
    contact: str = "",
    team: Team | None = None,
) -> Registration:
    """Edit a registration and its player's details."""
    if team is not None and team.tournament_id != registration.tournament_id:
        raise ValidationError({"team": _("That team plays in another tournament.")})
    player = registration.player
    shared = player.registrations.exclude(tournament_id=registration.tournament_id).exists()
    changes_person = (name, name_local, country, federation_id, contact) != (
        player.name, player.name_local, player.country, player.federation_id, player.contact
    )
    if shared and changes_person:
        # The Player is one person across tournaments: an organizer of one may not rewrite it.
        raise ValidationError(
            _("This player also plays in other tournaments; only an administrator can change their details.")
        )
    if federation_id and Player.objects.filter(federation_id=federation_id).exclude(pk=player.pk).exists():
        raise ValidationError({"federation_id": _("Another player has this federation ID.")})
    before = {"name": player.name, "team": registration.team.name if registration.team else None}
    # What the standings show of a player: their rows, team totals and the results files follow.
    shown_before = (player.name, player.name_local, player.country, registration.team_id)
    player.name, player.name_local, player.country = name, name_local, country
    player.federation_id, player.contact = federation_id, contact
    player.full_clean(exclude=["user"])
    player.save()
    registration.team = team
    registration.save(update_fields=["team"])
    # A leader who leaves their team leads it no more: the team has none until one is named.
    for old_team in Team.objects.select_for_update().filter(leader=registration).exclude(pk=registration.team_id):
        old_team.leader = None
        old_team.save(update_fields=["leader"])
        audit_record(
            actor=actor,
            tournament=registration.tournament,
            action="team.leader_cleared",
            obj=old_team,
            detail={"team": old_team.name, "entry": registration.entry_number},
        )
    audit_record(
        actor=actor,
        tournament=registration.tournament,
        action="registration.updated",
        obj=registration,
        detail={"before": before, "after": {"name": name, "team": team.name if team else None}},
    )
    if shown_before != (name, name_local, country, registration.team_id):
        from tournaments.tasks import standings_recompute_task

        tournament_id = registration.tournament_id
        transaction.on_commit(lambda: standings_recompute_task.delay(tournament_id))
    return registration


@transaction.atomic
def registration_check_in(*, actor, registration: Registration, checked_in: bool) -> Registration:
    """3.5.7: players sign in (检录) before play; a check-in can be undone."""
    registration = Registration.objects.select_for_update().get(pk=registration.pk)
    registration.checked_in = checked_in
    registration.checked_in_at = timezone.now() if checked_in else None
    registration.save(update_fields=["checked_in", "checked_in_at"])
    audit_record(
        actor=actor,
        tournament=registration.tournament,
        action="registration.checked_in" if checked_in else "registration.check_in_undone",
        obj=registration,
        detail={"entry": registration.entry_number},
    )
    return registration


@transaction.atomic
def tables_sync(*, actor, tournament: Tournament) -> int:
    """Make tables 1..N for every four registered players (3.5.2); returns how many tables exist."""
    needed = -(-tournament.registrations.count() // 4)
    existing = set(tournament.tables.values_list("number", flat=True))
    missing = [n for n in range(1, needed + 1) if n not in existing]
    Table.objects.bulk_create(Table(tournament=tournament, number=n) for n in missing)
    if missing:
        audit_record(actor=actor, tournament=tournament, action="tables.created", detail={"numbers": missing})
    return len(existing) + len(missing)


@transaction.atomic
def import_job_create(*, actor, tournament: Tournament, kind: str, filename: str, content: bytes) -> ImportJob:
    """Store an uploaded roster and queue its import once this transaction commits."""
    from tournaments.tasks import import_job_run_task

    if kind not in ImportJob.Kind.values:
        raise ValidationError({"kind": _("Choose teams or players.")})
    job = ImportJob.objects.create(
        tournament=tournament, kind=kind, filename=filename[:255], content=content, created_by=actor
    )
    audit_record(
        actor=actor,
        tournament=tournament,
        action="import.queued",
        obj=job,
        detail={"kind": kind, "filename": filename, "bytes": len(content)},
    )
    transaction.on_commit(lambda: import_job_run_task.delay(job.pk))
    return job


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
    job.errors = [problem.as_dict() for problem in problems]
    job.finished_at = timezone.now()
    job.save(update_fields=["status", "errors", "imported_rows", "finished_at"])
    audit_record(
        actor=job.created_by,
        tournament=job.tournament,
        action=f"import.{job.status}",
        obj=job,
        detail={"kind": job.kind, "rows": job.imported_rows, "problems": len(job.errors)},
    )
    return job


def _import_rows(job: ImportJob) -> int:
    rows = roster_files.read_rows(job.filename, bytes(job.content))
    if job.kind == ImportJob.Kind.TEAMS:
        return _import_teams(job.tournament, rows)
    count = _import_players(job.tournament, rows)
    tables_sync(actor=job.created_by, tournament=job.tournament)
    return count


def _import_teams(tournament: Tournament, rows) -> int:
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
    teams = {team.name: team for team in tournament.teams.all()}
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
        if team_name and team_name not in teams:
            problems.append(Problem(number, "team", "unknown_team", {"value": team_name}))
        is_leader = roster_files.parse_yes_no(values.get("leader", ""))
        if is_leader is None:
            problems.append(Problem(number, "leader", "not_yes_no", {"value": values.get("leader", "")}))
        elif is_leader and team_name:
            if team_name in leaders_before:
                problems.append(Problem(number, "leader", "team_has_leader", {"value": team_name}))
            elif team_name in seen_leaders:
                problems.append(
                    Problem(number, "leader", "second_leader", {"value": team_name, "first_row": seen_leaders[team_name]})
                )
            seen_leaders.setdefault(team_name, number)
        parsed.append((entry, values, teams.get(team_name), bool(is_leader)))
    if problems:
        raise RosterFileError(problems)
    for entry, values, team, is_leader in parsed:
        player = _player_for(values)
        registration = Registration.objects.create(
            tournament=tournament, player=player, entry_number=entry, team=team, confirm_pin=new_confirm_pin()
        )
        if is_leader and team is not None:
            team.leader = registration
            team.save(update_fields=["leader"])
    return len(parsed)


# The largest entry number the database holds (Registration.entry_number, a PostgreSQL integer).
MAX_ENTRY_NUMBER = 2_147_483_647
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


def _name_key(name: str) -> str:
    """A name as compared: case, width and spacing make no difference."""
    return " ".join(unicodedata.normalize("NFKC", name).casefold().split())


def _player_for(values: dict[str, str]) -> Player:
    """The same federation ID is the same person across tournaments (their Pin record follows them).

    A known player is reused as stored: one tournament's roster file does not rewrite a person
    other tournaments (and the player's own account) share. A row naming someone else under a
    known ID was refused before this (_known_player_problems).
    """
    details = {
        "name": values["name"],
        "name_local": values.get("name_local", ""),
        "country": values.get("country", ""),
        "contact": values.get("contact", ""),
    }
    federation_id = values.get("federation_id", "")
    if federation_id:
        player, _created = Player.objects.get_or_create(federation_id=federation_id, defaults=details)
        return player
    return Player.objects.create(**details)


def new_confirm_pin() -> str:
    """A 4-digit PIN with which a player confirms score sheets (Appendix 5 signatures)."""
    return f"{secrets.randbelow(10_000):04d}"
