"""A 600-player event behind the shipped proxy: hand submission with and without the crowd.

One run, all on loopback: a throwaway PostgreSQL and Redis (scripts/test-services.sh), a tournament
of 600 players at 150 tables with session 1 running and one referee per table, gunicorn with the
shipped deploy/gunicorn.conf.py and nginx with the shipped deploy/nginx/mcr.conf in front
(config/proxy.py, as the proxy tests use). Then:

  A. no crowd: the 150 tablets record --hands hands each, --think seconds apart on average (a real
     table records one every two minutes or so; the default, 10 s, is a dozen times busier);
  B. the crowd arrives: --phones phones poll GET /api/tournaments/<id>/standings/ every 15 s with
     If-None-Match (ETag: mostly 304), each on the connection it keeps (as a browser does between
     polls), the organizer's board refreshes every 10 s, and the standings are recomputed every 30 s
     (as the worker would after signatures, so the phones' ETags go stale and they fetch the new
     standings); after one poll round (15 s) the tablets record --hands more. The phones and the
     recompute run in processes of their own (they stand for other machines and the worker): in the
     bench's process they would hold the GIL the tablets' threads read their answers with;
  C. the same crowd, and --slow organizers (5) print session 1's filled score sheets one after another,
     each a new version as hands go on, made by a documents worker (SCHED_IDLE, two processes, as
     docker-compose.yml runs it; issue 30); the tablets record --hands more, and the crowd goes on until
     --crowd seconds are over. --slow 0 leaves C out.

Reported: p50/p95 of hand submission in A, B and C (target: B's and C's p95 within 1.5x of A's), errors,
hands lost (answered 201 but not in the database, by client key) and hands stored whose answer the
tablet did not get in time, standings polls served per second and their
answers (200/304/other), board refreshes. Bounded: --crowd seconds of crowd, 30 s per request,
--deadline for the whole run; everything started is stopped.

Run from the repository root:  python bench/crowd.py [--phones 2000] [--tablets 150] [--worker-class gthread]
"""
from __future__ import annotations

import argparse
import asyncio
import http.client
import multiprocessing
import os
import random
import subprocess
import sys
import tempfile
import threading
import time
import urllib.parse
import uuid

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from bench.services import django_setup, fresh_database, throwaway_services  # noqa: E402
from bench.submission import HOST, Tablet, build, percentile  # noqa: E402

POLL_SECONDS = 15
BOARD_SECONDS = 10
RECOMPUTE_SECONDS = 30


class Crowd:
    """Phones polling the standings with ETags, on one asyncio loop in a process of its own.

    The phones stand for browsers on 5,000 other machines: in the bench's own process their loop would hold the
    GIL the tablets' threads need to read their answers, and the tablets would time the bench, not the server.
    """

    def __init__(self, port: int, tournament_id: int, phones: int):
        self.port, self.path, self.phones = port, f"/api/tournaments/{tournament_id}/standings/", phones
        self.statuses: dict[str, int] = {}
        self.latencies: list[float] = []
        context = multiprocessing.get_context("fork")
        self.stop = context.Event()
        self._answers, self._send = context.Pipe(duplex=False)
        self.process = context.Process(target=self._serve, daemon=True)

    def _serve(self):
        asyncio.run(self._main())
        self._send.send((self.statuses, self.latencies))

    def start(self):
        self.started = time.monotonic()
        self.process.start()

    def finish(self):
        self.stop.set()
        if self._answers.poll(90):
            self.statuses, self.latencies = self._answers.recv()
        self.process.join(30)
        self.seconds = time.monotonic() - self.started

    async def _poll(self, connection, etag: str | None):
        """One poll on the phone's connection (opened again if the server closed it): the new ETag and connection."""
        if connection is None:
            connection = await asyncio.wait_for(asyncio.open_connection(HOST, self.port), 30)
        reader, writer = connection
        extra = f"If-None-Match: {etag}\r\n" if etag else ""
        started = time.perf_counter()
        writer.write(f"GET {self.path} HTTP/1.1\r\nHost: {HOST}\r\nAccept-Encoding: gzip\r\n{extra}\r\n".encode())
        head = (await asyncio.wait_for(reader.readuntil(b"\r\n\r\n"), 30)).decode("latin-1").split("\r\n")
        headers = {}
        for line in head[1:]:
            name, _, value = line.partition(":")
            headers[name.strip().lower()] = value.strip()
        if "content-length" in headers:
            await asyncio.wait_for(reader.readexactly(int(headers["content-length"])), 30)
        elif headers.get("transfer-encoding") == "chunked":
            while True:
                size = int((await asyncio.wait_for(reader.readuntil(b"\r\n"), 30)).split(b";")[0], 16)
                await asyncio.wait_for(reader.readexactly(size + 2), 30)
                if size == 0:
                    break
        self.latencies.append((time.perf_counter() - started) * 1000)
        status = head[0].split(" ")[1] if len(head[0].split(" ")) > 1 else "none"
        self.statuses[status] = self.statuses.get(status, 0) + 1
        if headers.get("connection", "").lower() == "close":
            writer.close()
            connection = None
        return headers.get("etag", etag), connection

    async def _phone(self, seed: int):
        """A phone's browser: it keeps its connection between polls 15 s apart (nginx keeps it 30 s), as browsers
        do; a connection the server closed is opened again."""
        rng = random.Random(seed)
        etag, connection = None, None
        await asyncio.sleep(rng.uniform(0, POLL_SECONDS))
        while not self.stop.is_set():
            try:
                etag, connection = await self._poll(connection, etag)
            except (OSError, asyncio.TimeoutError, asyncio.IncompleteReadError, ValueError) as error:
                key = type(error).__name__
                self.statuses[key] = self.statuses.get(key, 0) + 1
                if connection is not None:
                    connection[1].close()
                connection = None
            await asyncio.sleep(POLL_SECONDS)
        if connection is not None:
            connection[1].close()

    async def _main(self):
        tasks = [asyncio.create_task(self._phone(n)) for n in range(self.phones)]
        while not self.stop.is_set():
            await asyncio.sleep(0.2)
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)


class Background:
    """Calls `action` every `every` seconds until stopped; keeps its answers. With process=True it runs in a
    process of its own (forked), as the work it stands for runs elsewhere: the standings recompute is the
    worker's, and in the bench's process its Python would hold the GIL the tablets' threads time with."""

    def __init__(self, every: float, action, *, process: bool = False):
        context = multiprocessing.get_context("fork")
        self.every, self.action, self.results = every, action, []
        self.stop = context.Event() if process else threading.Event()
        self._answers = context.SimpleQueue() if process else None
        runner = context.Process if process else threading.Thread
        self.runner = runner(target=self._run, daemon=True)

    def _run(self):
        while not self.stop.wait(self.every):
            try:
                result = self.action()
            except Exception as error:  # noqa: BLE001 - reported
                result = repr(error)
            if self._answers is None:
                self.results.append(result)
            else:
                self._answers.put(result)

    def start(self):
        self.runner.start()

    def join(self, timeout: float):
        self.runner.join(timeout)
        while self._answers is not None and not self._answers.empty():
            self.results.append(self._answers.get())


class CrowdTablet(Tablet):
    """A tablet that remembers each hand's client key and whether it was answered 201."""

    def __init__(self, *args):
        super().__init__(*args)
        self.answered: list[str] = []
        self.sent: list[str] = []

    def hand(self, number: int) -> None:
        from testing.scenarios import STRAIGHT

        key = str(uuid.uuid4())
        self.sent.append(key)
        winner = self.rng.randrange(4)
        payload = {"number": number, "client_key": key, "result": "win", "winner": winner,
                   "discarder": (winner + 1) % 4, "tiles": STRAIGHT}
        errors = len(self.errors)
        self.post_json(f"/api/sheets/{self.sheet_id}/hands/", payload, 201, "hand")
        if len(self.errors) == errors:
            self.answered.append(key)


def record(tablets: list[Tablet], numbers: range, think: float, bucket: str) -> float:
    """Every tablet records `numbers` (think time between hands); the seconds it took."""
    for tablet in tablets:
        tablet.timings.setdefault(bucket, [])

    def run(tablet: Tablet):
        for number in numbers:
            time.sleep(tablet.rng.uniform(0.5 * think, 1.5 * think))
            try:
                tablet.hand(number)
            except OSError as error:
                tablet.errors.append(f"hand {number}: {error!r}")
        tablet.timings[bucket], tablet.timings["hand"] = tablet.timings.get("hand", []), []

    started = time.monotonic()
    threads = [threading.Thread(target=run, args=(tablet,), daemon=True) for tablet in tablets]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(600)
    return time.monotonic() - started


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tablets", type=int, default=150)
    parser.add_argument("--phones", type=int, default=2000)
    parser.add_argument("--think", type=float, default=10.0, help="seconds between a tablet's hands (mean)")
    parser.add_argument("--hands", type=int, default=4, help="hands per tablet in each phase (16 at most in all)")
    parser.add_argument("--crowd", type=float, default=60, help="seconds the crowd lasts at least")
    parser.add_argument("--worker-class", default=None, help="gthread (shipped) or sync")
    parser.add_argument("--workers", type=int, default=None, help="gunicorn processes (shipped: 2 x CPUs + 1)")
    parser.add_argument("--slow", type=int, default=5,
                        help="organizers printing session 1's filled score sheets (150 tables, one PDF, made by "
                             "a documents worker) back to back during the crowd (issue 30); 0: none")
    parser.add_argument("--webs", type=int, default=1,
                        help="gunicorn servers behind nginx, each with the shipped processes (issue 31: 2)")
    parser.add_argument("--document-processes", type=int, default=2,
                        help="the documents worker's processes (docker-compose.yml: 2)")
    parser.add_argument("--documents-cpus", default="",
                        help="pin the documents worker to these CPUs (taskset's list, e.g. 1; compose: cpuset)")
    parser.add_argument("--deadline", type=float, default=900)
    args = parser.parse_args()
    with throwaway_services():
        # Documents go to the documents worker through Redis, and its files to a folder the web servers read.
        os.environ["CELERY_TASK_ALWAYS_EAGER"] = "false"
        os.environ["DJANGO_TEST_MEDIA_ROOT"] = tempfile.mkdtemp(prefix="mcr-bench-media.")
        django_setup("bench.settings")
        with fresh_database():
            return run(args)


def run(args) -> int:
    from django.contrib.auth import get_user_model
    from django.db import connection
    from django.test import Client

    from tournaments.models import ScoreSheet
    from tournaments.standings.services import standings_recompute

    sheets = build(args.tablets)
    tournament_id = ScoreSheet.objects.filter(pk__in=sheets.values()).values_list(
        "session__tournament_id", flat=True).first()
    standings_recompute(tournament_id=tournament_id)
    organizer = Client()
    organizer.force_login(get_user_model().objects.get(username="bench-organizer"))
    board_cookie = organizer.cookies["sessionid"].value
    database = urllib.parse.urlsplit(os.environ["DATABASE_URL"])._replace(path="/" + connection.settings_dict["NAME"])
    connection.close()
    env = {}
    if args.worker_class:
        env["WEB_WORKER_CLASS"] = args.worker_class
    if args.workers:
        env["WEB_WORKERS"] = str(args.workers)
    documents = None
    if args.slow:  # the compose service `documents`: its own queue, idle CPU priority, two processes (issue 30)
        pinned = ["taskset", "--cpu-list", args.documents_cpus] if args.documents_cpus else []
        documents = subprocess.Popen(
            [*pinned, "chrt", "--idle", "0", sys.executable, "-m", "celery", "-A", "config", "worker",
             "--queues", "documents", "--concurrency", str(args.document_processes), "--loglevel", "WARNING",
             "--without-gossip", "--without-mingle", "--hostname", "bench-documents@%h"],
            cwd=os.path.dirname(os.path.dirname(os.path.abspath(__file__))), stdout=subprocess.DEVNULL,
            stderr=subprocess.STDOUT, env={**os.environ, "DJANGO_SETTINGS_MODULE": "bench.settings",
                                           "DATABASE_URL": urllib.parse.urlunsplit(database)})
    try:
        return serve_and_measure(args, env, database, sheets, tournament_id, board_cookie)
    finally:
        if documents is not None:
            documents.terminate()
            documents.wait(30)


def serve_and_measure(args, env, database, sheets, tournament_id, board_cookie) -> int:
    from django.db import connection

    from config import proxy
    from tournaments.models import AuditEvent, Hand
    from tournaments.standings.services import standings_recompute

    with proxy.served(database_url=urllib.parse.urlunsplit(database), settings="bench.settings", env=env,
                      webs=args.webs) as stack:
        port = stack.nginx_port
        tablets = [CrowdTablet(port, username, sheet_id, seed)
                   for seed, (username, sheet_id) in enumerate(sorted(sheets.items()))]
        login = [threading.Thread(target=tablet.login) for tablet in tablets]
        for thread in login:
            thread.start()
        for thread in login:
            thread.join(120)
        # Three phases of --hands hands each (16 a sheet at most): A quiet, B the crowd, C the crowd and printing.
        half = min(args.hands, 5 if args.slow else 8)
        quiet_seconds = record(tablets, range(1, half + 1), args.think, "quiet")

        def board():
            tablet = Tablet(port, "board", 0, 0)
            tablet.cookies["sessionid"] = board_cookie
            status, _, elapsed = tablet.request("GET", f"/t/{tournament_id}/board/", headers={"HX-Request": "true"})
            return status, elapsed

        def recompute():
            snapshot = standings_recompute(tournament_id=tournament_id)
            connection.close()
            return snapshot.version

        def download():
            # An organizer prints session 1's filled score sheets as the browser does (issue 30): the link
            # answers the file if made, else a redirect to the progress page, polled every 2 s (htmx) until it
            # names the file. Hands go on meanwhile, so each print is a new version: the documents worker
            # (SCHED_IDLE, two processes) renders all through the crowd. Seconds from the click to the file.
            conn = http.client.HTTPConnection(HOST, port, timeout=120)
            path, polling, statuses = f"/t/{tournament_id}/sessions/1/score-sheets-filled.pdf", False, []
            started = time.perf_counter()
            try:
                while time.perf_counter() - started < 600:
                    headers = {"Cookie": f"sessionid={board_cookie}", **({"HX-Request": "true"} if polling else {})}
                    conn.request("GET", path, headers=headers)
                    response = conn.getresponse()
                    response.read()
                    statuses.append(response.status)
                    elapsed = (time.perf_counter() - started) * 1000
                    if response.status == 302:
                        path, polling = response.getheader("Location"), True
                    elif response.status == 200 and response.getheader("HX-Redirect"):
                        path, polling = response.getheader("HX-Redirect"), False
                    elif response.status == 200 and response.getheader("Content-Type") == "application/pdf":
                        return 200, elapsed, statuses
                    elif response.status == 200 and polling:
                        time.sleep(2)
                    else:
                        return response.status, elapsed, statuses
                return "timeout", (time.perf_counter() - started) * 1000, statuses
            finally:
                conn.close()

        crowd = Crowd(port, tournament_id, args.phones)
        boards = Background(BOARD_SECONDS, board)
        recomputes = Background(RECOMPUTE_SECONDS, recompute, process=True)
        downloads = [Background(1.0, download) for _ in range(args.slow)]
        crowd_started = time.monotonic()
        connection.close()  # the processes below are forked: none may share the bench's connection
        crowd.start()
        recomputes.start()
        boards.start()
        time.sleep(POLL_SECONDS)  # every phone has polled once
        crowd_seconds = record(tablets, range(half + 1, 2 * half + 1), args.think, "crowd")
        printing_seconds = 0.0
        if downloads:  # C: the same crowd, and the organizers print; the first prints are being made
            for background in downloads:
                background.start()
            time.sleep(5)
            printing_seconds = record(tablets, range(2 * half + 1, 3 * half + 1), args.think, "printing")
        time.sleep(max(0.0, args.crowd - (time.monotonic() - crowd_started)))
        for background in (boards, recomputes, *downloads):
            background.stop.set()
        crowd.finish()
        for background in (boards, recomputes, *downloads):
            background.join(60)
        gunicorn_settings = f"{args.webs} server(s) of {env.get('WEB_WORKER_CLASS', 'gthread')}, " \
                            f"{env.get('WEB_WORKERS', f'{2 * os.cpu_count() + 1}')} processes each"
    answered = {key for t in tablets for key in t.answered}
    sent = [key for t in tablets for key in t.sent]
    stored = {str(key) for key in Hand.objects.filter(client_key__in=sent).values_list("client_key", flat=True)}
    report(args, tablets, crowd, boards, recomputes, (quiet_seconds, crowd_seconds, printing_seconds), answered,
           stored, gunicorn_settings)
    report_downloads(downloads, AuditEvent.objects.filter(action="document.requested").count())
    errors = [e for t in tablets for e in t.errors]
    bad_polls = sum(n for status, n in crowd.statuses.items() if status not in ("200", "304"))
    return 1 if errors or bad_polls or answered - stored else 0


def report(args, tablets, crowd, boards, recomputes, seconds, answered, stored, gunicorn_settings):
    quiet_seconds, crowd_seconds, printing_seconds = seconds
    quiet = [t for tablet in tablets for t in tablet.timings["quiet"]]
    crowded = [t for tablet in tablets for t in tablet.timings["crowd"]]
    printing = [t for tablet in tablets for t in tablet.timings.get("printing", [])]
    errors = [e for t in tablets for e in t.errors]
    print(f"\n## bench-crowd: {args.tablets} tablets ({4 * args.tablets} players), {args.phones} phones, "
          f"behind nginx (deploy/nginx/mcr.conf), gunicorn {gunicorn_settings}\n")
    documents = f"{args.document_processes} process(es)" + (
        f" pinned to CPU {args.documents_cpus}" if args.documents_cpus else "")
    print(f"{os.cpu_count()} CPUs, load average {os.getloadavg()[0]:.1f}; think time {args.think} s between hands; "
          f"documents worker {documents}\n")
    print("| hand submission                 |     n | p50 ms | p95 ms | max ms | seconds |")
    print("|---------------------------------|------:|-------:|-------:|-------:|--------:|")
    phases = (("A. no crowd", quiet, quiet_seconds), ("B. with the crowd", crowded, crowd_seconds),
              ("C. the crowd and printing", printing, printing_seconds))
    for name, samples, seconds in phases:
        if samples:
            print(f"| {name:<31} | {len(samples):5d} | {percentile(samples, 50):6.1f} | "
                  f"{percentile(samples, 95):6.1f} | {max(samples):6.1f} | {seconds:7.1f} |")
    if quiet and crowded:
        p50, p95 = (percentile(crowded, p) / percentile(quiet, p) for p in (50, 95))
        print(f"\nratio with crowd / without: p50 {p50:.2f}x, p95 {p95:.2f}x "
              f"(target p95 within 1.5x: {'met' if p95 <= 1.5 else 'MISSED'})")
    if quiet and printing:
        p50, p95 = (percentile(printing, p) / percentile(quiet, p) for p in (50, 95))
        print(f"ratio with crowd and printing / without: p50 {p50:.2f}x, p95 {p95:.2f}x "
              f"(target p95 within 1.5x: {'met' if p95 <= 1.5 else 'MISSED'}); "
              f"printing / the crowd alone: p95 {percentile(printing, 95) / percentile(crowded, 95):.2f}x")
    polls = sum(crowd.statuses.values())
    print(f"standings polls: {polls} in {crowd.seconds:.0f} s = {polls / crowd.seconds:.0f}/s served; answers "
          + ", ".join(f"{status}: {n}" for status, n in sorted(crowd.statuses.items())))
    if crowd.latencies:
        print(f"standings poll latency: p50 {percentile(crowd.latencies, 50):.1f} ms, "
              f"p95 {percentile(crowd.latencies, 95):.1f} ms")
    board_ok = [r for r in boards.results if isinstance(r, tuple) and r[0] == 200]
    print(f"board refreshes: {len(board_ok)} of {len(boards.results)} answered 200"
          + (f", p95 {percentile([r[1] for r in board_ok], 95):.0f} ms" if board_ok else ""))
    print(f"standings recomputed during the crowd: {len(recomputes.results)} times ({recomputes.results[-3:]})")
    print(f"hands answered 201: {len(answered)}, in the database: {len(stored)}, lost (answered 201, not stored): "
          f"{len(answered - stored)}, stored but answered late or not at all: {len(stored - answered)}")
    print(f"hand errors: {len(errors)}" + (f", e.g. {errors[0]}" if errors else ""))


def report_downloads(downloads: list[Background], made: int) -> None:
    if not downloads:
        return
    results = [r for background in downloads for r in background.results]
    ok = [r[1] for r in results if isinstance(r, tuple) and r[0] == 200]
    answers = [status for r in results if isinstance(r, tuple) for status in r[2]]
    busy = answers.count(503)
    print(f"score-sheet PDFs printed by {len(downloads)} organizers during the crowd, one after another each "
          f"(made by the documents worker): {len(ok)} of {len(results)} files received"
          + (f" (click to file: p50 {percentile(ok, 50) / 1000:.1f} s, max {max(ok) / 1000:.1f} s)" if ok else "")
          + f"; {len(answers)} answers, {busy} of them 503 (busy page); {len(results) - len(ok)} prints not "
          f"received; {made} versions made by the worker (each ~25 s of CPU)")


if __name__ == "__main__":
    sys.exit(main())
