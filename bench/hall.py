"""The hall display left running: a simulated hour of polling, accelerated (make bench-hall).

A Chromium page shows /t/<id>/hall/ served by Django (a live server thread, on a throwaway
PostgreSQL as the tests use) with the display's poll every --poll seconds of real time standing for
its 10 s (so 360 polls make the hour) and the standings pages turning as fast. Meanwhile the
"referees" record a hand somewhere every simulated minute and sign a table's sheet every five, so
the display swaps its fragment and the standings change all along, as in a session.

Each simulated minute it records, after a forced garbage collection in the page (Chrome DevTools
Protocol): the JS heap used, the DOM nodes, the event listeners and the documents; and the requests
the display made in that minute (200s and 304s), and the server process's resident memory. It
prints the minutes, then the first ten minutes against the last ten (ratios): the figures of a
display that does not leak stay flat (ratios near 1; listeners and documents constant).

Run from the repository root:  python bench/hall.py [--poll 0.2] [--minutes 60] [--players 48]
"""
from __future__ import annotations

import argparse
import datetime as dt
import os
import statistics
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from bench.services import django_setup, fresh_database, throwaway_services  # noqa: E402

REAL_POLL_SECONDS = 10  # the display's own poll, which --poll stands for


def rss_kib() -> int:
    with open("/proc/self/status") as status:
        for line in status:
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
    return 0


def build(players: int):
    from django.contrib.auth import get_user_model
    from django.contrib.auth.models import Permission

    from testing.scenarios import publish
    from tournaments.core import services as core_services
    from tournaments.models import Membership, Player, Registration, ScoreSheet
    from tournaments.sessions import services as session_services

    users = get_user_model()
    organizer = users.objects.create_user(username="organizer", password="bench-password-123")
    organizer.user_permissions.add(Permission.objects.get(codename="add_tournament"))
    tournament = core_services.tournament_create(
        actor=organizer, name="Bench Open", venue="Hall", starts_on=dt.date(2026, 5, 1), ends_on=dt.date(2026, 5, 2)
    )
    referee = users.objects.create_user(username="referee", password="bench-password-123")
    Membership.objects.create(user=referee, tournament=tournament, role="referee")
    registrations = [
        Registration.objects.create(
            tournament=tournament, entry_number=n,
            player=Player.objects.create(name=f"Player {n}", name_local=f"选手{n}", country="CN"),
        )
        for n in range(1, players + 1)
    ]
    core_services.confirm_pins_issue(actor=organizer, tournament=tournament)
    session = tournament.sessions.get(number=1)
    ids = [r.pk for r in registrations]
    session_services.session_seats_replace(
        actor=organizer, session=session, tables={t + 1: ids[4 * t:4 * t + 4] for t in range(players // 4)}
    )
    session_services.session_start(actor=organizer, session=session)
    publish(tournament)
    sheets = list(ScoreSheet.objects.filter(session=session).select_related("table").order_by("table__number"))
    return tournament, referee, sheets


def play_minute(minute: int, referee, sheets) -> None:
    """One simulated minute of play: a hand at one table; every five minutes a table signs."""
    from testing.scenarios import CHICKEN, STRAIGHT, sign_all, win
    from tournaments.models import ScoreSheet
    from tournaments.sheets import services as sheet_services
    from tournaments.sheets.entry import HandEntry

    open_sheets = [s for s in sheets if ScoreSheet.objects.get(pk=s.pk).status == ScoreSheet.Status.OPEN]
    if not open_sheets:
        return
    sheet = open_sheets[minute % len(open_sheets)]
    sheet.refresh_from_db()
    if sheet.hand_count < 16:
        # a Chicken Hand on a discard, the straight self-drawn (a self-drawn "chicken" is not one)
        hand = win(minute % 4, (minute + 1) % 4, CHICKEN) if minute % 2 else win(minute % 4, None, STRAIGHT)
        sheet_services.hand_record(actor=referee, sheet_id=sheet.pk, number=sheet.hand_count + 1,
                                   entry=HandEntry.from_mapping(hand))
    if minute % 5 == 4:
        sign_all(actor=referee, sheet=open_sheets[0])


def run(args) -> int:
    from django.conf import settings
    from django.contrib.staticfiles.handlers import StaticFilesHandler
    from django.test.testcases import LiveServerThread

    # Playwright's sync API runs an event loop in this thread; the ORM calls here are plain sync ones.
    os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")
    settings.HALL_POLL_SECONDS = args.poll
    settings.HALL_PAGE_SECONDS = args.poll * 1.2
    settings.ALLOWED_HOSTS = ["*"]
    tournament, referee, sheets = build(args.players)

    server = LiveServerThread("127.0.0.1", StaticFilesHandler, port=0)
    server.daemon = True
    server.start()
    server.is_ready.wait()
    if server.error:
        raise server.error
    url = f"http://127.0.0.1:{server.port}/t/{tournament.pk}/hall/"

    try:
        rows, tables = measure(args, url, referee, sheets)
    finally:
        server.terminate()
        # the server's request threads may hold connections still: end them so the database can go
        from django.db import connection

        with connection.cursor() as cursor:
            cursor.execute("SELECT pg_terminate_backend(pid) FROM pg_stat_activity "
                           "WHERE datname = current_database() AND pid <> pg_backend_pid()")
    return report(args, rows, tables)


def measure(args, url, referee, sheets):
    from playwright.sync_api import sync_playwright

    polls_per_minute = 60 / REAL_POLL_SECONDS
    minute_seconds = polls_per_minute * args.poll
    rows = []
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path="/usr/bin/chromium",
                                    args=["--no-sandbox", "--disable-gpu", "--enable-precise-memory-info"])
        page = browser.new_page(viewport={"width": 1920, "height": 1080})
        counts = {"200": 0, "304": 0, "other": 0}

        def on_response(response):
            if "/hall/live/" in response.url:
                key = str(response.status) if response.status in (200, 304) else "other"
                counts[key] += 1

        page.on("response", on_response)
        cdp = page.context.new_cdp_session(page)
        cdp.send("Performance.enable")
        page.goto(url)
        for minute in range(args.minutes):
            started = time.monotonic()
            play_minute(minute, referee, sheets)
            rest = minute_seconds - (time.monotonic() - started)
            if rest > 0:
                page.wait_for_timeout(rest * 1000)
            elapsed = time.monotonic() - started
            cdp.send("HeapProfiler.collectGarbage")
            metrics = {m["name"]: m["value"] for m in cdp.send("Performance.getMetrics")["metrics"]}
            in_document = page.evaluate("document.getElementsByTagName('*').length")
            rows.append({
                "minute": minute + 1,
                "heap_kib": metrics["JSHeapUsedSize"] / 1024,
                "nodes": in_document,
                # nodes the page still holds that are not in the document: what a leak of swapped
                # fragments would pile up
                "detached": int(metrics["Nodes"]) - in_document,
                "listeners": int(metrics["JSEventListeners"]),
                "documents": int(metrics["Documents"]),
                "200": counts["200"], "304": counts["304"], "other": counts["other"],
                # requests per simulated minute: the count scaled to the minute's real length
                "per_minute": (counts["200"] + counts["304"] + counts["other"]) * minute_seconds / elapsed,
                "server_rss_kib": rss_kib(),
            })
            counts = {"200": 0, "304": 0, "other": 0}
        browser.close()
    return rows, len(sheets)


def report(args, rows, tables) -> int:
    polls_per_minute = 60 / REAL_POLL_SECONDS
    print(f"hall display, simulated {args.minutes} min: poll {args.poll}s real = {REAL_POLL_SECONDS}s simulated, "
          f"{args.players} players, {tables} tables")
    print(f"{'min':>4} {'heap KiB':>9} {'nodes':>6} {'detach':>6} {'listen':>6} {'docs':>4} {'200':>4} {'304':>4} "
          f"{'fail':>4} {'req/min':>7} {'server RSS KiB':>14}")
    for row in rows:
        print(f"{row['minute']:>4} {row['heap_kib']:>9.0f} {row['nodes']:>6} {row['detached']:>6} "
              f"{row['listeners']:>6} {row['documents']:>4} {row['200']:>4} {row['304']:>4} {row['other']:>4} "
              f"{row['per_minute']:>7.1f} {row['server_rss_kib']:>14}")
    window = min(10, len(rows) // 3)
    # the first minutes warm up (first paint, caches): compare minutes 3-12 with the last ten
    first, last = rows[2:2 + window], rows[-window:]

    def mean(key, part):
        return statistics.mean(r[key] for r in part)

    print("\nfirst ten minutes (from minute 3) against the last ten:")
    verdicts = []
    for label, key in (("JS heap KiB", "heap_kib"), ("server RSS KiB", "server_rss_kib"),
                       ("req/sim. minute", "per_minute")):
        a, b = mean(key, first), mean(key, last)
        ratio = b / a if a else float("nan")
        print(f"  {label:<18} {a:>10.1f} -> {b:>10.1f}  ratio {ratio:.3f}")
        verdicts.append(0.8 < ratio < 1.2)
    # The document grows while the standings fill (every player gets a row) and the biggest hands
    # appear; nodes left out of it (detached) and listeners must not: their maximum stays put.
    for label, key in (("detached nodes", "detached"), ("event listeners", "listeners"), ("documents", "documents")):
        a, b = max(r[key] for r in first), max(r[key] for r in last)
        print(f"  {label:<18} {a:>10} -> {b:>10}  (maximum)")
        verdicts.append(b <= max(a, 0) + (3 if key == "listeners" else 0) + (50 if key == "detached" else 0))
    print(f"  DOM nodes in the document: {rows[0]['nodes']} at the start, {rows[-1]['nodes']} at the end")
    print(f"  304 share: {sum(r['304'] for r in rows) / max(1, sum(r['200'] + r['304'] for r in rows)):.0%}; "
          f"expected requests per simulated minute: {polls_per_minute:.0f} (fewer when a poll's latency "
          f"is a large part of --poll)")
    flat = all(verdicts)
    print("\nFLAT" if flat else "\nNOT FLAT: look at the rows above")
    return 0 if flat else 1


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--poll", type=float, default=0.5, help="real seconds standing for the display's 10 s poll")
    parser.add_argument("--minutes", type=int, default=60)
    parser.add_argument("--players", type=int, default=48)
    args = parser.parse_args()
    with throwaway_services():
        django_setup()
        with fresh_database():
            return run(args)


if __name__ == "__main__":
    sys.exit(main())
