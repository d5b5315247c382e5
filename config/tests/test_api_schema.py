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
