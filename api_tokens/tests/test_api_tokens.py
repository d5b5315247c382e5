"""Personal API tokens: made (shown once), used with the user's own rights, revoked everywhere, expired, throttled."""

import datetime as dt

import pytest
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from api_tokens import services
from api_tokens.models import ApiToken
from testing.fixtures import PASSWORD
from tournaments.models import AuditEvent


def bearer(token: str) -> Client:
    """A client with no session and no CSRF cookie: only the token speaks for it."""
    return Client(enforce_csrf_checks=True, HTTP_AUTHORIZATION=f"Bearer {token}")


def test_a_referee_signs_in_by_token_and_records_a_hand_without_csrf(referee, sheet):
    anonymous = Client(enforce_csrf_checks=True)
    made = anonymous.post(reverse("api-auth-token"), {"username": "referee", "password": PASSWORD,
                                                      "device": "tablet 3"}, content_type="application/json")
    assert made.status_code == 201
    token = made.json()["token"]
    assert token.startswith("mcr_") and not ApiToken.objects.filter(secret_hash__contains=token[13:]).exists()
    client = bearer(token)
    hand = client.post(reverse("api-sheet-hands", args=[sheet.pk]), {"number": 1, "result": "draw"},
                       content_type="application/json")
    assert hand.status_code == 201, hand.content
    assert client.get(reverse("api-sheet", args=[sheet.pk])).json()["hands"][0]["number"] == 1
    # Never shown again: the list has no secret.
    listed = client.get(reverse("api-auth-tokens")).json()
    assert [row["device"] for row in listed] == ["tablet 3"] and "token" not in listed[0]
    assert AuditEvent.objects.filter(action="api_token.created", actor=referee).exists()


def test_a_token_has_its_users_rights_only(referee, outsider, sheet):
    _token, plain = services.token_create(user=outsider, device="phone")
    refused = bearer(plain).post(reverse("api-sheet-hands", args=[sheet.pk]), {"number": 1, "result": "draw"},
                                 content_type="application/json")
    assert refused.status_code in (403, 404)


@pytest.mark.parametrize("route", ["api-auth-tokens", "api-tournament-list", "api-my-data"])
def test_a_revoked_or_expired_token_is_refused_on_every_route(referee, route):
    token, plain = services.token_create(user=referee, device="tablet")
    client = bearer(plain)
    assert client.get(reverse("api-auth-tokens")).status_code == 200
    services.token_revoke(user=referee, token=token)
    answer = client.get(reverse(route))
    # Anonymous: a route that needs a login refuses; a public one answers as to anyone.
    assert answer.status_code in (200, 403)
    assert client.get(reverse("api-auth-tokens")).status_code == 403
    other, plain2 = services.token_create(user=referee, device="phone")
    ApiToken.objects.filter(pk=other.pk).update(expires_at=timezone.now() - dt.timedelta(seconds=1))
    assert bearer(plain2).get(reverse("api-auth-tokens")).status_code == 403
    assert bearer(plain2[:-1] + "x").get(reverse("api-auth-tokens")).status_code == 403


def test_revoking_another_users_token_is_404_and_revoking_is_audited(referee, outsider):
    token, _plain = services.token_create(user=referee, device="tablet")
    _other, plain = services.token_create(user=outsider, device="phone")
    assert bearer(plain).delete(reverse("api-auth-token-revoke", args=[token.pk])).status_code == 404
    _mine, mine = services.token_create(user=referee, device="laptop")
    assert bearer(mine).delete(reverse("api-auth-token-revoke", args=[token.pk])).status_code == 204
    assert AuditEvent.objects.filter(action="api_token.revoked", actor=referee).count() == 1


def test_signing_in_is_throttled_and_wrong_passwords_say_so(referee):
    client = Client()
    url = reverse("api-auth-token")
    wrong = client.post(url, {"username": "referee", "password": "nope", "device": "x"},
                        content_type="application/json")
    assert wrong.status_code == 400 and "Wrong username or password" in wrong.content.decode()
    for _ in range(services.LOGINS_PER_USERNAME_AND_ADDRESS - 1):
        client.post(url, {"username": "referee", "password": "nope", "device": "x"}, content_type="application/json")
    throttled = client.post(url, {"username": "referee", "password": PASSWORD, "device": "x"},
                            content_type="application/json")
    assert throttled.status_code == 429
    # The stranger's tries from their address do not lock the referee out at their own.
    elsewhere = Client(REMOTE_ADDR="192.0.2.77").post(url, {"username": "referee", "password": PASSWORD,
                                                            "device": "tablet"}, content_type="application/json")
    assert elsewhere.status_code == 201, elsewhere.content


def test_the_account_page_makes_a_token_once_and_revokes_it(referee, client):
    client.force_login(referee)
    page = client.post(reverse("api_tokens:tokens"), {"device": "tablet 5"})
    assert b"token-made" in page.content and page["Cache-Control"] == "no-store"
    token = ApiToken.objects.get(user=referee)
    assert b"token-made" not in client.get(reverse("api_tokens:tokens")).content
    client.post(reverse("api_tokens:revoke", args=[token.pk]))
    token.refresh_from_db()
    assert token.revoked_at is not None


def test_the_schema_declares_the_bearer_scheme(client):
    schema = client.get("/api/schema/", HTTP_ACCEPT="application/json").json()
    assert schema["components"]["securitySchemes"]["tokenAuth"]["scheme"] == "bearer"
    assert {} in schema["paths"]["/api/auth/token/"]["post"]["security"]  # anyone signs in
    assert {"tokenAuth": []} in schema["paths"]["/api/auth/tokens/"]["get"]["security"]


def test_ids_to_work_from_a_referees_tables_and_a_players_own_sheet(referee, player_user, outsider, sheet,
                                                                     tournament):
    _token, plain = services.token_create(user=referee, device="tablet")
    tables = bearer(plain).get(reverse("api-my-tables")).json()
    assert {row["sheet"] for row in tables} >= {sheet.pk}
    assert all(row["tournament"] == tournament.pk for row in tables)
    sessions = bearer(plain).get(reverse("api-tournament-sessions", args=[tournament.pk])).json()
    assert [row["number"] for row in sessions][:2] == [1, 2]
    _token, mine = services.token_create(user=player_user, device="phone")
    player = bearer(mine)
    assert [row["sheet"] for row in player.get(reverse("api-my-sheets")).json()] == [sheet.pk]
    read = player.get(reverse("api-sheet", args=[sheet.pk]))
    assert read.status_code == 200 and read.json()["tournament"] == tournament.pk
    assert read.json()["referee"] == "referee"
    seats = player.get(reverse("api-my-seats")).json()
    assert seats and seats[0]["table"] == 1 and seats[0]["tournament"] == tournament.pk
    _token, stranger = services.token_create(user=outsider, device="phone")
    assert bearer(stranger).get(reverse("api-sheet", args=[sheet.pk])).status_code == 404
    assert bearer(stranger).get(reverse("api-my-sheets")).json() == []
