"""The committee's decisions (Appendix 9, 7.3-7.4): approve / reject / more, one decision, the public register."""

import threading

import pytest
from django.core.exceptions import ValidationError
from django.db import connection
from django.urls import reverse

from pin_ranking.committee.selectors import committee_queue, pin_register_public
from pin_ranking.committee.services import DecisionConflict, application_decide
from pin_ranking.models import Application, Committee, CommitteeSeat, PinAward
from pin_ranking.tests.helpers import FORM, file
from testing.fixtures import make_user
from tournaments.errors import NotFound
from tournaments.models import AuditEvent


def test_7_4_approval_issues_a_numbered_certificate_and_enters_the_public_register(applicant, member):
    application = file(applicant.user, applicant)
    assert committee_queue(user=member) == [application]
    decided = application_decide(actor=member, application_id=application.pk, decision="approve", version=1)
    assert decided.status == "approved" and decided.version == 2 and decided.decided_by == member
    award = PinAward.objects.get()
    assert award.pin == 7 and award.number.startswith("P") and award.country == "CN" and award.name == "Wang Fang"
    assert pin_register_public() == [award] and committee_queue(user=member) == []
    assert AuditEvent.objects.filter(action="pin.application_decided").count() == 1


def test_7_3_a_second_decision_refused(applicant, member):
    application = file(applicant.user, applicant)
    # A version the member never read (ahead of it): said so, not "decided by another member".
    with pytest.raises(DecisionConflict, match="version 1, not the 8 you sent"):
        application_decide(actor=member, application_id=application.pk, decision="approve", version=8)
    application_decide(actor=member, application_id=application.pk, decision="approve", version=1)
    with pytest.raises(DecisionConflict, match="decided by"):
        application_decide(actor=member, application_id=application.pk, decision="reject", version=2, reason="x")
    with pytest.raises(DecisionConflict):
        application_decide(actor=member, application_id=application.pk, decision="approve", version=1)
    assert PinAward.objects.count() == 1


def test_7_3_rejection_and_more_information_need_a_reason(applicant, member):
    application = file(applicant.user, applicant)
    for decision in ("reject", "more_info"):
        with pytest.raises(ValidationError, match="Say why"):
            application_decide(actor=member, application_id=application.pk, decision=decision, version=1)
    more = application_decide(actor=member, application_id=application.pk, decision="more_info", version=1,
                              reason="Send the signed certificate")
    assert more.status == "more_info" and more.is_open
    rejected = application_decide(actor=member, application_id=application.pk, decision="reject", version=2,
                                  reason="Certificate not signed")
    assert rejected.status == "rejected" and not PinAward.objects.exists()


def test_only_a_member_of_the_applications_committee_decides(applicant, member, committee_member):
    application = file(applicant.user, applicant)  # goes to the Chinese member organization (Pin 7, 2014)
    for outsider in (committee_member, applicant.user, make_user("nobody"), None):
        with pytest.raises(NotFound):
            application_decide(actor=outsider, application_id=application.pk, decision="approve", version=1)
    assert committee_queue(user=committee_member) == []


def test_a_pin_is_never_lowered(applicant, member):
    first = file(applicant.user, applicant, pin=7)
    application_decide(actor=member, application_id=first.pk, decision="approve", version=1)
    lower = file(applicant.user, applicant, pin=8)
    with pytest.raises(ValidationError, match="never lowered"):
        application_decide(actor=member, application_id=lower.pk, decision="approve", version=1)
    assert Application.objects.get(pk=lower.pk).status == "pending"


@pytest.mark.postgres
@pytest.mark.django_db(transaction=True)
def test_two_members_deciding_at_once_one_wins_the_other_gets_a_conflict(applicant, member):
    other = make_user("cnmember2")
    CommitteeSeat.objects.create(committee=Committee.objects.get(kind="member"), user=other)
    application = file(applicant.user, applicant)
    barrier = threading.Barrier(2)
    outcomes = []

    def decide(user, decision):
        try:
            barrier.wait()
            application_decide(actor=user, application_id=application.pk, decision=decision, version=1,
                               reason="no")
            outcomes.append("won")
        except DecisionConflict:
            outcomes.append("conflict")
        finally:
            connection.close()

    threads = [threading.Thread(target=decide, args=(member, "approve")),
               threading.Thread(target=decide, args=(other, "reject"))]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert sorted(outcomes) == ["conflict", "won"]
    assert AuditEvent.objects.filter(action="pin.application_decided").count() == 1


def test_the_queue_page_decides_and_the_public_register_shows_the_pin(client, applicant, member):
    application = file(applicant.user, applicant)
    client.force_login(member)
    page = client.get("/pin/committee/applications/")
    assert page.status_code == 200 and b"Wang Fang" in page.content and b"Automatic check" in page.content
    client.post("/pin/committee/applications/", {"application": application.pk, "decision": "approve", "version": 1})
    assert Application.objects.get().status == "approved"
    client.post("/pin/committee/applications/", {"application": application.pk, "decision": "reject", "version": 1,
                                                 "reason": "late"})
    assert Application.objects.get().status == "approved"  # the stale second decision is a conflict
    client.logout()
    register = client.get("/pin/register/")
    assert register.status_code == 200 and b"Wang Fang" in register.content
    assert FORM["id_number"].encode() not in register.content and FORM["contact"].encode() not in register.content


def test_the_queue_is_the_committees_only(client, applicant):
    client.force_login(applicant.user)
    assert client.get("/pin/committee/applications/").status_code == 404


def test_the_queue_page_says_so_when_someone_decided_first(client, applicant, member):
    application = file(applicant.user, applicant)
    application_decide(actor=member, application_id=application.pk, decision="approve", version=1)
    client.force_login(member)
    page = client.post(reverse("pin_ranking:committee_applications"),
                       {"application": application.pk, "decision": "reject", "version": 1, "reason": "late"},
                       follow=True).content.decode()
    assert "meanwhile: reload it" in page and Application.objects.get().status == "approved"


def test_7_4_the_public_register_file_is_built_once_per_state_of_the_register(
    applicant, member, client, django_assert_num_queries
):
    """Anyone downloads the register: repeated requests read one count, not the register; a new Pin shows."""
    from django.core.cache import cache

    cache.clear()
    url = reverse("pin_ranking:register_export", args=["csv"])
    empty = client.get(url)
    assert empty.status_code == 200 and "Wang Fang" not in empty.content.decode("utf-8-sig")
    with django_assert_num_queries(1):  # the register's state; the file comes from the cache
        assert client.get(url).content == empty.content
    application = file(applicant.user, applicant)
    application_decide(actor=member, application_id=application.pk, decision="approve", version=1)
    assert "Wang Fang" in client.get(url).content.decode("utf-8-sig")
    assert client.get(reverse("pin_ranking:register_export", args=["pdf"])).status_code == 404
