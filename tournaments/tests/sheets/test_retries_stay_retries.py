"""Issue 16, "retries stay retries": a tablet on venue Wi-Fi resends what it did not hear answered.

A client key once used is remembered even after its hand is taken back: the resend is answered with
the take-back (409, code `taken_back`), never recorded as a new hand. Closing, confirming and signing
sent twice are answered as the first time, with one audit event each.
"""

import uuid

import pytest
from django.urls import reverse

from tournaments.models import AuditEvent, TakenBackKey


def url(sheet, route=""):
    return reverse(f"api-sheet-{route}" if route else "api-sheet", args=[sheet.pk])


def post(client, sheet, route, body):
    return client.post(url(sheet, route), body, content_type="application/json")


@pytest.mark.django_db
def test_a_hand_resent_after_its_take_back_gets_the_take_back_not_a_new_hand(client_for, referee, sheet):
    client = client_for(referee)
    body = {"number": 1, "client_key": str(uuid.uuid4()), "result": "draw"}
    assert post(client, sheet, "hands", body).status_code == 201
    assert post(client, sheet, "take-back", {"version": 2}).status_code == 200
    resent = post(client, sheet, "hands", body)
    assert resent.status_code == 409, resent.content
    error = resent.json()["errors"][0]
    assert error["code"] == "taken_back" and "Hand 1" in error["message"] and "taken back" in error["message"]
    assert resent.json()["current_version"] == 3 and "next_number" not in resent.json()
    assert sheet.hands.count() == 0
    assert TakenBackKey.objects.filter(sheet=sheet, client_key=body["client_key"], hand_number=1).count() == 1
    deleted = AuditEvent.objects.get(action="hand.deleted")
    assert deleted.detail["client_key"] == body["client_key"]
    # The hand entered again (a new key) is recorded; the old key sent again is still the take-back,
    # also with the number it was first sent with, now taken by the new hand.
    again = post(client, sheet, "hands", {**body, "client_key": str(uuid.uuid4())})
    assert again.status_code == 201
    assert post(client, sheet, "hands", body).json()["errors"][0]["code"] == "taken_back"
    assert post(client, sheet, "hands", {**body, "number": 2}).json()["errors"][0]["code"] == "taken_back"
    assert sheet.hands.count() == 1


@pytest.mark.django_db
def test_the_take_back_answer_is_translated(client_for, referee, sheet):
    client = client_for(referee)
    body = {"number": 1, "client_key": str(uuid.uuid4()), "result": "draw"}
    post(client, sheet, "hands", body)
    post(client, sheet, "take-back", {"version": 2})
    for language in ("zh-hans", "ja"):
        resent = client.post(url(sheet, "hands"), body, content_type="application/json",
                             HTTP_ACCEPT_LANGUAGE=language)
        message = resent.json()["errors"][0]["message"]
        assert "taken back" not in message and message, (language, message)


@pytest.mark.django_db
def test_a_hand_without_a_key_taken_back_leaves_nothing_to_remember(client_for, referee, sheet):
    client = client_for(referee)
    post(client, sheet, "hands", {"number": 1, "result": "draw"})
    post(client, sheet, "take-back", {"version": 2})
    assert not TakenBackKey.objects.exists()
    assert post(client, sheet, "hands", {"number": 1, "result": "draw"}).status_code == 201


@pytest.mark.django_db
def test_close_confirm_and_sign_sent_twice_are_answered_as_the_first_time(client_for, referee, sheet, pins):
    client = client_for(referee)
    post(client, sheet, "hands", {"number": 1, "client_key": str(uuid.uuid4()), "result": "draw"})
    first = post(client, sheet, "close", {"version": 2})
    again = post(client, sheet, "close", {"version": 2})
    assert (first.status_code, again.status_code) == (200, 200)
    assert first.json() == again.json()
    assert AuditEvent.objects.filter(action="sheet.closed").count() == 1
    version = first.json()["version"]
    for entry in (1, 2, 3, 4):
        body = {"entry": entry, "pin": pins[entry], "version": version}
        assert post(client, sheet, "confirm", body).status_code == 200
        assert post(client, sheet, "confirm", body).status_code == 200
    assert AuditEvent.objects.filter(action="sheet.confirmed").count() == 4
    signed = post(client, sheet, "sign", {"version": version})
    resigned = post(client, sheet, "sign", {"version": version})
    assert (signed.status_code, resigned.status_code) == (200, 200)
    assert resigned.json()["status"] == "locked" and resigned.json()["version"] == signed.json()["version"]
    assert AuditEvent.objects.filter(action="sheet.locked").count() == 1
    # A confirmation resent after the signature: answered as before; a wrong PIN is still refused.
    late = post(client, sheet, "confirm", {"entry": 1, "pin": pins[1], "version": version})
    assert late.status_code == 200
    wrong = "0000" if pins[1] != "0000" else "1111"
    assert post(client, sheet, "confirm", {"entry": 1, "pin": wrong, "version": version}).status_code == 400
    # Closing a signed sheet again changes nothing either.
    assert post(client, sheet, "close", {"version": version}).json()["status"] == "locked"


@pytest.mark.django_db
def test_a_signature_resent_by_someone_else_is_refused(client_for, referee, chief_referee, sheet, pins):
    client = client_for(referee)
    post(client, sheet, "hands", {"number": 1, "result": "draw"})
    version = post(client, sheet, "close", {"version": 2}).json()["version"]
    for entry in (1, 2, 3, 4):
        post(client, sheet, "confirm", {"entry": entry, "pin": pins[entry], "version": version})
    assert post(client, sheet, "sign", {"version": version}).status_code == 200
    other = post(client_for(chief_referee), sheet, "sign", {"version": version})
    assert other.status_code == 400
    assert AuditEvent.objects.filter(action="sheet.locked").count() == 1
