"""Issue 16 (F15): the API answers only what its OpenAPI schema says, checked by schemathesis.

A bounded run inside `make test`: every operation of /api/schema/, a fixed, derandomized budget of
examples each, sent through the WSGI application as the organizer of a tournament with players, a
running session, a sheet with a hand, and Pin data (the organizer sits on the committees). Half the
generated path parameters are replaced by ids that exist (`real_ids`), so the answers of found objects
are checked as well as 404s. Every check schemathesis has must pass: no server error, every status code
and body documented, valid requests accepted and invalid ones refused. A failure prints the request to
replay.
"""

import contextlib

import pytest
import schemathesis
from django.core import signals
from django.core.wsgi import get_wsgi_application
from django.db import close_old_connections
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from schemathesis.config import SchemathesisConfig

from pin_ranking.models import Application, PinAward
from testing.fixtures import make_user
from testing.scenarios import win
from tournaments.models import Membership, Role
from tournaments.sheets import services as sheet_services
from tournaments.sheets.entry import HandEntry

EXAMPLES_PER_OPERATION = 12
# A request the schema allows may still break the rules (a well-formed hand that is no win, an empty
# hand, a sheet version gone stale): 400 and 409 are the documented answers to those, not failures; so is 429
# where the schema says an operation is counted (entering, signing in for a token) and the fuzzing reaches it.
# Everything else schemathesis checks as it comes, schema-violating requests refused included.
CHECKS = {"positive_data_acceptance": {"expected-statuses": ["2xx", "400", "401", "403", "404", "409", "429"]}}
CSRF_TOKEN = "c" * 32  # an unmasked CSRF secret, as the cookie holds it; the header may carry it as is
# The WSGI transport hands schemathesis the body as the app sent it, without undoing a Content-Encoding (an HTTP
# client would): the standings, compressed for a gzip-accepting client (issue 43), are asked for plain.
HEADERS = {"X-CSRFToken": CSRF_TOKEN, "Accept-Encoding": "identity"}


@contextlib.contextmanager
def _schema_as(client, user, real_ids, phases=None):
    # The user's session through schemathesis's OpenAPI-aware auth (the schema's cookieAuth): a Cookie
    # header of our own is dropped by the WSGI test client (werkzeug) when its jar is empty, and every
    # request then ran anonymously. Schemathesis also tries each operation without it (401/403 expected).
    client.force_login(user)
    config = SchemathesisConfig.from_dict({
        "checks": CHECKS, "auth": {"openapi": {"cookieAuth": {"api_key": client.cookies["sessionid"].value}}},
        **({"phases": phases} if phases else {}),
    })
    # The application runs inside the test's transaction: Django must not close the connection
    # between requests as it does for real ones (the test client does the same).
    signals.request_started.disconnect(close_old_connections)
    signals.request_finished.disconnect(close_old_connections)
    try:
        schema = schemathesis.openapi.from_wsgi("/api/schema/?format=json", get_wsgi_application(), config=config)

        @schema.hook
        def flatmap_path_parameters(context, parameters):
            known = real_ids(context.operation.path)
            found = {name: known[name] for name in parameters or {} if name in known}
            return st.sampled_from([parameters, {**parameters, **found}]) if found else st.just(parameters)

        yield schema
    finally:
        signals.request_started.connect(close_old_connections)
        signals.request_finished.connect(close_old_connections)


@pytest.fixture
def api_schema(db, client, organizer, tournament, registrations, running_session, sheet, pins, pin_entries,
               real_ids):
    with _schema_as(client, organizer, real_ids) as schema:
        yield schema


# Issue 28: the writes fuzzed as every role, not only the organizer's (a role reaches code paths the others
# are refused before), with fewer examples each to keep `make test` quick.
ROLES = ("referee", "chief_referee", "team_leader", "player", "pin_committee")
EXAMPLES_PER_ROLE = 4


@pytest.fixture(params=ROLES)
def role_user(request, referee, chief_referee, team_leader, player_user, pin_entries):
    if request.param == "pin_committee":
        from pin_ranking.models import Committee, CommitteeSeat

        user = make_user("pin-member")
        CommitteeSeat.objects.create(committee=Committee.objects.get(kind="member"), user=user)
        return user
    return {"referee": referee, "chief_referee": chief_referee, "team_leader": team_leader,
            "player": player_user}[request.param]


@pytest.fixture
def api_schema_as_role(db, client, role_user, tournament, registrations, running_session, sheet, pins, real_ids):
    # The organizer's run goes through every phase; the other roles' writes through the examples and the
    # fuzzing (the coverage phase's boundary cases are the same for every role, and cost most of the time).
    with _schema_as(client, role_user, real_ids, phases={"coverage": {"enabled": False}}) as schema:
        yield schema


@pytest.fixture
def real_ids(organizer, referee, tournament, registrations, running_session, sheet, pin_entries):
    """Ids that exist, by path parameter: a hand on the sheet, the Pin register's entry, the application
    waiting, a player with a ledger. The organizer is also the chief referee, so the sheets' writes are
    reached beyond their 404."""
    Membership.objects.create(user=organizer, tournament=tournament, role=Role.CHIEF_REFEREE)
    sheet_services.hand_record(actor=referee, sheet_id=sheet.pk, number=1, entry=HandEntry.from_mapping(win(0, 1)))
    ids = {
        "tournament_id": tournament.pk, "session_id": running_session.pk, "sheet_id": sheet.pk, "number": 1,
        "entry": registrations[0].entry_number, "player_id": registrations[0].player_id,
        "application_id": Application.objects.get(status="pending").pk,
    }
    register = {"number": PinAward.objects.get().number}
    return lambda path: {**ids, **register} if path.startswith("/api/pin/register/") else ids


@pytest.fixture
def pin_entries(organizer, registrations):
    """The organizer also sits on the Pin committees: a Pin in the register, an application waiting (issue 14)."""
    from pin_ranking.testing import api_examples

    api_examples(user=organizer, players=[r.player for r in registrations])


schema = schemathesis.pytest.from_fixture("api_schema")


@pytest.mark.django_db
@schema.parametrize()
@settings(max_examples=EXAMPLES_PER_OPERATION, deadline=None, derandomize=True, database=None,
          suppress_health_check=list(HealthCheck))
def test_the_api_answers_as_its_schema_says(case):
    case.call_and_validate(headers=HEADERS, cookies={"csrftoken": CSRF_TOKEN})


# The writes: every read is fuzzed as the organizer already, and the reads refuse the other roles early.
role_schema = schemathesis.pytest.from_fixture("api_schema_as_role").include(
    method=["POST", "PUT", "PATCH", "DELETE"])


@pytest.mark.django_db
@role_schema.parametrize()
@settings(max_examples=EXAMPLES_PER_ROLE, deadline=None, derandomize=True, database=None,
          suppress_health_check=list(HealthCheck))
def test_the_api_answers_as_its_schema_says_to_every_role(case):
    case.call_and_validate(headers=HEADERS, cookies={"csrftoken": CSRF_TOKEN})


@pytest.mark.django_db
def test_the_run_is_logged_in(api_schema):
    """The run above must not fall back to anonymous requests (it did, unseen, until 2026-11-24): a case
    generated as it generates them reads the Pin committee's queue, which needs the organizer's login."""
    statuses = []

    @given(case=api_schema["/api/pin/committee/applications/"]["GET"].as_strategy())
    @settings(max_examples=3, deadline=None, derandomize=True, database=None, suppress_health_check=list(HealthCheck))
    def send(case):
        statuses.append(case.call(headers={"X-CSRFToken": CSRF_TOKEN}, cookies={"csrftoken": CSRF_TOKEN}).status_code)

    send()
    assert statuses and set(statuses) == {200}, statuses
