"""The Pin pages: who sees what (every role, an outsider 404), the player's own ledger, the public
verification, the chief referee's signatures, the committee's register and imports."""

import pytest
from django.urls import reverse

from pin_ranking.models import Competition, ResultCertificate
from pin_ranking.testing import finished_tournament
from tournaments.models import Player

TP = 12


COMMITTEE_PAGES = ["pin_ranking:committee", "pin_ranking:imports", "pin_ranking:players", "pin_ranking:ledger"]


@pytest.mark.django_db
@pytest.mark.parametrize("who, allowed", [
    ("committee", True), ("register_admin", False), ("chief_referee", False), ("referee", False),
    ("organizer", False), ("arbitrator", False), ("ana", False), ("outsider", False),
])
def test_committee_pages_only_for_the_committee(client_for, people, who, allowed):
    client = client_for(people[who])
    competition = Competition.objects.get()
    for name in COMMITTEE_PAGES:
        assert client.get(reverse(name)).status_code == (200 if allowed else 404), name
    assert client.get(reverse("pin_ranking:competition", args=[competition.pk])).status_code == (
        200 if allowed else 404)


@pytest.mark.django_db
def test_anonymous_is_sent_to_log_in(client_for, people):
    client = client_for(None)
    response = client.get(reverse("pin_ranking:committee"))
    assert response.status_code == 302 and "/accounts/login/" in response["Location"]
    assert client.get(reverse("pin_ranking:home"))["Location"] == reverse("pin_ranking:verify")


@pytest.mark.django_db
def test_my_pin_shows_level_progress_and_competitions(client_for, people):
    page = client_for(people["ana"]).get(reverse("pin_ranking:my_pin")).content.decode()
    assert "Pin 3" in page  # 130 TP, 3100 CP, class-A top 6 (rank 1)
    assert "Towards Pin 2" in page and "130 / 160" in page and "3100 / 4000" in page
    assert "World Championship" in page
    bo = client_for(people["bo"]).get(reverse("pin_ranking:my_pin")).content.decode()
    assert "Pin 7" in bo and "41.5 / 60" in bo and "(-300)" in bo


@pytest.mark.django_db
@pytest.mark.parametrize("who, status", [("ana", 200), ("committee", 200), ("bo", 404), ("outsider", 404),
                                         ("chief_referee", 404), ("organizer", 404)])
def test_a_ledger_is_seen_by_its_player_and_the_committee_only(client_for, people, who, status):
    ana = Player.objects.get(federation_id="ES-1")
    assert client_for(people[who]).get(reverse("pin_ranking:player_ledger", args=[ana.pk])).status_code == status


@pytest.mark.django_db
def test_the_player_search_and_ledger(client_for, people):
    client = client_for(people["committee"])
    page = client.get(reverse("pin_ranking:players"), {"q": "es-1"}).content.decode()
    assert "Ana García" in page and "Bo Li" not in page
    page = client.get(reverse("pin_ranking:ledger")).content.decode()
    assert page.index("Ana García") < page.index("Bo Li")  # Pin 3 before Pin 7


@pytest.mark.django_db
def test_the_committee_registers_and_withdraws_from_the_page(client_for, people, committee_member):
    other = finished_tournament(name="Spring Cup", rows=[], extra_players=45, sessions=6, fid_prefix="S")
    client = client_for(committee_member)
    page = client.get(reverse("pin_ranking:committee")).content.decode()
    assert "Spring Cup" in page
    response = client.post(reverse("pin_ranking:committee"), {"tournament": other.pk, "level": "regional"})
    assert response.status_code == 302
    spring = Competition.objects.get(name="Spring Cup")
    assert spring.klass == "C"
    response = client.post(reverse("pin_ranking:competition", args=[spring.pk]), {"reason": "wrong event"})
    assert response.status_code == 302
    spring.refresh_from_db()
    assert not spring.is_registered


@pytest.mark.django_db
def test_a_classless_registration_is_refused_on_the_page_with_the_reason(client_for, committee_member):
    small = finished_tournament(name="Tiny Cup", rows=[], extra_players=10, sessions=6, fid_prefix="Y")
    response = client_for(committee_member).post(reverse("pin_ranking:committee"),
                                                 {"tournament": small.pk, "level": "regional"}, follow=True)
    assert "needs at least 40 players (it had 10)" in response.content.decode()
    assert not Competition.objects.filter(name="Tiny Cup").exists()


@pytest.mark.django_db
def test_the_import_page_lists_every_problem(client_for, committee_member, people):
    from django.core.files.uploadedfile import SimpleUploadedFile

    content = b"federation_id,name,rank,table_points,contest_points\nES-1,Ana Garcia X,1,12,10\nZZ,Nobody,2,x,1\n"
    response = client_for(committee_member).post(reverse("pin_ranking:imports"), {
        "f-file": SimpleUploadedFile("r.csv", content), "f-name": "Paris Open", "f-starts_on": "2026-03-01",
        "f-ends_on": "2026-03-02", "f-level": "national", "f-sessions": 6, "f-players": 60,
        "f-chief_referee": "Claire"})
    page = response.content.decode()
    assert response.status_code == 200
    assert "Row 3" in page and "“x”" in page and not Competition.objects.filter(name="Paris Open").exists()


@pytest.mark.django_db
def test_the_import_page_reviews_unknown_players_and_other_names(client_for, committee_member, people):
    from django.core.files.uploadedfile import SimpleUploadedFile

    content = b"federation_id,name,rank,table_points,contest_points\nES-1,Garcia Ana,1,12,10\nZZ-1,Nobody Yet,2,8,1\n"
    client = client_for(committee_member)
    response = client.post(reverse("pin_ranking:imports"), {
        "f-file": SimpleUploadedFile("r.csv", content), "f-name": "Paris Open", "f-starts_on": "2026-03-01",
        "f-ends_on": "2026-03-02", "f-level": "national", "f-sessions": 6, "f-players": 60,
        "f-chief_referee": "Claire", "f-results_sheet": SimpleUploadedFile("sheet.pdf", b"%PDF-1.4 sheet"),
        "f-missing_rows_reason": "The players with a federation ID only"})
    assert response.status_code == 302 and "/review/" in response["Location"]
    page = client.get(response["Location"]).content.decode()
    assert "Nobody Yet" in page and "Garcia Ana" in page and "Ana García" in page
    response = client.post(response["Location"], {"create_players": "on", "names_reason": "family name first"})
    assert response.status_code == 302
    assert Competition.objects.filter(name="Paris Open").exists() and Player.objects.filter(federation_id="ZZ-1")


@pytest.mark.django_db
def test_the_chief_referee_signs_and_anyone_verifies(client_for, people, world_championship):
    url = reverse("pin_ranking:tournament_certificates", args=[world_championship.pk])
    assert client_for(people["referee"]).get(url).status_code == 404
    assert client_for(people["outsider"]).get(url).status_code == 404
    client = client_for(people["chief_referee"])
    assert "Sign the certificates" in client.get(url).content.decode()
    assert client.post(url).status_code == 302
    certificate = ResultCertificate.objects.get(result__federation_id="ES-1")
    assert certificate.is_signed and certificate.signed_by == people["chief_referee"]
    public = client_for(None).get(reverse("pin_ranking:verify"), {"code": certificate.code.lower()})
    page = public.content.decode()
    assert "Ana García" in page and "Signed by the chief referee w-chief_referee" in page
    missing = client_for(None).get(reverse("pin_ranking:verify"), {"code": "AAAA-BBBB-CCCC"}).content.decode()
    assert "No results certificate has this code" in missing


@pytest.mark.django_db
def test_the_tournament_page_links_the_chief_referee_to_the_certificates(client_for, people, world_championship):
    url = reverse("pin_ranking:tournament_certificates", args=[world_championship.pk])
    detail = reverse("tournaments:detail", args=[world_championship.pk])
    page = client_for(people["chief_referee"]).get(detail).content.decode()
    assert url in page
    page = client_for(people["referee"]).get(detail).content.decode()
    assert url not in page


@pytest.mark.django_db
@pytest.mark.parametrize("who, status", [("ana", 200), ("committee", 200), ("chief_referee", 200), ("bo", 404),
                                         ("outsider", 404), ("organizer", 404)])
def test_the_certificate_pdf(client_for, people, who, status):
    certificate = ResultCertificate.objects.get(result__federation_id="ES-1")
    response = client_for(people[who]).get(reverse("pin_ranking:certificate_pdf", args=[certificate.pk]))
    assert response.status_code == status
    if status == 200:
        assert response["Content-Type"] == "application/pdf" and response.content.startswith(b"%PDF")


@pytest.mark.django_db
def test_the_ledger_api(client_for, people):
    client = client_for(people["committee"])
    rows = client.get(reverse("api-pin-ledger")).json()
    assert [r["federation_id"] for r in rows][:2] == ["CN-7", "ES-1"]
    assert rows[0]["table_points"] == 41.5 and rows[1]["pin"] == 3
    assert client_for(people["ana"]).get(reverse("api-pin-ledger")).status_code == 403
    ana = Player.objects.get(federation_id="ES-1")
    url = reverse("api-pin-player-ledger", args=[ana.pk])
    mine = client_for(people["ana"]).get(url).json()
    pin = mine["tracks"][0]
    assert pin["pin"] == 3 and pin["points"] == 130 and pin["missing"]["pin"] == 2
    assert pin["competitions"][0]["klass"] == "A"
    assert client_for(people["bo"]).get(url).status_code == 404
    assert client_for(None).get(url).status_code == 404


@pytest.mark.django_db
def test_the_ledger_api_is_in_the_openapi_schema(client):
    paths = client.get("/api/schema/", HTTP_ACCEPT="application/json").json()["paths"]
    assert "/api/pin/ledger/" in paths and "/api/pin/players/{player_id}/ledger/" in paths
