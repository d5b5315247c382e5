"""Writing a tournament archive, and the standings export, for the commands."""

from archive.read import FORMAT
from scoring.engine.table import twelfths_number
from tournaments import extensions
from tournaments.models import (
    Hand,
    ScoreSheet,
    SeatAssignment,
    Tournament,
)
from tournaments.sheets.entry import WIN_FLAGS
from tournaments.standings import selectors as standings_selectors
from tournaments.standings.compute import standings_compute


def tournament_export_archive(tournament: Tournament) -> dict:
    """The whole tournament in the archive format: every started session, its seats and hands.

    A read (no writes). Sheets not yet signed are written as they stand; an import takes every
    hand in the file as final.
    """
    registrations = list(
        tournament.registrations.select_related("player", "team", "group").order_by("entry_number")
    )
    entry_of = {registration.pk: str(registration.entry_number) for registration in registrations}
    team_of = {registration.pk: registration.team_id for registration in registrations}
    teams = [
        {
            "name": team.name,
            "country": team.country,
            # A leader who is no longer a player of the team (moved before leaders followed moves)
            # is written as none: the import accepts only a member as leader.
            "leader": entry_of.get(team.leader_id) if team_of.get(team.leader_id) == team.pk else None,
        }
        for team in tournament.teams.order_by("name")
    ]
    players = [
        {
            "entry": str(registration.entry_number),
            "name": registration.player.name,
            "name_local": registration.player.name_local,
            "country": registration.player.country,
            "federation_id": registration.player.federation_id,
            "team": registration.team.name if registration.team else None,
            "group": registration.group.name if registration.group else None,  # 团体, 3.5.3
        }
        for registration in registrations
    ]
    seats: dict[tuple[int, int], list[str]] = {}
    for seat in SeatAssignment.objects.filter(session__tournament=tournament).order_by("seat"):
        seats.setdefault((seat.session_id, seat.table_id), []).append(entry_of[seat.registration_id])
    hands: dict[int, list[Hand]] = {}
    for hand in Hand.objects.filter(sheet__session__tournament=tournament).order_by("number"):
        hands.setdefault(hand.sheet_id, []).append(hand)
    sessions: dict[int, dict] = {}
    sheets = list(
        ScoreSheet.objects.filter(session__tournament=tournament)
        .select_related("session", "table")
        .order_by("session__number", "table__number")
    )
    extras = {section.key: section.export([sheet.pk for sheet in sheets]) for section in extensions.archive_sections()}
    for sheet in sheets:
        table_seats = seats.get((sheet.session_id, sheet.table_id), [])
        session = sessions.setdefault(sheet.session.number, _session_export(sheet.session, entry_of))
        table = {
            "number": sheet.table.number,
            "seats": table_seats,
            "ended_by_time": sheet.ended_by_time,
            "hands": [_hand_export(hand, table_seats) for hand in hands.get(sheet.pk, [])],
        }
        if sheet.remarks:  # Appendix 5, 备注
            table["remarks"] = sheet.remarks
        for key, items in extras.items():
            if items.get(sheet.pk):
                table[key] = items[sheet.pk]
        session["tables"].append(table)
    return {
        "format": FORMAT,
        "tournament": {
            "name": tournament.name,
            # full rules: "rules" is the reading, as before rule sets; elementary: "rules" names the
            # rule set and "reading" the reading (docs/archive.md), which an older reader refuses
            **({"rules": tournament.rules} if tournament.rule_set == "full"
               else {"rules": tournament.rule_set, "reading": tournament.rules}),
            "scoring_mode": tournament.scoring_mode,
            "sessions": tournament.planned_sessions,
            "venue": tournament.venue,
            **({"country": tournament.country} if tournament.country else {}),
            "starts_on": tournament.starts_on.isoformat(),
            "ends_on": tournament.ends_on.isoformat(),
            "session_minutes": tournament.session_minutes,
            "tiebreaks": list(tournament.tiebreaks or []),
            "final_ranking": tournament.final_ranking,
            "deductions_count_for_ranking": tournament.deductions_count_for_ranking,
            **{
                section.key: value
                for section in extensions.tournament_archive_sections()
                if (value := section.export(tournament)) is not None
            },
        },
        "teams": teams,
        "players": players,
        "sessions": [sessions[number] for number in sorted(sessions)],
    }


def _session_export(session, entry_of: dict[int, str]) -> dict:
    """A played session; a session of qualifiers (3.5.4) lists them."""
    data = {"number": session.number, "tables": []}
    if session.qualification != session.Qualification.ALL:
        data["qualifiers"] = sorted((entry_of[pk] for pk in session.qualifiers.values_list("pk", flat=True)), key=int)
    return data


def _hand_export(hand: Hand, seats: list[str]) -> dict:
    if hand.result == Hand.Result.DRAW:
        return {"number": hand.number, "result": "draw"}
    data = {
        "number": hand.number,
        "result": "win",
        "winner": seats[hand.winner],
        "discarder": seats[hand.discarder] if hand.discarder is not None else None,
    }
    if hand.tiles:
        data["tiles"] = hand.tiles
    if hand.declared_fans or not hand.tiles:
        # declared scoring (3.9.1.4) keeps the declared fans with the tiles
        data["declared_fans"] = list(hand.declared_fans)
    data["flowers"] = hand.flowers
    for flag in WIN_FLAGS:
        data[flag] = getattr(hand, flag)
    return data


def unsigned_sheets(tournament: Tournament) -> int:
    """Score sheets not locked yet: exported as they stand, though an import takes them as final."""
    return ScoreSheet.objects.filter(session__tournament=tournament).exclude(status=ScoreSheet.Status.LOCKED).count()


def adjusted_sheets(tournament: Tournament) -> int:
    """Score sheets adjusted by apps (penalties) when no archive section carries those adjustments."""
    if extensions.archive_sections():
        return 0
    sheet_ids = list(ScoreSheet.objects.filter(session__tournament=tournament).values_list("pk", flat=True))
    adjustments = extensions.sheet_adjustments(sheet_ids)
    return sum(1 for seats in adjustments.values() if any(seat != extensions.NO_ADJUSTMENT for seat in seats))


def standings_export(tournament: Tournament, *, teams: bool = False) -> list[dict]:
    """The individual (or team) standings, best first, with table points as JSON numbers.

    Reads the latest standings snapshot, as the standings pages do; a tournament without one yet
    gets its standings computed on the spot (without storing them).
    """
    snapshot = standings_selectors.standings_snapshot_latest(tournament=tournament)
    data = snapshot.data if snapshot is not None else standings_compute(tournament)
    if teams:
        return [
            {
                "rank": row["rank"],
                "team": row["team"],
                "table_points": twelfths_number(row["table_points"]),
                "contest_points": row["contest_points"],
            }
            for row in data["teams"]
        ]
    return [
        {
            "rank": row["rank"],
            "entry": str(row["entry"]),
            "name": row["name"],
            "team": row["team"],
            "table_points": twelfths_number(row["table_points"]),
            "contest_points": row["contest_points"],
        }
        for row in data["individuals"]
    ]


def tournament_find(reference: str) -> Tournament:
    """A tournament by id or by exact name; LookupError says what is wrong."""
    reference = str(reference).strip()
    if reference.isdigit():
        found = Tournament.objects.filter(pk=int(reference)).first()
        if found is not None:
            return found
    matches = list(Tournament.objects.filter(name=reference).order_by("pk"))
    if len(matches) == 1:
        return matches[0]
    if matches:
        ids = ", ".join(str(t.pk) for t in matches)
        raise LookupError(f"{len(matches)} tournaments are named “{reference}” (ids {ids}): give the id.")
    raise LookupError(f"No tournament has the id or name “{reference}”.")
