"""Hand submission latency under 50 concurrent tablets, beside a one-write reference endpoint.

One run, all on loopback: a throwaway PostgreSQL and Redis (scripts/test-services.sh, as the tests
use), a tournament of 200 players at 50 tables with session 1 running and one referee per table,
and the app under gunicorn (sync workers, as in docker-compose.yml) on a free 127.0.0.1 port with
bench/settings.py. Each of 50 tablet threads logs in through /accounts/login/ (CSRF, session
cookie) as its table's referee, then in three phases separated by barriers:
  A. --pings POSTs to /bench/ping/ (bench/urls.py: session auth and CSRF like the sheet API, then
     one INSERT): the reference; then as many to /bench/locked-write/<sheet>/, the second reference,
     what every write here must do: one transaction that locks a row (the sheet, FOR UPDATE),
     inserts a row and its audit event;
  B. 16 hands POSTed to /api/sheets/<id>/hands/ with client keys (wins from the tiles, some draws);
  C. both references again, so drift of the shared machine during B shows.
Latency is per request, measured by the client (connect to last byte). Target (issue "Score
sheets and standings"): hand submission p95 within 2x the reference's p95 (judged against the
less favourable of A and C); issue 16: within 1.5x of reference 2's (the less favourable of A' and C').

--rounds (default 5) repeats A, B, C, each round on a table of its own (a sheet takes 16 hands),
and each verdict is the median of the rounds' ratios, every round's printed. One round's p95 ratio
moved by +-0.3x with the shared machine (issue 16: 1.1x-1.7x over ten runs of one commit); the
less favourable of two noisy phases leans high, and the median of five rounds leans neither way.

Beside latency, the CPU the server spent per request in each phase: gunicorn's processes and
PostgreSQL's (its backends, and its own processes' writing and checkpointing), read from /proc at
the phase boundaries. The server is saturated, so this is what a request costs; its ratio moves
less from run to run than the p95's (issue 16, one commit: CPU ratios 1.3x-1.6x, p95 1.1x-1.7x).

Each run is made twice by default (--connections both), on a fresh database each time: with
persistent database connections, as config/settings/production.py deploys, and with a new
connection per request, Django's default. The second makes every request pay for a PostgreSQL
backend process, a fixed cost that flatters the ratio; the deployment's figure is the first.

Bounded: --rounds x 50 x (16 + 4 x --pings) requests, 30 s per request, --deadline for the whole
run; the script stops gunicorn and the services it started.

Run from the repository root:  python bench/submission.py [--tablets 50] [--workers 3] [--rounds 5]
"""
from __future__ import annotations

import argparse
import http.client
import http.cookies
import json
import math
import os
import random
import re
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import urllib.parse
import uuid

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from bench.services import ROOT, django_setup, fresh_database, throwaway_services  # noqa: E402

PASSWORD = "bench-password-123"
HANDS = 16
HOST = "127.0.0.1"


def build(tablets: int) -> dict[str, int]:
    """A running session: {referee username: the id of their table's sheet}."""
    return {username: sheets[0] for username, sheets in build_tables(tablets, 1).items()}


def build_tables(tablets: int, rounds: int) -> dict[str, list[int]]:
    """A running session of `tablets` x `rounds` tables: {referee username: their tables' sheet ids}, one
    table per round for each of the `tablets` referees."""
    import datetime as dt

    from django.contrib.auth import get_user_model

    from tournaments.models import Membership, Player, Registration, Role, Session, Team, Tournament
    from tournaments.sessions import services as session_services

    User = get_user_model()
    organizer = User.objects.create_user("bench-organizer", password=PASSWORD)
    tournament = Tournament.objects.create(
        name="Bench Cup", starts_on=dt.date(2026, 5, 1), ends_on=dt.date(2026, 5, 2), status=Tournament.Status.RUNNING
    )
    Membership.objects.create(user=organizer, tournament=tournament, role=Role.ORGANIZER)
    Session.objects.bulk_create(
        Session(tournament=tournament, number=n) for n in range(1, tournament.planned_sessions + 1)
    )
    tables = tablets * rounds
    teams = Team.objects.bulk_create(Team(tournament=tournament, name=f"Team {n:02d}") for n in range(1, tables + 1))
    players = Player.objects.bulk_create(
        Player(name=f"Player {n:03d}", country="CN") for n in range(1, 4 * tables + 1)
    )
    registrations = Registration.objects.bulk_create(
        Registration(tournament=tournament, player=player, entry_number=n + 1, team=teams[n // 4])
        for n, player in enumerate(players)
    )
    for n in range(1, tablets + 1):
        referee = User.objects.create_user(f"referee{n:02d}", password=PASSWORD)
        Membership.objects.create(user=referee, tournament=tournament, role=Role.REFEREE)
    session = tournament.sessions.get(number=1)
    ids = [registration.pk for registration in registrations]
    session_services.session_seats_replace(
        actor=organizer, session=session, tables={t + 1: ids[4 * t : 4 * t + 4] for t in range(tables)}
    )
    sheets: dict[str, list[int]] = {}
    for sheet in sorted(session_services.session_start(actor=organizer, session=session), key=lambda s: s.pk):
        sheets.setdefault(sheet.referee.username, []).append(sheet.pk)  # the referees take the tables in turn
    return sheets


def queries_per_request(sheets: dict[str, int]) -> dict[str, int]:
    """SQL statements of one reference request and one hand submission, in-process, rolled back."""
    import uuid as uuid_

    from django.contrib.auth import get_user_model
    from django.db import connection, transaction
    from django.test import Client
    from django.test.utils import CaptureQueriesContext

    from testing.scenarios import STRAIGHT

    username, sheet_id = sorted(sheets.items())[0]
    client = Client(HTTP_HOST=HOST)
    client.force_login(get_user_model().objects.get(username=username))
    counts = {}
    hand = {
        "number": 1,
        "client_key": str(uuid_.uuid4()),
        "result": "win",
        "winner": 1,
        "discarder": 0,
        "tiles": STRAIGHT,
    }
    with transaction.atomic():
        for name, path, payload in (("ping", "/bench/ping/", {}), ("hand", f"/api/sheets/{sheet_id}/hands/", hand)):
            with CaptureQueriesContext(connection) as captured:
                response = client.post(path, payload, content_type="application/json")
            assert response.status_code == 201, response.content
            counts[name] = len(captured.captured_queries)
        transaction.set_rollback(True)
    return counts


def free_port() -> int:
    with socket.socket() as s:
        s.bind((HOST, 0))
        return s.getsockname()[1]


class Tablet:
    """One referee's tablet: its own cookies, a new loopback connection per request."""

    def __init__(self, port: int, username: str, sheet_id: int, seed: int):
        self.port, self.username, self.sheet_id = port, username, sheet_id
        self.cookies: dict[str, str] = {}
        self.rng = random.Random(seed)
        self.timings: dict[str, list[float]] = {"ping": [], "locked": [], "hand": [], "ping2": [], "locked2": []}
        self.rounds: list[dict[str, list[float]]] = []  # the same, round by round (drive() opens each)
        self.errors: list[str] = []

    def request(self, method: str, path: str, body: bytes | None = None, headers: dict | None = None):
        headers = dict(headers or {})
        if self.cookies:
            headers["Cookie"] = "; ".join(f"{name}={value}" for name, value in self.cookies.items())
        connection = http.client.HTTPConnection(HOST, self.port, timeout=30)
        try:
            start = time.perf_counter()
            connection.request(method, path, body=body, headers=headers)
            response = connection.getresponse()
            data = response.read()
            elapsed = (time.perf_counter() - start) * 1000
        finally:
            connection.close()
        for header in response.msg.get_all("Set-Cookie") or []:
            cookie = http.cookies.SimpleCookie()
            cookie.load(header)
            for name, morsel in cookie.items():
                self.cookies[name] = morsel.value
        return response.status, data, elapsed

    def login(self) -> None:
        status, page, _ = self.request("GET", "/accounts/login/")
        token = re.search(rb'name="csrfmiddlewaretoken" value="([^"]+)"', page)
        if status != 200 or token is None:
            raise RuntimeError(f"{self.username}: login page answered {status}")
        form = urllib.parse.urlencode(
            {"username": self.username, "password": PASSWORD, "csrfmiddlewaretoken": token.group(1).decode()}
        ).encode()
        status, _, _ = self.request(
            "POST", "/accounts/login/", form, {"Content-Type": "application/x-www-form-urlencoded"}
        )
        if status != 302 or "sessionid" not in self.cookies:
            raise RuntimeError(f"{self.username}: login answered {status}")

    def post_json(self, path: str, payload: dict, expected: int, bucket: str | None) -> None:
        headers = {"Content-Type": "application/json", "X-CSRFToken": self.cookies.get("csrftoken", "")}
        status, data, elapsed = self.request("POST", path, json.dumps(payload).encode(), headers)
        if status != expected:
            self.errors.append(f"{path} {status}: {data[:200]!r}")
        elif bucket is not None:
            self.timings[bucket].append(elapsed)
            if self.rounds:
                self.rounds[-1].setdefault(bucket, []).append(elapsed)

    def ping(self, bucket: str | None) -> None:
        self.post_json("/bench/ping/", {}, 201, bucket)

    def locked_write(self, bucket: str | None) -> None:
        self.post_json(f"/bench/locked-write/{self.sheet_id}/", {}, 201, bucket)

    def hand(self, number: int) -> None:
        from testing.scenarios import STRAIGHT  # Django is set up by now

        payload = {"number": number, "client_key": str(uuid.uuid4())}
        if self.rng.random() < 0.15:
            payload["result"] = "draw"
        else:
            winner = self.rng.randrange(4)
            discarder = None if self.rng.random() < 0.25 else (winner + self.rng.randrange(1, 4)) % 4
            payload.update(result="win", winner=winner, discarder=discarder, tiles=STRAIGHT)
        self.post_json(f"/api/sheets/{self.sheet_id}/hands/", payload, 201, "hand")


def percentile(samples: list[float], p: float) -> float:
    """Nearest-rank percentile."""
    ordered = sorted(samples)
    return ordered[max(0, math.ceil(p / 100 * len(ordered)) - 1)]


def process_tree_cpu_ms(roots: list[int]) -> float:
    """CPU time (user + system, ms) of the processes `roots` and all their descendants alive now, plus
    what their exited children spent (counted into a parent once it has waited for them)."""
    tick = os.sysconf("SC_CLK_TCK")
    parents, times = {}, {}
    for name in os.listdir("/proc"):
        if not name.isdigit():
            continue
        try:
            with open(f"/proc/{name}/stat") as handle:
                fields = handle.read().rsplit(")", 1)[1].split()
        except OSError:  # gone meanwhile
            continue
        pid = int(name)
        parents[pid] = int(fields[1])
        times[pid] = sum(int(value) for value in fields[11:15])  # utime, stime, cutime, cstime

    def under_roots(pid: int) -> bool:
        while pid > 1:
            if pid in roots:
                return True
            pid = parents.get(pid, 0)
        return False
    return sum(ticks for pid, ticks in times.items() if under_roots(pid)) * 1000 / tick


PHASES = ("ping", "locked", "hand", "ping2", "locked2")


def drive(port: int, sheets: dict[str, list[int]], pings: int, deadline: float, servers: dict[str, int]):
    """Run the rounds; (tablets, seconds per phase per round, server CPU ms per phase per round)."""
    rounds = min(len(ids) for ids in sheets.values())
    tablets = [
        Tablet(port, username, ids[0], seed) for seed, (username, ids) in enumerate(sorted(sheets.items()))
    ]
    barrier = threading.Barrier(len(tablets) + 1, timeout=max(1.0, deadline - time.monotonic()))
    failures: list[str] = []

    def run(tablet: Tablet) -> None:
        try:
            tablet.login()
            tablet.ping(None)  # warm-up: every worker has connected once, imported everything
            tablet.locked_write(None)
            barrier.wait()
            for round_ in range(rounds):
                tablet.sheet_id = sheets[tablet.username][round_]
                tablet.rounds.append({})
                one_round(tablet)
        except Exception as error:  # noqa: BLE001 - reported, and the barrier is broken for all
            failures.append(f"{tablet.username}: {error!r}")
            barrier.abort()

    def one_round(tablet: Tablet) -> None:
        """A (both references), B (16 hands on this round's sheet), C (both references again)."""
        references = {"ping": tablet.ping, "locked": tablet.locked_write,
                      "ping2": tablet.ping, "locked2": tablet.locked_write}
        for phase in PHASES:
            if phase == "hand":
                for number in range(1, HANDS + 1):
                    tablet.hand(number)
            else:
                for _ in range(pings):
                    references[phase](phase)
            barrier.wait()

    threads = [threading.Thread(target=run, args=(tablet,), daemon=True) for tablet in tablets]
    for thread in threads:
        thread.start()
    phases: list[dict[str, float]] = []
    cpu: list[dict[str, dict[str, float]]] = []
    try:
        barrier.wait()  # logged in
        for _round in range(rounds):
            phases.append({})
            cpu.append({})
            for name in PHASES:
                start = time.monotonic()
                spent = {server: process_tree_cpu_ms([pid]) for server, pid in servers.items()}
                barrier.wait()
                phases[-1][name] = time.monotonic() - start
                cpu[-1][name] = {server: process_tree_cpu_ms([pid]) - spent[server] for server, pid in servers.items()}
    except threading.BrokenBarrierError:
        raise SystemExit("a tablet failed: " + "; ".join(failures or ["timeout"])) from None
    for thread in threads:
        thread.join(timeout=max(1.0, deadline - time.monotonic()))
    return tablets, phases, cpu


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tablets", type=int, default=50)
    parser.add_argument("--pings", type=int, default=HANDS, help="reference requests per tablet, per phase")
    parser.add_argument("--workers", type=int, default=3, help="gunicorn sync workers (docker-compose.yml: 3)")
    parser.add_argument("--rounds", type=int, default=5, help="rounds of A, B, C; the verdicts are their medians")
    parser.add_argument("--deadline", type=float, default=1200, help="seconds for the whole run at most")
    parser.add_argument(
        "--connections", choices=["persistent", "per-request", "both"], default="both",
        help="database connections of the app: kept (the deployment), one per request, or both in turn",
    )
    args = parser.parse_args()
    deadline = time.monotonic() + args.deadline
    modes = ["persistent", "per-request"] if args.connections == "both" else [args.connections]
    failed = 0
    with throwaway_services():
        django_setup("bench.settings")
        for mode in modes:
            with fresh_database():
                failed |= run(args, mode, deadline)
    return failed


def run(args, connections: str, deadline: float) -> int:
    from django.db import connection

    sheets = build_tables(args.tablets, args.rounds)
    queries = queries_per_request({username: ids[0] for username, ids in sheets.items()})
    with connection.cursor() as cursor:  # PostgreSQL's postmaster: the parent of this backend
        cursor.execute("SELECT pg_backend_pid()")
        postmaster = parent_pid(cursor.fetchone()[0])
    database = urllib.parse.urlsplit(os.environ["DATABASE_URL"])._replace(path="/" + connection.settings_dict["NAME"])
    connection.close()
    port = free_port()
    env = {**os.environ, "DJANGO_SETTINGS_MODULE": "bench.settings", "DATABASE_URL": urllib.parse.urlunsplit(database),
           "MCR_BENCH_CONNECTIONS": connections}
    log = tempfile.NamedTemporaryFile(prefix="mcr-bench-gunicorn.", suffix=".log", delete=False)
    server = subprocess.Popen(
        [os.path.join(os.path.dirname(sys.executable), "gunicorn"), "config.wsgi:application",
         "--bind", f"{HOST}:{port}", "--workers", str(args.workers), "--worker-class", "sync",
         "--backlog", "256", "--timeout", "60", "--log-level", "warning", "--chdir", ROOT],
        env=env, stdout=log, stderr=subprocess.STDOUT,
    )
    try:
        wait_until_up(port, server, log.name, deadline=min(deadline, time.monotonic() + 60))
        tablets, phases, cpu = drive(port, sheets, args.pings, deadline,
                                     servers={"gunicorn": server.pid, "PostgreSQL": postmaster})
    finally:
        server.send_signal(signal.SIGTERM)
        try:
            server.wait(timeout=30)
        except subprocess.TimeoutExpired:
            server.kill()
            server.wait()
        log.close()
    report(args, connections, tablets, phases, queries, cpu)
    os.unlink(log.name)
    return 0 if not any(tablet.errors for tablet in tablets) else 1


def parent_pid(pid: int) -> int:
    with open(f"/proc/{pid}/status") as status:
        return next(int(line.split()[1]) for line in status if line.startswith("PPid:"))


def wait_until_up(port: int, server: subprocess.Popen, log: str, deadline: float) -> None:
    while time.monotonic() < deadline:
        if server.poll() is not None:
            raise SystemExit("gunicorn stopped:\n" + open(log).read())
        try:
            connection = http.client.HTTPConnection(HOST, port, timeout=2)
            connection.request("GET", "/health/")
            if connection.getresponse().status == 200:
                return
        except OSError:
            pass
        finally:
            connection.close()
        time.sleep(0.2)
    raise SystemExit("gunicorn did not answer /health/ in time:\n" + open(log).read())


def report(args, connections: str, tablets: list[Tablet], phases: list[dict[str, float]], queries: dict[str, int],
           cpu: list[dict[str, dict[str, float]]]) -> None:
    errors = [error for tablet in tablets for error in tablet.errors]

    def samples(phase: str, round_: int | None = None) -> list[float]:
        """Every tablet's latencies in a phase: of all rounds, or of one."""
        if round_ is None:
            return [t for tablet in tablets for t in tablet.timings[phase]]
        return [t for tablet in tablets if len(tablet.rounds) > round_ for t in tablet.rounds[round_].get(phase, [])]

    def seconds(phase: str) -> float:
        return sum(round_.get(phase, 0.0) for round_ in phases)

    ping, ping2, hand = samples("ping"), samples("ping2"), samples("hand")
    rows = [
        ("A. reference: POST /bench/ping/ (1 INSERT)", ping, seconds("ping")),
        ("A'. reference 2: lock a row, INSERT it + audit", samples("locked"), seconds("locked")),
        ("B. POST /api/sheets/<id>/hands/", hand, seconds("hand")),
        ("C. reference again", ping2, seconds("ping2")),
        ("C'. reference 2 again", samples("locked2"), seconds("locked2")),
        ("reference, A and C together", ping + ping2, None),
    ]
    described = {"persistent": "persistent database connections (the deployment's)",
                 "per-request": "a database connection per request (Django's default)"}[connections]
    print(f"\n## {described}\n")
    print(f"{args.tablets} tablets, gunicorn {args.workers} sync workers on {HOST}, {os.cpu_count()} CPUs, "
          f"load average {os.getloadavg()[0]:.1f}; {len(phases)} rounds, all of them below")
    print()
    print(f"| {'requests':<44} |     n | p50 ms | p95 ms | max ms | req/s |")
    print(f"|{'-' * 46}|------:|-------:|-------:|-------:|------:|")
    for name, values, spent in rows:
        if not values:
            print(f"| {name:<44} |     0 |        |        |        |       |")
            continue
        rate = f"{len(values) / spent:5.0f}" if spent else "     "
        print(f"| {name:<44} | {len(values):5d} | {percentile(values, 50):6.1f} | {percentile(values, 95):6.1f} | "
              f"{max(values):6.1f} | {rate} |")
    print()
    # Each verdict: in every round, the hand's p95 over the reference's in the less favourable of its two
    # phases (a disturbance of the shared machine during one of them must not pass for a fast hand);
    # then the median of the rounds.
    for label, first, second, target in (("", "ping", "ping2", 2.0), (" to reference 2", "locked", "locked2", 1.5)):
        names = ("A", "C") if first == "ping" else ("A'", "C'")
        per_round = []
        for round_ in range(len(phases)):
            hands, before, after = samples("hand", round_), samples(first, round_), samples(second, round_)
            if hands and before and after:
                per_round.append(max(percentile(hands, 95) / percentile(before, 95),
                                     percentile(hands, 95) / percentile(after, 95)))
        if not per_round:
            continue
        verdict = statistics.median(per_round)
        print(f"p95 ratio{label}, the less favourable of {names[0]} and {names[1]}: {verdict:.2f}x "
              f"(median of {len(per_round)} rounds: {', '.join(f'{r:.2f}x' for r in per_round)}; "
              f"target within {target:g}x: {'met' if verdict <= target else 'MISSED'})")
    if cpu:
        print_cpu(tablets, cpu)
    print(f"SQL statements per request (in-process, transaction statements included): "
          f"reference {queries['ping']}, hand submission {queries['hand']}")
    if errors:
        print(f"\n{len(errors)} unexpected answers, e.g. {errors[0]}")


def print_cpu(tablets: list[Tablet], cpu: list[dict[str, dict[str, float]]]) -> None:
    """Server CPU per request in each phase (all rounds), and the hand's against reference 2's."""
    print()
    names = {"ping": "A", "locked": "A'", "hand": "B", "ping2": "C", "locked2": "C'"}
    per_request = {}
    for phase in PHASES:
        count = sum(len(tablet.timings[phase]) for tablet in tablets)
        spent: dict[str, float] = {}
        for round_ in cpu:
            for server, ms in round_.get(phase, {}).items():
                spent[server] = spent.get(server, 0.0) + ms
        if count and spent:
            per_request[phase] = {server: ms / count for server, ms in spent.items()}
            parts = ", ".join(f"{server} {ms:.2f}" for server, ms in per_request[phase].items())
            print(f"server CPU per request, {names[phase]}: {sum(per_request[phase].values()):.2f} ms ({parts})")
    references = [sum(per_request.get(phase, {}).values()) for phase in ("locked", "locked2")]
    if "hand" in per_request and all(references):  # a tiny run can spend less than a clock tick
        hand = sum(per_request["hand"].values())
        ratios = [f"{name} {hand / spent:.2f}x" for name, spent in zip(("A'", "C'"), references, strict=True)]
        print(f"server CPU per request, hand submission / reference 2: {', '.join(ratios)}")


if __name__ == "__main__":
    sys.exit(main())
