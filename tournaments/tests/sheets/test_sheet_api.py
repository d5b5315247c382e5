"""The tablet's API: permissions, idempotent submission, 400 with codes, 409 on stale state."""

import uuid

import pytest
from django.urls import reverse

from testing.fixtures import make_user
from testing.scenarios import STRAIGHT, objection_made_before_signing
from tournaments.models import Membership, ScoreSheet
from tournaments.sessions import services as session_services


def url(sheet, route="", *args):
    """A sheet's API address by route name (tournaments/api_urls.py): url(sheet, "hands"), url(sheet, "hand", 1)."""
    return reverse(f"api-sheet-{route}" if route else "api-sheet", args=[sheet.pk, *args])


@pytest.mark.django_db
def test_referee_records_hands_and_a_retry_is_replayed(client_for, referee, sheet):
    client = client_for(referee)
    body = {
        "number": 1,
        "client_key": str(uuid.uuid4()),
        "result": "win",
        "winner": 2,
        "discarder": 0,
        "tiles": STRAIGHT,
    }
    first = client.post(url(sheet, "hands"), body, content_type="application/json")
    assert first.status_code == 201, first.content
    data = first.json()
    assert (data["number"], data["deltas"], data["sheet_totals"], data["sheet_version"]) == (
        1, [-31, -8, 47, -8], [-31, -8, 47, -8], 2)
    assert {fan["number"] for fan in data["fans"]} == {28, 62, 63, 70, 75, 79}
    state = client.get(url(sheet)).json()
    assert state["next_number"] == 2 and state["hands"][0]["deltas"] == [-31, -8, 47, -8]
    assert state["next_hand"] == {"prevalent": "E", "seat_winds": ["N", "E", "S", "W"], "dealer": 1}
    retry = client.post(url(sheet, "hands"), body, content_type="application/json")
    assert retry.status_code == 200
    assert retry.json()["number"] == 1 and len(client.get(url(sheet)).json()["hands"]) == 1
    stale = client.post(url(sheet, "hands"), {**body, "client_key": str(uuid.uuid4())}, content_type="application/json")
    assert stale.status_code == 409
    assert stale.json()["current_version"] == 2


@pytest.mark.django_db
def test_bad_hand_is_a_400_with_code_and_translated_message(client_for, referee, sheet):
    client = client_for(referee)
    body = {"number": 1, "result": "win", "winner": 0, "discarder": 1, "tiles": "123m456m789m12p55s+7p"}
    response = client.post(url(sheet, "hands"), body, content_type="application/json", HTTP_ACCEPT_LANGUAGE="zh-hans")
    assert response.status_code == 400
    error = response.json()["errors"][0]
    assert (error["field"], error["code"]) == ("tiles", "not_complete")
    assert "和牌" in error["message"]
    malformed = client.post(url(sheet, "hands"), {"number": 99, "result": "maybe"}, content_type="application/json")
    assert malformed.status_code == 400
    # The serializer's errors in the same shape as the services': one item per problem, with its code.
    assert [(e["field"], e["code"]) for e in malformed.json()["errors"]] == [
        ("number", "max_value"), ("result", "invalid_choice")
    ]


@pytest.mark.django_db
def test_only_the_assigned_referee_and_the_chief_write(
    client_for, tournament, referee, chief_referee, outsider, sheet, organizer
):
    other_referee = make_user("other-referee")
    Membership.objects.create(user=other_referee, tournament=tournament, role="referee")
    body = {"number": 1, "result": "draw"}
    assert client_for(other_referee).post(url(sheet, "hands"), body, content_type="application/json").status_code == 404
    assert client_for(outsider).post(url(sheet, "hands"), body, content_type="application/json").status_code == 404
    assert client_for(outsider).get(url(sheet)).status_code == 404
    assert client_for(organizer).post(url(sheet, "hands"), body, content_type="application/json").status_code == 404
    assert client_for(organizer).get(url(sheet)).status_code == 200
    assert client_for(None).get(url(sheet)).status_code in (401, 403)
    assert client_for(chief_referee).post(url(sheet, "hands"), body, content_type="application/json").status_code == 201


@pytest.mark.django_db
def test_close_confirm_sign_and_correct_through_the_api(client_for, referee, chief_referee, sheet, pins):
    client = client_for(referee)
    client.post(
        url(sheet, "hands"),
        {"number": 1, "result": "win", "winner": 2, "discarder": 0, "tiles": STRAIGHT},
        content_type="application/json",
    )
    assert client.post(url(sheet, "close"), {"version": 1}, content_type="application/json").status_code == 409
    closed = client.post(url(sheet, "close"), {"version": 2}, content_type="application/json")
    assert closed.json()["status"] == "closed"
    version = closed.json()["version"]
    wrong_pin = "0000" if pins[1] != "0000" else "1111"
    wrong = client.post(
        url(sheet, "confirm"), {"entry": 1, "pin": wrong_pin, "version": version}, content_type="application/json"
    )
    assert wrong.status_code == 400 and wrong.json()["errors"][0]["field"] == "pin"
    for entry in (1, 2, 3, 4):
        body = {"entry": entry, "pin": pins[entry], "version": version}
        confirmed = client.post(url(sheet, "confirm"), body, content_type="application/json")
        assert confirmed.status_code == 200
    assert confirmed.json()["confirmed_count"] == 4
    again = client.post(url(sheet, "confirm"), body, content_type="application/json")  # entry 4 once more
    assert again.status_code == 200 and again.json()["confirmed_count"] == 4  # safe to retry, nothing new
    assert "has already confirmed this sheet" in again.json()["notice"]
    assert "notice" not in confirmed.json()
    signed = client.post(url(sheet, "sign"), {"version": version}, content_type="application/json")
    assert signed.json()["status"] == "locked"
    version = signed.json()["version"]
    # Locked: the referee may no longer write; the chief referee may, with a reason.
    objection = objection_made_before_signing(ScoreSheet.objects.get(pk=sheet.pk))
    body = {"version": version, "result": "draw", "reason": "the win was void", "basis": "objection",
            "reference": str(objection.pk)}
    assert client.put(url(sheet, "hand", 1), body, content_type="application/json").status_code == 404
    corrected = client_for(chief_referee).put(url(sheet, "hand", 1), body, content_type="application/json")
    assert corrected.status_code == 200
    assert corrected.json()["totals"] == [0, 0, 0, 0]


@pytest.mark.django_db
def test_take_back(client_for, referee, sheet):
    client = client_for(referee)
    client.post(url(sheet, "hands"), {"number": 1, "result": "draw"}, content_type="application/json")
    taken = client.post(url(sheet, "take-back"), {"version": 2}, content_type="application/json")
    assert taken.status_code == 200 and taken.json()["hands"] == []


@pytest.mark.django_db
def test_a_stale_hand_number_gets_409_with_the_next_number(client_for, referee, sheet):
    client = client_for(referee)
    client.post(url(sheet, "hands"), {"number": 1, "result": "draw"}, content_type="application/json")
    stale = client.post(url(sheet, "hands"), {"number": 1, "result": "draw"}, content_type="application/json")
    assert stale.status_code == 409 and stale.json()["next_number"] == 2
    assert stale.json()["errors"][0]["code"] == "conflict" and stale.json()["current_version"] == 2


@pytest.mark.django_db
def test_a_client_key_sent_again_for_the_next_hand_is_a_conflict_not_a_crash(client_for, referee, sheet):
    client = client_for(referee)
    key = "6f1c1c7e-9d7a-4a57-9d57-0b8a2f1f7a10"
    first = client.post(
        url(sheet, "hands"), {"number": 1, "client_key": key, "result": "draw"}, content_type="application/json"
    )
    assert first.status_code == 201
    again = client.post(
        url(sheet, "hands"), {"number": 2, "client_key": key, "result": "draw"}, content_type="application/json"
    )
    assert again.status_code == 409 and "hand 1" in again.json()["errors"][0]["message"]
    assert again.json()["current_version"] is None and "next_number" not in again.json()
    assert sheet.hands.count() == 1


@pytest.mark.django_db
def test_a_confirmation_or_signature_for_a_version_since_changed_is_refused(
    client_for, referee, chief_referee, sheet, pins
):
    client = client_for(referee)
    client.post(url(sheet, "hands"), {"number": 1, "result": "draw"}, content_type="application/json")
    version = client.post(url(sheet, "close"), {"version": 2}, content_type="application/json").json()["version"]
    body = {"entry": 1, "pin": pins[1], "version": version}
    assert client.post(url(sheet, "confirm"), body, content_type="application/json").status_code == 200
    # The chief referee corrects a hand while the players are signing: they must see it first.
    correction = {"version": version, "result": "win", "winner": 2, "discarder": 0, "tiles": STRAIGHT}
    assert (
        client_for(chief_referee).put(url(sheet, "hand", 1), correction, content_type="application/json").status_code
        == 200
    )
    body = {"entry": 2, "pin": pins[2], "version": version}
    stale = client.post(url(sheet, "confirm"), body, content_type="application/json")
    assert stale.status_code == 409 and stale.json()["current_version"] == version + 1
    assert client.post(url(sheet, "sign"), {"version": version}, content_type="application/json").status_code == 409
    assert (
        client.post(url(sheet, "confirm"), {"entry": 2, "pin": pins[2]}, content_type="application/json").status_code
        == 400
    )


@pytest.mark.django_db
def test_the_chief_referee_signs_without_a_missing_confirmation_through_the_api(
    client_for, referee, chief_referee, sheet, pins
):
    client = client_for(referee)
    client.post(url(sheet, "hands"), {"number": 1, "result": "draw"}, content_type="application/json")
    version = client.post(url(sheet, "close"), {"version": 2}, content_type="application/json").json()["version"]
    for entry in (1, 2, 3):
        client.post(
            url(sheet, "confirm"),
            {"entry": entry, "pin": pins[entry], "version": version},
            content_type="application/json",
        )
    refused = client.post(url(sheet, "sign"), {"version": version, "reason": "4 left"}, content_type="application/json")
    assert refused.status_code == 400  # the referee needs all four
    page = reverse("tournaments:sheet", args=[sheet.pk])
    assert 'data-action="sign-without"' not in client.get(page).content.decode()
    assert 'data-action="sign-without"' in client_for(chief_referee).get(page).content.decode()
    no_reason = client_for(chief_referee).post(
        url(sheet, "sign"), {"version": version}, content_type="application/json"
    )
    assert no_reason.status_code == 400 and no_reason.json()["errors"][0]["field"] == "reason"
    signed = client_for(chief_referee).post(
        url(sheet, "sign"), {"version": version, "reason": "4 left"}, content_type="application/json"
    )
    assert signed.status_code == 200 and signed.json()["status"] == "locked"


@pytest.mark.django_db
def test_the_referee_takes_the_signatures_after_time_up(client_for, referee, organizer, sheet, pins):
    client = client_for(referee)
    client.post(url(sheet, "hands"), {"number": 1, "result": "draw"}, content_type="application/json")
    session_services.session_end(actor=organizer, session=sheet.session)  # time-up closes the sheet
    version = client.get(url(sheet)).json()["version"]
    for entry in (1, 2, 3, 4):
        body = {"entry": entry, "pin": pins[entry], "version": version}
        response = client.post(url(sheet, "confirm"), body, content_type="application/json")
        assert response.status_code == 200, response.content
    signed = client.post(url(sheet, "sign"), {"version": version}, content_type="application/json")
    assert signed.json()["status"] == "locked"
    # Locked: the referee can no longer write it (a confirmation resent is answered as before, issue 16).
    body = {"entry": 1, "pin": pins[1], "version": version}
    assert client.post(url(sheet, "confirm"), body, content_type="application/json").status_code == 200
    assert client.post(url(sheet, "take-back"), {"version": version + 1},
                       content_type="application/json").status_code == 404


@pytest.mark.django_db
def test_a_sheet_id_beyond_the_databases_integers_is_a_404_not_a_crash(client_for, referee, sheet):
    """The hand path reads the sheet in hand-written SQL: an id no row can have answers as the ORM's pages do."""
    body = {"number": 1, "result": "draw"}
    for sheet_id in (2**63, 8727812797494373560352768):
        response = client_for(referee).post(f"/api/sheets/{sheet_id}/hands/", body, content_type="application/json")
        assert response.status_code == 404 and response.json()["errors"][0]["code"] == "not_found"
