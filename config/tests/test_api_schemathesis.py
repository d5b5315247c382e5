"""Issue 16 (F15): the API answers only what its OpenAPI schema says, checked by schemathesis.

A bounded run inside `make test`: every operation of /api/schema/, a fixed, derandomized budget of
examples each, sent through the WSGI application as the organizer of a tournament with players, a
running session and a closed sheet (so ids in paths often exist). Every check schemathesis has must
pass: no server error, every status code and body documented, valid requests accepted and invalid
ones refused. A failure prints the request to replay.
"""

import pytest
import schemathesis
from django.core import signals
from django.core.wsgi import get_wsgi_application
from django.db import close_old_connections
from hypothesis import HealthCheck, settings
from schemathesis.config import SchemathesisConfig

EXAMPLES_PER_OPERATION = 12
# A request the schema allows may still break the rules (a well-formed hand that is no win, an empty
# hand, a sheet version gone stale): 400 and 409 are the documented answers to those, not failures.
# Everything else schemathesis checks as it comes, schema-violating requests refused included.
CONFIG = SchemathesisConfig.from_dict({
    "checks": {"positive_data_acceptance": {"expected-statuses": ["2xx", "400", "401", "403", "404", "409"]}},
})


@pytest.fixture
def api_schema(db, client, organizer, tournament, registrations, running_session, sheet, pins):
    # The application runs inside the test's transaction: Django must not close the connection
    # between requests as it does for real ones (the test client does the same).
    signals.request_started.disconnect(close_old_connections)
    signals.request_finished.disconnect(close_old_connections)
    try:
        yield schemathesis.openapi.from_wsgi("/api/schema/?format=json", get_wsgi_application(), config=CONFIG)
    finally:
        signals.request_started.connect(close_old_connections)
        signals.request_finished.connect(close_old_connections)


@pytest.fixture
def organizer_headers(client, organizer):
    client.force_login(organizer)
    session = client.cookies["sessionid"].value
    token = "c" * 32  # an unmasked CSRF secret, as the cookie holds it; the header may carry it as is
    return {"Cookie": f"sessionid={session}; csrftoken={token}", "X-CSRFToken": token}


schema = schemathesis.pytest.from_fixture("api_schema")


@pytest.mark.django_db
@schema.parametrize()
@settings(max_examples=EXAMPLES_PER_OPERATION, deadline=None, derandomize=True, database=None,
          suppress_health_check=list(HealthCheck))
def test_the_api_answers_as_its_schema_says(case, organizer_headers):
    case.call_and_validate(headers=organizer_headers)
