"""The opening rush: 2,000 entries in 60 s for 300 places with country quotas, behind the shipped proxy.

One run, all on loopback: a throwaway PostgreSQL and Redis (scripts/test-services.sh), a published tournament with
entries open for --places places (CN 100, JP 60, KR 40 kept until a release day a month away; the rest open to
anyone), gunicorn with the shipped deploy/gunicorn.conf.py and nginx with the shipped deploy/nginx/mcr.conf in front
(config/proxy.py; DJANGO_PROXY_COUNT=1, as docker-compose sets). Then --entrants people arrive over --seconds
seconds (evenly spread, in --threads threads), each from an address of its own among 250 loopback addresses (a
venue's NAT is not the case measured here: the per-address limit is), and each

  1. enters through the API (POST /api/tournaments/<id>/entries/, JSON),
  2. follows the link of its mail 5 to 60 s later (POST /api/entry/<token>/ {"action": "confirm"}; the bench reads
     the token as the mail would carry it: the worker that sends mail is not running, the mail waits in the outbox).

Meanwhile the login page is fetched every 0.2 s: the reference measured in the same run.

Reported: p50/p95 of an entry and of a confirmation, the login page's p95 and the ratios, errors, entries lost
(answered 201, not in the database) and the outcome: exactly --places places held, the waiting list in order of
entry (queue numbers 1..N once each; within a country, nobody later holds a place that an earlier one waits for).

Run from the repository root:  python bench/entries.py [--entrants 2000] [--places 300] [--seconds 60]
"""
from __future__ import annotations

import argparse
import heapq
import http.client
import json
import os
import random
import sys
import threading
import time
import urllib.parse

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from bench.services import django_setup, fresh_database, throwaway_services  # noqa: E402
from bench.submission import HOST, percentile  # noqa: E402

QUOTAS = {"CN": 100, "JP": 60, "KR": 40}
# Who enters: more Chinese, Japanese and Korean players than their quotas, and the rest of the world.
COUNTRIES = ["CN"] * 30 + ["JP"] * 15 + ["KR"] * 10 + ["NL", "DE", "FR", "DK", "HU", "US", "BR", "AU", "RU"] * 5


def quotas_for(places: int) -> dict[str, int]:
    """QUOTAS for 300 places, scaled to `places`."""
    return {country: n * places // 300 for country, n in QUOTAS.items()}


ADDRESSES = [f"127.0.{1 + n // 250}.{1 + n % 250}" for n in range(250)]


def request(port: int, method: str, path: str, body: dict | None = None, source: str = HOST):
    connection = http.client.HTTPConnection(HOST, port, timeout=30, source_address=(source, 0))
    try:
        started = time.perf_counter()
        headers = {"Content-Type": "application/json"} if body is not None else {}
        connection.request(method, path, body=json.dumps(body).encode() if body is not None else None,
                           headers=headers)
        response = connection.getresponse()
        data = response.read()
        return response.status, data, (time.perf_counter() - started) * 1000
    finally:
        connection.close()


def setup(places: int) -> int:
    import datetime as dt

    from django.utils import timezone

    from entries import services
    from testing.fixtures import make_user
    from testing.scenarios import publish
    from tournaments.core import services as core_services

    organizer = make_user("bench-organizer")
    tournament = core_services.tournament_create(actor=organizer, name="Bench Championship", venue="Hall",
                                                 starts_on=dt.date(2027, 6, 1), ends_on=dt.date(2027, 6, 3))
    publish(tournament)
    now = timezone.now()
    services.entry_window_set(actor=organizer, tournament=tournament, opens_at=now - dt.timedelta(hours=1),
                              closes_at=now + dt.timedelta(days=30), capacity=places, quotas=quotas_for(places),
                              quota_release_on=(now + dt.timedelta(days=30)).date())
    return tournament.pk


def rush(args, port: int, tournament_id: int) -> dict:
    from entries import links
    from entries.models import Entry

    results = {"enter": [], "confirm": [], "errors": [], "answered": []}
    lock = threading.Lock()
    started = time.monotonic()
    each = args.seconds / args.entrants

    # One timetable for every request: entrant n enters at n * each seconds, and follows its mail's link 5 to 60 s
    # later (people read their mail; a rush of 2,000 clicks in the same second is not what happens).
    timetable: list[tuple[float, int, str, str]] = [(started + n * each, n, "enter", "") for n in range(args.entrants)]
    heapq.heapify(timetable)
    timetable_lock = threading.Condition()
    pending = [args.entrants * 2]

    def enter(n: int):
        rng = random.Random(n)
        body = {"name": f"Entrant {n}", "country": rng.choice(COUNTRIES), "email": f"e{n}@example.org",
                "consent": True}
        status, data, elapsed = request(port, "POST", f"/api/tournaments/{tournament_id}/entries/", body,
                                        ADDRESSES[n % len(ADDRESSES)])
        with lock:
            if status != 201:
                results["errors"].append(f"enter {n}: {status} {data[:120]!r}")
                return None
            results["enter"].append(elapsed)
            results["answered"].append(json.loads(data)["id"])
        entry = Entry.objects.get(pk=json.loads(data)["id"])  # the mail's link, as its owner reads it
        return time.monotonic() + rng.uniform(5, 60), links.entry_token(entry)

    def confirm(n: int, token: str):
        status, data, elapsed = request(port, "POST", f"/api/entry/{token}/", {"action": "confirm"},
                                        ADDRESSES[n % len(ADDRESSES)])
        with lock:
            if status == 200:
                results["confirm"].append(elapsed)
            else:
                results["errors"].append(f"confirm {n}: {status} {data[:120]!r}")

    def worker():
        from django.db import connection

        while True:
            with timetable_lock:
                while not timetable and pending[0] > 0:
                    timetable_lock.wait(1)
                if not timetable:
                    break
                due, n, kind, token = heapq.heappop(timetable)
            time.sleep(max(0.0, due - time.monotonic()))
            try:
                follow = enter(n) if kind == "enter" else confirm(n, token)
            except OSError as error:
                follow = None
                with lock:
                    results["errors"].append(f"{kind} {n}: {error!r}")
            with timetable_lock:
                pending[0] -= 1
                if follow is not None:
                    heapq.heappush(timetable, (follow[0], n, "confirm", follow[1]))
                elif kind == "enter":
                    pending[0] -= 1  # no confirmation will come
                timetable_lock.notify_all()
        connection.close()

    logins, stop = [], threading.Event()

    def reference():
        while not stop.wait(0.2):
            status, _data, elapsed = request(port, "GET", "/accounts/login/")
            if status == 200:
                logins.append(elapsed)

    probe = threading.Thread(target=reference, daemon=True)
    probe.start()
    threads = [threading.Thread(target=worker, daemon=True) for _ in range(args.threads)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(args.seconds + 600)
    stop.set()
    probe.join(10)
    results["seconds"] = time.monotonic() - started
    results["login"] = logins
    return results


def report(args, results: dict, tournament_id: int) -> int:
    from entries.models import Entry

    entries = list(Entry.objects.filter(tournament_id=tournament_id).values_list("pk", "queue_number", "state",
                                                                                "country"))
    held = [e for e in entries if e[2] == "entered"]
    waiting = [e for e in entries if e[2] == "waiting"]
    stored = {e[0] for e in entries}
    lost = [pk for pk in results["answered"] if pk not in stored]
    numbers = sorted(e[1] for e in entries if e[1] is not None)
    in_order = numbers == list(range(1, len(numbers) + 1))
    unfair = []
    for country in {e[3] for e in entries}:
        last_held = max((e[1] for e in held if e[3] == country), default=0)
        first_waiting = min((e[1] for e in waiting if e[3] == country), default=10**9)
        if last_held > first_waiting:
            unfair.append(country)
    enter, confirm, login = results["enter"], results["confirm"], results["login"]
    print(f"\n## bench-entries: {args.entrants} entrants in {args.seconds:.0f} s for {args.places} places "
          f"(quotas {quotas_for(args.places)}), behind nginx (deploy/nginx/mcr.conf), gunicorn "
          f"(deploy/gunicorn.conf.py)\n")
    print(f"{os.cpu_count()} CPUs, load average {os.getloadavg()[0]:.1f}; {results['seconds']:.0f} s in all, "
          f"{args.threads} client threads\n")
    print("| request                      |     n | p50 ms | p95 ms | max ms |")
    print("|------------------------------|------:|-------:|-------:|-------:|")
    for name, samples in (("enter (POST the entry)", enter), ("confirm (the mailed link)", confirm),
                          ("login page (the reference)", login)):
        if samples:
            print(f"| {name:<28} | {len(samples):5d} | {percentile(samples, 50):6.1f} | "
                  f"{percentile(samples, 95):6.1f} | {max(samples):6.1f} |")
    if enter and login:
        print(f"\nratio to the login page's p95: enter {percentile(enter, 95) / percentile(login, 95):.2f}x, "
              f"confirm {percentile(confirm, 95) / percentile(login, 95):.2f}x" if confirm else "")
    print(f"entries stored: {len(entries)}, answered 201 and lost: {len(lost)}; places held: {len(held)} "
          f"(expected {args.places}); waiting: {len(waiting)}; queue numbers 1..{len(numbers)} once each: "
          f"{in_order}; a later entry of a country holding a place an earlier one waits for: {unfair or 'none'}")
    print(f"errors: {len(results['errors'])}" + (f", e.g. {results['errors'][:3]}" if results["errors"] else ""))
    ok = not results["errors"] and not lost and len(held) == args.places and in_order and not unfair
    print("outcome:", "as expected" if ok else "NOT as expected")
    return 0 if ok else 1


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--entrants", type=int, default=2000)
    parser.add_argument("--places", type=int, default=300)
    parser.add_argument("--seconds", type=float, default=60)
    parser.add_argument("--threads", type=int, default=64)
    args = parser.parse_args()
    with throwaway_services():
        django_setup("bench.settings")
        with fresh_database():
            from django.db import connection

            from config import proxy

            tournament_id = setup(args.places)
            database = urllib.parse.urlsplit(os.environ["DATABASE_URL"])._replace(
                path="/" + connection.settings_dict["NAME"])
            connection.close()
            env = {"DJANGO_PROXY_COUNT": "1", "CELERY_TASK_ALWAYS_EAGER": "false",
                   "DJANGO_EMAIL_URL": "memorymail://"}
            with proxy.served(database_url=urllib.parse.urlunsplit(database), settings="bench.settings",
                              env=env) as stack:
                results = rush(args, stack.nginx_port, tournament_id)
            return report(args, results, tournament_id)


if __name__ == "__main__":
    sys.exit(main())
