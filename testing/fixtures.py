"""The fixtures every app's tests share, loaded by the root conftest.py (`pytest_plugins`).

The personas (after healthchecks' Alice, Bob and Charlie, tournament-shaped): an organizer and their
draft tournament of twelve players in three teams, its staff in every role, a player with an account,
the Pin committee and an outsider; then session 1 seated, running, and its first sheet; and two
signed sessions for the archive. Plain pytest fixtures, each built through the services (and
`testing.scenarios`) for each test that asks for it, inside the test's rolled-back transaction.
"""

import datetime as dt

import pytest
from django.conf import settings
from django.contrib.auth import get_user_model
from django.contrib.auth.models import Permission
from django.test import Client

from testing.scenarios import STRAIGHT, play, publish, seat, seat_twelve, win
from tournaments.core import services as core_services
from tournaments.sessions import services as session_services
from tournaments.standings.services import standings_recompute

PASSWORD = "test-password-123"


@pytest.fixture(autouse=True, scope="module")
def pdfs_rendered_once_per_module():
    """Within a module, a document whose HTML was rendered already is not rendered again: the same
    HTML gives the same PDF (tests of who may print fetch the same sheets as several users). The
    renderer is the real one (tournaments.documents); each module starts with nothing kept."""
    from tournaments import documents

    render = documents.html_to_pdf
    kept: dict[str, bytes] = {}

    def html_to_pdf(html: str) -> bytes:
        if html not in kept:
            kept[html] = render(html)
        return kept[html]

    documents.html_to_pdf = html_to_pdf
    yield
    documents.html_to_pdf = render


def make_user(username: str, **extra):
    return get_user_model().objects.create_user(username=username, password=PASSWORD, **extra)


def member(tournament, username, role, team=None):
    """A new user holding `role` in `tournament` (of `team`, for a team leader)."""
    from tournaments.models import Membership

    user = make_user(username)
    Membership.objects.create(user=user, tournament=tournament, role=role, team=team)
    return user


@pytest.fixture
def organizer(db):
    user = make_user("organizer")
    user.user_permissions.add(Permission.objects.get(codename="add_tournament"))
    return user


@pytest.fixture
def tournament(organizer):
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

    return Team.objects.bulk_create(Team(tournament=tournament, name=f"Team {n}", country="CN") for n in range(1, 4))


@pytest.fixture
def registrations(tournament, teams):
    """Twelve players, four to a team."""
    from tournaments.models import Player, Registration

    players = Player.objects.bulk_create(Player(name=f"Player {entry}", country="CN") for entry in range(1, 13))
    return Registration.objects.bulk_create(
        Registration(
            tournament=tournament, player=player, entry_number=entry, team=teams[(entry - 1) // 4],
            contact=f"p{entry}@example.org",
        )
        for entry, player in enumerate(players, start=1)
    )


@pytest.fixture
def chief_referee(tournament):
    return member(tournament, "chief", "chief_referee")


@pytest.fixture
def referee(tournament):
    return member(tournament, "referee", "referee")


@pytest.fixture
def arbitrator(tournament):
    return member(tournament, "arbiter", "arbitrator")


@pytest.fixture
def team_leader(tournament, teams):
    return member(tournament, "leader", "team_leader", team=teams[0])


@pytest.fixture
def player_user(registrations):
    user = make_user("player")
    player = registrations[0].player
    player.user = user
    player.save()
    return user


@pytest.fixture
def pin_member(db):
    """The Pin register's administrator (pin_ranking's `pin_register_admin` group, named here by its string:
    the core does not import the apps above it). No tournament right comes with it."""
    from django.contrib.auth.models import Group

    user = make_user("pin")
    user.groups.add(Group.objects.get_or_create(name="pin_register_admin")[0])
    return user


@pytest.fixture
def outsider(db):
    """Organizer of another tournament: logged in, but a stranger to `tournament`."""
    user = make_user("outsider")
    core_services.tournament_create(
        actor=user, name="Other Cup", starts_on=dt.date(2026, 6, 1), ends_on=dt.date(2026, 6, 1)
    )
    return user


@pytest.fixture
def everyone(organizer, chief_referee, referee, arbitrator, team_leader, player_user, pin_member, outsider):
    """Every persona by fixture name, for tests parametrized over the roles."""
    return {
        "organizer": organizer,
        "chief_referee": chief_referee,
        "referee": referee,
        "arbitrator": arbitrator,
        "team_leader": team_leader,
        "player_user": player_user,
        "pin_member": pin_member,
        "outsider": outsider,
    }


@pytest.fixture
def swap_seam():
    """swap_seam(extensions.seams.<seam>, entry, ...): for this test the seam holds these entries only
    (a stand-in for an app above the core, or none at all); the registered ones come back after."""
    import contextlib

    with contextlib.ExitStack() as stack:
        yield lambda seam, *entries: stack.enter_context(seam.override(*entries))


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
def browser_login(live_server):
    """browser_login(page, user) signs `user` in: a session made as the login form makes one, its cookie
    given to the page's browser (the next step opens a page). The form itself is driven where it is the
    subject: staff/tests, the whole day in config/tests/test_day_from_nothing.py."""

    def login(page, user):
        client = Client()
        client.force_login(user)
        cookie = client.cookies[settings.SESSION_COOKIE_NAME]
        page.context.add_cookies([{"name": cookie.key, "value": cookie.value, "url": live_server.url}])

    return login


@pytest.fixture
def published(tournament):
    """The tournament, public."""
    publish(tournament)
    return tournament


@pytest.fixture
def seated_session(tournament, registrations, organizer):
    """Session 1 with the twelve players at three tables, in entry order."""
    return seat_twelve(actor=organizer, tournament=tournament, number=1, registrations=registrations)


@pytest.fixture
def running_session(seated_session, organizer, referee):
    session_services.session_start(actor=organizer, session=seated_session)
    seated_session.refresh_from_db()
    return seated_session


@pytest.fixture
def sheet(running_session):
    return running_session.sheets.select_related("session__tournament").get(table__number=1)


@pytest.fixture
def pins(tournament, organizer, registrations):
    core_services.confirm_pins_issue(actor=organizer, tournament=tournament)
    return {r.entry_number: r.confirm_pin for r in tournament.registrations.all()}


@pytest.fixture
def played(tournament, registrations, organizer, referee, pins):
    """Two signed sessions with ties at the tables, a self-drawn hand, flowers, declared fans and a draw."""
    player = registrations[0].player
    player.federation_id, player.name_local = "CN-0001", "选手一"
    player.save()
    teams = list(tournament.teams.order_by("name"))
    teams[0].leader = registrations[0]
    teams[0].save()
    first, second = tournament.sessions.get(number=1), tournament.sessions.get(number=2)
    seat(actor=organizer, session=first, tables={1: [1, 2, 3, 4], 2: [5, 6, 7, 8], 3: [9, 10, 11, 12]})
    play(
        actor=referee, session=first,
        hands={
            # Three players win 8 each off the fourth: three tied first, 7/3 table points each.
            1: [win(0, 3), win(1, 3), win(2, 3)],
            # Two tied second share (2 + 1) / 2 = 1.5.
            2: [win(0, 1)],
            # Two draws: all four tied, 1.75 each.
            3: [{"result": "draw"}, {"result": "draw"}],
        },
    )
    seat(actor=organizer, session=second, tables={1: [1, 5, 9, 2], 2: [3, 6, 10, 4], 3: [7, 11, 8, 12]})
    play(
        actor=referee, session=second,
        hands={
            1: [win(0, None, STRAIGHT, flowers=2), {"result": "draw"}],
            2: [{"result": "win", "winner": 3, "discarder": None, "declared_fans": [49, 73, 76], "flowers": 1}],
            3: [win(1, 0)],
        },
    )
    standings_recompute(tournament_id=tournament.pk)
    return tournament
