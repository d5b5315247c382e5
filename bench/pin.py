"""Pin eligibility recompute on PostgreSQL: 20,000 players across 300 registered competitions.

Measures, in one run on a throwaway PostgreSQL (scripts/test-services.sh, as the tests use):
- full: `eligibility_recompute()` of every player with no ledger stored yet (every ledger written; no
  snapshot, as no version is replaced), median of --repeat runs (the ledgers are deleted before each);
- full, nothing changed: the same with every ledger stored (digests compared, nothing written);
- incremental: one more competition registered (its results bulk-created, timed beside) and
  `eligibility_recompute(player_ids=its players)`, median of --repeat runs;
- references in the same run on the same database: `SELECT count(*)` of the results, and one
  GROUP BY of every current result per player (the aggregation a ledger needs, in plain SQL).
Targets (issue 42): full at most 25x the GROUP BY reference, incremental under 100 ms.

Run from the repository root:  python bench/pin.py [--players 20000] [--competitions 300] [--repeat 5]
"""
from __future__ import annotations

import argparse
import datetime as dt
import os
import random
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from bench.services import django_setup, fresh_database, summary, throwaway_services  # noqa: E402

LEVELS = [("world", "A", 120, 8), ("continental", "B", 90, 7), ("national", "B", 100, 8), ("regional", "C", 60, 6),
          ("web", "C", 150, 10)]


def build(players: int, competitions: int, seed: int):
    from django.contrib.auth import get_user_model

    from pin_ranking.models import Competition, CompetitionResult
    from tournaments.models import Player

    rng = random.Random(seed)
    user = get_user_model().objects.create_user("bench-pin", password="x")
    people = Player.objects.bulk_create(
        Player(name=f"Player {n:05d}", country="CN", federation_id=f"B{n:05d}") for n in range(players)
    )
    rows = Competition.objects.bulk_create(_competition(rng, n, user) for n in range(competitions))
    results = []
    for competition in rows:
        results.extend(_results(rng, competition, people))
    CompetitionResult.objects.bulk_create(results, batch_size=5000)
    return user, people, rows, len(results)


def _competition(rng, n, user):
    from pin_ranking.models import Competition

    level, klass, size, sessions = rng.choice(LEVELS)
    day = dt.date(2020, 1, 1) + dt.timedelta(days=n * 5)
    return Competition(source=Competition.Source.RESULTS_FILE, name=f"Bench Competition {n:03d}", level=level,
                       klass=klass, players=size, sessions=sessions, starts_on=day, ends_on=day, registered_by=user)


def _results(rng, competition, people):
    from pin_ranking.models import CompetitionResult

    field = rng.sample(people, competition.players)
    scored = [(p, rng.randint(0, 4 * competition.sessions * 2) * 6, rng.randint(-600, 900)) for p in field]
    scored.sort(key=lambda row: (-row[1], -row[2]))
    return [CompetitionResult(competition=competition, player=p, federation_id=p.federation_id, name=p.name,
                              rank=rank, table_points=tp, contest_points=cp, team_rank=rng.choice([None, 1, 2, 5]))
            for rank, (p, tp, cp) in enumerate(scored, start=1)]


def timed(fn, repeat: int, before=None, reference=None):
    samples, references = [], []
    for i in range(repeat):
        if before is not None:
            before(i)
        if reference is not None:
            start = time.perf_counter()
            reference()
            references.append((time.perf_counter() - start) * 1000)
        start = time.perf_counter()
        fn()
        samples.append((time.perf_counter() - start) * 1000)
    return samples, references


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=20000)
    parser.add_argument("--competitions", type=int, default=300)
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--seed", type=int, default=2026)
    args = parser.parse_args()
    with throwaway_services():
        django_setup()
        with fresh_database():
            return run(args)


def run(args) -> int:
    from django.db import connection

    from pin_ranking.ledger.services import eligibility_recompute
    from pin_ranking.models import CompetitionResult, Ledger, LedgerSnapshot

    start = time.perf_counter()
    user, people, competitions, count = build(args.players, args.competitions, args.seed)
    with connection.cursor() as cursor:
        cursor.execute("ANALYZE")
    print(f"built {args.players} players, {args.competitions} competitions, {count} certified results in "
          f"{time.perf_counter() - start:.1f} s (PostgreSQL {connection.pg_version})")

    def sql(statement):
        def run_it():
            with connection.cursor() as cursor:
                cursor.execute(statement)
                cursor.fetchall()
        return run_it

    count_sql = sql("SELECT count(*) FROM pin_ranking_competitionresult")
    group_sql = sql(
        "SELECT r.player_id, c.level, sum(r.table_points), sum(greatest(r.contest_points, 0)), min(r.rank) "
        "FROM pin_ranking_competitionresult r JOIN pin_ranking_competition c ON c.id = r.competition_id "
        "WHERE r.superseded_at IS NULL AND c.unregistered_at IS NULL GROUP BY r.player_id, c.level"
    )
    rows = {}
    rows["reference: SELECT count(*) FROM results"] = timed(count_sql, args.repeat * 3)
    rows["reference: GROUP BY player of every current result"] = timed(group_sql, args.repeat * 3, reference=count_sql)

    def forget(_i):
        LedgerSnapshot.objects.all().delete()
        Ledger.objects.all().delete()

    summaries = []
    rows["full recompute (no ledger stored yet)"] = timed(
        lambda: summaries.append(eligibility_recompute(reason="bench")), args.repeat, before=forget,
        reference=count_sql)
    ledgers = Ledger.objects.count()
    rows["full recompute, nothing changed"] = timed(
        lambda: eligibility_recompute(reason="bench"), args.repeat, reference=count_sql)

    rng = random.Random(args.seed + 1)
    registering = []
    added = []

    def register(i):
        from pin_ranking.models import Competition

        begin = time.perf_counter()
        competition = Competition.objects.bulk_create([_competition(rng, args.competitions + i, user)])[0]
        results = CompetitionResult.objects.bulk_create(_results(rng, competition, people))
        registering.append((time.perf_counter() - begin) * 1000)
        added.append([r.player_id for r in results])

    rows["incremental: recompute after one competition registered"] = timed(
        lambda: eligibility_recompute(player_ids=added[-1], reason="bench"), args.repeat, before=register,
        reference=count_sql)
    rows["(registering it: competition and results bulk-created)"] = (registering, [])

    print()
    print("Ratios: each row's median over the median of a `SELECT count(*)` of the results run just before each")
    print("of its samples (the machine is shared: the reference is taken under the same load).")
    print()
    print(f"| {'measurement':<55} | median ms |   min ms |   max ms |  n | count(*) ms | ratio |")
    print(f"|{'-' * 57}|----------:|---------:|---------:|---:|------------:|------:|")
    for name, (samples, references) in rows.items():
        s = summary(samples)
        if name.startswith("("):
            ratio, ref_text = "     ", "           "
        elif references:
            ref = summary(references)["median"]
            ratio, ref_text = f"{s['median'] / ref:5.0f}", f"{ref:11.1f}"
        else:
            ratio, ref_text = "    1", f"{s['median']:11.1f}"
        print(f"| {name:<55} | {s['median']:9.1f} | {s['min']:8.1f} | {s['max']:8.1f} | {s['n']:2d} | {ref_text} | "
              f"{ratio} |")
    group = summary(rows["reference: GROUP BY player of every current result"][0])["median"]
    full = summary(rows["full recompute (no ledger stored yet)"][0])["median"]
    unchanged = summary(rows["full recompute, nothing changed"][0])["median"]
    incremental = summary(rows["incremental: recompute after one competition registered"][0])["median"]
    print()
    print(f"{ledgers} ledgers ({summaries[-1].changed} written by a full recompute); full / GROUP BY reference "
          f"{full / group:.1f}x, nothing changed / GROUP BY {unchanged / group:.1f}x; load average "
          f"{os.getloadavg()[0]:.1f} on {os.cpu_count()} CPUs")
    print(f"full recompute {full:.0f} ms, {full / group:.1f}x the GROUP BY (target <= 25x: "
          f"{'met' if full <= 25 * group else 'MISSED'}); "
          f"incremental {incremental:.0f} ms (target < 100 ms: {'met' if incremental < 100 else 'MISSED'})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
