"""Entries through the API: the same services and rights as the pages."""

import pytest
from django.urls import reverse

from entries import links
from entries.models import Entry
from entries.tests.conftest import confirmed
from entries.throttle import ENTRIES_PER_EMAIL

PERSON = {"name": "Ana Silva", "country": "PT", "email": "ana@example.org", "consent": True}


def test_a_player_enters_through_the_api_and_confirms_by_the_token(opened, client, tournament,
                                                                   django_capture_on_commit_callbacks):
    url = reverse("api-entries", args=[tournament.pk])
    with django_capture_on_commit_callbacks(execute=True):
        answer = client.post(url, PERSON, content_type="application/json")
    assert answer.status_code == 201 and answer.json()["state"] == "unconfirmed"
    assert "token" not in answer.content.decode() and "/entry/" not in answer.content.decode()
    entry = Entry.objects.get()
    mine = reverse("api-entry-mine", args=[links.entry_token(entry)])
    assert client.get(mine).json()["state"] == "unconfirmed"
    confirmed_entry = client.post(mine, {"action": "confirm"}, content_type="application/json").json()
    assert confirmed_entry["state"] == "entered" and confirmed_entry["entry_number"] == 1
    refused = client.post(mine, {"action": "accept"}, content_type="application/json")
    assert refused.status_code == 400 and "No place is offered" in refused.content.decode()
    assert client.get(mine[:-2] + "x/").status_code == 404


def test_bad_input_and_floods_through_the_api(opened, client, tournament):
    url = reverse("api-entries", args=[tournament.pk])
    bad = client.post(url, {**PERSON, "name": "Eve\nBcc: x@example.org"}, content_type="application/json")
    assert bad.status_code == 400 and "name" in bad.content.decode()
    assert client.post(url, {**PERSON, "country": "ZZ"}, content_type="application/json").status_code == 400
    for n in range(ENTRIES_PER_EMAIL - 0):
        client.post(url, {**PERSON, "name": f"Ana {n}"}, content_type="application/json")
    flood = client.post(url, {**PERSON, "name": "Ana again"}, content_type="application/json")
    assert flood.status_code == 429
    assert client.post(reverse("api-entries", args=[999999]), PERSON,
                       content_type="application/json").status_code == 404


@pytest.mark.parametrize("who", ["outsider", "organizer"])
def test_the_organizer_lists_sets_and_acts_others_get_404(opened, client, organizer, tournament, who,
                                                          django_capture_on_commit_callbacks):
    from testing.fixtures import make_user

    entry = confirmed(tournament, django_capture_on_commit_callbacks)
    client.force_login(organizer if who == "organizer" else make_user("stranger"))
    listing = client.get(reverse("api-entries", args=[tournament.pk]))
    window = client.get(reverse("api-entries-window", args=[tournament.pk]))
    action = client.post(reverse("api-entry-action", args=[entry.pk]), {"action": "pay", "payment": "venue"},
                         content_type="application/json")
    if who == "outsider":
        assert (listing.status_code, window.status_code, action.status_code) == (404, 404, 404)
        return
    assert [e["id"] for e in listing.json()] == [entry.pk] and window.json()["capacity"] == 8
    assert action.json()["state"] == "paid" and action.json()["payment"] == "venue"
    body = {**window.json(), "capacity": 12, "quotas": [{"country": "PT", "places": 4}]}
    changed = client.put(reverse("api-entries-window", args=[tournament.pk]), body, content_type="application/json")
    assert changed.status_code == 200 and changed.json()["quotas"] == [{"country": "PT", "places": 4}]
    wrong = client.put(reverse("api-entries-window", args=[tournament.pk]), {**body, "capacity": 10},
                       content_type="application/json")
    assert wrong.status_code == 400 and "fours" in wrong.content.decode()
    missing = client.post(reverse("api-entry-action", args=[entry.pk]), {"action": "move"},
                          content_type="application/json")
    assert missing.status_code == 400


def test_a_team_enters_through_the_api(opened, client, organizer, tournament):
    from tournaments.core import services as core_services

    core_services.tournament_update(actor=organizer, tournament=tournament, team_reserves=1)
    opened(team_players=4)
    members = [{"name": f"K {n}", "country": "JP", "email": f"k{n}@example.org", "reserve": n == 4}
               for n in range(5)]
    answer = client.post(reverse("api-entries-team", args=[tournament.pk]),
                         {"name": "Kyoto", "country": "JP", "email": "lead@example.org", "consent": True,
                          "members": members}, content_type="application/json")
    assert answer.status_code == 201
    assert Entry.objects.get().members.filter(reserve=True).count() == 1
