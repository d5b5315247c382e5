"""The suite's machinery: the language, a real Celery worker, Chromium, tests that need PostgreSQL,
and how the run is spread over xdist's processes (README, "The test suite: how it stays fast").

The fixtures every app's tests share (the personas, the tournament, sessions and sheets) are plain
pytest fixtures in plugins loaded here: testing/fixtures.py and penalties/testing/fixtures.py.
Each is built through the services for the test that asks for it, in the test's rolled-back transaction;
an app's own fixtures are in its tests/conftest.py. The SQLite test database is copied, not migrated, by
testing/database.py. The inner loop leaves the Playwright and schemathesis plugins out on its
command line (`make test-fast`); `make test` loads them.
"""

import os

import pytest

# Playwright's sync API runs an event loop in the test thread; Django's ORM must still be usable there.
os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")

pytest_plugins = [
    "testing.database",  # the SQLite test database copied, not migrated, after the first run
    "testing.fixtures",
    "penalties.testing.fixtures",
]


@pytest.hookimpl(tryfirst=True)
def pytest_collection_modifyitems(config, items):
    """Tests that talk to the real broker run in one xdist process, one after another (`--dist
    loadgroup`, pyproject.toml): a Celery worker started by one of them takes any task on the queue
    and answers every ping. Those marked `worker` join the group here; a module that uses the broker
    without a worker says so itself (`pytestmark = pytest.mark.xdist_group("broker")`)."""
    for item in items:
        if item.get_closest_marker("worker"):
            item.add_marker(pytest.mark.xdist_group("broker"))


def pytest_runtest_setup(item):
    """A test marked `postgres` needs what only PostgreSQL does (row locks, concurrent transactions,
    triggers): on SQLite it fails and says so, rather than passing without testing anything."""
    if item.get_closest_marker("postgres"):
        from django.db import connection

        if connection.vendor != "postgresql":
            pytest.fail('needs PostgreSQL: run it with scripts/run-tests.sh, or leave it out with -m "not postgres"')


@pytest.fixture(autouse=True)
def english_by_default():
    """Every test starts in English: a request with another Accept-Language leaves its language
    active in the thread (LocaleMiddleware activates it and nothing resets it)."""
    from django.utils import translation

    with translation.override("en"):
        yield


@pytest.fixture
def live_celery_worker(transactional_db, settings):
    """A real Celery worker process consuming from the real Redis broker, on the test database.

    Tasks sent while this fixture is active go through Redis (eager mode is switched off), and the
    worker sees what the test committed: use it with transactional tests.
    """
    import shutil
    import signal
    import subprocess
    import sys
    import tempfile
    import time
    import urllib.parse

    from django.conf import settings as django_settings
    from django.db import connection

    from config.celery import app

    broker = os.environ.get("CELERY_BROKER_URL", "")
    if not broker.startswith("redis://"):
        pytest.fail("CELERY_BROKER_URL must point at Redis; run the suite with `make test`")
    database = urllib.parse.urlsplit(os.environ["DATABASE_URL"])._replace(path="/" + connection.settings_dict["NAME"])
    env = {
        **os.environ,
        "DJANGO_SETTINGS_MODULE": "config.settings.test",
        "DATABASE_URL": urllib.parse.urlunsplit(database),
    }
    # Files the worker makes (big documents) are read by this process: one folder both use, as hosts share
    # a volume or an object store in production (config/settings/test.py, DJANGO_TEST_MEDIA_ROOT).
    media = tempfile.mkdtemp(prefix="mcr-test-media.")
    env["DJANGO_TEST_MEDIA_ROOT"] = media
    settings.STORAGES = {**settings.STORAGES, "default": {
        "BACKEND": "django.core.files.storage.FileSystemStorage", "OPTIONS": {"location": media}}}
    worker = subprocess.Popen(
        [sys.executable, "-m", "celery", "-A", "config", "worker", "--pool", "solo", "--loglevel", "INFO",
         "--queues", "celery,documents", "--without-gossip", "--without-mingle", "--without-heartbeat",
         "--hostname", "pytest@%h"],
        cwd=django_settings.BASE_DIR,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
    )
    app.conf.task_always_eager = False
    try:
        deadline = time.monotonic() + 60
        while not app.control.ping(timeout=0.5):
            if worker.poll() is not None or time.monotonic() > deadline:
                pytest.fail(
                    "the Celery worker did not start:\n" + (worker.stdout.read() if worker.poll() is not None else "")
                )
        yield worker
    finally:
        app.conf.task_always_eager = True
        worker.send_signal(signal.SIGTERM)
        try:
            worker.wait(timeout=20)
        except subprocess.TimeoutExpired:
            worker.kill()
        shutil.rmtree(media, ignore_errors=True)


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args):
    """Playwright drives Debian's Chromium: its own browser download cannot work here."""
    return {
        **browser_type_launch_args,
        "executable_path": "/usr/bin/chromium",
        "args": ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update"],
    }
