"""Each committee reads and does what it is given, no more (Appendix 9, 4.4, 6.1, 7.3): a member organization
its country's players, the world body all of them and the register; another committee's member gets 404."""

import pytest
from django.core.exceptions import ValidationError
from django.urls import reverse

from pin_ranking.committee.services import pin_register_update
from pin_ranking.models import Committee, CommitteeSeat, Competition, PinRegister, ResultCertificate
from pin_ranking.register import services
from pin_ranking.testing import finished_tournament
from testing.fixtures import make_user
from tournaments.models import Player, Tournament


def seat(kind: str, country: str = ""):
    committee, _created = Committee.objects.get_or_create(kind=kind, country=country,
                                                          defaults={"name": f"{kind} {country}".strip()})
    user = make_user(f"{kind}{country}".lower())
    CommitteeSeat.objects.create(committee=committee, user=user)
    return user


@pytest.fixture
def members(people):
    """World (people["committee"]), CN and JP member organizations, a website. World Championship's players
    are of CN."""
    return {"world": people["committee"], "cn": seat("member", "CN"), "jp": seat("member", "JP"),
            "web": seat("website")}


@pytest.mark.django_db
@pytest.mark.parametrize("who, status", [("world", 200), ("cn", 200), ("jp", 404), ("web", 404)])
def test_a_players_ledger_page_and_api_for_their_country_only(client_for, members, who, status):
    ana = Player.objects.get(federation_id="ES-1")
    client = client_for(members[who])
    assert client.get(reverse("pin_ranking:player_ledger", args=[ana.pk])).status_code == status
    assert client.get(reverse("api-pin-player-ledger", args=[ana.pk])).status_code == status
    certificate = ResultCertificate.objects.get(result__player=ana)
    assert client.get(reverse("pin_ranking:certificate_pdf", args=[certificate.pk])).status_code == status


@pytest.mark.django_db
def test_the_ledger_list_search_and_exports_hold_the_members_scope_only(client_for, members):
    jp = client_for(members["jp"])
    assert "Ana García" not in jp.get(reverse("pin_ranking:ledger")).content.decode()
    assert "Ana García" not in jp.get(reverse("pin_ranking:players"), {"q": "ES-1"}).content.decode()
    assert "Ana García" not in jp.get(reverse("pin_ranking:ledger_export"), {"format": "csv"}).content.decode()
    assert jp.get(reverse("api-pin-ledger")).json() == []
    cn = client_for(members["cn"])
    page = cn.get(reverse("pin_ranking:ledger"), {"country": "CN"}).content.decode()
    assert "Ana García" in page and "82 ledgers" in page
    assert "Ana García" in cn.get(reverse("pin_ranking:ledger_export"), {"format": "csv"}).content.decode()
    assert any(row["federation_id"] == "ES-1" for row in cn.get(reverse("api-pin-ledger")).json())


@pytest.mark.django_db
def test_the_ledger_list_pages(client_for, members):
    client = client_for(members["world"])
    first = client.get(reverse("pin_ranking:ledger")).content.decode()
    assert "82 ledgers" in first and "showing" not in first  # 82 fit on one page of 100
    import pin_ranking.ledger.selectors as ledger_selectors

    size = ledger_selectors.LEDGER_PAGE_SIZE
    try:
        ledger_selectors.LEDGER_PAGE_SIZE = 50
        second = client.get(reverse("pin_ranking:ledger"), {"page": 2}).content.decode()
    finally:
        ledger_selectors.LEDGER_PAGE_SIZE = size
    assert "showing 51–82" in second and 'aria-current="page">2<' in second


@pytest.mark.django_db
def test_4_4_only_the_world_body_registers_unregisters_and_changes_the_register(client_for, members):
    spring = finished_tournament(name="Spring Cup", rows=[], extra_players=45, sessions=6, fid_prefix="S")
    with pytest.raises(ValidationError, match="registered by the world body"):
        services.competition_register(actor=members["cn"], tournament=spring, level="regional", country="CN")
    with pytest.raises(ValidationError, match="registered by the world body"):
        services.competition_unregister(actor=members["jp"], competition=Competition.objects.get(),
                                        reason="withdrawn by JP")
    with pytest.raises(ValidationError, match="Only the world body"):
        pin_register_update(actor=members["cn"], edition="2006")
    assert Competition.objects.get().is_registered and PinRegister.objects.get().edition == "2014"
    # On the page: the refusal is said, nothing changes.
    response = client_for(members["web"]).post(reverse("pin_ranking:committee"),
                                                {"tournament": spring.pk, "level": "regional"}, follow=True)
    assert "registered by the world body" in response.content.decode()
    assert not Competition.objects.filter(name="Spring Cup").exists()


@pytest.mark.django_db
def test_4_4_delegated_a_member_registers_its_own_country_below_class_a(members):
    pin_register_update(actor=members["world"], delegate_to_members=True)
    spring = finished_tournament(name="Spring Cup", rows=[], extra_players=45, sessions=6, fid_prefix="S")
    with pytest.raises(ValidationError, match="its own country only"):
        services.competition_register(actor=members["jp"], tournament=spring, level="regional", country="CN")
    assert services.competition_register(actor=members["cn"], tournament=spring, level="regional",
                                         country="CN").klass == "C"
    big = finished_tournament(name="Asia Cup", rows=[], extra_players=90, sessions=8, fid_prefix="A")
    with pytest.raises(ValidationError, match="Class A competitions are registered by the world body"):
        services.competition_register(actor=members["cn"], tournament=big, level="world", country="CN")
    asia = services.competition_register(actor=members["world"], tournament=big, level="world", country="CN")
    with pytest.raises(ValidationError, match="Class A"):
        services.competition_unregister(actor=members["cn"], competition=asia, reason="not ours")


@pytest.mark.django_db
def test_a_draft_tournaments_certificates_page_is_not_the_committees(client_for, members):
    draft = finished_tournament(name="Private Cup", rows=[], extra_players=4, fid_prefix="P")
    Tournament.objects.filter(pk=draft.pk).update(status=Tournament.Status.DRAFT)
    url = reverse("pin_ranking:tournament_certificates", args=[draft.pk])
    assert client_for(members["world"]).get(url).status_code == 404
    finished = Tournament.objects.get(name="World Championship")
    url = reverse("pin_ranking:tournament_certificates", args=[finished.pk])
    assert client_for(members["world"]).get(url).status_code == 200


@pytest.mark.django_db
def test_filing_for_a_player_and_a_competitions_rows_stay_within_the_scope(client_for, members):
    ana = Player.objects.get(federation_id="ES-1")
    url = reverse("pin_ranking:application_new", args=["pin"]) + f"?player={ana.pk}"
    assert client_for(members["jp"]).get(url).status_code == 404
    assert client_for(members["web"]).get(url).status_code == 404
    assert client_for(members["cn"]).get(url).status_code == 200
    competition = Competition.objects.get()
    page = client_for(members["jp"]).get(reverse("pin_ranking:competition", args=[competition.pk])).content.decode()
    assert "Ana García" not in page and "ES-1" not in page
    assert "Ana García" in client_for(members["world"]).get(
        reverse("pin_ranking:competition", args=[competition.pk])).content.decode()


@pytest.mark.django_db
def test_bad_input_on_the_committees_page_is_no_500(client_for, db):
    from pin_ranking.access import register_admin_group

    admin = make_user("registrar")
    admin.groups.add(register_admin_group())
    response = client_for(admin).post(reverse("pin_ranking:committees"),
                                      {"action": "unseat", "committee": "abc", "username": "x"})
    assert response.status_code == 404


@pytest.mark.django_db
def test_3_5_a_websites_seat_reads_the_web_pin_track_only(client_for, members, run_on_commit):
    """N11: with one web result, the website's seat read Li's Pin-track ledger, certificate and a class-A row, and
    filed an ordinary Pin application for him. 3.5 "两种标准是各自独立的，不能等同"."""
    from pin_ranking.applications.services import application_file
    from tournaments.errors import NotFound

    ana = Player.objects.get(federation_id="ES-1")
    web = finished_tournament(name="Web League", rows=[{"fid": "ES-1", "name": "Ana García", "tp": 36, "cp": 10}],
                              extra_players=39, sessions=6, fid_prefix="W")
    run_on_commit(lambda: services.competition_register(actor=members["world"], tournament=web, level="web"))
    client = client_for(members["web"])
    page = client.get(reverse("pin_ranking:player_ledger", args=[ana.pk])).content.decode()
    assert "Web League" in page and "World Championship" not in page
    api = client.get(reverse("api-pin-player-ledger", args=[ana.pk])).json()
    assert [track["track"] for track in api["tracks"]] == ["web_pin"]
    ordinary = ResultCertificate.objects.get(result__player=ana, result__competition__level="world")
    assert client.get(reverse("pin_ranking:certificate_pdf", args=[ordinary.pk])).status_code == 404
    web_certificate = ResultCertificate.objects.get(result__player=ana, result__competition__level="web")
    assert client.get(reverse("pin_ranking:certificate_pdf", args=[web_certificate.pk])).status_code == 200
    world_row = client.get(reverse("pin_ranking:competition", args=[ordinary.result.competition_id])).content
    assert b"Ana Garc" not in world_row
    exported = client.get(reverse("pin_ranking:ledger_export"), {"format": "csv"}).content.decode()
    assert "Web League" in exported and "World Championship" not in exported
    assert client.get(reverse("pin_ranking:ledger"), {"track": "pin"}).content.decode().count("Ana García") == 0
    with pytest.raises(NotFound):
        application_file(actor=members["web"], player=ana, track="pin", pin=9, sex="F", age=30, id_number="X1",
                         contact="ana@example.org", pledge_accepted=False)
