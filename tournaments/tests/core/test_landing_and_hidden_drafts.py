"""The tournament day: staff landed after their first login on a list of every tournament, where three drafts
shared one name, and a referee reached an abandoned draft. Staff land on their tournament (or see theirs first);
an organizer hides a draft that never started from the home page (audited; nothing is deleted)."""

import datetime as dt

import pytest
from django.core.exceptions import ValidationError
from django.urls import reverse

from testing.fixtures import PASSWORD
from tournaments.core import services as core_services
from tournaments.models import AuditEvent, Membership

pytestmark = pytest.mark.django_db


def login(client, user, **query):
    url = reverse("login") + ("?next=" + query["next"] if query else "")
    return client.post(url, {"username": user.username, "password": PASSWORD})


def test_a_referee_lands_on_their_one_tournament_or_where_they_asked(client, referee, tournament):
    assert login(client, referee).url == reverse("tournaments:detail", args=[tournament.pk])
    client.logout()
    assert login(client, referee, next="/pin/").url == "/pin/"


def test_staff_of_several_tournaments_see_theirs_first_on_the_home_page(client, organizer, referee, tournament):
    other = core_services.tournament_create(actor=organizer, name="Second Cup", venue="Hall B",
                                            starts_on=dt.date(2026, 6, 1), ends_on=dt.date(2026, 6, 2))
    Membership.objects.create(user=referee, tournament=other, role="referee")
    assert login(client, referee).url == reverse("home")
    page = client.get(reverse("home")).content.decode()
    mine = page[page.index('id="my-tournaments"'):page.index("All tournaments")]
    assert "Test Open" in mine and "Second Cup" in mine and "Referee" in mine


def test_an_organizer_hides_an_abandoned_draft_and_shows_it_again(client_for, organizer, referee, tournament):
    client = client_for(organizer)
    client.post(reverse("tournaments:hide", args=[tournament.pk]), {"hidden": "1"})
    tournament.refresh_from_db()
    assert tournament.hidden_at is not None
    home = client.get(reverse("home")).content.decode()
    assert 'id="hidden-drafts"' in home and home.count("Test Open") == 1  # under the hidden drafts only
    client.post(reverse("tournaments:hide", args=[tournament.pk]), {"hidden": "0"})
    tournament.refresh_from_db()
    assert tournament.hidden_at is None
    assert [e.detail["hidden"] for e in AuditEvent.objects.filter(action="tournament.hidden").order_by("pk")] == [
        True, False]


def test_only_a_draft_is_hidden_and_only_by_its_organizer(client_for, organizer, referee, tournament):
    core_services.tournament_hide(actor=organizer, tournament=tournament, hidden=True)
    referee_home = client_for(referee).get(reverse("home")).content.decode()
    assert "Test Open" not in referee_home.split("hidden-drafts")[0]  # not among the tournaments listed
    core_services.tournament_hide(actor=organizer, tournament=tournament, hidden=False)
    response = client_for(referee).post(reverse("tournaments:hide", args=[tournament.pk]), {"hidden": "1"})
    assert response.status_code == 404
    core_services.tournament_publish(actor=organizer, tournament=tournament)
    with pytest.raises(ValidationError, match="Only a draft"):
        core_services.tournament_hide(actor=organizer, tournament=tournament, hidden=True)
