"""The API for Pin applications (Appendix 9, 7.1-7.4) and the public register (7.4 公布): every role's answer,
the form's personal fields to the applicant and the committee only, refusals that name what to fix."""

import pytest
from django.test import Client
from django.urls import reverse

from pin_ranking.models import Application, PinAward
from pin_ranking.tests.helpers import FORM
from testing.fixtures import make_user
from tournaments.models import AuditEvent, Membership, Role

PERSONAL = {"sex", "age", "id_number", "contact"}


def _client(user=None, language="en"):
    client = Client(HTTP_ACCEPT_LANGUAGE=language)
    if user is not None:
        client.force_login(user)
    return client


def _file(user, **changes):
    return _client(user).post(reverse("api-pin-applications"), {"track": "pin", "pin": 7, **FORM, **changes},
                              content_type="application/json")


def test_7_1_a_player_files_for_themself_and_reads_the_form_back(applicant):
    answer = _file(applicant.user)
    assert answer.status_code == 201, answer.content
    data = answer.json()
    assert (data["status"], data["pin"], data["name"], data["points_total"]) == ("pending", 7, "Wang Fang", 41.5)
    assert data["id_number"] == FORM["id_number"] and data["results"][0]["name"] == "National Open"
    assert data["results"][0]["table_points"] == 41.5 and data["certificate_number"] is None
    mine = _client(applicant.user).get(reverse("api-pin-applications")).json()
    assert [row["id"] for row in mine] == [data["id"]]


def test_7_3_an_application_above_the_ledger_is_refused_naming_the_missing_measure(applicant):
    answer = _file(applicant.user, pin=6)
    assert answer.status_code == 400
    (error,) = answer.json()["errors"]
    assert error["field"] == "pin" and "more table points" in error["message"]
    zh = _client(applicant.user, "zh-hans").post(reverse("api-pin-applications"),
                                                  {"track": "pin", "pin": 6, **FORM}, content_type="application/json")
    assert zh.status_code == 400 and "6品" in zh.json()["errors"][0]["message"]
    assert not Application.objects.exists() and not AuditEvent.objects.filter(action="pin.application_filed").exists()


@pytest.mark.parametrize("changes, field", [
    ({"pledge_accepted": False}, "pledge_accepted"),
    ({"pin": 0}, "pin"),
    ({"pin": 10}, "pin"),
    ({"track": "gold"}, "track"),
    ({"sex": "X"}, "sex"),
    ({"age": 2}, "age"),
    ({"id_number": " "}, "id_number"),
])
def test_bad_forms_are_refused_field_by_field_and_nothing_is_saved(applicant, changes, field):
    answer = _file(applicant.user, **changes)
    assert answer.status_code == 400, answer.content
    assert field in {error["field"] for error in answer.json()["errors"]}
    assert not Application.objects.exists()


def test_7_1_filing_on_a_players_behalf_is_recorded_and_only_officials_may(applicant, national, member):
    stranger = make_user("stranger")
    assert _file(stranger, player=applicant.pk).status_code == 404
    organizer = make_user("org")
    Membership.objects.create(user=organizer, tournament=national, role=Role.ORGANIZER)
    assert _file(organizer, player=applicant.pk).status_code == 400  # the pledge is the player's
    answer = _file(organizer, player=applicant.pk, pledge_accepted=False)
    assert answer.status_code == 201 and answer.json()["on_behalf"] is True
    assert (answer.json()["status"], answer.json()["pledge_by"]) == ("awaiting_player", "")
    assert _file(stranger).status_code == 404  # no player of their own
    confirm = reverse("api-pin-confirm", args=[answer.json()["id"]])
    assert _client(organizer).post(confirm, {"pledge_accepted": True}, content_type="application/json"
                                   ).status_code == 404
    confirmed = _client(applicant.user).post(confirm, {"pledge_accepted": True}, content_type="application/json")
    assert confirmed.status_code == 200 and confirmed.json()["status"] == "pending"


def test_the_forms_personal_fields_reach_the_applicant_and_the_committee_only(applicant, member, national):
    application_id = _file(applicant.user).json()["id"]
    url = reverse("api-pin-application", args=[application_id])
    for reader in (applicant.user, member):
        data = _client(reader).get(url).json()
        assert PERSONAL <= set(data) and data["id_number"] == FORM["id_number"]
    organizer = make_user("org")
    Membership.objects.create(user=organizer, tournament=national, role=Role.ORGANIZER)
    for outsider in (make_user("other"), organizer):
        assert _client(outsider).get(url).status_code == 404
    assert _client().get(url).status_code == 403  # not logged in
    assert _client(make_user("other2")).get(reverse("api-pin-applications")).json() == []


def test_7_3_the_committee_queue_is_for_its_members(applicant, member, committee_member):
    application_id = _file(applicant.user).json()["id"]
    queue = reverse("api-pin-committee-queue")
    assert [row["id"] for row in _client(member).get(queue).json()] == [application_id]
    assert _client(committee_member).get(queue).json() == []  # the world body: Pin 7 goes to the member org (2014)
    assert _client(applicant.user).get(queue).status_code == 403


def test_7_4_approval_through_the_api_issues_the_certificate_and_enters_the_public_register(applicant, member):
    application_id = _file(applicant.user).json()["id"]
    decide = reverse("api-pin-decision", args=[application_id])
    assert _client(applicant.user).post(decide, {"decision": "approve", "version": 1},
                                        content_type="application/json").status_code == 404
    answer = _client(member).post(decide, {"decision": "approve", "version": 1}, content_type="application/json")
    assert answer.status_code == 200, answer.content
    number = answer.json()["certificate_number"]
    assert answer.json()["status"] == "approved" and number == PinAward.objects.get().number
    stale = _client(member).post(decide, {"decision": "reject", "version": 1, "reason": "late"},
                                 content_type="application/json")
    assert stale.status_code == 409 and stale.json()["errors"][0]["code"] == "conflict"
    assert stale.json()["current_version"] == 2 and "meanwhile" in stale.json()["errors"][0]["message"]
    register = _client().get(reverse("api-pin-register")).json()
    assert register["count"] == 1 and register["pages"] == 1
    (entry,) = register["results"]
    assert entry == {"number": number, "name": "Wang Fang", "country": "CN", "track": "pin", "pin": 7,
                     "awarded_on": entry["awarded_on"], "committee": "Chinese Pin Committee"}
    assert not PERSONAL & set(entry)
    one = _client().get(reverse("api-pin-register-entry", args=[number]))
    assert one.status_code == 200 and one.json()["pin"] == 7
    assert _client().get(reverse("api-pin-register-entry", args=["P1999-99999"])).status_code == 404


def test_a_rejection_needs_its_reason_and_records_nothing_without_it(applicant, member):
    application_id = _file(applicant.user).json()["id"]
    decide = reverse("api-pin-decision", args=[application_id])
    answer = _client(member).post(decide, {"decision": "reject", "version": 1}, content_type="application/json")
    assert answer.status_code == 400 and answer.json()["errors"][0]["field"] == "reason"
    assert Application.objects.get().status == "pending" and Application.objects.get().version == 1


def test_the_register_filters_and_pages(applicant, member):
    application_id = _file(applicant.user).json()["id"]
    _client(member).post(reverse("api-pin-decision", args=[application_id]), {"decision": "approve", "version": 1},
                         content_type="application/json")
    url = reverse("api-pin-register")
    assert _client().get(url, {"track": "web_pin"}).json()["count"] == 0
    assert _client().get(url, {"pin": 7, "country": "cn"}).json()["count"] == 1
    assert _client().get(url, {"pin": 8}).json()["count"] == 0
    assert _client().get(url, {"page": 2}).status_code == 404
    for bad in ({"pin": 0}, {"pin": "x"}, {"track": "gold"}, {"page": 0}):
        answer = _client().get(url, bad)
        assert answer.status_code == 400 and answer.json()["errors"][0]["field"] == next(iter(bad))


def test_a_web_pin_forms_rows_give_table_points_as_the_pin_forms_do():
    """A row's table points are stored in twelfths on both tracks; a Web Pin's total is in web points."""
    from types import SimpleNamespace

    from pin_ranking.applications.api import application_data

    fields = dict.fromkeys(("id", "player_id", "name", "country", "pin", "status", "version", "committee",
                            "signed_at", "on_behalf", "decided_at", "reason", "sex", "age", "id_number", "contact",
                            "pledge_by", "approved_unsigned"))
    web = SimpleNamespace(**fields, track="web_pin", points_total=37, results=[{"table_points": 498, "name": "Web"}])
    data = application_data(web)
    assert data["results"][0]["table_points"] == 41.5 and data["points_total"] == 37
