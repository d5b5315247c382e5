"""7.3: the committee asks for more, the player (or whoever filed for them) answers on a page of their own, and the
application goes back to the committee's queue with the exchange kept; every refusal says what to fix."""

import pytest
from django.core.exceptions import ValidationError
from django.test import Client
from django.urls import reverse

from pin_ranking.applications.services import application_answer
from pin_ranking.committee.selectors import committee_queue
from pin_ranking.committee.services import application_decide
from pin_ranking.models import Application, ApplicationMessage
from pin_ranking.tests.helpers import FORM, file
from testing.fixtures import make_user
from tournaments.errors import NotFound
from tournaments.models import AuditEvent

ANSWER = {"note": "The ID number had a typo; the certificate is signed now.", "sex": "F", "age": 35,
          "id_number": "110101199001019999", "contact": "wang@example.org"}


@pytest.fixture
def asked(applicant, member):
    application = file(applicant.user, applicant)
    return application_decide(actor=member, application_id=application.pk, decision="more_info", version=1,
                              reason="Check your ID number")


def test_7_3_the_answer_corrects_the_form_and_sends_it_back_to_the_queue(asked, applicant, member):
    answered = application_answer(actor=applicant.user, application_id=asked.pk, **ANSWER)
    assert (answered.status, answered.version, answered.age, answered.id_number) == (
        "pending", 3, 35, "110101199001019999")
    assert committee_queue(user=member) == [answered]
    exchange = [(m.kind, m.text) for m in ApplicationMessage.objects.filter(application=asked)]
    assert exchange == [("asked", "Check your ID number"), ("answered", ANSWER["note"])]
    event = AuditEvent.objects.get(action="pin.application_answered")
    assert event.detail == {"changed": ["age", "id_number"], "results_refreshed": False, "version": 3}
    assert "110101199001019999" not in str(event.detail) and ANSWER["note"] not in str(event.detail)
    # The committee decides on the new version; the old one is stale.
    approved = application_decide(actor=member, application_id=asked.pk, decision="approve", version=3)
    assert approved.status == "approved"


def test_the_results_can_be_filled_again_from_the_ledger(asked, applicant):
    answered = application_answer(actor=applicant.user, application_id=asked.pk, refresh_results=True, **ANSWER)
    assert answered.results[0]["name"] == "National Open"
    assert AuditEvent.objects.get(action="pin.application_answered").detail["results_refreshed"] is True


def test_refusals_say_what_to_fix_and_save_nothing(asked, applicant, member):
    with pytest.raises(ValidationError) as error:
        application_answer(actor=applicant.user, application_id=asked.pk, **{**ANSWER, "note": " ", "age": 2})
    assert set(error.value.message_dict) == {"note", "age"}
    for stranger in (member, make_user("other"), None):
        with pytest.raises(NotFound):
            application_answer(actor=stranger, application_id=asked.pk, **ANSWER)
    fresh = Application.objects.get(pk=asked.pk)
    assert (fresh.status, fresh.version, fresh.age) == ("more_info", 2, FORM["age"])
    assert ApplicationMessage.objects.filter(kind="answered").count() == 0


def test_an_application_nobody_asked_about_has_nothing_to_answer(applicant):
    application = file(applicant.user, applicant)
    with pytest.raises(ValidationError, match="nothing to answer"):
        application_answer(actor=applicant.user, application_id=application.pk, **ANSWER)


def test_the_pages_the_player_answers_on_and_the_committee_reads(asked, applicant, member):
    player = Client()
    player.force_login(applicant.user)
    detail = player.get(reverse("pin_ranking:application", args=[asked.pk])).content.decode()
    answer_url = reverse("pin_ranking:application_answer", args=[asked.pk])
    assert "Check your ID number" in detail and answer_url in detail
    page = player.get(answer_url).content.decode()
    assert FORM["id_number"] in page  # prefilled
    empty = player.post(answer_url, {**ANSWER, "note": ""})
    assert empty.status_code == 200 and "This field is required" in empty.content.decode()
    sent = player.post(answer_url, ANSWER)
    assert sent.status_code == 302 and Application.objects.get(pk=asked.pk).status == "pending"
    assert player.get(answer_url).status_code == 200  # still readable; posting again is refused
    again = player.post(answer_url, ANSWER).content.decode()
    assert "nothing to answer" in again
    other = Client()
    other.force_login(make_user("other"))
    assert other.get(answer_url).status_code == 404
    committee = Client()
    committee.force_login(member)
    queue = committee.get(reverse("pin_ranking:committee_applications")).content.decode()
    assert "Check your ID number" in queue and ANSWER["note"] in queue


def test_the_api_answer(asked, applicant):
    client = Client()
    client.force_login(applicant.user)
    url = reverse("api-pin-answer", args=[asked.pk])
    bad = client.post(url, {**ANSWER, "note": ""}, content_type="application/json")
    assert bad.status_code == 400 and bad.json()["errors"][0]["field"] == "note"
    good = client.post(url, ANSWER, content_type="application/json")
    assert good.status_code == 200 and good.json()["status"] == "pending" and good.json()["version"] == 3
    assert client.post(url, ANSWER, content_type="application/json").status_code == 400
