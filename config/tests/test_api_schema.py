import pytest


@pytest.mark.django_db
def test_openapi_schema_lists_the_api(client):
    response = client.get("/api/schema/", HTTP_ACCEPT="application/json")
    assert response.status_code == 200
    schema = response.json()
    assert schema["openapi"].startswith("3.")
    assert "/api/tournaments/{tournament_id}/registrations/" in schema["paths"]


@pytest.mark.django_db
def test_every_operation_documents_its_error_answers_with_the_shared_components(client):
    """The API's one error shape (config/api_errors.py), declared once, on every error answer."""
    schema = client.get("/api/schema/", HTTP_ACCEPT="application/json").json()
    components = schema["components"]["schemas"]
    error_ref, conflict_ref = "#/components/schemas/ErrorOutput", "#/components/schemas/ConflictOutput"
    item_ref = "#/components/schemas/ErrorItemOutput"
    assert components["ErrorOutput"]["properties"]["errors"]["items"] == {"$ref": item_ref}
    assert set(components["ErrorItemOutput"]["required"]) == {"field", "code", "message"}
    assert set(components["ConflictOutput"]["properties"]) == {"errors", "current_version", "next_number"}
    documented = set()
    for path, operations in schema["paths"].items():
        for method, operation in operations.items():
            where = f"{method.upper()} {path}"
            responses = operation["responses"]
            for code, response in responses.items():
                if code >= "400":
                    ref = conflict_ref if code == "409" else error_ref
                    assert response["content"] == {"application/json": {"schema": {"$ref": ref}}}, (where, code)
                    assert response["description"], (where, code)
                    documented.add(code)
            security = operation.get("security", [])
            login = {} not in security
            csrf = method != "get" and {"cookieAuth": []} in security  # a session's writes are CSRF-checked
            # Each error where it can happen, and only there.
            queried = any(parameter["in"] == "query" for parameter in operation.get("parameters", []))
            # 400 for a body the checks refuse, or for query parameters that are checked (the Pin register's).
            assert ("400" in responses) == ("requestBody" in operation or queried), where
            assert ("requestBody" in operation) == ("415" in responses), where
            assert set(operation.get("requestBody", {}).get("content", {"application/json": 1})) == {
                "application/json"}, where
            assert ("403" in responses) == (login or csrf), where
            paged = any(parameter["name"] == "page" for parameter in operation.get("parameters", []))
            # A page past the last is 404, and so is filing a Pin application for a player one may not file for.
            on_behalf = where == "POST /api/pin/applications/"
            assert ("404" in responses) == ("{" in path or paged or on_behalf), where
            # The services raise Conflict on the tablet's writes only: a stale version or hand number.
            # a preview writes nothing, so it has no stale version to answer 409 for
            writes = method != "get" and not path.endswith("/preview/")
            # And the Pin committee's decision: another member decided the application meanwhile.
            assert ("409" in responses) == ((path.startswith("/api/sheets/") or path.endswith("/decision/"))
                                            and writes), where
            # Entering is anyone's, so it is counted per address and e-mail (entries/throttle.py).
            entering = where in ("POST /api/tournaments/{tournament_id}/entries/",
                                 "POST /api/tournaments/{tournament_id}/entries/team/", "POST /api/auth/token/")
            assert ("429" in responses) == entering, where
    assert documented == {"400", "403", "404", "409", "415", "429"}
    # No other error schema is left behind.
    assert not {"SheetErrorsOutput", "SheetConflictOutput"} & set(components)


@pytest.mark.django_db
def test_api_docs_are_served_without_a_cdn(client):
    page = client.get("/api/docs/").content.decode()
    assert "swagger-ui" in page
    assert "cdn" not in page.lower() and "unpkg" not in page.lower()


@pytest.mark.django_db
def test_health(client):
    assert client.get("/health/").json() == {"status": "ok"}


@pytest.mark.django_db
def test_a_players_team_and_group_are_documented_as_nullable_everywhere(client):
    """A player need not be in a team or group (3.5.3): every schema that gives one says it may be null (issue 28:
    a registration's team was documented as a plain string and came as null)."""
    schemas = client.get("/api/schema/", HTTP_ACCEPT="application/json").json()["components"]["schemas"]
    found = {}
    for name, schema in schemas.items():
        for field in ("team", "group"):
            if field in schema.get("properties", {}):
                found[f"{name}.{field}"] = schema["properties"][field].get("nullable", False)
    assert "Registration.team" in found or any(key.endswith(".team") for key in found)
    # A team's or group's own row names it: never null there.
    never_null = {key for key, nullable in found.items() if not nullable}
    assert never_null == {"StandingsTeamOutput.team", "StandingsGroupOutput.group"}


def _components_reached(schema: dict, part: str) -> set[str]:
    """The components the operations' responses (part "responses") or request bodies ("requestBody") refer to."""
    components, reached = schema["components"]["schemas"], set()

    def walk(node):
        if isinstance(node, dict):
            name = node.get("$ref", "").rpartition("/")[2]
            if name and name not in reached:
                reached.add(name)
                walk(components[name])
            for value in node.values():
                walk(value)
        elif isinstance(node, list):
            for value in node:
                walk(value)

    for operations in schema["paths"].values():
        for operation in operations.values():
            walk(operation.get(part, {}))
    return reached


@pytest.fixture(scope="module")
def api_schema(django_db_blocker):
    from drf_spectacular.generators import SchemaGenerator
    with django_db_blocker.unblock():
        return SchemaGenerator().get_schema(request=None, public=True)


# Sent only in some answers, each said so in its description (config/api_schema.py).
SENT_ONLY_SOMETIMES = {
    ("ConflictOutput", "next_number"),  # a hand sent with a number already taken
    ("ErrorItemOutput", "variant"),  # a hand the scoring API refuses
    ("SheetOutput", "notice"),  # a player confirming twice
}


def test_answers_say_which_fields_are_always_sent(api_schema):
    """A generated client types a field "may be missing" only where it may be (issue 46: 24 were typed so)."""
    components = api_schema["components"]["schemas"]
    optional = set()
    for name in _components_reached(api_schema, "responses"):
        schema = components[name]
        optional |= {(name, field) for field in schema.get("properties", {}) if field not in schema.get("required", [])}
    assert optional == SENT_ONLY_SOMETIMES
    for name, field in SENT_ONLY_SOMETIMES:
        assert components[name]["properties"][field]["description"].startswith("Only "), (name, field)
    # Tournaments and sessions, built from their models, among them.
    assert set(components["TournamentOutput"]["required"]) >= {"status", "venue", "rule_set", "scoring_mode"}
    assert set(components["SessionOutput"]["required"]) == set(components["SessionOutput"]["properties"])


def test_a_component_is_either_a_request_or_an_answer(api_schema):
    """One component for both would be required for one and optional for the other: only enums are shared."""
    components = api_schema["components"]["schemas"]
    shared = _components_reached(api_schema, "responses") & _components_reached(api_schema, "requestBody")
    assert shared and all("enum" in components[name] for name in shared)


def test_answers_have_no_free_form_objects_and_give_their_enums(api_schema):
    """Every object in an answer declares its fields (a hand's fans are `{number, count}`), and each status,
    result, rule set, wind, track, sex, level and class is its enum, the same one the requests use."""
    components = api_schema["components"]["schemas"]
    enumerated = {"status", "result", "rule_set", "profile", "prevalent", "seat_winds", "track", "sex", "level",
                  "klass", "class", "kind", "state", "final_ranking", "scoring_mode", "rules"}
    checked = set()
    for name in _components_reached(api_schema, "responses"):
        for field, schema in components[name].get("properties", {}).items():
            item = schema.get("items", schema)
            assert not (item.get("type") == "object" and "properties" not in item), f"{name}.{field} is free-form"
            if field in enumerated:
                refs = [ref["$ref"] for ref in item.get("allOf", [item]) + item.get("oneOf", []) if "$ref" in ref]
                assert any(ref.endswith("Enum") for ref in refs), f"{name}.{field} is a plain {item.get('type')}"
                checked.add(f"{name}.{field}")
    assert {"HandOutput.result", "HandRecordedOutput.result", "SheetOutput.status", "ChartSessionOutput.status",
            "ScheduleSessionOutput.status", "NextHandOutput.prevalent", "NextHandOutput.seat_winds",
            "EvaluateOutput.profile", "EvaluateOutput.rule_set", "OtherRuleSetOutput.rule_set",
            "ApplicationOutput.track", "ApplicationOutput.sex"} <= checked
    for name in ("HandOutput", "HandRecordedOutput"):
        assert components[name]["properties"]["fans"]["items"] == {"$ref": "#/components/schemas/FanCountOutput"}
    # The same enum as the input: a client compares a hand it sent with the one it reads back.
    assert components["HandOutput"]["properties"]["result"] == components["HandInput"]["properties"]["result"] == {
        "$ref": "#/components/schemas/ResultEnum"}
