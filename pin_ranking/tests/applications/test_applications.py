"""Applications for a Pin (Appendix 9, 7.1-7.3; Appendix 10's form)."""

import pytest
from django.core.exceptions import ValidationError
from django.core.files.uploadedfile import SimpleUploadedFile

from pin_ranking.applications.services import application_confirm
from pin_ranking.committee.selectors import committee_queue
from pin_ranking.models import Application, Committee, CommitteeSeat, LedgerSnapshot, PinRegister
from pin_ranking.tests.helpers import FORM, file
from testing.fixtures import make_user
from tournaments.errors import NotFound
from tournaments.models import AuditEvent, Membership, Player, Role

TP = 12

def test_7_2_the_form_fills_itself_from_the_ledger_and_the_certificates(applicant):
    application = file(applicant.user, applicant)
    assert application.status == "pending" and not application.on_behalf and application.filed_by == applicant.user
    assert application.snapshot == LedgerSnapshot.objects.get(player=applicant, track="pin", version=1)
    assert application.points_total == 41 * TP + 6 and application.name == "Wang Fang" and application.country == "CN"
    (row,) = application.results
    assert row["name"] == "National Open" and row["class"] == "B" and row["rank"] == 1 and row["team_rank"] == 1
    assert row["certificate"] and row["certificate_signed"] is False and row["players"] == 99


def test_7_3_2014_pin_4_and_below_go_to_the_member_organizations_queue(applicant):
    assert file(applicant.user, applicant).committee.kind == "member"


def test_7_3_2006_every_pin_goes_to_the_world_body(applicant, committee_member):
    PinRegister.objects.update_or_create(pk=1, defaults={"edition": "2006"})
    assert file(applicant.user, applicant).committee.kind == "world"


def test_7_3_no_member_committee_for_the_country_goes_to_the_world_body(applicant):
    """2014 names no fallback for a country without a member organization: the world body certifies."""
    Committee.objects.filter(kind="member").delete()
    world = Committee.objects.get(kind="world")
    assert file(applicant.user, applicant).committee == world


def test_7_3_without_any_committee_filing_is_refused(applicant):
    Committee.objects.all().delete()
    with pytest.raises(ValidationError, match="No committee certifies this Pin yet"):
        file(applicant.user, applicant)
    assert not Application.objects.exists()


def test_4_5_a_pin_above_the_ledger_refused_naming_what_is_missing(applicant):
    with pytest.raises(ValidationError) as caught:
        file(applicant.user, applicant, pin=6)
    message = " ".join(caught.value.message_dict["pin"])
    assert "does not reach Pin 6" in message and "more table points" in message
    assert not Application.objects.exists()


def test_a_lower_pin_than_reached_may_be_applied_for(applicant):
    assert file(applicant.user, applicant, pin=9).pin == 9


def test_3_5_a_pin_on_the_other_track_refused(applicant):
    with pytest.raises(ValidationError) as caught:
        file(applicant.user, applicant, track="web_pin")
    assert "other track only" in " ".join(caught.value.message_dict["track"])
    with pytest.raises(ValidationError, match="Choose the Pin or the Web Pin"):
        file(applicant.user, applicant, track="mahjong")


def test_a_duplicate_open_application_refused(applicant):
    file(applicant.user, applicant)
    with pytest.raises(ValidationError, match="already have an application waiting"):
        file(applicant.user, applicant, pin=8)
    assert Application.objects.count() == 1


@pytest.mark.parametrize("field,value", [("pledge_accepted", False), ("id_number", " "), ("contact", ""),
                                         ("sex", "X"), ("age", 0), ("pin", 10)])
def test_appendix_10_incomplete_form_refused(applicant, field, value):
    with pytest.raises(ValidationError):
        file(applicant.user, applicant, **{field: value})
    assert not Application.objects.exists()


@pytest.fixture
def organizer_of(national):
    organizer = make_user("org1")
    Membership.objects.create(user=organizer, tournament=national, role=Role.ORGANIZER)
    return organizer


def test_7_1_filed_on_the_players_behalf_it_waits_for_the_players_own_confirmation(applicant, organizer_of):
    application = file(organizer_of, applicant, pledge_accepted=False)
    assert application.on_behalf and application.filed_by == organizer_of
    assert (application.status, application.pledge_accepted, application.pledge_by) == ("awaiting_player", False, "")
    assert committee_queue(user=seated("CN")) == []  # the committee does not see it yet
    with pytest.raises(NotFound):  # only the player confirms
        application_confirm(actor=organizer_of, application_id=application.pk, pledge_accepted=True)
    with pytest.raises(ValidationError, match="Accept the pledge"):
        application_confirm(actor=applicant.user, application_id=application.pk, pledge_accepted=False)
    confirmed = application_confirm(actor=applicant.user, application_id=application.pk, pledge_accepted=True)
    assert (confirmed.status, confirmed.pledge_by, confirmed.version) == ("pending", "player", 2)
    assert confirmed.confirmed_at is not None
    assert AuditEvent.objects.filter(action="pin.application_confirmed", actor=applicant.user).exists()


def test_7_1_nobody_accepts_the_pledge_for_the_player(applicant, organizer_of):
    with pytest.raises(ValidationError, match="Only the player accepts the pledge"):
        file(organizer_of, applicant)
    assert not Application.objects.exists()


def test_7_1_filed_with_the_players_signed_paper_form_it_goes_to_the_committee(applicant, organizer_of):
    scan = SimpleUploadedFile("form.pdf", b"%PDF-1.4 Appendix 10 signed", content_type="application/pdf")
    application = file(organizer_of, applicant, pledge_accepted=False, paper_form=scan)
    assert (application.status, application.pledge_by) == ("pending", "paper") and application.paper_form
    with pytest.raises(ValidationError, match="PDF, JPEG or PNG"):
        Application.objects.all().delete()
        file(organizer_of, applicant, pledge_accepted=False,
             paper_form=SimpleUploadedFile("form.exe", b"MZ\x90\x00", content_type="application/pdf"))


def test_7_1_a_player_without_an_account_needs_the_paper_form(applicant, organizer_of):
    Player.objects.filter(pk=applicant.pk).update(user=None)
    applicant.refresh_from_db()
    with pytest.raises(ValidationError, match="no account to confirm"):
        file(organizer_of, applicant, pledge_accepted=False)


def test_an_outsider_cannot_file(applicant):
    with pytest.raises(NotFound):
        file(make_user("stranger"), applicant)
    with pytest.raises(NotFound):
        file(None, applicant)


def test_filing_is_audited_without_personal_fields(applicant):
    application = file(applicant.user, applicant)
    event = AuditEvent.objects.get(action="pin.application_filed")
    assert event.detail["pin"] == 7 and event.detail["ledger_version"] == 1
    assert application.id_number not in str(event.detail) and "contact" not in event.detail


def test_the_player_applies_from_my_pin(client, applicant):
    client.force_login(applicant.user)
    page = client.get("/pin/me/")
    assert b"/pin/apply/pin/" in page.content
    form = client.get("/pin/apply/pin/")
    assert form.status_code == 200 and b"National Open" in form.content
    response = client.post("/pin/apply/pin/", {"pin": 7, **{k: v for k, v in FORM.items() if k != "pledge_accepted"},
                                               "pledge_accepted": "on"})
    application = Application.objects.get()
    assert response.status_code == 302 and response["Location"] == f"/pin/applications/{application.pk}/"
    assert client.get(response["Location"]).content.count(FORM["id_number"].encode()) == 1


def test_the_page_shows_what_is_missing(client, applicant):
    client.force_login(applicant.user)
    response = client.post("/pin/apply/pin/", {"pin": 7, "sex": "F", "age": 30, "id_number": "X", "contact": "Y"})
    assert response.status_code == 200 and not Application.objects.exists()


def seated(country: str = "", kind: str = "member"):
    """A member of a committee (the world body's when kind="world"); created when missing."""
    committee, _created = Committee.objects.get_or_create(kind=kind, country=country,
                                                          defaults={"name": f"{kind} {country}"})
    user = make_user(f"seat-{kind}-{country}")
    CommitteeSeat.objects.create(committee=committee, user=user)
    return user


@pytest.mark.parametrize("who", ["applicant", "committee", "world_body", "other_member", "outsider", "organizer",
                                 "other_player", "anonymous"])
def test_privacy_the_form_is_seen_by_the_applicant_and_the_committee_only(client, applicant, national, who):
    """The personal fields of 附件十 reach the applicant and the committee the application is addressed to (the
    CN member organization's, 2014 Pin 7): not the world body, not another country's member organization."""
    application = file(applicant.user, applicant)
    users = {"applicant": applicant.user, "committee": seated("CN"), "world_body": seated(kind="world"),
             "other_member": seated("JP"), "outsider": make_user("outsider")}
    if who == "organizer":
        users[who] = make_user("org2")
        Membership.objects.create(user=users[who], tournament=national, role=Role.ORGANIZER)
    if who == "other_player":
        users[who] = make_user("lilei")
        Player.objects.filter(federation_id="CN002").update(user=users[who])
    if who in users:
        client.force_login(users[who])
    response = client.get(f"/pin/applications/{application.pk}/")
    if who in ("applicant", "committee"):
        assert response.status_code == 200 and FORM["id_number"].encode() in response.content
    elif who == "anonymous":
        assert response.status_code == 302 and "/accounts/login/" in response["Location"]
    else:
        assert response.status_code == 404 and FORM["id_number"].encode() not in response.content


def test_7_1_an_official_files_on_the_page_with_the_signed_paper_form(client, applicant, organizer_of):
    client.force_login(organizer_of)
    url = f"/pin/apply/pin/?player={applicant.pk}"
    page = client.get(url).content.decode()
    assert "Filing for Wang Fang" in page and "pledge_accepted" not in page and 'name="paper_form"' in page
    scan = SimpleUploadedFile("form.jpg", b"\xff\xd8\xff\xe0 scan", content_type="image/jpeg")
    response = client.post(url, {"pin": 7, "sex": "F", "age": 34, "id_number": "X1", "contact": "w@example.org",
                                 "paper_form": scan})
    application = Application.objects.get()
    assert response.status_code == 302 and (application.status, application.pledge_by) == ("pending", "paper")
    download = client.get(f"/pin/applications/{application.pk}/paper-form/")
    assert download.status_code == 200 and b"".join(download.streaming_content).startswith(b"\xff\xd8")
    client.force_login(make_user("nosy"))
    assert client.get(f"/pin/applications/{application.pk}/paper-form/").status_code == 404


def test_the_player_confirms_on_the_application_page(client, applicant, organizer_of):
    application = file(organizer_of, applicant, pledge_accepted=False)
    client.force_login(applicant.user)
    page = client.get(f"/pin/applications/{application.pk}/").content.decode()
    assert "Confirm my application" in page and "waiting for the player" in page
    client.post(f"/pin/applications/{application.pk}/confirm/", {"pledge_accepted": "on"})
    application.refresh_from_db()
    assert application.status == "pending" and application.pledge_by == "player"
