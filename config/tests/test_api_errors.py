"""The API's one error contract (config/api_errors.py).

First, every endpoint: found by walking the URL resolver (everything under /api/ but the schema and
its docs), each gets bad requests — an id that does not exist, anonymous where a login is needed, a
wrong method, and for its writes malformed JSON, another media type, a list instead of an object,
no fields and fields of the wrong type — and every answer must have the status expected and exactly
the shape the schema documents (ErrorOutput; ConflictOutput for a 409). A new endpoint fails here
until it is in ENDPOINTS below, and fails if it answers in another shape.

Then the handler's mapping of each kind of exception, one by one.
"""

import json
import re
from collections.abc import Callable
from dataclasses import dataclass, field

import pytest
from django.core.exceptions import PermissionDenied as DjangoPermissionDenied
from django.core.exceptions import ValidationError as DjangoValidationError
from django.http import Http404
from django.test import Client
from django.urls import URLPattern, URLResolver, get_resolver, reverse
from django.utils import translation
from drf_spectacular.generators import SchemaGenerator
from rest_framework import exceptions, permissions, serializers
from rest_framework.authentication import BasicAuthentication
from rest_framework.response import Response
from rest_framework.test import APIRequestFactory
from rest_framework.views import APIView

from api_tokens import services as token_services
from config.api_errors import api_exception_handler
from scoring.calculator import CalculatorError
from tournaments.errors import Conflict

NOT_ENDPOINTS = {"api-schema", "api-docs", "api-redoc"}  # the schema and its two viewers
METHODS = ("get", "post", "put", "patch", "delete")
WRITES = ("post", "put", "patch")
MISSING = 999999  # no object has this id


def _walk(patterns, prefix=""):
    for pattern in patterns:
        if isinstance(pattern, URLResolver):
            yield from _walk(pattern.url_patterns, prefix + str(pattern.pattern))
        elif isinstance(pattern, URLPattern):
            yield prefix + str(pattern.pattern), pattern


def api_endpoints() -> dict:
    """{URL name: (route, view class)} of every endpoint under /api/, from the URL resolver."""
    found = {}
    for route, pattern in _walk(get_resolver().url_patterns):
        if route.startswith("api/") and pattern.name not in NOT_ENDPOINTS:
            view = pattern.callback
            found[pattern.name or route] = (route, getattr(view, "view_class", None) or getattr(view, "cls", None))
    return found


@dataclass
class World:
    tournament: object
    registrations: list
    sheet: object
    users: dict


@dataclass
class Endpoint:
    """Arguments that reach the endpoint's checks: who may use it and which objects."""

    user: str | None  # a user of the world who may use it; None: anyone may
    args: Callable[[World], dict] = lambda world: {}
    # What an anonymous caller gets, when `user` is set: one status, or {method: status} (None: the method is
    # anyone's, its answer the world's business).
    anonymous: int | dict = 403
    body: dict = field(default_factory=dict)  # a valid-ish body for its writes


def _tournament(world):
    return {"tournament_id": world.tournament.pk}


def _sheet(world):
    return {"sheet_id": world.sheet.pk}


# Every API endpoint by URL name. A new endpoint needs its line here, or the tests below fail.
ENDPOINTS = {
    "api-tournament-list": Endpoint(None),
    "api-tournament-detail": Endpoint(None, _tournament),
    "api-registration-list": Endpoint("organizer", _tournament),
    "api-standings": Endpoint(None, _tournament),
    "api-session-check-in": Endpoint(
        "organizer",
        lambda world: {"session_id": world.sheet.session_id},
        body={"registration_id": 1, "checked_in": True},
    ),
    "api-sheet": Endpoint("referee", _sheet),
    "api-sheet-hands": Endpoint("referee", _sheet, body={"number": 1, "result": "draw"}),
    "api-sheet-hand": Endpoint(
        "referee", lambda world: {"sheet_id": world.sheet.pk, "number": 1}, body={"result": "draw", "version": 1}
    ),
    "api-sheet-take-back": Endpoint("referee", _sheet, body={"version": 1}),
    "api-sheet-hand-preview": Endpoint("referee", _sheet, body={"number": 1, "result": "draw"}),
    "api-sheet-close": Endpoint("referee", _sheet, body={"version": 1}),
    "api-sheet-objections": Endpoint("referee", _sheet, body={"version": 1, "hand_number": 1, "text": "x"}),
    "api-sheet-confirm": Endpoint("referee", _sheet, body={"entry": 1, "pin": "0000", "version": 1}),
    "api-sheet-sign": Endpoint("referee", _sheet, body={"version": 1}),
    "api-scoring-evaluate": Endpoint(None, body={"hand": "[123m]456p789s11pEE+E"}),
    "api-scoring-waits": Endpoint(None, body={"hand": "1112345678999m"}),
    # The chart is AllowAny: the selector answers 404 to anyone without VIEW_ROSTER.
    "api-seating-chart": Endpoint("organizer", _tournament, anonymous=404),
    "api-seating-schedule": Endpoint(None, lambda world: {"tournament_id": world.tournament.pk, "entry": 1}),
    # The Pin ledger: the committee only (others 403); a player's ledger: the player or the committee (others 404).
    "api-pin-ledger": Endpoint("organizer"),
    "api-pin-player-ledger": Endpoint(None, lambda world: {"player_id": world.registrations[0].player_id}),
    # Pin applications and the public register (pin_ranking/api/applications.py).
    "api-pin-register": Endpoint(None),
    "api-pin-register-entry": Endpoint(None, lambda world: {"number": "P2026-00001"}),
    "api-pin-applications": Endpoint("organizer", body={"track": "pin", "pin": 7, "sex": "F", "age": 30,
                                                        "id_number": "1", "contact": "x", "pledge_accepted": True}),
    "api-pin-application": Endpoint("organizer", lambda world: {"application_id": 1}),
    "api-pin-decision": Endpoint("organizer", lambda world: {"application_id": 1},
                                 body={"decision": "approve", "version": 1}),
    "api-pin-answer": Endpoint("organizer", lambda world: {"application_id": 1},
                               body={"note": "x", "sex": "F", "age": 30, "id_number": "1", "contact": "x"}),
    "api-pin-confirm": Endpoint("organizer", lambda world: {"application_id": 1}, body={"pledge_accepted": True}),
    "api-pin-committee-queue": Endpoint("organizer"),
    # Entries (entries/api.py): anyone enters a public tournament (the world's is a draft: 404); the organizer
    # reads the list, the window and acts; the entrant acts by the mailed link's token.
    "api-entries": Endpoint("organizer", _tournament, anonymous={"get": 403, "post": None},
                            body={"name": "Ana", "country": "PT", "email": "ana@example.org", "consent": True}),
    "api-entries-team": Endpoint(None, _tournament, body={
        "name": "T", "country": "JP", "email": "t@example.org", "consent": True,
        "members": [{"name": "A", "country": "JP", "email": "a@example.org"}]}),
    "api-entries-window": Endpoint("organizer", _tournament, body={
        "opens_at": "2026-01-01T00:00:00Z", "closes_at": "2026-02-01T00:00:00Z", "capacity": 8}),
    "api-entry-action": Endpoint("organizer", lambda world: {"entry_id": 1}, body={"action": "offer"}),
    "api-entry-mine": Endpoint(None, lambda world: {"token": "not-a-token"}, body={"action": "confirm"}),
    # A person's own data (privacy/api.py): their requests; another's is 404.
    "api-my-data": Endpoint("organizer", body={"kind": "export"}),
    "api-my-data-request": Endpoint("organizer", lambda world: {"request_id": 1}),
    # Ids to work from (tournaments/sessions/api.py, tournaments/sheets/api.py).
    "api-tournament-sessions": Endpoint(None, _tournament),
    "api-my-seats": Endpoint("organizer"),
    "api-my-tables": Endpoint("referee"),
    "api-my-sheets": Endpoint("organizer"),
    # Signing in by token (api_tokens/api.py).
    "api-auth-token": Endpoint(None, body={"username": "nobody", "password": "x", "device": "tablet"}),
    "api-auth-tokens": Endpoint("organizer"),
    "api-auth-token-revoke": Endpoint("organizer", lambda world: {"token_id": 1}),
}

_SCHEMA = {}


def api_schema() -> dict:
    if not _SCHEMA:
        _SCHEMA.update(SchemaGenerator().get_schema(request=None, public=True))
    return _SCHEMA


def component(ref_or_name: str) -> dict:
    return api_schema()["components"]["schemas"][ref_or_name.rsplit("/", 1)[-1]]


def schema_path(route: str) -> str:
    return "/" + re.sub(r"<(?:\w+:)?(\w+)>", r"{\1}", route)


def assert_one_shape(response, status: int, codes=None) -> list:
    """The answer has `status` and exactly the documented error shape; returns [(field, code)]."""
    where = f"{response.request['REQUEST_METHOD']} {response.request['PATH_INFO']}"
    assert response.status_code == status, f"{where}: {response.status_code} {response.content[:300]!r}"
    assert response["Content-Type"].startswith("application/json"), where
    body = response.json()
    documented = component("ConflictOutput" if status == 409 else "ErrorOutput")
    assert set(documented["required"]) <= set(body) <= set(documented["properties"]), f"{where}: {body}"
    item_schema = component(documented["properties"]["errors"]["items"]["$ref"])
    assert isinstance(body["errors"], list) and body["errors"], f"{where}: {body}"
    for item in body["errors"]:
        assert set(item_schema["required"]) <= set(item) <= set(item_schema["properties"]), f"{where}: {item}"
        assert item["field"] is None or (isinstance(item["field"], str) and item["field"]), f"{where}: {item}"
        assert isinstance(item["code"], str) and item["code"], f"{where}: {item}"
        assert isinstance(item["message"], str) and item["message"].strip(), f"{where}: {item}"
    found = [(item["field"], item["code"]) for item in body["errors"]]
    if codes is not None:
        assert {code for _, code in found} == set(codes), f"{where}: {found}"
    return found


def revoked_token_client(user) -> Client:
    token, plain = token_services.token_create(user=user, device="lost tablet")
    token_services.token_revoke(user=user, token=token)
    return Client(HTTP_AUTHORIZATION=f"Bearer {plain}")


@pytest.fixture
def world(tournament, organizer, referee, registrations):
    from tournaments.sessions import services as session_services

    session = tournament.sessions.get(number=1)
    ids = [registration.pk for registration in registrations]
    session_services.session_seats_replace(
        actor=organizer, session=session, tables={1: ids[0:4], 2: ids[4:8], 3: ids[8:12]}
    )
    session_services.session_start(actor=organizer, session=session)
    sheet = session.sheets.get(table__number=1)
    assert sheet.referee_id == referee.pk  # the only referee gets the table: the sheet endpoints let them in
    return World(tournament, registrations, sheet, {"organizer": organizer, "referee": referee})


def test_the_table_lists_every_api_endpoint_and_nothing_else():
    found = api_endpoints()
    assert "api-sheet-hands" in found and "api-scoring-evaluate" in found  # the walk reaches every include
    assert not set(found) - set(ENDPOINTS), f"add these endpoints to ENDPOINTS: {sorted(set(found) - set(ENDPOINTS))}"
    assert not set(ENDPOINTS) - set(found), f"no longer endpoints: {sorted(set(ENDPOINTS) - set(found))}"


@pytest.mark.django_db
@pytest.mark.parametrize("name", sorted(api_endpoints()))
def test_every_endpoint_answers_bad_requests_in_the_one_shape(name, world, client):
    if name not in ENDPOINTS:
        pytest.fail(f"{name} is an API endpoint missing from ENDPOINTS: add it with arguments that reach its checks")
    route, view_class = api_endpoints()[name]
    assert view_class is not None, f"{name}: not a DRF view, so not under the API's exception handler"
    endpoint = ENDPOINTS[name]
    kwargs = endpoint.args(world)
    url = reverse(name, kwargs=kwargs)
    allowed = [method for method in METHODS if hasattr(view_class, method)]
    operations = api_schema()["paths"].get(schema_path(route))
    assert operations is not None, f"{name}: {schema_path(route)} is not in the schema"

    def as_user():
        client.logout()
        if endpoint.user:
            client.force_login(world.users[endpoint.user])
        return client

    # A method the endpoint does not have.
    wrong = next(method for method in ("delete", "patch", "put", "post", "get") if method not in allowed)
    assert_one_shape(as_user().generic(wrong.upper(), url), 405, {"method_not_allowed"})

    for method in allowed:
        body = endpoint.body if method in WRITES else None

        def send(user_client, path=url, data=body, content_type="application/json", method=method):
            payload = data if isinstance(data, (str, bytes)) or data is None else json.dumps(data)
            return user_client.generic(method.upper(), path, payload or "", content_type=content_type)

        if kwargs:  # an id that does not exist
            assert_one_shape(send(as_user(), reverse(name, kwargs={k: MISSING for k in kwargs})), 404, {"not_found"})
        if endpoint.user:  # anonymous where a login is needed
            client.logout()
            status = endpoint.anonymous.get(method) if isinstance(endpoint.anonymous, dict) else endpoint.anonymous
            if status is not None:
                expected = {403: {"not_authenticated"}, 404: {"not_found"}}[status]
                assert_one_shape(send(client), status, expected)
                # A revoked token of the very user who may use it speaks for no one: the anonymous answer.
                assert_one_shape(send(revoked_token_client(world.users[endpoint.user])), status, expected)
        if method not in WRITES:
            continue
        assert [(f, c) for f, c in assert_one_shape(send(as_user(), data="{not json"), 400)] == [(None, "parse_error")]
        assert_one_shape(send(as_user(), data="version=1", content_type="text/plain"), 415, {"unsupported_media_type"})
        assert assert_one_shape(send(as_user(), data=[body]), 400) == [(None, "invalid")]

        request_schema = component(operations[method]["requestBody"]["content"]["application/json"]["schema"]["$ref"])
        required = request_schema.get("required", [])
        if required:  # no fields: every required one is named
            missing = assert_one_shape(send(as_user(), data={}), 400, {"required"})
            assert sorted(f for f, _ in missing) == sorted(required)
        # Every field of the wrong type (an object where a string, number, boolean or list is due).
        wrong_types = {key: {"not": "this"} for key in request_schema["properties"]}
        refused = assert_one_shape(send(as_user(), data=wrong_types), 400)
        assert sorted(f for f, _ in refused) == sorted(request_schema["properties"]), refused


@pytest.mark.django_db
def test_a_stale_version_is_a_409_in_the_conflict_shape(world, client):
    client.force_login(world.users["referee"])
    hands = reverse("api-sheet-hands", kwargs={"sheet_id": world.sheet.pk})
    assert client.post(hands, {"number": 1, "result": "draw"}, content_type="application/json").status_code == 201
    taken = client.post(hands, {"number": 1, "result": "draw"}, content_type="application/json")
    assert_one_shape(taken, 409, {"conflict"})
    assert (taken.json()["current_version"], taken.json()["next_number"]) == (2, 2)
    stale = client.post(
        reverse("api-sheet-close", kwargs={"sheet_id": world.sheet.pk}), {"version": 1}, content_type="application/json"
    )
    assert_one_shape(stale, 409, {"conflict"})
    assert stale.json()["current_version"] == 2 and "next_number" not in stale.json()


@pytest.mark.django_db
def test_a_service_error_keeps_its_field_and_code(world, client):
    client.force_login(world.users["referee"])
    hands = reverse("api-sheet-hands", kwargs={"sheet_id": world.sheet.pk})
    body = {"number": 1, "result": "win", "winner": 0, "discarder": 1, "tiles": "123m"}
    assert assert_one_shape(client.post(hands, body, content_type="application/json"), 400) == [("tiles", "notation")]


@pytest.mark.django_db
def test_messages_follow_the_callers_language(world, client):
    chart = reverse("api-seating-chart", kwargs={"tournament_id": MISSING})
    with translation.override("ja"):
        expected = str(exceptions.NotFound.default_detail)
    response = client.get(chart, HTTP_ACCEPT_LANGUAGE="ja")
    assert_one_shape(response, 404, {"not_found"})
    assert response.json()["errors"][0]["message"] == expected != "Not found."


# The handler, one exception at a time.

CONTEXT = {"view": None, "args": (), "kwargs": {}, "request": None}


def handled(exc):
    response = api_exception_handler(exc, CONTEXT)
    return response.status_code, response.data


class SeatInput(serializers.Serializer):
    entry = serializers.IntegerField(min_value=1)

    def validate(self, data):
        if data["entry"] == 13:
            raise serializers.ValidationError("No thirteenth seat.", code="unlucky")
        return data


class TableInput(serializers.Serializer):
    number = serializers.IntegerField()
    seats = SeatInput(many=True)
    fans = serializers.ListField(child=serializers.IntegerField())

    def validate(self, data):
        raise serializers.ValidationError("Never valid.", code="never")


def test_drf_validation_errors_are_flattened_with_dotted_fields():
    table = TableInput(data={"number": "x", "seats": [{"entry": 13}, {"entry": 0}, {}], "fans": [1, 2, "z"]})
    assert not table.is_valid()
    status, data = handled(exceptions.ValidationError(table.errors))
    assert status == 400
    assert [(e["field"], e["code"]) for e in data["errors"]] == [
        ("number", "invalid"),
        ("seats.0", "unlucky"),  # the nested object's own error: its path
        ("seats.1.entry", "min_value"),
        ("seats.2.entry", "required"),
        ("fans.2", "invalid"),
    ]
    assert data["errors"][1]["message"] == "No thirteenth seat."
    whole = TableInput(data={"number": 1, "seats": [], "fans": []})
    assert not whole.is_valid()
    assert handled(exceptions.ValidationError(whole.errors))[1] == {
        "errors": [{"field": None, "code": "never", "message": "Never valid."}]
    }
    assert handled(exceptions.ValidationError("Plain."))[1] == {
        "errors": [{"field": None, "code": "invalid", "message": "Plain."}]
    }


def test_django_validation_errors_keep_their_fields_and_codes():
    error = DjangoValidationError({
        "tiles": DjangoValidationError("Bad notation.", code="notation"),
        "__all__": DjangoValidationError("Hand %(n)d is signed.", params={"n": 3}),
    })
    assert handled(error) == (400, {"errors": [
        {"field": "tiles", "code": "notation", "message": "Bad notation."},
        {"field": None, "code": "invalid", "message": "Hand 3 is signed."},
    ]})
    assert handled(DjangoValidationError(["One.", DjangoValidationError("Two.", code="two")])) == (400, {"errors": [
        {"field": None, "code": "invalid", "message": "One."},
        {"field": None, "code": "two", "message": "Two."},
    ]})


def test_a_conflict_is_a_409_with_the_current_version_and_the_next_number():
    assert handled(Conflict("Taken.", current_version=4, next_number=6)) == (409, {
        "errors": [{"field": None, "code": "conflict", "message": "Taken."}], "current_version": 4, "next_number": 6
    })
    assert handled(Conflict("Changed.", current_version=None)) == (409, {
        "errors": [{"field": None, "code": "conflict", "message": "Changed."}], "current_version": None
    })


def test_a_scoring_error_keeps_the_engines_code_and_variant():
    error = CalculatorError(code="notation", variant="character", message="Unknown tile Q.", field="hand")
    assert handled(error) == (400, {
        "errors": [{"field": "hand", "code": "notation", "variant": "character", "message": "Unknown tile Q."}]
    })


@pytest.mark.parametrize(
    "exc, status, code, message",
    [
        (exceptions.NotAuthenticated(), 401, "not_authenticated", exceptions.NotAuthenticated.default_detail),
        (exceptions.AuthenticationFailed(), 401, "authentication_failed",
         exceptions.AuthenticationFailed.default_detail),
        (exceptions.PermissionDenied(), 403, "permission_denied", exceptions.PermissionDenied.default_detail),
        (DjangoPermissionDenied(), 403, "permission_denied", exceptions.PermissionDenied.default_detail),
        (DjangoPermissionDenied("Not before you."), 403, "permission_denied", "Not before you."),
        (Http404("No such sheet."), 404, "not_found", exceptions.NotFound.default_detail),
        (exceptions.NotFound(), 404, "not_found", exceptions.NotFound.default_detail),
        (exceptions.MethodNotAllowed("DELETE"), 405, "method_not_allowed", 'Method "DELETE" not allowed.'),
        (exceptions.ParseError(), 400, "parse_error", exceptions.ParseError.default_detail),
        (exceptions.UnsupportedMediaType("text/plain"), 415, "unsupported_media_type",
         'Unsupported media type "text/plain" in request.'),
        (exceptions.Throttled(wait=7), 429, "throttled", "Request was throttled. Expected available in 7 seconds."),
    ],
)
def test_each_kind_of_error_in_the_one_shape(exc, status, code, message):
    assert handled(exc) == (status, {"errors": [{"field": None, "code": code, "message": str(message)}]})


def test_messages_are_translated():
    with translation.override("zh-hans"):
        _, data = handled(Http404())
        assert data["errors"][0]["message"] == str(exceptions.NotFound.default_detail) != "Not found."


def test_a_throttled_answer_says_when_to_come_back():
    assert api_exception_handler(exceptions.Throttled(wait=7), CONTEXT)["Retry-After"] == "7"


def test_anything_else_is_left_to_be_a_500():
    assert api_exception_handler(RuntimeError("bug"), CONTEXT) is None
    assert api_exception_handler(KeyError("bug"), CONTEXT) is None

    class Broken(APIView):
        permission_classes = [permissions.AllowAny]
        authentication_classes = []

        def get(self, request):
            raise RuntimeError("bug")

    with pytest.raises(RuntimeError):  # re-raised by DRF: Django answers 500 and logs the traceback
        Broken.as_view()(APIRequestFactory().get("/api/broken/"))


@pytest.mark.django_db
def test_not_authenticated_is_401_with_a_challenge_where_the_authentication_has_one():
    class Basic(APIView):
        authentication_classes = [BasicAuthentication]
        permission_classes = [permissions.IsAuthenticated]

        def get(self, request):
            return Response({})

    factory = APIRequestFactory()
    anonymous = Basic.as_view()(factory.get("/api/basic/"))
    assert anonymous.status_code == 401 and anonymous["WWW-Authenticate"].startswith("Basic")
    message = str(exceptions.NotAuthenticated.default_detail)
    assert anonymous.data == {"errors": [{"field": None, "code": "not_authenticated", "message": message}]}
    wrong = Basic.as_view()(factory.get("/api/basic/", HTTP_AUTHORIZATION="Basic bm9ib2R5Ondyb25n"))
    assert wrong.status_code == 401 and [e["code"] for e in wrong.data["errors"]] == ["authentication_failed"]


@pytest.mark.django_db
def test_a_number_where_the_schema_says_string_is_refused(world, client):
    """Issue 43, T4-7 (schemathesis ST201): DRF's CharField turned `0` into "0", so a Pin decision with
    `"reason": 0` was accepted. A string field takes strings only, on every endpoint (config/apps.py)."""
    client.force_login(world.users["referee"])
    hands = reverse("api-sheet-hands", kwargs={"sheet_id": world.sheet.pk})
    body = {"number": 1, "result": "win", "winner": 0, "discarder": 1, "tiles": 123}
    assert assert_one_shape(client.post(hands, body, content_type="application/json"), 400) == [("tiles", "invalid")]
    evaluate = client.post(reverse("api-scoring-evaluate"), {"hand": 12345}, content_type="application/json")
    assert ("hand", "invalid") in assert_one_shape(evaluate, 400)
