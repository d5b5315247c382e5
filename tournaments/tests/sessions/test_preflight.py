"""Pre-flight before a session starts (issue 13): what is wrong, each with a link to fix it.

Refused: what the rules or the data cannot allow (no seats, 3.5.2 "每桌四人制"; a player without a seat;
another session running). Warned, and the organizer may start despite them: tables without a referee,
players not checked in (3.5.7.1 检录), a draft tournament (the start publishes it)."""

import pytest
from django.contrib.auth import get_user_model
from django.urls import reverse

from tournaments.core import services as core_services
from tournaments.models import Membership, Player, Registration, Session
from tournaments.sessions import selectors as session_selectors
from tournaments.sessions import services as session_services


def items(session):
    session.refresh_from_db()
    listed = session_selectors.session_preflight(session=session)
    return {(item["level"], item["fix"]): item["message"] for item in listed}


def preflight_url(session):
    return reverse("tournaments:session_preflight", args=[session.pk])


def check_in_everyone(session, organizer):
    for registration in session.tournament.registrations.all():
        session_services.check_in_record(actor=organizer, session=session, registration=registration)


@pytest.mark.django_db
def test_3_5_2_a_session_without_seats_is_refused_with_a_link_to_the_seating_chart(
    client_for, organizer, tournament, registrations, referee
):
    session = tournament.sessions.get(number=1)
    assert "not drawn" in items(session)[("refuse", "seats")]
    page = client_for(organizer).get(preflight_url(session)).content.decode()
    assert "The session cannot start yet" in page
    assert reverse("seating:manage", args=[tournament.pk]) in page
    assert 'id="preflight-start"' not in page  # nothing to confirm


@pytest.mark.django_db
def test_a_player_without_a_seat_is_refused_naming_the_entry(organizer, tournament, seated_session, referee):
    player = Player.objects.create(name="Late Comer")
    Registration.objects.create(tournament=tournament, player=player, entry_number=13)
    assert "entry 13" in items(seated_session)[("refuse", "seats")]


@pytest.mark.django_db
def test_another_session_running_is_refused(organizer, tournament, running_session, registrations):
    second = tournament.sessions.get(number=2)
    assert "still running" in items(second)[("refuse", "board")]
    assert "already started" in items(running_session)[("refuse", "board")]


@pytest.mark.django_db
def test_tables_without_a_referee_are_warned(organizer, tournament, seated_session):
    assert items(seated_session)[("warn", "referees")] == "No referee is named: 3 tables would start without one."
    user = get_user_model().objects.create_user("ref-a")
    Membership.objects.create(user=user, tournament=tournament, role="referee")
    assert "1 referee for 3 tables: they will hold every table." in items(seated_session)[("warn", "referees")]
    for name in ("ref-b", "ref-c"):
        Membership.objects.create(user=get_user_model().objects.create_user(name), tournament=tournament,
                                  role="referee")
        if name == "ref-b":  # the plural reads as one (issue 13's day: "1 referees for 2 tables")
            assert items(seated_session)[("warn", "referees")] == (
                "2 referees for 3 tables: each referee will hold several tables."
            )
    assert ("warn", "referees") not in items(seated_session)


@pytest.mark.django_db
def test_the_referees_warning_links_to_the_sessions_referees_screen_by_its_name(
    client_for, organizer, tournament, seated_session
):
    """Issue 13's day: the link led to the session's referees screen but read "Staff"."""
    page = client_for(organizer).get(preflight_url(seated_session)).content.decode()
    link = reverse("staff:session_referees", args=[seated_session.pk])
    assert f'<a href="{link}">Referees at the tables</a>' in page


@pytest.mark.django_db
def test_3_5_7_1_players_not_checked_in_are_warned_with_the_check_in_list(
    client_for, organizer, tournament, seated_session, referee
):
    assert items(seated_session)[("warn", "check_in")] == "12 of 12 players have not checked in (rule 3.5.7.1)."
    page = client_for(organizer).get(preflight_url(seated_session)).content.decode()
    assert reverse("tournaments:check_in_list", args=[tournament.pk, 1]) in page
    check_in_everyone(seated_session, organizer)
    assert ("warn", "check_in") not in items(seated_session)


@pytest.mark.django_db
def test_a_draft_is_warned_and_can_be_published_from_the_pre_flight(
    client_for, organizer, tournament, seated_session, referee
):
    assert "draft" in items(seated_session)[("warn", "publish")]
    client = client_for(organizer)
    page = client.get(preflight_url(seated_session)).content.decode()
    assert "Publish now" in page
    response = client.post(
        reverse("tournaments:publish", args=[tournament.pk]), {"next": preflight_url(seated_session)}
    )
    assert response.url == preflight_url(seated_session)
    tournament.refresh_from_db()
    assert tournament.status == "published"
    assert ("warn", "publish") not in items(seated_session)


@pytest.mark.django_db
def test_everything_ready_lists_nothing_and_offers_the_start(
    client_for, organizer, tournament, seated_session, referee
):
    core_services.tournament_publish(actor=organizer, tournament=tournament)
    for name in ("ref-b", "ref-c"):
        Membership.objects.create(user=get_user_model().objects.create_user(name), tournament=tournament,
                                  role="referee")
    check_in_everyone(seated_session, organizer)
    assert items(seated_session) == {}
    page = client_for(organizer).get(preflight_url(seated_session)).content.decode()
    assert "Everything is ready" in page and 'id="preflight-start"' in page and "despite" not in page


@pytest.mark.django_db
def test_the_start_needs_the_pre_flight_confirmation(client_for, organizer, tournament, seated_session, referee):
    client = client_for(organizer)
    response = client.post(reverse("tournaments:session_start", args=[seated_session.pk]))
    assert response.url == preflight_url(seated_session)
    seated_session.refresh_from_db()
    assert seated_session.status == Session.Status.PLANNED
    page = client.get(preflight_url(seated_session)).content.decode()
    assert "Start session 1 despite these warnings" in page
    response = client.post(reverse("tournaments:session_start", args=[seated_session.pk]), {"confirmed": "1"})
    assert response.url == reverse("tournaments:board", args=[tournament.pk])
    seated_session.refresh_from_db()
    tournament.refresh_from_db()
    assert (seated_session.status, tournament.status) == (Session.Status.RUNNING, "running")


@pytest.mark.django_db
def test_a_refused_start_returns_to_the_pre_flight(client_for, organizer, tournament, registrations, referee):
    session = tournament.sessions.get(number=1)
    response = client_for(organizer).post(
        reverse("tournaments:session_start", args=[session.pk]), {"confirmed": "1"}, follow=True
    )
    page = response.content.decode()
    assert "Seat the players before starting the session." in page and "not drawn" in page
    tournament.refresh_from_db()
    assert tournament.status == "draft"  # nothing half-done: not even published


@pytest.mark.django_db
def test_the_board_leads_to_the_pre_flight(client_for, organizer, tournament, seated_session):
    page = client_for(organizer).get(reverse("tournaments:board", args=[tournament.pk])).content.decode()
    assert f'href="{preflight_url(seated_session)}"' in page


@pytest.mark.django_db
def test_outsiders_and_referees_cannot_open_the_pre_flight(client_for, outsider, referee, seated_session):
    assert client_for(outsider).get(preflight_url(seated_session)).status_code == 404
    assert client_for(referee).get(preflight_url(seated_session)).status_code == 404


@pytest.mark.django_db
def test_the_tournament_page_offers_publish_to_its_organizer_while_a_draft(client_for, organizer, referee, tournament):
    url = reverse("tournaments:detail", args=[tournament.pk])
    publish = reverse("tournaments:publish", args=[tournament.pk])
    assert publish in client_for(organizer).get(url).content.decode()
    assert publish not in client_for(referee).get(url).content.decode()
    assert client_for(referee).post(publish).status_code == 404  # not theirs to publish
    client_for(organizer).post(publish)
    tournament.refresh_from_db()
    assert tournament.status == "published"
    assert publish not in client_for(organizer).get(url).content.decode()
