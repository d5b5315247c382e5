"""Importing a tournament archive (docs/archive.md): everything or nothing, in one transaction."""

import datetime as dt

from django.db import connection, transaction
from django.utils import timezone

from archive.read import Archive, archive_read
from tournaments import events, extensions
from tournaments.audit import AuditAction, audit_record
from tournaments.core.services import new_confirm_pin, tournament_create
from tournaments.locks import lock_tournament
from tournaments.models import (
    Group,
    Hand,
    Player,
    Registration,
    ScoreSheet,
    SeatAssignment,
    Session,
    Table,
    Team,
    Tournament,
)


@transaction.atomic
def tournament_import_archive(*, actor, data) -> Tournament:
    """Create a whole tournament from a parsed archive: players, teams, seats and every hand.

    Every hand is checked by the scoring engine first; any problem raises ArchiveInvalid listing
    all of them and nothing is saved. Imported sessions are finished and their score sheets
    locked: the results are final. The standings are recomputed once the import commits (the
    management command recomputes them synchronously as well).
    """
    archive = archive_read(data, name_exists=_name_taken)
    details = archive.tournament
    tournament = tournament_create(
        actor=actor,
        name=details["name"],
        venue=details["venue"],
        country=details["country"],
        starts_on=details["starts_on"],
        ends_on=details["ends_on"],
        rules=details["rules"],
        rule_set=details["rule_set"],
        scoring_mode=details["scoring_mode"],
        planned_sessions=details["planned_sessions"],
        session_minutes=details["session_minutes"],
    )
    # The whole new tournament holds still until the import commits, and its lock comes first
    # (tournaments/locks.py): the penalties and appeals saved below lock score sheets, and a caller in the
    # same transaction (results_archive_import, which registers it for the Pin) locks the tournament after.
    lock_tournament(tournament.pk)
    tournament.tiebreaks = details["tiebreaks"]
    tournament.final_ranking = details["final_ranking"]
    tournament.deductions_count_for_ranking = details["deductions_count_for_ranking"]
    played = {session["number"] for session in archive.sessions}
    if played >= set(range(1, tournament.planned_sessions + 1)):
        tournament.status = Tournament.Status.FINISHED
    elif played:
        tournament.status = Tournament.Status.RUNNING
    else:  # a roster only: a new tournament, as if created here
        tournament.status = Tournament.Status.DRAFT
    tournament.save(update_fields=["tiebreaks", "final_ranking", "deductions_count_for_ranking", "status"])
    sections = {section.key: section for section in extensions.tournament_archive_sections()}
    for key, value in details["extras"].items():
        sections[key].save(tournament, value, actor)
    registrations = _roster_save(tournament, archive)
    hands = _sessions_save(tournament, archive, registrations, actor)
    for key, value in details["extras"].items():
        if sections[key].finish is not None:
            sections[key].finish(tournament, value, actor)
    audit_record(
        actor=actor,
        tournament=tournament,
        action=AuditAction.TOURNAMENT_IMPORTED,
        obj=tournament,
        detail={
            "players": len(archive.players),
            "teams": len(archive.teams),
            "sessions": sorted(played),
            "hands": hands,
        },
    )
    events.standings_recompute_later(tournament_id=tournament.pk)
    return tournament


def _name_taken(name: str) -> bool:
    """Whether the name is taken; on PostgreSQL two imports of one name queue here until commit."""
    if connection.vendor == "postgresql":
        with connection.cursor() as cursor:
            cursor.execute("SELECT pg_advisory_xact_lock(hashtext(%s))", [f"tournament-name:{name}"])
    return Tournament.objects.filter(name=name).exists()


def _roster_save(tournament: Tournament, archive: Archive) -> dict[int, int]:
    """Teams, players and registrations; returns {entry number: registration id}.

    A federation ID already known is the same person (their Pin record follows them): that player
    is reused as they are, not overwritten by the archive.
    """
    teams = {
        team.name: team
        for team in Team.objects.bulk_create(
            Team(tournament=tournament, name=team["name"], country=team["country"]) for team in archive.teams
        )
    }
    ids = [player["federation_id"] for player in archive.players if player["federation_id"]]
    known = {player.federation_id: player for player in Player.objects.filter(federation_id__in=ids)}
    new = [
        Player(
            name=player["name"],
            name_local=player["name_local"],
            country=player["country"],
            federation_id=player["federation_id"],
        )
        for player in archive.players
        if player["federation_id"] not in known
    ]
    created = iter(Player.objects.bulk_create(new))
    names = sorted({player["group"] for player in archive.players if player.get("group")})
    groups = {
        group.name: group for group in Group.objects.bulk_create(Group(tournament=tournament, name=n) for n in names)
    }
    registrations = Registration.objects.bulk_create(
        Registration(
            tournament=tournament,
            player=known[player["federation_id"]] if player["federation_id"] in known else next(created),
            entry_number=int(player["entry"]),
            team=teams.get(player["team"]),
            group=groups.get(player.get("group")),
            confirm_pin=new_confirm_pin(),
        )
        for player in archive.players
    )
    by_entry = {registration.entry_number: registration.pk for registration in registrations}
    for team in archive.teams:
        if team["leader"] is not None:
            teams[team["name"]].leader_id = by_entry[int(team["leader"])]
    Team.objects.bulk_update([team for team in teams.values() if team.leader_id], ["leader"])
    return by_entry


def _sessions_save(tournament: Tournament, archive: Archive, registrations: dict[int, int], actor) -> int:
    """Seats, locked score sheets and hands of every archived session; returns the number of hands."""
    numbers = sorted({table["number"] for session in archive.sessions for table in session["tables"]})
    created = Table.objects.bulk_create(Table(tournament=tournament, number=number) for number in numbers)
    tables = {table.number: table for table in created}
    sessions = {session.number: session for session in tournament.sessions.all()}
    now = timezone.now()
    played_by = min(now, timezone.make_aware(dt.datetime.combine(tournament.ends_on, dt.time.min)))
    seats, sheets, hands = [], [], []
    for archived in archive.sessions:
        session = sessions[archived["number"]]
        if archived.get("qualifiers") is not None:  # 3.5.4: a session of qualifiers
            session.qualification = Session.Qualification.LIST
            session.save(update_fields=["qualification"])
            session.qualifiers.set([registrations[entry] for entry in archived["qualifiers"]])
        session.status = Session.Status.FINISHED
        # Imported results are final: the appeal time (3.12.2) ran out when they were played, at the
        # latest on the tournament's last day.
        session.ended_at = session.started_at = played_by
        for table in archived["tables"]:
            seats += [
                SeatAssignment(
                    session=session, table=tables[table["number"]], seat=seat, registration_id=registrations[entry]
                )
                for seat, entry in enumerate(table["seats"])
            ]
            # Appendix 5: a signed sheet is final; the archive's results are taken as signed.
            sheet = ScoreSheet(
                session=session,
                table=tables[table["number"]],
                status=ScoreSheet.Status.LOCKED,
                ended_by_time=table["ended_by_time"],
                remarks=table.get("remarks", ""),
                closed_at=now,
                locked_at=now,
            )
            # The sheet's running totals (derived columns the hand services keep): the hands' sums.
            for seat in range(4):
                setattr(sheet, f"total{seat}", sum(fields[f"d{seat}"] for fields in table["hands"]))
            sheet.hand_count = len(table["hands"])
            sheets.append(sheet)
            hands += [(sheet, fields) for fields in table["hands"]]
    Session.objects.bulk_update([sessions[s["number"]] for s in archive.sessions], ["status", "started_at", "ended_at"])
    SeatAssignment.objects.bulk_create(seats)
    ScoreSheet.objects.bulk_create(sheets)
    Hand.objects.bulk_create(Hand(sheet=sheet, **fields) for sheet, fields in hands)
    # What other apps keep per table (penalties, …), through the core's archive seam.
    sections = {section.key: section for section in extensions.archive_sections()}
    by_entry = {str(entry): registration for entry, registration in registrations.items()}
    for sheet, table in zip(sheets, (table for archived in archive.sessions for table in archived["tables"])):
        for key, items in table.get("extras", {}).items():
            sections[key].save(sheet, items, by_entry, actor)
    return len(hands)

