"""The hall display (issue 17): public once published, conditional polls, the clock of 3.5.6, the
round, the biggest hands as recorded, and between sessions the next session's seats."""

import datetime as dt

import pytest
from django.urls import reverse
from django.utils import timezone

from reports.hall import selectors
from testing.scenarios import CHICKEN, STRAIGHT, publish, seat, sign_all, win
from tournaments.models import Session
from tournaments.sheets import services as sheet_services
from tournaments.sheets.entry import HandEntry


def record(actor, sheet, number, hand):
    sheet_services.hand_record(actor=actor, sheet_id=sheet.pk, number=number, entry=HandEntry.from_mapping(hand))


@pytest.mark.django_db
def test_a_draft_has_no_hall_display(client, tournament):
    assert client.get(reverse("reports:hall", args=[tournament.pk])).status_code == 404
    assert client.get(reverse("reports:hall_live", args=[tournament.pk])).status_code == 404


@pytest.mark.django_db
def test_polls_answer_304_until_a_hand_is_recorded(client, tournament, running_session, referee):
    publish(tournament)
    live = reverse("reports:hall_live", args=[tournament.pk])
    first = client.get(live)
    assert first.status_code == 200 and first["ETag"]
    assert client.get(live, HTTP_IF_NONE_MATCH=first["ETag"]).status_code == 304
    sheet = running_session.sheets.get(table__number=2)
    record(referee, sheet, 1, win(0, 1, STRAIGHT))
    changed = client.get(live, HTTP_IF_NONE_MATCH=first["ETag"])
    assert changed.status_code == 200 and changed["ETag"] != first["ETag"]
    html = changed.content.decode()
    # the biggest hand as recorded, with its tile faces and fans, marked not yet signed
    assert "tile-svg" in html and "Pure Straight" in html and "not yet signed" in html


@pytest.mark.django_db
def test_3_5_6_the_clock_counts_to_time_up_and_warns_in_the_last_15_minutes(tournament, running_session):
    publish(tournament)
    started = running_session.started_at
    ends = started + dt.timedelta(minutes=tournament.session_minutes)
    early = selectors.hall_state(tournament=tournament, now=ends - dt.timedelta(minutes=15, seconds=1))
    assert early["mode"] == "running" and early["clock"]["ends_at"] == ends
    assert not early["clock"]["warning"] and early["clock"]["display"] == "15:01"
    warned = selectors.hall_state(tournament=tournament, now=ends - dt.timedelta(minutes=15))
    assert warned["clock"]["warning"] and warned["clock"]["display"] == "15:00"
    over = selectors.hall_state(tournament=tournament, now=ends + dt.timedelta(minutes=3))
    assert over["clock"]["seconds_left"] == 0 and over["clock"]["display"] == "0:00"
    long = selectors.hall_state(tournament=tournament, now=started)
    assert long["clock"]["display"] == f"{tournament.session_minutes // 60}:{tournament.session_minutes % 60:02d}:00"


@pytest.mark.django_db
def test_3_4_4_the_round_is_the_slowest_tables(tournament, running_session, referee):
    publish(tournament)
    assert str(selectors.hall_state(tournament=tournament)["round"]) == "East"
    for table in (1, 2, 3):
        sheet = running_session.sheets.get(table__number=table)
        for number in range(1, 5 if table != 3 else 4):
            record(referee, sheet, number, {"result": "draw"})
    assert str(selectors.hall_state(tournament=tournament)["round"]) == "East"  # table 3 has played 3
    record(referee, running_session.sheets.get(table__number=3), 4, {"result": "draw"})
    assert str(selectors.hall_state(tournament=tournament)["round"]) == "South"


@pytest.mark.django_db
def test_between_sessions_the_next_start_and_its_seats(client, tournament, organizer, referee, pins,
                                                       registrations):
    publish(tournament)
    first, second = tournament.sessions.get(number=1), tournament.sessions.get(number=2)
    seat(actor=organizer, session=first, tables={1: [1, 2, 3, 4], 2: [5, 6, 7, 8], 3: [9, 10, 11, 12]})
    from testing.scenarios import play

    play(actor=referee, session=first, hands={1: [win(0, 1, CHICKEN)]})
    Session.objects.filter(pk=second.pk).update(scheduled_start=timezone.now() + dt.timedelta(hours=1))
    state = selectors.hall_state(tournament=tournament)
    assert state["mode"] == "between" and state["next_session"] == second and state["seats"] == {}
    live = reverse("reports:hall_live", args=[tournament.pk])
    before = client.get(live)["ETag"]
    seat(actor=organizer, session=second, tables={1: [12, 1, 5, 9], 2: [2, 6, 10, 3], 3: [7, 11, 4, 8]})
    response = client.get(live, HTTP_IF_NONE_MATCH=before)
    assert response.status_code == 200  # the seats drawn change the display
    state = selectors.hall_state(tournament=tournament)
    assert state["seats"]["12"] == [1, "East"] and state["seats"]["8"] == [3, "North"]
    html = response.content.decode()
    assert 'id="hall-seats"' in html and "Biggest hands of session 1" in html


@pytest.mark.django_db
def test_the_page_has_no_inline_script(client, tournament, running_session):
    publish(tournament)
    html = client.get(reverse("reports:hall", args=[tournament.pk])).content.decode()
    import re

    scripts = re.findall(r"<script[^>]*>", html)
    # each script is a file (src) or data (json_script): nothing a Content-Security-Policy would have to allow
    assert scripts and all("src=" in tag or 'type="application/json"' in tag for tag in scripts), scripts
    assert any("js/hall" in tag for tag in scripts)
    assert 'type="application/json"' in html and "onclick" not in html and "onload" not in html


@pytest.mark.django_db
def test_a_signed_sheet_changes_the_standings_shown(client, tournament, running_session, referee, pins):
    publish(tournament)
    live = reverse("reports:hall_live", args=[tournament.pk])
    before = client.get(live)
    assert "No signed score sheet yet" in before.content.decode()
    sheet = running_session.sheets.get(table__number=1)
    record(referee, sheet, 1, win(0, 1, CHICKEN))
    sign_all(actor=referee, sheet=sheet)
    from tournaments.standings.services import standings_recompute

    standings_recompute(tournament_id=tournament.pk)
    after = client.get(live, HTTP_IF_NONE_MATCH=before["ETag"])
    assert after.status_code == 200 and "hall-page" in after.content.decode()
