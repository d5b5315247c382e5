"""7.3 核对《申请表》和相关成绩证明，对照品级标准 at the moment of the decision: the ledger computed again, the
results certificates read again (7.2); an unsigned result is approved only with a stated reason. Changing the
register's edition sends each open application to the committee the new edition names."""

import pytest
from django.core.exceptions import ValidationError
from django.urls import reverse

from pin_ranking.applications.services import application_file
from pin_ranking.committee.services import application_decide, pin_register_update
from pin_ranking.models import Committee, CommitteeSeat, Competition, PinAward, ResultCertificate
from pin_ranking.register.services import competition_unregister
from pin_ranking.testing import certificates_signed
from pin_ranking.tests.helpers import FORM, file
from testing.fixtures import make_user
from tournaments.models import AuditEvent


@pytest.fixture
def cn_member(applicant):
    user = make_user("cnmember")
    CommitteeSeat.objects.create(committee=Committee.objects.get(kind="member", country="CN"), user=user)
    return user


def test_approval_after_the_competition_was_unregistered_is_refused(applicant, national, cn_member,
                                                                    committee_member):
    certificates_signed(national)
    application = file(applicant.user, applicant)
    competition_unregister(actor=committee_member, competition=Competition.objects.get(), reason="withdrawn")
    with pytest.raises(ValidationError, match="no longer reaches Pin 7"):
        application_decide(actor=cn_member, application_id=application.pk, decision="approve", version=1)
    assert not PinAward.objects.exists()
    application.refresh_from_db()
    assert application.status == "pending"  # the committee may still reject it, with its reason


def test_7_2_an_unsigned_result_is_named_and_approved_only_with_a_reason(applicant, cn_member, client_for):
    application = file(applicant.user, applicant)
    with pytest.raises(ValidationError, match="No results certificate signed by the chief referee for: National Open"):
        application_decide(actor=cn_member, application_id=application.pk, decision="approve", version=1)
    decided = application_decide(actor=cn_member, application_id=application.pk, decision="approve", version=1,
                                 reason="the paper results sheet signed by the chief referee was seen")
    assert decided.approved_unsigned == ["National Open"] and PinAward.objects.exists()
    event = AuditEvent.objects.get(action="pin.application_decided")
    assert event.detail["unsigned"] == ["National Open"] and "paper results sheet" in event.detail["reason"]
    page = client_for(applicant.user).get(reverse("pin_ranking:application", args=[application.pk])).content.decode()
    assert "Approved without a signed certificate" in page and "paper results sheet" in page


def test_the_queue_says_what_the_register_says_now(applicant, national, cn_member, client_for):
    file(applicant.user, applicant)
    page = client_for(cn_member).get(reverse("pin_ranking:committee_applications")).content.decode()
    assert "still reaches this Pin" in page and "No signed results certificate for: National Open" in page
    certificates_signed(national)
    page = client_for(cn_member).get(reverse("pin_ranking:committee_applications")).content.decode()
    assert "No signed results certificate" not in page


def test_a_superseded_certificate_is_not_a_signature(applicant, national, cn_member):
    certificates_signed(national)
    ResultCertificate.objects.update(superseded_at="2026-06-01T00:00Z")
    application = file(applicant.user, applicant)
    with pytest.raises(ValidationError, match="No results certificate signed"):
        application_decide(actor=cn_member, application_id=application.pk, decision="approve", version=1)


def test_an_application_waiting_for_the_player_is_not_decided(applicant, national, cn_member):
    from tournaments.models import Membership, Role

    organizer = make_user("org")
    Membership.objects.create(user=organizer, tournament=national, role=Role.ORGANIZER)
    application = application_file(actor=organizer, player=applicant, track="pin", pin=7,
                                   **{**FORM, "pledge_accepted": False})
    with pytest.raises(ValidationError, match="has not confirmed"):
        application_decide(actor=cn_member, application_id=application.pk, decision="approve", version=1)


def test_changing_the_edition_re_routes_open_applications(applicant, committee_member, cn_member, run_on_commit):
    application = file(applicant.user, applicant)
    assert application.committee.kind == "member"
    register = run_on_commit(lambda: pin_register_update(actor=committee_member, edition="2006"))
    application.refresh_from_db()
    assert application.committee.kind == "world" and application.version == 2  # 2006: the world body certifies
    assert AuditEvent.objects.get(action="pin.register_updated").detail["rerouted"] == 1
    assert register.edition == "2006"
    run_on_commit(lambda: pin_register_update(actor=committee_member, edition="2014"))
    application.refresh_from_db()
    assert application.committee == Committee.objects.get(kind="member", country="CN")


def test_the_committee_does_not_read_an_application_before_the_player_confirms(applicant, national, cn_member,
                                                                              client_for):
    from tournaments.models import Membership, Role

    organizer = make_user("org")
    Membership.objects.create(user=organizer, tournament=national, role=Role.ORGANIZER)
    application = application_file(actor=organizer, player=applicant, track="pin", pin=7,
                                   **{**FORM, "pledge_accepted": False})
    assert client_for(cn_member).get(reverse("api-pin-application", args=[application.pk])).status_code == 404
    assert client_for(organizer).get(reverse("api-pin-application", args=[application.pk])).status_code == 200


def test_certificate_numbers_follow_the_highest_given_whatever_paper_pins_hold(applicant, national, cn_member):
    import datetime as dt

    from django.utils import timezone

    from pin_ranking.people.services import pin_award_enter_paper
    from tournaments.models import Player

    other = Player.objects.get(federation_id="CN002")
    pin_award_enter_paper(actor=None, player=other, track="pin", pin=9, number="CMA-2004-001",
                          awarded_on=dt.date(2004, 1, 1))
    certificates_signed(national)
    application = file(applicant.user, applicant)
    application_decide(actor=cn_member, application_id=application.pk, decision="approve", version=1)
    assert PinAward.objects.get(application=application).number == f"P{timezone.now().year}-00001"
