"""A person's own data: the export, the erasure (what stays), retention, the read log."""

import datetime as dt
import json
from unittest import mock

import pytest
from django.core.exceptions import ValidationError
from django.core.files.base import ContentFile
from django.urls import reverse
from django.utils import timezone

from entries.models import Entry, Mail
from pin_ranking.models import Application
from privacy import services
from privacy.models import DataRequest, PersonalDataRead
from testing.fixtures import make_user
from tournaments.models import AuditEvent, Player, Registration


def test_the_export_holds_every_listed_field_and_only_its_owner_downloads_it(person, client, organizer,
                                                                            django_capture_on_commit_callbacks):
    user, player = person
    services.personal_data_read(reader=organizer, players=[player.pk], what="contact", object_ids=[1])
    client.force_login(user)
    with django_capture_on_commit_callbacks(execute=True):
        client.post(reverse("privacy:mine"), {"action": "export"})
    request = DataRequest.objects.get(user=user, kind="export")
    assert request.state == "ready" and request.expires_at > timezone.now() + dt.timedelta(days=6)
    page = client.get(reverse("privacy:mine"))
    assert reverse("privacy:download", args=[request.pk]).encode() in page.content
    answer = client.get(reverse("privacy:download", args=[request.pk]))
    data = json.loads(b"".join(answer.streaming_content))
    assert data["summary"].startswith("Personal data of wangfang (Wang Fang)")
    assert data["account"]["email"] == "wang@example.cn"
    assert data["person"]["federation_id"] == "CN001"
    assert data["registrations"][0]["contact"] == "+86 139 0000 0000"
    [application] = data["pin"]["applications"]
    assert application["id_number"] and application["contact"] and application["sex"]
    assert data["pin"]["ledgers"] and data["entries"][0]["privacy_notice"]
    assert data["consents"][0]["version"] and data["mail"] and data["mail"][0]["to"] == "wang@example.cn"
    assert data["read_by_staff"] == [{"what": "contact", "by": "organizer", "at": data["read_by_staff"][0]["at"]}]
    assert {line["action"] for line in data["audit"]} >= {"entry.submitted", "pin.application_filed"}
    # Another person, or the owner after the link expired: 404.
    client.force_login(make_user("stranger"))
    assert client.get(reverse("privacy:download", args=[request.pk])).status_code == 404
    client.force_login(user)
    DataRequest.objects.filter(pk=request.pk).update(expires_at=timezone.now())
    assert client.get(reverse("privacy:download", args=[request.pk])).status_code == 404


def test_a_flood_of_exports_is_refused(person):
    user, _player = person
    for _ in range(services.EXPORTS_PER_DAY):
        services.data_export_request(user=user)
    with pytest.raises(ValidationError, match="times today"):
        services.data_export_request(user=user)


def test_an_erasure_keeps_what_the_rules_need_and_nothing_else(person, national, tournament):
    user, player = person
    admin = make_user("admin", is_superuser=True)
    registration = Registration.objects.get(player=player, tournament=national)
    from api_tokens.models import ApiToken
    from api_tokens.services import token_create

    token_create(user=user, device="phone")
    # A sister entered with the same e-mail: her entry is hers, and stays.
    sister = Entry.objects.create(tournament=tournament, name="Wang Li", country="CN", email="wang@example.cn",
                                  language="zh-hans", privacy_notice="2026-11", secret="x")
    # The same person in a second tournament (by federation ID): both tournaments' records stay.
    from roster import services as roster_services

    second = roster_services.registration_add(actor=None, tournament=tournament, name="Wang Fang",
                                              federation_id="CN001", contact="wang@example.cn")
    assert second.player == player
    request = services.erasure_request(user=user, pseudonym=True)
    with pytest.raises(ValidationError):
        services.erasure_decide(actor=make_user("notadmin"), request=request, approve=True)
    services.erasure_decide(actor=admin, request=request, approve=True, pseudonym=True)
    player.refresh_from_db()
    user.refresh_from_db()
    registration.refresh_from_db()
    # The results stand (the registration, its results), under a stable pseudonym; the Pin record keeps its ID.
    assert player.name == services.pseudonym_for(player) and player.name.startswith("Player ")
    assert player.federation_id == "CN001" and player.user is None
    assert registration.contact == "" and registration.pk
    second.refresh_from_db()
    assert second.player == player and second.contact == ""  # the other tournament keeps its registration
    application = Application.objects.get(player=player)
    assert (application.id_number, application.contact, application.name) == ("", "", player.name)
    assert list(Entry.objects.filter(email="wang@example.cn")) == [sister]
    assert not Mail.objects.filter(to="wang@example.cn").exists()
    assert not user.is_active and user.email == "" and user.username == f"erased-{user.pk}"
    assert not ApiToken.objects.filter(user=user).exists()
    decided = AuditEvent.objects.get(action="privacy.erasure_decided")
    assert "Wang" not in json.dumps(decided.detail) and "CN001" not in json.dumps(decided.detail)


def test_an_erasure_interrupted_changes_nothing(person):
    user, player = person
    admin = make_user("admin", is_superuser=True)
    application = Application.objects.get(player=player)
    application.paper_form.save("form.pdf", ContentFile(b"%PDF signed form"))
    request = services.erasure_request(user=user)
    with mock.patch("privacy.services.PlayerAlias.objects.filter", side_effect=RuntimeError("killed")):
        with pytest.raises(RuntimeError):
            services.erasure_decide(actor=admin, request=request, approve=True)
    user.refresh_from_db()
    assert user.is_active and user.email == "wang@example.cn"
    assert Registration.objects.filter(player=player).exclude(contact="").exists()
    assert Entry.objects.filter(user=user).exists()
    assert DataRequest.objects.get(pk=request.pk).state == "requested"
    # The signed form's file too: files go only once the erasure commits.
    application.refresh_from_db()
    assert application.paper_form and application.paper_form.storage.exists(application.paper_form.name)


def test_a_refusal_needs_a_reason_and_one_erasure_waits_at_a_time(person):
    user, _player = person
    admin = make_user("admin", is_superuser=True)
    request = services.erasure_request(user=user)
    with pytest.raises(ValidationError, match="already asked"):
        services.erasure_request(user=user)
    with pytest.raises(ValidationError):
        services.erasure_decide(actor=admin, request=request, approve=False)
    services.erasure_decide(actor=admin, request=request, approve=False, reason="an appeal is open")
    assert DataRequest.objects.get(pk=request.pk).state == "refused"


def test_retention_dry_run_then_run_twice(person, national, django_capture_on_commit_callbacks):
    user, player = person
    other = Player.objects.exclude(pk=player.pk).filter(registrations__tournament=national).first()
    Registration.objects.filter(player=other).update(contact="other@example.org")
    stale = Entry.objects.create(tournament=Entry.objects.first().tournament, name="Never confirmed", country="NL",
                                 email="late@example.org", language="en", privacy_notice="2026-11", secret="s")
    Entry.objects.filter(pk=stale.pk).update(created_at=timezone.now() - dt.timedelta(hours=49))
    Application.objects.filter(player=player).update(decided_at=timezone.now() - dt.timedelta(days=365 * 6))
    services.data_export_make(request_id=services.data_export_request(user=user).pk)
    DataRequest.objects.filter(kind="export").update(expires_at=timezone.now() - dt.timedelta(minutes=1))
    dry = services.retention_run(dry_run=True)
    assert dry == {"contacts": 1, "entries": 1, "mails": 0, "pin_forms": 1, "exports": 1, "dry_run": True}
    assert Registration.objects.filter(player=other).exclude(contact="").exists()
    export_file = DataRequest.objects.get(kind="export").file
    assert export_file.storage.exists(export_file.name)
    with django_capture_on_commit_callbacks(execute=True):
        done = services.retention_run()
    assert done["contacts"] == 1 and done["dry_run"] is False
    assert not export_file.storage.exists(export_file.name)  # the file itself, once the run committed
    # The person with an account keeps their contact; the other's is gone; the stale entry and the form too.
    assert Registration.objects.filter(player=player).exclude(contact="").exists()
    assert not Registration.objects.filter(player=other).exclude(contact="").exists()
    assert not Entry.objects.filter(pk=stale.pk).exists()
    assert Application.objects.get(player=player).id_number == ""
    assert DataRequest.objects.get(kind="export").file == ""
    assert services.retention_run() == {"contacts": 0, "entries": 0, "mails": 0, "pin_forms": 0, "exports": 0,
                                        "dry_run": False}
    assert AuditEvent.objects.filter(action="privacy.retention_run").count() == 1


def test_outsiders_get_404_on_the_admin_pages(person, client):
    client.force_login(make_user("stranger"))
    assert client.get(reverse("privacy:queue")).status_code == 404
    request = services.erasure_request(user=person[0])
    assert client.post(reverse("privacy:decide", args=[request.pk]), {"approve": "yes"}).status_code == 404
    assert PersonalDataRead.objects.count() == 0


def test_staff_reading_a_contact_or_a_pin_form_is_logged_and_shown_to_the_administrator(
        person, client, organizer, national):
    from pin_ranking.models import Committee, CommitteeSeat

    cn_member = make_user("cnmember")
    CommitteeSeat.objects.create(committee=Committee.objects.get(kind="member", country="CN"), user=cn_member)
    user, player = person
    registration = Registration.objects.get(player=player, tournament=national)
    from tournaments.models import Membership

    Membership.objects.create(user=organizer, tournament=national, role="organizer")
    client.force_login(organizer)
    assert client.get(reverse("tournaments:registration_edit", args=[registration.pk])).status_code == 200
    application = Application.objects.get(player=player)
    client.force_login(cn_member)
    assert client.get(reverse("pin_ranking:application", args=[application.pk])).status_code == 200
    client.force_login(user)  # the person reading their own: not logged
    client.get(reverse("pin_ranking:application", args=[application.pk]))
    reads = list(PersonalDataRead.objects.order_by("at").values_list("reader__username", "what", "object_id"))
    assert reads == [("organizer", "contact", registration.pk), ("cnmember", "pin_application", application.pk)]
    from pin_ranking.access import register_admin_group

    register_admin = make_user("registrar")
    register_admin.groups.add(register_admin_group())
    client.force_login(register_admin)  # the Pin register's administrator reads the log, decides no erasure
    page = client.get(reverse("privacy:queue"))
    assert b"cnmember" in page.content and b"Wang Fang" in page.content and b"erasure-" not in page.content


def test_an_erasure_with_nothing_to_keep_is_done_at_once_and_mail_stops_on_withdrawn_consent(
        opened, client, organizer, tournament, django_capture_on_commit_callbacks):
    from entries import links
    from entries import services as entries_services
    from entries.tests.conftest import enter

    user = make_user("newcomer", email="new@example.org")
    entry = enter(tournament, name="New Comer")
    entries_services.entry_account_link(entry=entry, user=user)
    client.post(reverse("entries:mine", args=[links.entry_token(entry)]), {"action": "stop_mail"})
    with django_capture_on_commit_callbacks(execute=True):
        entries_services.entry_cancel(actor=organizer, entry=entry, reason="duplicate")
    assert not Mail.objects.filter(entry=entry, kind="cancelled").exists()
    assert AuditEvent.objects.filter(action="entry.mail_consent").exists()
    client.force_login(user)
    answer = client.post(reverse("privacy:mine"), {"action": "erase", "confirm": "on"})
    assert answer.status_code == 302
    user.refresh_from_db()
    assert not user.is_active and not Entry.objects.filter(pk=entry.pk).exists()
    decided = AuditEvent.objects.get(action="privacy.erasure_decided")
    assert decided.detail["automatic"] is True and decided.actor is None


def test_the_api_serves_ones_own_requests_and_404_for_anothers(person, client, django_capture_on_commit_callbacks):
    user, _player = person
    client.force_login(user)
    with django_capture_on_commit_callbacks(execute=True):
        made = client.post(reverse("api-my-data"), {"kind": "export"}, content_type="application/json")
    assert made.status_code == 201
    mine = client.get(reverse("api-my-data-request", args=[made.json()["id"]])).json()
    assert mine["state"] == "ready" and mine["download"] == reverse("privacy:download", args=[mine["id"]])
    DataRequest.objects.filter(pk=mine["id"]).update(expires_at=timezone.now() - dt.timedelta(seconds=1))
    assert client.get(reverse("api-my-data-request", args=[mine["id"]])).json()["download"] is None  # link over
    assert client.get(mine["download"]).status_code == 404
    assert reverse("privacy:download", args=[mine["id"]]) not in client.get(reverse("privacy:mine")).content.decode()
    client.force_login(make_user("stranger"))
    assert client.get(reverse("api-my-data-request", args=[mine["id"]])).status_code == 404
    assert client.get(reverse("api-my-data")).json() == []


def test_an_export_whose_message_was_lost_is_made_by_the_sweep(person):
    user, _player = person
    request = services.data_export_request(user=user)  # committed with the test: its message never went
    assert services.exports_restart_lost() == 0
    DataRequest.objects.filter(pk=request.pk).update(created_at=timezone.now() - dt.timedelta(minutes=6))
    assert services.exports_restart_lost() == 1
    assert DataRequest.objects.get(pk=request.pk).state == "ready"
