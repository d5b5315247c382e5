"""Personas and fixtures shared by every app's tests (healthchecks' Alice/Bob/Charlie, tournament-shaped)."""

import datetime as dt
import os

import pytest
from django.contrib.auth import get_user_model
from django.contrib.auth.models import Permission

# Playwright's sync API runs an event loop in the test thread; Django's ORM must still be usable there.
os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")

PASSWORD = "test-password-123"


@pytest.fixture(autouse=True)
def english_by_default():
    """Every test starts in English: a request with another Accept-Language leaves its language
    active in the thread (LocaleMiddleware activates it and nothing resets it)."""
    from django.utils import translation

    with translation.override("en"):
        yield


def make_user(username: str, **extra):
    return get_user_model().objects.create_user(username=username, password=PASSWORD, **extra)


@pytest.fixture
def organizer(db):
    user = make_user("organizer")
    user.user_permissions.add(Permission.objects.get(codename="add_tournament"))
    return user


@pytest.fixture
def tournament(organizer):
    from tournaments.core import services as core_services

    return core_services.tournament_create(
        actor=organizer,
        name="Test Open",
        venue="Hall A",
        starts_on=dt.date(2026, 5, 1),
        ends_on=dt.date(2026, 5, 2),
    )


@pytest.fixture
def teams(tournament):
    from tournaments.models import Team

    return [Team.objects.create(tournament=tournament, name=f"Team {n}", country="CN") for n in range(1, 4)]


@pytest.fixture
def registrations(tournament, teams):
    """Twelve players, four to a team."""
    from tournaments.models import Player, Registration

    result = []
    for entry in range(1, 13):
        player = Player.objects.create(name=f"Player {entry}", country="CN", contact=f"p{entry}@example.org")
        result.append(
            Registration.objects.create(
                tournament=tournament, player=player, entry_number=entry, team=teams[(entry - 1) // 4]
            )
        )
    return result


def _member(tournament, username, role, team=None):
    from tournaments.models import Membership

    user = make_user(username)
    Membership.objects.create(user=user, tournament=tournament, role=role, team=team)
    return user


@pytest.fixture
def chief_referee(tournament):
    return _member(tournament, "chief", "chief_referee")


@pytest.fixture
def referee(tournament):
    return _member(tournament, "referee", "referee")


@pytest.fixture
def arbitrator(tournament):
    return _member(tournament, "arbiter", "arbitrator")


@pytest.fixture
def team_leader(tournament, teams):
    return _member(tournament, "leader", "team_leader", team=teams[0])


@pytest.fixture
def player_user(registrations):
    user = make_user("player")
    player = registrations[0].player
    player.user = user
    player.save()
    return user


@pytest.fixture
def pin_member(db):
    from tournaments.access import pin_committee_group

    user = make_user("pin")
    user.groups.add(pin_committee_group())
    return user


@pytest.fixture
def outsider(db):
    """Organizer of another tournament: logged in, but a stranger to `tournament`."""

    from tournaments.core import services as core_services

    user = make_user("outsider")
    core_services.tournament_create(
        actor=user, name="Other Cup", starts_on=dt.date(2026, 6, 1), ends_on=dt.date(2026, 6, 1)
    )
    return user


@pytest.fixture
def client_for(client):
    """client_for(user) logs the test client in as `user` (None stays anonymous)."""

    def login(user):
        client.logout()
        if user is not None:
            client.force_login(user)
        return client

    return login


@pytest.fixture
def live_celery_worker(transactional_db, settings):
    """A real Celery worker process consuming from the real Redis broker, on the test database.

    Tasks sent while this fixture is active go through Redis (eager mode is switched off), and the
    worker sees what the test committed: use it with transactional tests.
    """
    import signal
    import subprocess
    import sys
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
    worker = subprocess.Popen(
        [sys.executable, "-m", "celery", "-A", "config", "worker", "--pool", "solo", "--loglevel", "INFO",
         "--without-gossip", "--without-mingle", "--without-heartbeat", "--hostname", "pytest@%h"],
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
                pytest.fail("the Celery worker did not start:\n" + (worker.stdout.read() if worker.poll() is not None else ""))
        yield worker
    finally:
        app.conf.task_always_eager = True
        worker.send_signal(signal.SIGTERM)
        try:
            worker.wait(timeout=20)
        except subprocess.TimeoutExpired:
            worker.kill()


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args):
    """Playwright drives Debian's Chromium: its own browser download cannot work here."""
    return {
        **browser_type_launch_args,
        "executable_path": "/usr/bin/chromium",
        "args": ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update"],
    }


PHONE = {"viewport": {"width": 360, "height": 740}, "device_scale_factor": 2, "is_mobile": True, "has_touch": True}
TABLET = {"viewport": {"width": 800, "height": 1280}, "device_scale_factor": 2, "is_mobile": True, "has_touch": True}


@pytest.fixture
def browser_login(live_server):
    """browser_login(page, user) signs `user` in through the login form."""

    def login(page, user):
        page.goto(f"{live_server.url}/accounts/login/")
        page.fill("input[name=username]", user.get_username())
        page.fill("input[name=password]", PASSWORD)
        page.click("main button[type=submit]")
        page.wait_for_url(f"{live_server.url}/")

    return login
