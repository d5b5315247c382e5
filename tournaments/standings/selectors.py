"""Reads of the standings snapshots: pages never recompute, they serve the latest snapshot."""

import datetime as dt
from dataclasses import dataclass

from django.db.models import Count, Min, OuterRef, Subquery
from django.utils import timezone

from scoring.engine.table import twelfths_display
from tournaments import extensions
from tournaments.errors import NotFound
from tournaments.models import (
    Registration,
    StandingsChange,
    StandingsSnapshot,
    Tournament,
)
from tournaments.models.sessions import SEAT_CHOICES
from tournaments.standings.results_sheet import ranking_notes


@dataclass(frozen=True)
class StandingsLag:
    """How far the stored standings are behind the committed changes (the outbox)."""

    changes: int  # changes not absorbed yet
    since: dt.datetime | None  # when the oldest of them was committed
    seconds: int  # its age now (0 when up to date)

    @property
    def behind(self) -> bool:
        return self.changes > 0


def standings_lag(*, tournament: Tournament, now: dt.datetime | None = None) -> StandingsLag:
    """The organizer's board: are the standings behind, and by how much (in changes and seconds)."""
    row = StandingsChange.objects.filter(tournament=tournament).aggregate(changes=Count("pk"), since=Min("created_at"))
    since = row["since"]
    seconds = max(0, int(((now or timezone.now()) - since).total_seconds())) if since else 0
    return StandingsLag(changes=row["changes"], since=since, seconds=seconds)


def standings_behind_tournament_ids() -> list[int]:
    """Every tournament with changes its standings have not absorbed (for the beat sweep)."""
    return list(StandingsChange.objects.order_by().values_list("tournament_id", flat=True).distinct())


def standings_public_version(*, tournament_id: int) -> int | None:
    """The latest snapshot's version of a public tournament (0 when none), in one query; None for
    drafts and unknown ids.

    Conditional requests use it: an unchanged poll costs this query and a bodiless 304. It is the
    version of the snapshot a page would render (not Tournament.standings_version), the same
    notion the pages embed, so an ETag always names the data it was sent with. Drafts get no
    ETag, so their pages always go through the full access check.
    """
    latest = StandingsSnapshot.objects.filter(tournament=OuterRef("pk")).order_by("-version").values("version")[:1]
    row = (
        Tournament.objects.filter(pk=tournament_id)
        .annotate(latest_version=Subquery(latest))
        .values_list("latest_version", "status")
        .first()
    )
    if row is None or row[1] == Tournament.Status.DRAFT:
        return None
    return row[0] or 0


def standings_snapshot_latest(*, tournament: Tournament) -> StandingsSnapshot | None:
    """The latest stored standings; pages never recompute them in the request."""
    return tournament.standings_snapshots.order_by("-version").first()


EMPTY_STANDINGS = {"individuals": [], "teams": [], "groups": [], "sessions": [], "struck": []}


def standings_data(*, snapshot: StandingsSnapshot | None) -> dict:
    """The snapshot's data, or empty standings before the first signed sheet."""
    return snapshot.data if snapshot is not None else EMPTY_STANDINGS


def standings_badges(*, tournament_id: int, entry: int | None = None) -> dict[int, list[extensions.PlayerBadge]]:
    """What each entry (or the one `entry`) holds beyond this tournament (the Pin, from the apps above
    the core), by entry number: one query for the registrations and one per provider, whatever the
    number of players."""
    registrations = Registration.objects.filter(tournament_id=tournament_id)
    if entry is not None:
        registrations = registrations.filter(entry_number=entry)
    players = dict(registrations.order_by().values_list("entry_number", "player_id"))
    found = extensions.player_badges(players.values())
    return {entry: found[player] for entry, player in players.items() if player in found}


def standings_for_display(*, snapshot: StandingsSnapshot | None) -> dict:
    """The snapshot's rows with table points as people write them (3, 1.5, 2.33)."""
    if snapshot is None:
        return {"snapshot": None, **EMPTY_STANDINGS, "notes": []}
    data = snapshot.data
    badges = standings_badges(tournament_id=snapshot.tournament_id)
    individuals = [
        {
            "rank": row["rank"],
            "entry": row["entry"],
            "name": row["name"],
            "name_local": row.get("name_local") or "",
            "team": row.get("team") or "",
            "group": row.get("group") or "",
            "table_points": twelfths_display(row["table_points"]),
            "contest_points": row["contest_points"],
            "disqualified": row.get("disqualified", False),
            "withdrawn": row.get("withdrawn", False),  # snapshots stored before issue 13 have none
            "badges": badges.get(row["entry"], []),
        }
        for row in data["individuals"]
    ]

    def units(unit: str) -> list[dict]:
        return [
            {
                "rank": entry["rank"],
                "name": entry[unit],
                "table_points": twelfths_display(entry["table_points"]),
                "contest_points": entry["contest_points"],
                "members": len(entry["members"]),
            }
            for entry in data.get(f"{unit}s", [])
        ]

    return {
        "snapshot": snapshot,
        "individuals": individuals,
        "teams": units("team"),
        "groups": units("group"),  # 团体 (3.5.3); snapshots stored before groups have none
        "sessions": data["sessions"],
        "notes": ranking_notes(data),
        # 3.11.5: names struck from the results (取消录取名次), shown struck with no rank or points.
        "struck": [{"entry": row["entry"], "name": row["name"]} for row in data.get("struck", [])],
    }


def standings_player(*, snapshot: StandingsSnapshot | None, entry: int) -> dict:
    """One player's line of the standings and every session they played; 404 if not in them."""
    row = None
    if snapshot is not None:
        row = next((candidate for candidate in snapshot.data["individuals"] if candidate["entry"] == entry), None)
    if row is None:
        raise NotFound("No such player in the standings.")
    seats = dict(SEAT_CHOICES)
    return {
        "rank": row["rank"],
        # 3.11.4: a disqualified (停赛) player keeps the rank earned so far, marked (standing flags).
        "disqualified": row.get("disqualified", False),
        "withdrawn": row.get("withdrawn", False),
        "entry": row["entry"],
        "name": row["name"],
        "name_local": row.get("name_local") or "",
        "badges": standings_badges(tournament_id=snapshot.tournament_id, entry=entry).get(entry, []),
        "team": row.get("team") or "",
        "group": row.get("group") or "",
        "country": row.get("country") or "",
        "table_points": twelfths_display(row["table_points"]),
        "contest_points": row["contest_points"],
        "places": row["places"],
        "sessions": [
            {
                "session": played["session"],
                "table": played["table"],
                "seat": seats[played["seat"]],
                "rank": played["rank"],
                "table_points": twelfths_display(played["table_points"]),
                "session_score": played["session_score"],
                # Penalty points in the session score: transfers received or paid, less deductions.
                "penalties": played.get("transfers", 0) - played.get("deductions", 0),
            }
            for played in row["sessions"]
        ],
        "players": len(snapshot.data["individuals"]),
    }
