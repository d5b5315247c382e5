"""Writes of the seating app: the seat-rotation chart (编组表, Appendix 3) drawn by the engine,
manual swaps, and later sessions seated from the standings.

Every function takes keyword-only arguments, runs in one transaction and records an audit event;
seats are written through the core's `session_seats_replace`, which validates them and refuses a
session that has started (its seats are locked).

- `chart_generate`: 3.5.1 — the draw keeps teammates apart (the engine's hard key: the rule names only
  compatriots; teammates apart is this system's reading of its 公平 in a team event), and compatriots as
  far as that and the no-repeat design allow when the organizer ticks "by country" (a soft key: the rule's
  "也可采用"). Sessions that have started are locked and kept (and, on request, the sessions already
  drawn); while nothing is kept, the engine draws the whole chart at once; otherwise the remaining
  sessions are drawn in turn, avoiding every pair that has already met (see the function).
- `seats_swap`: two players of one planned session change places; warnings for repeated pairs and
  teammates at one table.
- `session_seat_by_standings`: "top" (1-4, 5-8, …) or "snake" from the latest standings, avoiding
  pairs met in earlier sessions and teammates where possible.
"""

import random
from itertools import permutations

from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils.translation import gettext as _

from seating import selectors
from seating.engine import build_chart, chart_metrics, seat_by_standings
from tournaments.audit import AuditAction, audit_record
from tournaments.locks import lock_session, lock_tournament
from tournaments.models import SeatAssignment, Session, Tournament
from tournaments.sessions.services import session_seats_check_open, session_seats_replace

METHODS = ("top", "snake")
MAX_SEED = 2**31 - 1


@transaction.atomic
def chart_generate(*, actor, tournament: Tournament, seed: int = 0, avoid_country: bool = False,
                   keep_drawn: bool = False) -> dict:
    """Draw the chart (Appendix 3) for the planned sessions and store it; returns its metrics.

    Who is drawn: every registration still playing (selectors.registrations_to_seat: no reserve, nobody who has
    withdrawn or is flagged out). Teammates never share a table where the numbers allow (the engine's hard key;
    a reading of 3.5.1's 公平, which names only compatriots); with `avoid_country`, compatriots are kept apart as
    far as that and the no-repeat design allow (a soft key: 3.5.1 "也可采用"). Sessions that have started keep their
    seats (they are locked), and with `keep_drawn` so do the planned sessions already drawn (players may have
    their schedules): only the sessions with no seats are drawn. While nothing is kept, the engine draws the
    whole chart at once (`build_chart`: no repeats where a design allows, starting seats balanced).
    `build_chart` cannot plan around kept sessions, so otherwise the remaining sessions are drawn one after
    another: a seeded random order through the engine's `seat_by_standings`, which keeps apart every pair that
    has met so far and teammates, and compatriots where that costs neither, and starting seats chosen to even
    out each player's winds.
    """
    tournament = lock_tournament(tournament.pk)
    if not 0 <= seed <= MAX_SEED:
        raise ValidationError(_("The seed must be a whole number from 0 to %(max)d.") % {"max": MAX_SEED})
    sessions = list(tournament.sessions.order_by("number"))
    if not sessions:
        raise ValidationError(_("The tournament has no sessions."))
    # 3.5.4: a session of qualifiers is seated from the standings once they are known
    # (session_seat_by_standings), not drawn in advance with everyone.
    drawn_numbers = set(SeatAssignment.objects.filter(session__tournament=tournament)
                        .values_list("session__number", flat=True).distinct())
    kept = [s for s in sessions if s.status != Session.Status.PLANNED
            or (keep_drawn and s.number in drawn_numbers)]
    planned = [s for s in sessions if s not in kept and s.qualification == Session.Qualification.ALL]
    if not planned:
        raise ValidationError(_("Every session has started or is drawn: there is nothing left to draw."))
    registrations = selectors.registrations_to_seat(tournament=tournament)
    if not registrations or len(registrations) % 4:
        left_out = selectors.reserves_and_withdrawn(tournament=tournament)
        raise ValidationError(
            _("%(n)d players cannot fill tables of four (reserves: %(reserves)d and withdrawn players: "
              "%(withdrawn)d are not seated): add players, or make some of them reserves (their registration's "
              "page), first.") % {"n": len(registrations), **left_out}
        )
    teams = selectors.team_keys(registrations=registrations)
    countries = selectors.country_keys(registrations=registrations) if avoid_country else {}
    players = [r.pk for r in registrations]
    if kept:
        stored = selectors.chart_tables(tournament=tournament)
        played = [
            [tuple(r.pk for r in seats) for seats in stored.get(s.number, {}).values() if None not in seats]
            for s in kept
        ]
        drawn = _draw_after(players=players, played=played, count=len(planned), teams=teams, countries=countries,
                            seed=seed)
        chart = played + drawn
    else:
        drawn = chart = build_chart(players, len(planned), avoid=teams, seed=seed, prefer_apart=countries)
    for session, tables in zip(planned, drawn):
        session_seats_replace(
            actor=actor,
            session=session,
            tables={number: list(table) for number, table in enumerate(tables, start=1)},
        )
    # A late entry drawn from an earlier session than they were registered from plays from there.
    tournament.registrations.filter(pk__in=players, seated_from__gt=planned[0].number).update(
        seated_from=planned[0].number)
    metrics = {**chart_metrics(chart, teams).as_dict(),
               "same_country_pairs": chart_metrics(chart, countries).same_key_pairs if countries else None}
    audit_record(
        actor=actor,
        tournament=tournament,
        action=AuditAction.SEATING_CHART_GENERATED,
        obj=tournament,
        detail={
            "seed": seed,
            "avoid_country": avoid_country,
            "keep_drawn": keep_drawn,
            "sessions": [s.number for s in planned],
            "locked": [s.number for s in kept],
            "metrics": metrics,
        },
    )
    return metrics


def _draw_after(*, players, played, count, teams, countries, seed) -> list[list[tuple]]:
    """`count` more sessions after the `played` ones, each keeping apart every pair met so far and
    teammates, and compatriots where that costs neither (3.5.1); starting seats even out each player's winds."""
    rng = random.Random(seed)
    met = selectors.meetings_of(played)
    starts = {player: [0, 0, 0, 0] for player in players}
    for tables in played:
        for table in tables:
            for wind, player in enumerate(table):
                if player in starts:
                    starts[player][wind] += 1
    drawn = []
    for _session in range(count):
        order = list(players)
        rng.shuffle(order)
        tables = seat_by_standings(order, method="top", met=dict(met), avoid=teams, seed=rng.randrange(MAX_SEED),
                                   prefer_apart=countries)
        tables = _balanced_starts(tables, starts)
        for table in tables:
            for wind, player in enumerate(table):
                starts[player][wind] += 1
        met.update(selectors.meetings_of([tables]))
        drawn.append(tables)
    return drawn


def _balanced_starts(tables, starts) -> list[tuple]:
    """Each table's players in the order (E, S, W, N) that evens out their starting winds.

    Not a rule (Appendix 3 is the blank chart; Appendix 4 rotates the seats within a session): an
    extra of this system, so that every player starts in each wind about equally often over the
    competition. `starts[player]` counts their starts per wind so far.
    """
    return [min(permutations(table), key=lambda seats: sum(starts[p][w] for w, p in enumerate(seats)))
            for table in tables]


def _tables_of(session: Session) -> dict[int, list[int]]:
    tables: dict[int, list] = {}
    for table_number, seat, registration_id in SeatAssignment.objects.filter(session=session).values_list(
        "table__number", "seat", "registration_id"
    ):
        tables.setdefault(table_number, [None] * 4)[seat] = registration_id
    return tables


def _warnings(
    *, tournament: Tournament, session: Session, tables: dict[int, list[int]], touched: set[int]
) -> list[str]:
    """Repeated pairs (met in another session) and teammates at one table, among `touched` tables."""
    met = selectors.pairs_met(tournament=tournament, exclude=session.number)
    registrations = {r.pk: r for r in selectors.registrations_of(tournament=tournament)}
    warnings = []
    for number in sorted(touched):
        seats = tables[number]
        for i, a in enumerate(seats):
            for b in seats[i + 1:]:
                first, second = sorted((registrations[a], registrations[b]), key=lambda r: r.entry_number)
                names = {"a": first.entry_number, "b": second.entry_number, "table": number}
                if met.get(frozenset((a, b))):
                    warnings.append(_("Table %(table)s: entries %(a)s and %(b)s meet again.") % names)
                if first.team_id is not None and first.team_id == second.team_id:
                    warnings.append(_("Table %(table)s: entries %(a)s and %(b)s are teammates.") % names)
    return warnings


@transaction.atomic
def seats_swap(*, actor, session: Session, first_entry: int, second_entry: int) -> list[str]:
    """Two players of one planned session change tables and seats; returns warnings, if any."""
    session = lock_session(session.pk)
    tournament = session.tournament
    session_seats_check_open(session)
    if first_entry == second_entry:
        raise ValidationError(_("Choose two different players."))
    seats = {
        seat.registration.entry_number: seat
        for seat in SeatAssignment.objects.filter(
            session=session, registration__entry_number__in=[first_entry, second_entry]
        ).select_related("registration", "table")
    }
    missing = [entry for entry in (first_entry, second_entry) if entry not in seats]
    if missing:
        raise ValidationError(
            _("Entry %(entry)s has no seat in session %(n)s.") % {"entry": missing[0], "n": session.number}
        )
    a, b = seats[first_entry], seats[second_entry]
    tables = _tables_of(session)
    tables[a.table.number][a.seat], tables[b.table.number][b.seat] = b.registration_id, a.registration_id
    session_seats_replace(actor=actor, session=session, tables=tables)
    touched = {a.table.number, b.table.number}
    warnings = _warnings(tournament=tournament, session=session, tables=tables, touched=touched)
    audit_record(
        actor=actor,
        tournament=tournament,
        action=AuditAction.SEATING_SEATS_SWAPPED,
        obj=session,
        detail={
            "session": session.number,
            "entries": [first_entry, second_entry],
            "from": [[a.table.number, a.seat], [b.table.number, b.seat]],
            "warnings": warnings,
        },
    )
    return warnings


@transaction.atomic
def session_seat_by_standings(
    *, actor, session: Session, method: str, seed: int = 0, avoid_country: bool = False
) -> list[str]:
    """Seat one planned session from the latest standings ("top" or "snake"); returns warnings.

    Pairs who met in earlier sessions and teammates (or compatriots) are kept apart where possible.
    """
    session = lock_session(session.pk)
    tournament = session.tournament
    if method not in METHODS:
        raise ValidationError(_("Choose top vs top or snake."))
    session_seats_check_open(session)
    if not 0 <= seed <= MAX_SEED:
        raise ValidationError(_("The seed must be a whole number from 0 to %(max)d.") % {"max": MAX_SEED})
    pending = selectors.sessions_not_final_before(session=session)
    if pending:
        raise ValidationError(
            _("Sessions %(sessions)s are not over or not all signed: their results must be final before seating by "
              "standings.") % {"sessions": ", ".join(map(str, pending))}
        )
    ranked = selectors.standings_order(tournament=tournament)
    if session.qualification != Session.Qualification.ALL:
        # 3.5.4: only the session's qualifiers, in standings order.
        qualifiers = set(session.qualifiers.values_list("pk", flat=True))
        ranked = [registration for registration in ranked if registration in qualifiers]
    if not ranked or len(ranked) % 4:
        raise ValidationError(
            _("%(n)d players cannot fill tables of four: add or remove players (or substitutes) first.")
            % {"n": len(ranked)}
        )
    # Only the players being seated: the engine refuses keys for anyone else (a disqualified player).
    seating = set(ranked)
    registrations = [r for r in selectors.registrations_to_seat(tournament=tournament) if r.pk in seating]
    teams = selectors.team_keys(registrations=registrations)
    # Teammates apart (a reading of 3.5.1's 公平); compatriots (3.5.1 "也可采用") where that costs no repeat.
    countries = selectors.country_keys(registrations=registrations) if avoid_country else None
    met = selectors.pairs_met(tournament=tournament, before=session.number)
    seated = seat_by_standings(ranked, method=method, met=dict(met), avoid=teams, seed=seed, prefer_apart=countries)
    seated = _balanced_starts(seated, selectors.starts_by_player(session=session))
    tables = {number: list(table) for number, table in enumerate(seated, start=1)}
    session_seats_replace(actor=actor, session=session, tables=tables)
    # Warn about what could not be avoided (earlier sessions only: later ones may be redrawn).
    team_of = {r.pk: r.team_id for r in registrations}
    warnings = []
    for number, seats in tables.items():
        for i, a in enumerate(seats):
            for b in seats[i + 1:]:
                if met.get(frozenset((a, b))):
                    warnings.append(_("Table %(table)s: a pair meets again.") % {"table": number})
                if team_of[a] is not None and team_of[a] == team_of[b]:
                    warnings.append(_("Table %(table)s: teammates at one table.") % {"table": number})
    audit_record(
        actor=actor,
        tournament=tournament,
        action=AuditAction.SEATING_SEATED_BY_STANDINGS,
        obj=session,
        detail={"session": session.number, "method": method, "seed": seed, "avoid_country": avoid_country,
                "warnings": len(warnings)},
    )
    return warnings
