"""Reads, filtered by what the asking user may see. Outsiders get 404, never a hint."""

import datetime as dt
import math

from django.contrib.auth import get_user_model
from django.db.models import Count, F, OuterRef, Q, QuerySet, Subquery
from django.http import Http404
from django.utils import timezone

from tournaments.access import Capability, can, can_write_sheet
from tournaments.extensions import sheet_adjustments
from tournaments.models import (
    AuditEvent,
    ImportJob,
    Registration,
    Role,
    ScoreSheet,
    Session,
    StandingsSnapshot,
    Tournament,
)
from tournaments.models.sheets import SEAT_CHOICES
from tournaments.table_rules import MAX_HANDS, hand_winds, table_results, twelfths_display


def tournament_list_visible(*, user) -> QuerySet[Tournament]:
    """Public tournaments, plus the drafts the user works on."""
    queryset = Tournament.objects.all()
    if user.is_authenticated and user.is_superuser:
        return queryset
    visible = ~Q(status=Tournament.Status.DRAFT)
    if user.is_authenticated:
        visible |= Q(memberships__user=user)
    return queryset.filter(visible).distinct()


def tournament_get_for_user(*, user, tournament_id: int, capability: Capability = Capability.VIEW) -> Tournament:
    """The tournament, if the user has `capability` in it; otherwise 404."""
    tournament = Tournament.objects.filter(pk=tournament_id).first()
    if tournament is None or not can(user, tournament, capability):
        raise Http404("No such tournament.")
    return tournament


def registration_list(*, tournament: Tournament, search: str = "") -> QuerySet[Registration]:
    queryset = tournament.registrations.select_related("player", "team").order_by("entry_number")
    if search:
        query = Q(player__name__icontains=search) | Q(player__name_local__icontains=search)
        query |= Q(team__name__icontains=search)
        if search.isdigit():
            query |= Q(entry_number=int(search))
        queryset = queryset.filter(query)
    return queryset


def registration_get_for_user(*, user, registration_id: int, capability: Capability) -> Registration:
    registration = Registration.objects.select_related("tournament", "player", "team").filter(pk=registration_id).first()
    if registration is None or not can(user, registration.tournament, capability):
        raise Http404("No such registration.")
    return registration


def import_job_get_for_user(*, user, job_id: int) -> ImportJob:
    job = ImportJob.objects.select_related("tournament").filter(pk=job_id).first()
    if job is None or not can(user, job.tournament, Capability.MANAGE):
        raise Http404("No such import.")
    return job


def tournament_summary(*, tournament: Tournament) -> dict:
    counts = tournament.registrations.aggregate(
        registered=Count("id"), checked_in=Count("id", filter=Q(checked_in=True))
    )
    return {
        **counts,
        "teams": tournament.teams.count(),
        "tables": tournament.tables.count(),
        "sessions": list(tournament.sessions.all()),
    }


def audit_event_list(*, tournament: Tournament, limit: int = 200) -> QuerySet[AuditEvent]:
    return tournament.audit_events.select_related("actor")[:limit]


def sheet_get_for_user(*, user, sheet_id: int, write: bool = False):
    """A score sheet the user may see (tournament staff), or write (its referee, the chief referee)."""
    sheet = ScoreSheet.objects.select_related("session__tournament", "table", "referee").filter(pk=sheet_id).first()
    if sheet is None:
        raise Http404("No such sheet.")
    allowed = can_write_sheet(user, sheet) if write else can(user, sheet.session.tournament, Capability.VIEW_ROSTER)
    if not allowed:
        raise Http404("No such sheet.")
    return sheet


def sheet_detail(*, sheet) -> dict:
    """Everything a tablet shows of a sheet: players, hands, running totals, the next hand's winds."""

    seats = {
        seat.seat: seat.registration
        for seat in sheet.session.seats.filter(table=sheet.table).select_related("registration__player")
    }
    hands = list(sheet.hands.order_by("number"))  # not Meta.ordering's "sheet": that joins the sheet's tables
    totals = [0, 0, 0, 0]
    hand_rows = []
    for hand in hands:
        totals = [total + delta for total, delta in zip(totals, hand.deltas)]
        hand_rows.append({"hand": hand, "running": list(totals)})
    next_number = len(hands) + 1
    results = table_results(
        totals,
        sheet_adjustments([sheet.pk])[sheet.pk],
        deductions_count_for_ranking=sheet.session.tournament.deductions_count_for_ranking,
    )
    confirmed = set(
        sheet.signatures.filter(kind="player", sheet_version=sheet.version)
        .order_by()
        .values_list("registration_id", flat=True)
    )
    return {
        "sheet": sheet,
        "players": [
            {"seat": seat, "registration": seats.get(seat), "confirmed": seats.get(seat) and seats[seat].pk in confirmed}
            for seat in range(4)
        ],
        "hands": hand_rows,
        "totals": totals,
        "results": results,
        "next_hand": hand_winds(next_number) if sheet.status == "open" and next_number <= MAX_HANDS else None,
        "next_number": next_number,
        "confirmed_count": len(confirmed),
    }

# --- standings ---------------------------------------------------------------------------------


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


def _place_counts(places: list[int]) -> str:
    return "-".join(str(count) for count in places)


def standings_for_display(*, snapshot: StandingsSnapshot | None) -> dict:
    """The snapshot's rows with table points as people write them (3, 1.5, 2.33)."""
    if snapshot is None:
        return {"snapshot": None, "individuals": [], "teams": [], "sessions": []}
    data = snapshot.data
    individuals = [
        {
            "rank": row["rank"],
            "entry": row["entry"],
            "name": row["name"],
            "name_local": row.get("name_local") or "",
            "team": row.get("team") or "",
            "table_points": twelfths_display(row["table_points"]),
            "contest_points": row["contest_points"],
            "disqualified": row.get("disqualified", False),
        }
        for row in data["individuals"]
    ]
    teams = [
        {
            "rank": team["rank"],
            "team": team["team"],
            "table_points": twelfths_display(team["table_points"]),
            "contest_points": team["contest_points"],
            "members": len(team["members"]),
        }
        for team in data["teams"]
    ]
    return {"snapshot": snapshot, "individuals": individuals, "teams": teams, "sessions": data["sessions"]}


def standings_player(*, snapshot: StandingsSnapshot | None, entry: int) -> dict:
    """One player's line of the standings and every session they played; 404 if not in them."""
    row = None
    if snapshot is not None:
        row = next((candidate for candidate in snapshot.data["individuals"] if candidate["entry"] == entry), None)
    if row is None:
        raise Http404("No such player in the standings.")
    seats = dict(SEAT_CHOICES)
    return {
        "rank": row["rank"],
        # 3.11.4: a disqualified player keeps their record but takes no rank (standing flags).
        "disqualified": row.get("disqualified", False),
        "entry": row["entry"],
        "name": row["name"],
        "name_local": row.get("name_local") or "",
        "team": row.get("team") or "",
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


# --- the organizer's board ---------------------------------------------------------------------

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
        raise Http404("No such session.")
    return session


def tournament_referees(*, tournament: Tournament):
    """The users who referee in this tournament."""
    return get_user_model().objects.filter(
        memberships__tournament=tournament, memberships__role=Role.REFEREE
    ).order_by("username")
