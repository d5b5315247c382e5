import pytest


@pytest.mark.django_db
def test_openapi_schema_lists_the_api(client):
    response = client.get("/api/schema/", HTTP_ACCEPT="application/json")
    assert response.status_code == 200
    schema = response.json()
    assert schema["openapi"].startswith("3.")
    assert "/api/tournaments/{tournament_id}/registrations/" in schema["paths"]


@pytest.mark.django_db
def test_api_docs_are_served_without_a_cdn(client):
    page = client.get("/api/docs/").content.decode()
    assert "swagger-ui" in page
    assert "cdn" not in page.lower() and "unpkg" not in page.lower()


@pytest.mark.django_db
def test_health(client):
    assert client.get("/health/").json() == {"status": "ok"}
