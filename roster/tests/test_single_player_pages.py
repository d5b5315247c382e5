"""Issue 13: the organizer's pages for a late player, a withdrawal, a substitute, start times, the time zone."""

import datetime as dt
import zoneinfo

import pytest
from django.urls import reverse

from testing.scenarios import seat_twelve
from tournaments.core import services as core_services
from tournaments.models import AuditEvent, Registration, SeatAssignment

pytestmark = pytest.mark.django_db


def test_organizer_adds_a_late_player_seated_from_the_first_session_not_drawn(client_for, organizer, tournament,
                                                                              registrations, teams):
    seat_twelve(actor=organizer, tournament=tournament, number=1, registrations=registrations)
    client = client_for(organizer)
    page = client.get(reverse("tournaments:registrations", args=[tournament.pk])).content.decode()
    assert reverse("roster:registration_add", args=[tournament.pk]) in page
    form = client.get(reverse("roster:registration_add", args=[tournament.pk])).content.decode()
    assert "a new player is seated from session 2" in form
    response = client.post(reverse("roster:registration_add", args=[tournament.pk]),
                           {"name": "Late Comer", "team": teams[0].pk}, follow=True)
    body = response.content.decode()
    assert "Entry 13 registered: seated from session 2" in body and "already drawn without" not in body
    assert "from session 2" in body  # the registrations list says it
    assert Registration.objects.get(entry_number=13).team == teams[0]


def test_organizer_adds_a_reserve_when_every_session_is_drawn(client_for, organizer, tournament, registrations):
    for number in range(1, 7):
        seat_twelve(actor=organizer, tournament=tournament, number=number, registrations=registrations)
    client = client_for(organizer)
    form = client.get(reverse("roster:registration_add", args=[tournament.pk])).content.decode()
    assert "Register them as a reserve to keep the chart as it is." in form
    body = client.post(reverse("roster:registration_add", args=[tournament.pk]),
                       {"name": "Spare", "reserve": "on"}, follow=True).content.decode()
    assert "Entry 13 registered as a reserve (not seated)." in body and "reserve (not seated)" in body
    assert "already drawn without" not in body


def test_late_player_form_shows_the_services_refusal_on_the_field(client_for, organizer, tournament, registrations):
    response = client_for(organizer).post(reverse("roster:registration_add", args=[tournament.pk]),
                                          {"name": "Dup", "entry_number": 3})
    assert response.status_code == 200 and "Entry number 3 is already taken." in response.content.decode()


def test_pages_refuse_people_who_do_not_manage(client_for, referee, tournament, registrations):
    client = client_for(referee)
    assert client.get(reverse("roster:registration_add", args=[tournament.pk])).status_code == 404
    assert client.get(reverse("roster:registration_leave", args=[registrations[0].pk])).status_code == 404


def test_organizer_withdraws_then_seats_a_substitute(client_for, organizer, tournament, registrations):
    seat_twelve(actor=organizer, tournament=tournament, number=1, registrations=registrations)
    late = Registration.objects.create(tournament=tournament, player=registrations[0].player.__class__.objects.create(
        name="Sub"), entry_number=50)
    client = client_for(organizer)
    url = reverse("roster:registration_leave", args=[registrations[1].pk])
    page = client.get(url).content.decode()
    assert "Seated in sessions 1" in page and ">50 Sub<" in page and ">3 Player 3<" not in page  # only the unseated
    client.post(url, {"action": "withdraw", "withdraw-reason": "ill"})
    assert Registration.objects.get(pk=registrations[1].pk).withdrawn_at is not None
    client.post(url, {"action": "substitute", "substitute-substitute": late.pk})
    assert SeatAssignment.objects.get(session__number=1, registration=late).seat == 1
    rows = client.get(reverse("tournaments:registrations", args=[tournament.pk])).content.decode()
    assert "withdrawn" in rows


def test_withdrawing_a_player_in_play_shows_why_on_the_page(client_for, organizer, registrations, running_session):
    url = reverse("roster:registration_leave", args=[registrations[0].pk])
    body = client_for(organizer).post(url, {"action": "withdraw"}).content.decode()
    assert "is playing in session 1, which is running" in body


def test_session_start_times_are_set_on_the_tournament_page_in_its_time_zone(client_for, organizer, tournament):
    core_services.tournament_update(actor=organizer, tournament=tournament, time_zone="Asia/Shanghai")
    client = client_for(organizer)
    session = tournament.sessions.get(number=2)
    page = client.get(reverse("tournaments:detail", args=[tournament.pk])).content.decode()
    assert reverse("tournaments:session_schedule", args=[session.pk]) in page and "Asia/Shanghai" in page
    response = client.post(reverse("tournaments:session_schedule", args=[session.pk]),
                           {"scheduled_start": "2026-05-01T14:30", "next": "detail"})
    assert response.url == reverse("tournaments:detail", args=[tournament.pk])
    session.refresh_from_db()
    # 14:30 in Shanghai (UTC+8) is 06:30 UTC, and the page shows it back as 14:30.
    assert session.scheduled_start == dt.datetime(2026, 5, 1, 6, 30, tzinfo=dt.UTC)
    page = client.get(reverse("tournaments:detail", args=[tournament.pk])).content.decode()
    assert 'value="2026-05-01T14:30"' in page


def test_a_running_sessions_start_cannot_be_rescheduled(client_for, organizer, running_session):
    response = client_for(organizer).post(
        reverse("tournaments:session_schedule", args=[running_session.pk]),
        {"scheduled_start": "2026-05-01T14:30", "next": "detail"}, follow=True,
    )
    assert "its start is history" in response.content.decode()


def test_time_zone_edit_form_and_an_unknown_zone(client_for, organizer, tournament):
    from django.core.exceptions import ValidationError

    assert tournament.time_zone  # the server's TIME_ZONE by default
    with pytest.raises(ValidationError) as caught:
        core_services.tournament_update(actor=organizer, tournament=tournament, time_zone="Mars/Olympus")
    assert "time_zone" in caught.value.message_dict
    client = client_for(organizer)
    data = {
        "name": tournament.name, "venue": "", "starts_on": "2026-05-01", "ends_on": "2026-05-02",
        "rules": tournament.rules, "scoring_mode": tournament.scoring_mode, "planned_sessions": 6,
        "session_minutes": 150, "status": tournament.status, "final_ranking": tournament.final_ranking,
        "tiebreaks": "", "time_zone": "Mars/Olympus",
    }
    response = client.post(reverse("tournaments:edit", args=[tournament.pk]), data)
    assert response.status_code == 200 and "Select a valid choice" in response.content.decode()
    data["time_zone"] = "Asia/Tokyo"
    response = client.post(reverse("tournaments:edit", args=[tournament.pk]), data)
    assert response.status_code == 302
    tournament.refresh_from_db()
    assert tournament.time_zone == "Asia/Tokyo"
    assert AuditEvent.objects.filter(action="tournament.updated").last().detail["time_zone"][1] == "Asia/Tokyo"
    assert zoneinfo.ZoneInfo(tournament.time_zone)


def test_organizer_undoes_a_withdrawal_and_the_standings_mark_who_withdrew(
    client_for, organizer, tournament, registrations, django_capture_on_commit_callbacks
):
    from testing.scenarios import publish
    from tournaments.models import AuditEvent

    publish(tournament)
    client = client_for(organizer)
    url = reverse("roster:registration_leave", args=[registrations[1].pk])
    assert "Undo the withdrawal" not in client.get(url).content.decode()
    with django_capture_on_commit_callbacks(execute=True):
        client.post(url, {"action": "withdraw", "withdraw-reason": "ill"})
    standings = client.get(reverse("tournaments:standings", args=[tournament.pk])).content.decode()
    assert standings.count('class="withdrawn"') == 1
    page = client.get(url).content.decode()
    assert "Undo the withdrawal" in page
    refused = client.post(url, {"action": "undo", "undo-reason": ""})  # the reason is required
    assert refused.status_code == 200 and Registration.objects.get(pk=registrations[1].pk).withdrawn_at is not None
    with django_capture_on_commit_callbacks(execute=True):
        done = client.post(url, {"action": "undo", "undo-reason": "recorded by mistake"})
    assert done.status_code == 302 and Registration.objects.get(pk=registrations[1].pk).withdrawn_at is None
    standings = client.get(reverse("tournaments:standings", args=[tournament.pk])).content.decode()
    assert 'class="withdrawn"' not in standings
    audit = client.get(reverse("tournaments:audit", args=[tournament.pk])).content.decode()
    assert "Entry 2&#x27;s withdrawal undone (recorded by mistake)" in audit or "Entry 2's withdrawal undone" in audit
    assert AuditEvent.objects.filter(action="registration.withdrawal_undone").count() == 1
