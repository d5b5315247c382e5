"""A session's score sheets for 150 tables (600 players, 16 hands a table), made by the Celery worker.

Measured in one run on a throwaway PostgreSQL and Redis (scripts/test-services.sh, as the tests use):
- reference, the way it was before issue 30: the whole pack in one WeasyPrint call, in a process of its own
  (as a web worker did it): wall seconds, CPU seconds, peak memory of that process;
- the worker: a real Celery worker on the `documents` queue (prefork, --concurrency 2 as docker-compose.yml
  runs it) makes the job in parts of ten tables and merges them (prints): seconds from the request
  to the file, the CPU seconds the parts and the merge took (PrintJob.cpu_ms), and the peak memory of each
  worker process and of all of them together (sampled from /proc every 0.1 s). --repeat times, each a fresh job.
Targets (issue 30): under 20 s of worker time and under 400 MB peak. The ratio to the reference is printed:
the machine is shared, so only figures of the same run compare.

Run from the repository root:  python bench/documents.py [--players 600] [--repeat 3]
"""
from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
import threading
import time
import urllib.parse

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from bench.services import django_setup, fresh_database, throwaway_services  # noqa: E402

ONE_CALL = """
import os, resource, sys, time
sys.path.insert(0, {root!r})
os.environ["DJANGO_SETTINGS_MODULE"] = "config.settings.test"
import django
django.setup()
from django.contrib.auth import get_user_model
from django.utils import translation
from tournaments.sheets import paper
translation.activate("zh-hans")
user = get_user_model().objects.get(username="bench-chief")
started, cpu = time.perf_counter(), time.process_time()
pages = paper.paper_session_pages(user=user, tournament_id={tournament}, number=1, blank=False)["pages"]
content = paper.paper_pdf(pages)
print(time.perf_counter() - started, time.process_time() - cpu,
      resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024, len(content))
"""


def rss_mb(pid: int) -> float:
    try:
        with open(f"/proc/{pid}/status") as status:
            for line in status:
                if line.startswith("VmRSS:"):
                    return int(line.split()[1]) / 1024
    except OSError:
        pass
    return 0.0


def children(pid: int) -> list[int]:
    found = []
    try:
        for task in os.listdir(f"/proc/{pid}/task"):
            with open(f"/proc/{pid}/task/{task}/children") as listed:
                found += [int(child) for child in listed.read().split()]
    except OSError:
        pass
    return found


class MemoryWatch(threading.Thread):
    """The peak RSS of the worker's processes, one by one and together, sampled every 0.1 s."""

    def __init__(self, pid: int):
        super().__init__(daemon=True)
        self.pid, self.stop, self.each, self.total = pid, threading.Event(), 0.0, 0.0

    def run(self):
        while not self.stop.wait(0.1):
            sizes = [rss_mb(pid) for pid in [self.pid, *children(self.pid)]]
            self.each, self.total = max(self.each, *sizes), max(self.total, sum(sizes))


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=600)
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    with throwaway_services():
        os.environ["CELERY_TASK_ALWAYS_EAGER"] = "false"
        media = tempfile.mkdtemp(prefix="mcr-bench-media.")
        os.environ["DJANGO_TEST_MEDIA_ROOT"] = media
        django_setup()
        with fresh_database():
            return run(args)


def run(args) -> int:
    from django.db import connection
    from django.utils import translation

    from bench.standings import build
    from prints import services
    from prints.models import PrintJob
    from tournaments.sheets import paper

    tournament, chief, _sheets = build(args.players, 6, 2026)
    tables = args.players // 4
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    database = urllib.parse.urlsplit(os.environ["DATABASE_URL"])._replace(path="/" + connection.settings_dict["NAME"])
    env = {**os.environ, "DJANGO_SETTINGS_MODULE": "config.settings.test",
           "DATABASE_URL": urllib.parse.urlunsplit(database)}
    print(f"## bench-documents: session 1's filled score sheets, {tables} tables ({args.players} players, 16 hands "
          f"a table), in Chinese\n")
    print(f"{os.cpu_count()} CPUs, load average {os.getloadavg()[0]:.1f} at the start\n")
    connection.close()

    reference = subprocess.run([sys.executable, "-c", ONE_CALL.format(root=root, tournament=tournament.pk)], env=env,
                               capture_output=True, text=True, check=True).stdout.split()
    wall, cpu, peak, size = (float(value) for value in reference)
    print("| how | wall s | CPU s | peak MB (one process) | peak MB (all) | file KB |")
    print("|---|---:|---:|---:|---:|---:|")
    print(f"| before: one WeasyPrint call in the request | {wall:.1f} | {cpu:.1f} | {peak:.0f} | {peak:.0f} | "
          f"{size / 1024:.0f} |")

    worker = subprocess.Popen(
        [sys.executable, "-m", "celery", "-A", "config", "worker", "--queues", "documents", "--concurrency", "2",
         "--loglevel", "WARNING", "--without-gossip", "--without-mingle", "--hostname", "bench-documents@%h"],
        cwd=root, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.STDOUT)
    rows = []
    try:
        from config.celery import app

        deadline = time.monotonic() + 60
        while not app.control.ping(timeout=0.5):
            if worker.poll() is not None or time.monotonic() > deadline:
                raise RuntimeError("the Celery worker did not start")
        options = paper.session_print_options(user=chief, tournament_id=tournament.pk, number=1, form="filled",
                                              table_number=None, hands=False)
        for _ in range(args.repeat):
            PrintJob.objects.all().delete()
            watch = MemoryWatch(worker.pid)
            watch.start()
            started = time.perf_counter()
            with translation.override("zh-hans"):
                job = services.print_job_request(actor=chief, tournament=tournament, kind="session-sheets",
                                                 options=options, language="zh-hans")  # sent on commit
            while not PrintJob.objects.get(pk=job.pk).finished:
                if time.perf_counter() - started > 600 or worker.poll() is not None:
                    raise RuntimeError("the worker did not make the document")
                time.sleep(0.05)
            seconds = time.perf_counter() - started
            watch.stop.set()
            watch.join()
            job.refresh_from_db()
            if job.status != PrintJob.Status.READY:
                raise RuntimeError(job.error)
            rows.append((seconds, job.cpu_ms / 1000, watch.each, watch.total, job.size, job.parts_total))
            print(f"| after: the worker, {job.parts_total} parts of {paper.SHEETS_PER_PART} tables, merged | "
                  f"{seconds:.1f} | {job.cpu_ms / 1000:.1f} | {watch.each:.0f} | {watch.total:.0f} | "
                  f"{job.size / 1024:.0f} |")
    finally:
        worker.terminate()
        worker.wait(30)
    best = min(rows)
    print(f"\nratios to the reference (best of {len(rows)}): wall {best[0] / wall:.2f}x, "
          f"worker CPU {best[1] / cpu:.2f}x; peak of one process {best[2] / peak:.2f}x")
    met_time, met_memory = max(r[0] for r in rows) < 20, max(r[2] for r in rows) < 400
    print(f"targets: under 20 s from the request to the file: {'met' if met_time else 'MISSED'}; "
          f"under 400 MB in any process: {'met' if met_memory else 'MISSED'} "
          f"(load average {os.getloadavg()[0]:.1f} at the end)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
