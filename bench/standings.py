"""Standings recompute on PostgreSQL: 1,000 players x 10 sessions (2,500 signed sheets, 40,000 hands).

Measures, in one run on a throwaway PostgreSQL (scripts/test-services.sh, as the tests use):
- full: `standings_recompute` with no earlier snapshot (cold), median of --repeat runs;
- incremental: one hand of one signed sheet corrected (through `hand_correct`, as the chief
  referee would) and the standings recomputed, median of --repeat runs (the recompute is timed
  alone; the correction is timed beside it);
- a reference measured in the same run on the same database: `SELECT count(*)` of the hands and a
  plain aggregate of their deltas, so the ratios mean something on a shared, noisy machine.
Targets (issue "Score sheets and standings"): full under 2 s, incremental under 100 ms.

Run from the repository root:  python bench/standings.py [--players 1000] [--sessions 10] [--repeat 7]
"""
from __future__ import annotations

import argparse
import datetime as dt
import os
import random
import sys
import time
from unittest import mock

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from bench.services import django_setup, fresh_database, summary, throwaway_services  # noqa: E402

HANDS = 16
STRAIGHT = "123m456m789m123p5p+5p"  # 23 on a discard


def build(players: int, sessions: int, seed: int):
    """Bulk-create the tournament: signed sheets whose hands are already validated (zero-sum deltas)."""
    from django.contrib.auth import get_user_model
    from django.utils import timezone

    from scoring.engine import settle
    from tournaments.models import (
        Hand, Membership, Player, Registration, Role, ScoreSheet, SeatAssignment, Session, Table, Team, Tournament,
    )

    rng = random.Random(seed)
    now = timezone.now()
    chief = get_user_model().objects.create_user("bench-chief", password="x")
    tournament = Tournament.objects.create(
        name="Bench Open", starts_on=dt.date(2026, 5, 1), ends_on=dt.date(2026, 5, 3),
        planned_sessions=sessions, status=Tournament.Status.RUNNING,
    )
    Membership.objects.create(user=chief, tournament=tournament, role=Role.CHIEF_REFEREE)
    session_rows = Session.objects.bulk_create(
        Session(tournament=tournament, number=n, status=Session.Status.FINISHED, started_at=now, ended_at=now)
        for n in range(1, sessions + 1)
    )
    tables = Table.objects.bulk_create(Table(tournament=tournament, number=n) for n in range(1, players // 4 + 1))
    teams = Team.objects.bulk_create(
        Team(tournament=tournament, name=f"Team {n:04d}", country="CN") for n in range(1, players // 4 + 1)
    )
    player_rows = Player.objects.bulk_create(
        Player(name=f"Player {n:04d}", country="CN", contact=f"p{n}@example.org") for n in range(1, players + 1)
    )
    registrations = Registration.objects.bulk_create(
        Registration(tournament=tournament, player=player, entry_number=n + 1, team=teams[n // 4])
        for n, player in enumerate(player_rows)
    )
    ids = [registration.pk for registration in registrations]
    seats, sheets = [], []
    for session in session_rows:
        order = ids[:]
        rng.shuffle(order)
        for t, table in enumerate(tables):
            for seat in range(4):
                seats.append(SeatAssignment(session=session, table=table, seat=seat, registration_id=order[4 * t + seat]))
            sheets.append(
                ScoreSheet(session=session, table=table, referee=chief, status=ScoreSheet.Status.LOCKED,
                           version=HANDS + 8, closed_at=now, locked_at=now)
            )
    SeatAssignment.objects.bulk_create(seats, batch_size=5000)
    sheets = ScoreSheet.objects.bulk_create(sheets, batch_size=5000)
    hands = []
    for sheet in sheets:
        for number in range(1, HANDS + 1):
            kind = rng.random()
            if kind < 0.15:
                hands.append(Hand(sheet=sheet, number=number, result="draw"))
                continue
            winner = rng.randrange(4)
            discarder = None if kind < 0.35 else rng.choice([s for s in range(4) if s != winner])
            total = rng.choice([8, 8, 9, 10, 12, 13, 16, 18, 24, 32, 48, 64, 88])
            d = settle(total, winner=winner, discarder=discarder)
            hands.append(
                Hand(sheet=sheet, number=number, result="win", winner=winner, discarder=discarder,
                     declared_fans=[], fan_points=total, total=total, d0=d[0], d1=d[1], d2=d[2], d3=d[3])
            )
    Hand.objects.bulk_create(hands, batch_size=5000)
    return tournament, chief, sheets


def timed(fn, repeat: int, before=None) -> list[float]:
    samples = []
    for i in range(repeat):
        if before is not None:
            before(i)
        start = time.perf_counter()
        fn()
        samples.append((time.perf_counter() - start) * 1000)
    return samples


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=1000)
    parser.add_argument("--sessions", type=int, default=10)
    parser.add_argument("--repeat", type=int, default=7)
    parser.add_argument("--seed", type=int, default=2026)
    args = parser.parse_args()
    if args.players % 4:
        parser.error("--players must be a multiple of 4")
    with throwaway_services():
        django_setup()
        with fresh_database():
            return run(args)


def run(args) -> int:
    from django.db import connection, transaction

    from tournaments import tasks
    from tournaments.models import Hand, ScoreSheet, StandingsSnapshot
    from tournaments.services import sheets as sheet_services
    from tournaments.services.standings import standings_recompute

    start = time.perf_counter()
    tournament, chief, sheets = build(args.players, args.sessions, args.seed)
    with connection.cursor() as cursor:
        cursor.execute("ANALYZE")
    print(f"built {args.players} players x {args.sessions} sessions: {ScoreSheet.objects.count()} signed sheets, "
          f"{Hand.objects.count()} hands in {time.perf_counter() - start:.1f} s (PostgreSQL {connection.pg_version})")

    def sql(statement):
        def run_it():
            with connection.cursor() as cursor:
                cursor.execute(statement)
                cursor.fetchall()
        return run_it

    rows = {}
    rows["reference: SELECT count(*) FROM hands"] = timed(sql("SELECT count(*) FROM tournaments_hand"), args.repeat * 3)
    rows["reference: sum of deltas per sheet (GROUP BY)"] = timed(
        sql("SELECT sheet_id, sum(d0), sum(d1), sum(d2), sum(d3) FROM tournaments_hand GROUP BY sheet_id"),
        args.repeat * 3,
    )

    def recompute():
        standings_recompute(tournament_id=tournament.pk)

    def forget(_i):
        StandingsSnapshot.objects.filter(tournament=tournament).delete()
        cache_clear = getattr(sys.modules.get("tournaments.standings"), "cache_clear", None)
        if cache_clear is not None:
            cache_clear()

    rows["full recompute (no snapshot yet, caches empty)"] = timed(recompute, args.repeat, before=forget)
    rows["recompute, nothing changed"] = timed(recompute, args.repeat)

    rng = random.Random(args.seed + 1)
    corrections = []

    def correct(_i):
        sheet = ScoreSheet.objects.get(pk=rng.choice(sheets).pk)
        number = rng.randrange(1, 17)
        winner = rng.randrange(4)
        discarder = (winner + rng.randrange(1, 4)) % 4
        # The correction's own on-commit recompute is switched off: the recompute is timed by itself.
        with mock.patch.object(tasks.standings_recompute_task, "delay"):
            begin = time.perf_counter()
            with transaction.atomic():
                sheet_services.hand_correct(
                    actor=chief, sheet=sheet, number=number, expected_version=sheet.version,
                    reason="bench: winner corrected", result="win", winner=winner, discarder=discarder, tiles=STRAIGHT,
                )
            corrections.append((time.perf_counter() - begin) * 1000)

    rows["incremental: recompute after one hand corrected"] = timed(recompute, args.repeat, before=correct)
    rows["(the correction itself, hand_correct)"] = corrections
    latest = StandingsSnapshot.objects.filter(tournament=tournament).order_by("-version").first()
    size = len(str(latest.data)) if latest else 0

    reference = summary(rows["reference: SELECT count(*) FROM hands"])["median"]
    print()
    print(f"| {'measurement':<50} | median ms |   min ms |   max ms |  n | x count(*) |")
    print(f"|{'-' * 52}|----------:|---------:|---------:|---:|-----------:|")
    for name, samples in rows.items():
        s = summary(samples)
        print(f"| {name:<50} | {s['median']:9.1f} | {s['min']:8.1f} | {s['max']:8.1f} | {s['n']:2d} | "
              f"{s['median'] / reference:10.1f} |")
    full = summary(rows["full recompute (no snapshot yet, caches empty)"])["median"]
    incremental = summary(rows["incremental: recompute after one hand corrected"])["median"]
    print()
    print(f"snapshot: {len(latest.data['individuals']) if latest else 0} players, ~{size / 1e6:.1f} MB as text")
    print(f"full recompute {full:.0f} ms (target < 2000 ms: {'met' if full < 2000 else 'MISSED'}); "
          f"incremental {incremental:.0f} ms (target < 100 ms: {'met' if incremental < 100 else 'MISSED'})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
