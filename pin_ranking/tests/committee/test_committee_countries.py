"""A member organization's country is an ISO 3166-1 code chosen from a list, a committee can be retired with its
history kept, and a competition's host country comes from the tournament or a list, never a typed word (the
second Pin audit's N8 and N2)."""

import datetime as dt
import io

import pytest
from django.core.exceptions import ValidationError
from django.core.management import call_command
from django.urls import reverse

from pin_ranking.access import register_admin_group, seats_of
from pin_ranking.applications.selectors import committee_for
from pin_ranking.committee import services
from pin_ranking.models import Committee, CommitteeSeat, PinRegister
from pin_ranking.register.services import competition_register
from pin_ranking.testing import finished_tournament
from testing.fixtures import make_user
from tournaments.models import AuditEvent


@pytest.fixture
def admin(db):
    user = make_user("registrar")
    user.groups.add(register_admin_group())
    return user


def test_6_1_a_member_country_is_an_iso_code_and_a_typed_word_is_refused(admin, client_for):
    japan = services.committee_create(actor=admin, name="JMA Pin Committee", kind="member", country="Japan")
    assert japan.country == "JP"  # a name the system knows is its code: players of JP route to it
    for typed in ("Atlantis", "JAPANESE"):
        with pytest.raises(ValidationError, match="no country or region of ISO 3166-1"):
            services.committee_create(actor=admin, name="X", kind="member", country=typed)
    page = client_for(admin).get(reverse("pin_ranking:committees")).content.decode()
    assert '<option value="JP">JP · Japan</option>' in page and '<select name="c-country"' in page


def test_6_1_a_retired_committee_keeps_its_history_and_acts_no_more(admin, client_for):
    japan = services.committee_create(actor=admin, name="JMA Pin Committee", kind="member", country="JP")
    world = services.committee_create(actor=admin, name="WMO Pin Committee", kind="world")
    chika = make_user("chika")
    services.committee_seat_grant(actor=admin, committee=japan, user=chika)
    assert seats_of(chika).countries == {"JP"}
    with pytest.raises(ValidationError, match="Say why"):
        services.committee_retire(actor=admin, committee=japan, reason=" ")
    client_for(admin).post(reverse("pin_ranking:committees"), {"action": "retire", "committee": japan.pk,
                                                               "reason": "made by mistake"})
    japan.refresh_from_db()
    assert japan.retired_at is not None and japan.retire_reason == "made by mistake"
    assert not seats_of(chika).any  # its seats act no more; the rows stay
    assert CommitteeSeat.objects.filter(committee=japan).exists()
    assert committee_for(track="pin", pin=9, country="JP", edition="2014") == world
    with pytest.raises(ValidationError, match="is retired"):
        services.committee_seat_grant(actor=admin, committee=japan, user=chika)
    again = services.committee_create(actor=admin, name="JMA Pin Committee (new)", kind="member", country="JP")
    assert committee_for(track="pin", pin=9, country="JP", edition="2014") == again
    assert AuditEvent.objects.filter(action="pin.committee_retired").count() == 1
    out = io.StringIO()
    call_command("pin_committee", "list", stdout=out)
    assert "JP (retired)" in out.getvalue()


def test_4_4_a_delegated_member_registers_only_a_competition_hosted_in_its_country(admin):
    """N2: with delegation on, the JP seat registered a CN tournament of CN players by typing "JP"."""
    japan = services.committee_create(actor=admin, name="JMA Pin Committee", kind="member", country="JP")
    chika = make_user("chika")
    services.committee_seat_grant(actor=admin, committee=japan, user=chika)
    PinRegister.objects.update_or_create(pk=1, defaults={"delegate_to_members": True})
    rows = [{"fid": f"CN-{n}", "name": f"Player {n}", "tp": 12, "cp": 0} for n in range(1, 41)]
    tournament = finished_tournament(name="Shanghai Open", rows=rows, sessions=6, starts_on=dt.date(2026, 5, 1))
    tournament.country = "CN"
    tournament.save(update_fields=["country"])
    with pytest.raises(ValidationError, match="its own country only"):
        competition_register(actor=chika, tournament=tournament, level="regional", country="JP")
    # A tournament that names no host country takes one from the list, never a typed word.
    tournament.country = ""
    tournament.save(update_fields=["country"])
    with pytest.raises(ValidationError, match="no country or region of ISO 3166-1"):
        competition_register(actor=chika, tournament=tournament, level="regional", country="Nippon-ish")
    registered = competition_register(actor=chika, tournament=tournament, level="regional", country="jp")
    assert registered.country == "JP"
    assert Committee.objects.filter(kind="member").count() == 1


def test_n7_a_committee_names_the_issuer_of_the_ids_it_confirms_from_the_page_or_the_command(admin, client_for):
    client_for(admin).post(reverse("pin_ranking:committees"), {
        "action": "create", "c-name": "EMA Pin Committee", "c-kind": "member", "c-country": "FR",
        "c-id_issuer": "ema"})
    ema = Committee.objects.get(name="EMA Pin Committee")
    assert ema.id_issuer == "EMA"
    assert "confirms EMA IDs" in client_for(admin).get(reverse("pin_ranking:committees")).content.decode()
    out = io.StringIO()
    call_command("pin_committee", "issuer", "--committee", "EMA Pin Committee", "", stdout=out)
    assert "names no issuer" in out.getvalue() and Committee.objects.get(pk=ema.pk).id_issuer == ""
    call_command("pin_committee", "create", "--kind", "member", "--country", "DE", "--name", "DMJV", "--issuer",
                 "DMJV", stdout=out)
    call_command("pin_committee", "list", stdout=out)
    assert "DE confirms DMJV IDs" in out.getvalue()
    assert AuditEvent.objects.filter(action="pin.committee_changed", detail__id_issuer="").count() == 1
