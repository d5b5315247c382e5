"""A fresh install gets its committees (6.1; 2014 7.3): the register's administrator creates them and seats their
members, on the page or with `manage.py pin_committee`; everything audited; nobody else can."""

import io

import pytest
from django.core.exceptions import ValidationError
from django.core.management import call_command
from django.core.management.base import CommandError
from django.urls import reverse

from pin_ranking.access import is_register_admin, register_admin_group
from pin_ranking.committee import services
from pin_ranking.models import Committee, CommitteeSeat
from testing.fixtures import make_user
from tournaments.errors import NotFound
from tournaments.models import AuditEvent


@pytest.fixture
def admin(db):
    user = make_user("registrar")
    user.groups.add(register_admin_group())
    return user


def run(*args) -> str:
    out = io.StringIO()
    call_command("pin_committee", *args, stdout=out)
    return out.getvalue()


def test_the_administrator_creates_committees_and_seats_members(admin):
    world = services.committee_create(actor=admin, name="WMO Pin Committee", kind="world")
    cn = services.committee_create(actor=admin, name="CMA Pin Committee", kind="member", country="cn")
    assert cn.country == "CN"
    alice = make_user("alice")
    services.committee_seat_grant(actor=admin, committee=world, username="alice")
    assert CommitteeSeat.objects.filter(committee=world, user=alice).exists()
    services.committee_seat_revoke(actor=admin, committee=world, username="alice")
    assert not CommitteeSeat.objects.exists()
    actions = list(AuditEvent.objects.order_by("pk").values_list("action", flat=True))
    assert actions == ["pin.committee_created", "pin.committee_created", "pin.committee_seat_granted",
                       "pin.committee_seat_revoked"]


@pytest.mark.parametrize("fields, field", [
    ({"name": "", "kind": "world"}, "name"), ({"name": "X", "kind": "club"}, "kind"),
    ({"name": "X", "kind": "member"}, "country"),
])
def test_a_committee_needs_a_name_a_kind_and_a_members_country(admin, fields, field):
    with pytest.raises(ValidationError) as error:
        services.committee_create(actor=admin, **fields)
    assert field in error.value.message_dict and not Committee.objects.exists()


def test_one_world_body_and_one_member_organization_a_country(admin):
    services.committee_create(actor=admin, name="W", kind="world")
    services.committee_create(actor=admin, name="CN", kind="member", country="CN")
    with pytest.raises(ValidationError, match="one world body"):
        services.committee_create(actor=admin, name="W2", kind="world")
    with pytest.raises(ValidationError, match="already has a member"):
        services.committee_create(actor=admin, name="CN2", kind="member", country="cn")
    with pytest.raises(ValidationError, match="No account is called"):
        services.committee_seat_grant(actor=admin, committee=Committee.objects.get(kind="world"), username="nobody")


def test_nobody_else_sets_committees_up_not_even_a_committee_member(admin):
    world = services.committee_create(actor=admin, name="W", kind="world")
    member = make_user("member")
    services.committee_seat_grant(actor=admin, committee=world, user=member)
    for stranger in (member, make_user("stranger")):
        with pytest.raises(NotFound):
            services.committee_create(actor=stranger, name="Mine", kind="website")
        with pytest.raises(NotFound):
            services.committee_seat_grant(actor=stranger, committee=world, username="stranger")
        with pytest.raises(NotFound):
            services.register_admin_grant(actor=stranger, username="stranger")


def test_the_role_is_given_and_taken_back_like_a_staff_role(admin):
    bob = make_user("bob")
    services.register_admin_grant(actor=admin, username="bob")
    assert is_register_admin(bob)
    with pytest.raises(ValidationError, match="your own role"):
        services.register_admin_revoke(actor=bob, username="bob")
    services.register_admin_revoke(actor=admin, username="bob")
    assert not is_register_admin(bob)


def test_on_a_fresh_install_the_command_sets_up_the_first_committee(db):
    make_user("alice")
    assert "No committee yet" in run("list")
    assert "Created committee" in run("create", "--kind", "world", "--name", "WMO Pin Committee")
    run("create", "--kind", "member", "--country", "JP", "--name", "JPML Pin Committee")
    assert "alice sits on WMO Pin Committee" in run("seat", "--committee", "WMO Pin Committee", "alice")
    listing = run("list")
    assert "world\tWMO Pin Committee\talice" in listing and "member JP\tJPML Pin Committee\tno member yet" in listing
    run("admin", "alice")
    assert "Register administrators: alice" in run("list")
    event = AuditEvent.objects.get(action="pin.committee_created", detail__kind="world")
    assert event.actor is None
    run("unseat", "--committee", str(Committee.objects.get(kind="world").pk), "alice")
    assert not CommitteeSeat.objects.exists()
    assert "now called WMO Pin Board" in run("rename", "--committee", "WMO Pin Committee", "--name", "WMO Pin Board")
    assert AuditEvent.objects.filter(action="pin.committee_changed", detail__name="WMO Pin Board").exists()


@pytest.mark.parametrize("args, words", [
    (("create", "--kind", "member", "--name", "No country"), "country"),
    (("seat", "--committee", "Nope", "alice"), "No committee is called"),
])
def test_the_command_refuses_with_the_reason_and_exit_status_1(db, args, words):
    with pytest.raises(CommandError, match=words):
        run(*args)


def test_the_page_is_the_administrators(client_for, admin):
    client = client_for(admin)
    url = reverse("pin_ranking:committees")
    assert "No committee yet" in client.get(url).content.decode()
    response = client.post(url, {"action": "create", "c-name": "WMO Pin Committee", "c-kind": "world"})
    assert response.status_code == 302
    world = Committee.objects.get()
    make_user("alice")
    client.post(url, {"action": "seat", "s-committee": world.pk, "s-username": "alice"})
    page = client.get(url).content.decode()
    assert "WMO Pin Committee" in page and "alice" in page
    client.post(url, {"action": "unseat", "committee": world.pk, "username": "alice"})
    assert not CommitteeSeat.objects.exists()
    client.post(url, {"action": "rename", "committee": world.pk, "name": "WMO Pin Board"})
    assert Committee.objects.get(pk=world.pk).name == "WMO Pin Board"
    refused = client.post(url, {"action": "create", "c-name": "Again", "c-kind": "world"}, follow=True)
    assert "one world body" in refused.content.decode()
    assert client_for(make_user("stranger")).get(url).status_code == 404
    assert client_for(None).get(url).status_code == 302
