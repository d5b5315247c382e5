"""Shared by the database benchmarks: a throwaway PostgreSQL (and Redis) and a fresh schema.

`throwaway_services()` starts them with scripts/test-services.sh, the script the test suite uses,
and stops them on exit; when DATABASE_URL already points at a PostgreSQL server it is reused.
`fresh_database()` then creates a test database with Django's test runner utilities (migrations
included) and drops it on exit, so a reused server is left as it was found.
"""
from __future__ import annotations

import contextlib
import os
import statistics
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
if ROOT not in sys.path:
    sys.path.insert(0, ROOT)


@contextlib.contextmanager
def throwaway_services():
    """Yield the environment (DATABASE_URL, REDIS_URL, ...) of a PostgreSQL server on loopback."""
    if os.environ.get("DATABASE_URL", "").startswith("postgres"):
        yield dict(os.environ)
        return
    script = os.path.join(ROOT, "scripts", "test-services.sh")
    directory = tempfile.mkdtemp(prefix="mcr-bench-services.")
    try:
        subprocess.run([script, "start", directory], check=True, stdout=subprocess.DEVNULL)
        values = {}
        with open(os.path.join(directory, "env")) as handle:
            for line in handle:
                name, _, value = line.removeprefix("export ").strip().partition("=")
                if name:
                    values[name] = value
        os.environ.update(values)
        yield values
    finally:
        subprocess.run([script, "stop", directory], check=False)


def django_setup(settings_module: str = "config.settings.test") -> None:
    os.environ["DJANGO_SETTINGS_MODULE"] = settings_module
    import django

    django.setup()


@contextlib.contextmanager
def fresh_database():
    """A migrated test database (test_<name>), dropped on exit. Call django_setup() first."""
    from django.test.utils import setup_databases, teardown_databases

    config = setup_databases(verbosity=0, interactive=False, serialized_aliases=set())
    try:
        yield
    finally:
        from django.db import connections

        connections.close_all()
        teardown_databases(config, verbosity=0)


def summary(samples_ms: list[float]) -> dict:
    return {
        "median": statistics.median(samples_ms),
        "min": min(samples_ms),
        "max": max(samples_ms),
        "n": len(samples_ms),
    }
