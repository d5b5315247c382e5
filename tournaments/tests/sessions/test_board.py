"""The organizer's board: who sees it, every table's progress and time left, starting and ending sessions."""

import re

import pytest
from django.urls import reverse

from testing.scenarios import CHICKEN, win
from tournaments.models import Session


@pytest.mark.django_db
def test_board_is_for_organizers_and_the_chief_referee(
    client_for, tournament, organizer, chief_referee, referee, outsider, team_leader, running_session
):
    url = reverse("tournaments:board", args=[tournament.pk])
    for user in (organizer, chief_referee):
        response = client_for(user).get(url)
        assert response.status_code == 200
        page = response.content.decode()
        assert "0/16" in page and "referee" in page and "End session 1" in page
    for user in (referee, outsider, team_leader):
        assert client_for(user).get(url).status_code == 404
    assert client_for(referee).post(reverse("tournaments:session_end", args=[running_session.pk])).status_code == 404


@pytest.mark.django_db
def test_board_shows_progress_signatures_and_the_last_15_minutes(
    client_for, tournament, organizer, referee, sheet, pins
):
    import datetime as dt

    from django.utils import timezone

    from tournaments.sheets import services as sheet_services
    from tournaments.sheets.entry import HandEntry

    sheet_services.hand_record(
        actor=referee, sheet_id=sheet.pk, number=1, entry=HandEntry.from_mapping(win(0, 1, CHICKEN))
    )
    sheet_services.sheet_close(actor=referee, sheet=sheet, expected_version=2)
    sheet_services.sheet_confirm(sheet=sheet, entry_number=1, pin=pins[1])
    sheet_services.sheet_confirm(sheet=sheet, entry_number=2, pin=pins[2])
    client = client_for(organizer)
    page = client.get(reverse("tournaments:board", args=[tournament.pk]), HTTP_HX_REQUEST="true").content.decode()
    assert page.startswith('<div id="board"')  # the polled fragment
    assert "1/16" in page and "2 of 4 confirmed" in page and "Waiting for signatures" in page
    assert "last-minutes" not in page and re.search(r"\b1(49|50) minutes left", page)
    Session.objects.filter(pk=sheet.session_id).update(started_at=timezone.now() - dt.timedelta(minutes=140))
    page = client.get(reverse("tournaments:board", args=[tournament.pk]), HTTP_HX_REQUEST="true").content.decode()
    assert "last-minutes" in page and "10 minutes left" in page


@pytest.mark.django_db
def test_board_links_every_table_to_its_score_sheet(client_for, tournament, organizer, chief_referee, running_session):
    for user in (organizer, chief_referee):
        for headers in ({}, {"HTTP_HX_REQUEST": "true"}):
            page = client_for(user).get(reverse("tournaments:board", args=[tournament.pk]), **headers).content.decode()
            for sheet in running_session.sheets.all():
                assert f'href="{reverse("tournaments:sheet", args=[sheet.pk])}"' in page
        first = reverse("tournaments:sheet", args=[running_session.sheets.first().pk])
        assert client_for(user).get(first).status_code == 200


@pytest.mark.django_db
def test_board_starts_and_ends_sessions_with_clear_errors(client_for, tournament, organizer, seated_session, referee):
    client = client_for(organizer)
    start = reverse("tournaments:session_start", args=[seated_session.pk])
    response = client.post(start, {"confirmed": "1"}, follow=True)
    assert "Session 1 has started." in response.content.decode()
    seated_session.refresh_from_db()
    assert seated_session.status == Session.Status.RUNNING
    second = tournament.sessions.get(number=2)
    response = client.post(reverse("tournaments:session_start", args=[second.pk]), {"confirmed": "1"}, follow=True)
    assert "Seat the players before starting the session." in response.content.decode()
    response = client.post(reverse("tournaments:session_end", args=[seated_session.pk]), follow=True)
    assert "Session 1 has ended." in response.content.decode()
    response = client.post(reverse("tournaments:session_end", args=[seated_session.pk]), follow=True)
    assert "Only a running session can be ended." in response.content.decode()
    page = client.get(reverse("tournaments:board", args=[tournament.pk])).content.decode()
    assert "Start session 2" in page and "Waiting for signatures" in page
