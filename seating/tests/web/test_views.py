"""Seating pages and API: permissions per role, print pages and PDF, QR codes, the phone page."""

import io
import re

import pytest
from django.urls import reverse

from seating import services
from testing.documents import document_get
from testing.scenarios import publish
from tournaments.models import AuditEvent, SeatAssignment
from tournaments.sessions import services as session_services

ROLES = ["organizer", "chief_referee", "referee", "arbitrator", "team_leader", "player_user", "outsider", None]


@pytest.fixture
def people(request, organizer, chief_referee, referee, arbitrator, team_leader, player_user, outsider):
    return {
        "organizer": organizer, "chief_referee": chief_referee, "referee": referee, "arbitrator": arbitrator,
        "team_leader": team_leader, "player_user": player_user, "outsider": outsider, None: None,
    }


@pytest.fixture
def charted(organizer, tournament, registrations):
    services.chart_generate(actor=organizer, tournament=tournament, seed=5)
    return tournament


@pytest.mark.django_db
@pytest.mark.parametrize("role", ROLES)
def test_only_the_organizer_manages_seating(client_for, people, charted, role):
    client = client_for(people[role])
    t = charted.pk
    page = client.get(reverse("seating:manage", args=[t]))
    generate = client.post(reverse("seating:generate", args=[t]), {"seed": 9})
    swap = client.post(reverse("seating:swap", args=[t, 1]), {"first": 1, "second": 5})
    # Session 1: nothing before it has to be final first.
    by_standings = client.post(reverse("seating:by_standings", args=[t, 1]), {"method": "top", "seed": 0})
    generated = AuditEvent.objects.filter(action="seating.chart_generated").count()
    swapped = AuditEvent.objects.filter(action="seating.seats_swapped").count()
    seated = AuditEvent.objects.filter(action="seating.seated_by_standings").count()
    if role == "organizer":
        assert page.status_code == 200
        assert [generate.status_code, swap.status_code, by_standings.status_code] == [302, 302, 302]
        assert (generated, swapped, seated) == (2, 1, 1)
    elif role is None:
        assert page.status_code == 302  # to the login page
        assert (generated, swapped, seated) == (1, 0, 0)
    else:
        assert [page.status_code, generate.status_code, swap.status_code, by_standings.status_code] == [404] * 4
        assert (generated, swapped, seated) == (1, 0, 0)


@pytest.mark.django_db
@pytest.mark.parametrize("role", ROLES)
def test_print_and_chart_api_for_staff_only(client_for, people, charted, role):
    client = client_for(people[role])
    t = charted.pk
    printed = client.get(reverse("seating:print", args=[t, "chart"]))
    api = client.get(f"/api/tournaments/{t}/chart/")
    staff = role in ("organizer", "chief_referee", "referee", "arbitrator")
    if staff:
        assert printed.status_code == 200 and api.status_code == 200
    else:
        assert api.status_code == 404
        assert printed.status_code == (302 if role is None else 404)


@pytest.mark.django_db
@pytest.mark.parametrize("role", ROLES)
def test_phone_page_and_schedule_api_public_once_published(client_for, people, charted, role):
    client = client_for(people[role])
    t = charted.pk
    staff = role in ("organizer", "chief_referee", "referee", "arbitrator", "team_leader")
    draft_page = client.get(reverse("seating:player_seats", args=[t, 1]))
    draft_api = client.get(f"/api/tournaments/{t}/players/1/schedule/")
    assert draft_page.status_code == draft_api.status_code == (200 if staff else 404)
    publish(charted)
    assert client.get(reverse("seating:player_seats", args=[t, 1])).status_code == 200
    assert client.get(f"/api/tournaments/{t}/players/1/schedule/").status_code == 200
    assert client.get(f"/api/tournaments/{t}/players/99/schedule/").status_code == 404


@pytest.mark.django_db
def test_manage_page_shows_metrics_and_messages(client_for, organizer, charted):
    client = client_for(organizer)
    url = reverse("seating:generate", args=[charted.pk])
    response = client.post(url, {"seed": 4, "avoid_country": "on"}, follow=True)
    text = response.content.decode()
    assert "Chart drawn" in text
    assert 'id="metric-repeats"' in text and "repeated pairs" in text and "teammates at one table" in text
    assert "Regenerate" in text and 'value="4"' in text
    response = client.post(reverse("seating:swap", args=[charted.pk, 1]), {"first": 1, "second": 1}, follow=True)
    assert "Choose two different players." in response.content.decode()


@pytest.mark.django_db
def test_tournament_page_links_to_seating(client_for, organizer, referee, tournament):
    text = client_for(organizer).get(reverse("tournaments:detail", args=[tournament.pk])).content.decode()
    assert reverse("seating:manage", args=[tournament.pk]) in text
    assert reverse("seating:print_chart", args=[tournament.pk]) in text
    text = client_for(referee).get(reverse("tournaments:detail", args=[tournament.pk])).content.decode()
    assert 'href="%s"' % reverse("seating:manage", args=[tournament.pk]) not in text
    assert reverse("seating:print_chart", args=[tournament.pk]) in text


@pytest.mark.django_db
def test_print_pages(client_for, organizer, charted, registrations):
    client = client_for(organizer)
    chart = client.get(reverse("seating:print", args=[charted.pk, "chart"])).content.decode()
    assert "Appendix 3" in chart and "@page" in chart
    seat = SeatAssignment.objects.select_related("registration").get(session__number=3, table__number=2, seat=0)
    assert re.search(r"Session 3</h2>.*?<tr><td>2</td><td>%d</td>" % seat.registration.entry_number, chart, re.S)
    cards = client.get(reverse("seating:print", args=[charted.pk, "tables"])).content.decode()
    assert "Table 3" in cards and "Player 12" in cards
    players = client.get(reverse("seating:print", args=[charted.pk, "players"])).content.decode()
    assert players.count('class="segno"') == len(registrations)
    phone_url = "http://testserver" + reverse("seating:player_seats", args=[charted.pk, 7])
    assert phone_url in players
    assert client.get(reverse("seating:print", args=[charted.pk, "nothing"])).status_code == 404


@pytest.mark.django_db
def test_qr_code_encodes_the_phone_page(client_for, organizer, charted, monkeypatch):
    from seating import printing

    encoded = []
    real = printing.qr_svg
    monkeypatch.setattr(printing, "qr_svg", lambda url: encoded.append(url) or real(url))
    client_for(organizer).get(reverse("seating:print", args=[charted.pk, "players"]))
    assert "http://testserver" + reverse("seating:player_seats", args=[charted.pk, 1]) in encoded
    assert len(encoded) == 12
    assert real("http://example.org/t/1/players/1/seats/").startswith("<svg")


@pytest.mark.django_db
def test_pdf_with_a_chinese_name(client_for, organizer, charted, registrations):
    from pypdf import PdfReader

    player = registrations[0].player
    player.name_local = "张伟"
    player.save()
    client = client_for(organizer)
    for kind in ("chart", "tables", "players"):
        response = document_get(client, reverse("seating:pdf", args=[charted.pk, kind]))
        assert response.status_code == 200 and response["Content-Type"] == "application/pdf"
        assert response.getvalue().startswith(b"%PDF")
    text = "".join(page.extract_text() for page in PdfReader(io.BytesIO(response.getvalue())).pages)
    assert "张伟" in text
    cards = document_get(client, reverse("seating:pdf", args=[charted.pk, "tables"])).getvalue()
    assert "张伟" in "".join(p.extract_text() for p in PdfReader(io.BytesIO(cards)).pages)


@pytest.mark.django_db
def test_phone_page_shows_seat_now_and_rounds(client, organizer, charted):
    publish(charted)
    session1 = charted.sessions.get(number=1)
    mine = SeatAssignment.objects.get(session=session1, registration__entry_number=1)
    at_table = SeatAssignment.objects.filter(session=session1, table=mine.table).select_related("registration")
    seats = {s.seat: s.registration for s in at_table}
    me = next(seat for seat, r in seats.items() if r.entry_number == 1)
    text = client.get(reverse("seating:player_seats", args=[charted.pk, 1])).content.decode()
    assert "Next: session 1" in text
    assert ["East", "South", "West", "North"][me] in text
    # Appendix 4, round 2: starting seats 2, 1, 4, 3 sit East, South, West, North.
    expected = [seats[1], seats[0], seats[3], seats[2]]
    row = re.search(r'data-round="2">(.*?)</tr>', text, re.S).group(1)
    assert re.findall(r"<td[^>]*>(\d+)</td>", row) == [str(r.entry_number) for r in expected]
    session_services.session_start(actor=organizer, session=session1)
    assert "Now: session 1" in client.get(reverse("seating:player_seats", args=[charted.pk, 1])).content.decode()


@pytest.mark.django_db
def test_schedule_api(client, charted):
    publish(charted)
    data = client.get(f"/api/tournaments/{charted.pk}/players/1/schedule/").json()
    assert data["entry"] == 1 and data["now"] == 1 and len(data["sessions"]) == 6
    first = data["sessions"][0]
    assert first["players"][first["seat"]] == 1
    assert first["rounds"][0] == first["players"]
    e, s, w, n = first["players"]
    assert first["rounds"][3] == [n, w, e, s]  # Appendix 4, round 4: starting seats 4, 3, 1, 2


@pytest.mark.django_db
def test_chart_api(client_for, organizer, charted):
    data = client_for(organizer).get(f"/api/tournaments/{charted.pk}/chart/").json()
    assert len(data["sessions"]) == 6
    assert data["metrics"]["players"] == 12 and data["metrics"]["seats_balanced"] is True
    assert {"repeated_pairs", "max_meetings", "same_team_pairs", "seat_spread"} <= set(data["metrics"])
    assert len(data["metrics"]["worst_pair"]) == 2  # 12 players over 6 sessions must meet again
    table = data["sessions"][0]["tables"][0]
    assert [seat["seat"] for seat in table["seats"]] == [0, 1, 2, 3]


@pytest.mark.django_db
def test_api_in_openapi_schema(client):
    schema = client.get("/api/schema/").content.decode()
    assert "/api/tournaments/{tournament_id}/chart/" in schema
    assert "/api/tournaments/{tournament_id}/players/{entry}/schedule/" in schema


@pytest.mark.django_db
def test_my_seats_redirects_a_player(client_for, player_user, charted, organizer):
    response = client_for(player_user).get(reverse("seating:my_seats", args=[charted.pk]))
    assert response.status_code == 404  # draft: the player is not staff
    publish(charted)
    response = client_for(player_user).get(reverse("seating:my_seats", args=[charted.pk]))
    assert response.status_code == 302 and response["Location"].endswith("/players/1/seats/")
    assert client_for(organizer).get(reverse("seating:my_seats", args=[charted.pk])).status_code == 404


@pytest.mark.django_db
def test_a_player_sees_their_own_pin_and_nobody_else_does(client_for, charted, player_user, organizer):
    from tournaments.models import Registration

    publish(charted)
    registration = Registration.objects.get(player__user=player_user)
    registration.confirm_pin = "4321"
    registration.save()
    url = f"/t/{registration.tournament_id}/players/{registration.entry_number}/seats/"
    assert "4321" in client_for(player_user).get(url).content.decode()
    assert "4321" not in client_for(None).get(url).content.decode()
    cards = client_for(organizer).get(reverse("seating:print", args=[charted.pk, "players"])).content.decode()
    assert "4321" in cards  # on the printed schedule card the player gets


@pytest.mark.django_db
def test_referees_print_the_schedules_without_the_players_pins(client_for, charted, referee, arbitrator):
    from tournaments.models import Registration

    Registration.objects.filter(tournament=charted).update(confirm_pin="4321")
    for staff in (referee, arbitrator):  # they take the confirmations: the PINs are not theirs to see
        cards = client_for(staff).get(reverse("seating:print", args=[charted.pk, "players"]))
        assert cards.status_code == 200 and "4321" not in cards.content.decode()


@pytest.mark.django_db
def test_the_tournament_page_links_a_registered_player_to_their_seats(client_for, player_user, charted, organizer):
    publish(charted)
    my_seats = reverse("seating:my_seats", args=[charted.pk])
    assert my_seats in client_for(player_user).get(f"/t/{charted.pk}/").content.decode()
    assert client_for(player_user).get(my_seats).status_code == 302
    assert my_seats not in client_for(organizer).get(f"/t/{charted.pk}/").content.decode()  # not a player here
    assert my_seats not in client_for(None).get(f"/t/{charted.pk}/").content.decode()


@pytest.mark.django_db
def test_schedule_cards_never_split_across_pages(client_for, organizer, charted, registrations):
    """Issue 29: the third card of each page ran onto the next, its account link cut off from it."""
    from pypdf import PdfReader

    from tournaments.core import services as core_services

    core_services.confirm_pins_issue(actor=organizer, tournament=charted)
    pdf = document_get(client_for(organizer), reverse("seating:pdf", args=[charted.pk, "players"])).getvalue()
    pages = [page.extract_text() for page in PdfReader(io.BytesIO(pdf)).pages]
    assert len(pages) > 1
    for text in pages:  # every card begins and ends on its page: as many headings as account links
        assert text.count("Scan for your seats") == text.count("Link your account") > 0, text
    assert sum(text.count("Link your account") for text in pages) == len(registrations)
