"""Reads for seating: the chart as stored in seat assignments, its metrics, a player's schedule.

Pages and the API call these after `tournaments.core.selectors.tournament_get_for_user` has checked the
capability (outsiders get 404 there). Avoid keys follow 3.5.1: teammates apart, and compatriots
apart as far as possible when the organizer asks for it.
"""

from collections import Counter, defaultdict
from itertools import combinations

from django.utils.translation import gettext as _

from scoring.engine.rotation import round_seats
from seating.engine import chart_metrics, fewest_same_key_seatings
from tournaments import extensions
from tournaments.audit import AuditAction
from tournaments.core.selectors import registration_of_user
from tournaments.errors import NotFound
from tournaments.models import AuditEvent, Registration, SeatAssignment, Session, Tournament
from tournaments.models.sessions import SEAT_CHOICES
from tournaments.standings.compute import standings_compute

WIND = dict(SEAT_CHOICES)


def registration_of_user_get(*, user, tournament: Tournament) -> Registration:
    """The user's own registration in `tournament`; 404 for anyone not registered there."""
    registration = registration_of_user(user=user, tournament=tournament)
    if registration is None:
        raise NotFound("You are not registered here.")
    return registration


def is_registered(user, tournament: Tournament) -> bool:
    """The tournament page's predicate for the "My seats" link."""
    return registration_of_user(user=user, tournament=tournament) is not None


def team_keys(*, registrations) -> dict[int, int]:
    return {r.pk: r.team_id for r in registrations if r.team_id is not None}


def country_keys(*, registrations) -> dict[int, str]:
    return {r.pk: r.player.country.strip().upper() for r in registrations if (r.player.country or "").strip()}


def registrations_of(*, tournament: Tournament) -> list[Registration]:
    return list(tournament.registrations.select_related("player", "team").order_by("entry_number"))


def registrations_to_seat(*, tournament: Tournament) -> list[Registration]:
    """Everyone still playing: reserves (not seated), players who have withdrawn, and the players the apps
    flag out (3.11.4 停赛, 3.11.5) get no new seats."""
    out = set(extensions.standing_flags(tournament.pk))
    return [registration for registration in registrations_of(tournament=tournament)
            if registration.pk not in out and not registration.reserve and registration.withdrawn_at is None]


def reserves_and_withdrawn(*, tournament: Tournament) -> dict[str, int]:
    """How many registrations the chart leaves out, and why (the seating page says so)."""
    rows = tournament.registrations
    return {"reserves": rows.filter(reserve=True, withdrawn_at__isnull=True).count(),
            "withdrawn": rows.filter(withdrawn_at__isnull=False).count()}


def chart_settings(*, tournament: Tournament) -> dict:
    """The seed and country choice of the last generation (kept in its audit event), for the form."""
    event = (
        AuditEvent.objects.filter(tournament=tournament, action=AuditAction.SEATING_CHART_GENERATED)
        .order_by("-created_at", "-pk")
        .first()
    )
    if event is None:
        return {"seed": 0, "avoid_country": False, "generated": False}
    return {
        "seed": event.detail.get("seed", 0),
        "avoid_country": event.detail.get("avoid_country", False),
        "generated": True,
    }


def chart_tables(*, tournament: Tournament) -> dict[int, dict[int, list[Registration]]]:
    """{session number: {table number: [registration E, S, W, N]}} of every seated session."""
    chart: dict[int, dict[int, list]] = defaultdict(lambda: defaultdict(lambda: [None] * 4))
    seats = SeatAssignment.objects.filter(session__tournament=tournament).select_related(
        "session", "table", "registration__player", "registration__team"
    )
    for seat in seats:
        chart[seat.session.number][seat.table.number][seat.seat] = seat.registration
    return {s: {t: list(regs) for t, regs in sorted(tables.items())} for s, tables in sorted(chart.items())}


def chart_seated_numbers(*, tournament: Tournament) -> dict[int, set[int]]:
    """{session number: the numbers of its seated tables}, read without the players."""
    numbers: dict[int, set[int]] = defaultdict(set)
    for session, table in (SeatAssignment.objects.filter(session__tournament=tournament)
                           .values_list("session__number", "table__number").distinct()):
        numbers[session].add(table)
    return dict(numbers)


def chart_overview(*, tournament: Tournament) -> dict:
    """Everything the seating page and the chart API show: sessions, tables, metrics."""
    registrations = registrations_of(tournament=tournament)
    tables = chart_tables(tournament=tournament)
    sessions = []
    for session in tournament.sessions.order_by("number"):
        session_tables = tables.get(session.number, {})
        sessions.append(
            {
                "session": session,
                "number": session.number,
                "status": session.status,
                "locked": session.status != Session.Status.PLANNED,
                "tables": [{"number": number, "seats": seats} for number, seats in session_tables.items()],
            }
        )
    settings = chart_settings(tournament=tournament)
    seated = registrations_to_seat(tournament=tournament)
    metrics = metrics_of(tables=tables, registrations=registrations)
    return {
        "sessions": sessions,
        "metrics": metrics,
        "settings": settings,
        "players": len(seated),
        "left_out": reserves_and_withdrawn(tournament=tournament),
        "teams": len({r.team_id for r in seated if r.team_id}),
        "constraints": constraints_explained(registrations=seated, metrics=metrics, tables=tables,
                                             by_country=settings["avoid_country"]),
    }


def constraints_explained(*, registrations, metrics, tables, by_country: bool) -> list[str]:
    """What the drawn chart achieved for each constraint and, where it falls short, why: teammates apart
    (hard, this system's reading of 3.5.1's 公平: only a team with more players than tables must share),
    compatriots apart when ticked (soft, 3.5.1 "也可采用": a country with more players than tables must share,
    and a repeat is never traded for it)."""
    if not metrics:
        return []
    table_count = max((len(session_tables) for session_tables in tables.values()), default=0)
    sessions = len(tables)
    lines = []
    teams = Counter(r.team.name for r in registrations if r.team_id is not None)
    crowded = [(name, size) for name, size in teams.most_common() if size > table_count]
    if metrics["same_team_pairs"] == 0:
        if teams:
            lines.append(_("Teammates: never at one table."))
    elif crowded:
        lines.append(_("Teammates: %(n)d seatings at one table, which cannot be avoided: team “%(team)s” has "
                       "%(size)d players for %(tables)d tables.") % {"n": metrics["same_team_pairs"],
                                                                      "team": crowded[0][0], "size": crowded[0][1],
                                                                      "tables": table_count})
    else:
        lines.append(_("Teammates: %(n)d seatings at one table. Draw again with another seed.")
                     % {"n": metrics["same_team_pairs"]})
    if by_country:
        countries = country_keys(registrations=registrations)
        fewest = fewest_same_key_seatings(countries, table_count)
        floor = sum(fewest.values()) * sessions
        if metrics["same_country_pairs"] == 0:
            lines.append(_("Compatriots: never at one table."))
        elif fewest:
            biggest = max(fewest, key=lambda key: (Counter(countries.values())[key], key))
            lines.append(_("Compatriots: %(n)d seatings at one table; at least %(floor)d cannot be avoided "
                           "(%(country)s: %(size)d players for %(tables)d tables). Teammates apart and no repeated "
                           "pair come first.") % {
                "n": metrics["same_country_pairs"], "floor": floor, "country": biggest,
                "size": Counter(countries.values())[biggest], "tables": table_count})
        else:
            lines.append(_("Compatriots: %(n)d seatings at one table: keeping teammates apart and no pair meeting "
                           "twice come first.") % {"n": metrics["same_country_pairs"]})
    return lines


def metrics_of(*, tables: dict, registrations: list[Registration]) -> dict | None:
    """The engine's measures of the stored chart (seated sessions only), ids as players.

    same_team_pairs / same_country_pairs count (session, pair) seatings of two teammates or
    compatriots at one table.
    """
    chart = [
        [tuple(r.pk for r in seats) for seats in session_tables.values() if None not in seats]
        for session_tables in tables.values()
    ]
    chart = [session for session in chart if session]
    if not chart:
        return None
    by_team = chart_metrics(chart, team_keys(registrations=registrations))
    by_country = chart_metrics(chart, country_keys(registrations=registrations))
    meetings = meetings_of(chart)
    worst = max(meetings.items(), key=lambda item: item[1], default=(None, 0))
    by_id = {r.pk: r for r in registrations}
    worst_pair = None
    if worst[1] > 1:
        worst_pair = sorted((by_id[p] for p in worst[0]), key=lambda r: r.entry_number)
    return {
        **by_team.as_dict(),
        "same_team_pairs": by_team.same_key_pairs,
        "same_country_pairs": by_country.same_key_pairs,
        "worst_pair": worst_pair,
    }


def meetings_of(chart) -> Counter:
    """Times each pair shared a table: {frozenset({a, b}): count}."""
    meetings = Counter()
    for tables in chart:
        for table in tables:
            for a, b in combinations(table, 2):
                meetings[frozenset((a, b))] += 1
    return meetings


def pairs_met(*, tournament: Tournament, before: int | None = None, exclude: int | None = None) -> Counter:
    """Pairs that share a table in the stored seats: sessions numbered below `before`, or all but
    session `exclude`."""
    seats = SeatAssignment.objects.filter(session__tournament=tournament)
    if before is not None:
        seats = seats.filter(session__number__lt=before)
    if exclude is not None:
        seats = seats.exclude(session__number=exclude)
    tables = defaultdict(list)
    for session_id, table_id, registration_id in seats.values_list("session_id", "table_id", "registration_id"):
        tables[(session_id, table_id)].append(registration_id)
    return meetings_of([list(tables.values())])


def standings_order(*, tournament: Tournament) -> list[int]:
    """Registration ids, best first, by the standings as they are now (3.10.1).

    Computed from the signed sheets on the spot rather than read from the latest snapshot, which
    the Celery task may not have caught up with yet. Disqualified players are left out; players
    not yet in the standings come last, by entry number.
    """
    registrations = registrations_to_seat(tournament=tournament)
    rank_of = {
        row["registration"]: row["rank"]
        for row in standings_compute(tournament)["individuals"]
        if row.get("rank") is not None
    }
    big = len(registrations) + 1
    ordered = sorted(registrations, key=lambda r: (rank_of.get(r.pk, big), r.entry_number))
    return [r.pk for r in ordered]


def sessions_not_final_before(*, session: Session) -> list[int]:
    """Numbers of the sessions before `session` whose results are not final yet: not finished, or
    with a sheet not signed. Seating by standings must wait for them."""
    earlier = Session.objects.filter(tournament_id=session.tournament_id, number__lt=session.number)
    unsigned = earlier.filter(sheets__status__in=["open", "closed"])  # any sheet of it not signed
    open_ = earlier.exclude(status=Session.Status.FINISHED)
    return sorted(set(open_.values_list("number", flat=True)) | set(unsigned.values_list("number", flat=True)))


def starts_by_player(*, session: Session) -> dict[int, list[int]]:
    """How often each player starts in each wind (E, S, W, N) in the tournament's other sessions."""
    starts: dict[int, list[int]] = defaultdict(lambda: [0, 0, 0, 0])
    seats = SeatAssignment.objects.filter(session__tournament_id=session.tournament_id).exclude(session=session)
    for registration_id, seat in seats.values_list("registration_id", "seat"):
        starts[registration_id][seat] += 1
    return starts


# --- one player ---------------------------------------------------------------------------------


def registration_by_entry(*, tournament: Tournament, entry: int) -> Registration:
    registration = (
        tournament.registrations.select_related("player", "team").filter(entry_number=entry).first()
    )
    if registration is None:
        raise NotFound("No such player.")
    return registration


def player_schedule(*, tournament: Tournament, registration: Registration) -> dict:
    """Table and starting seat in every session, who sits E/S/W/N in rounds 1-4 (Appendix 4), and
    the session that matters now: the running one, else the next planned one."""
    own = {
        seat.session_id: seat
        for seat in SeatAssignment.objects.filter(registration=registration).select_related("table", "session")
    }
    table_mates = defaultdict(lambda: [None] * 4)
    for seat in SeatAssignment.objects.filter(
        session_id__in=own.keys(), table_id__in=[s.table_id for s in own.values()]
    ).select_related("registration__player"):
        if own[seat.session_id].table_id == seat.table_id:
            table_mates[seat.session_id][seat.seat] = seat.registration
    sessions = []
    for session in tournament.sessions.order_by("number"):
        seat = own.get(session.pk)
        entry = {"number": session.number, "status": session.status, "session": session, "seated": seat is not None,
                 "running": session.status == Session.Status.RUNNING}
        if seat is not None:
            starting = table_mates[session.pk]
            entry.update(
                table=seat.table.number,
                seat=seat.seat,
                wind=WIND[seat.seat],
                players=[{"wind": WIND[w], "registration": r} for w, r in enumerate(starting)],
                # Appendix 4: seats change after every round; who sits East, South, West, North.
                rounds=[
                    {
                        "round": index + 1,
                        "seats": [{"wind": WIND[w], "registration": r} for w, r in enumerate(order)],
                        "mine": WIND[order.index(registration)] if registration in order else "",
                    }
                    for index, order in ((i, list(round_seats(tuple(starting), i))) for i in range(4))
                ]
                if None not in starting
                else [],
            )
        sessions.append(entry)
    running = next((s for s in sessions if s["status"] == Session.Status.RUNNING), None)
    upcoming = next((s for s in sessions if s["status"] == Session.Status.PLANNED), None)
    return {"registration": registration, "sessions": sessions, "now": running or upcoming}
