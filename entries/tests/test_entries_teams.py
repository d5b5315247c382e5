"""A team leader enters a team: players and reserves, one place a player, the team and its registrations."""

import pytest
from django.core.exceptions import ValidationError
from django.urls import reverse

from entries import services
from entries.models import Entry, EntryMember, Mail
from tournaments.core import services as core_services


def members(prefix, players=4, reserves=0, country="JP"):
    return [{"name": f"{prefix} {n}", "country": country, "email": f"{prefix.lower()}{n}@example.org",
             "federation_id": f"{prefix}{n}", "issuer": "JPML", "reserve": n >= players}
            for n in range(players + reserves)]


def team(tournament, name="Kyoto", **kwargs):
    values = {"members": members(name), "country": "JP", "email": f"leader@{name.lower()}.example", "language": "ja",
              "consent": True, **kwargs}
    return services.team_entry_submit(tournament=tournament, name=name, **values)


@pytest.fixture
def teams_open(opened, organizer, tournament):
    core_services.tournament_update(actor=organizer, tournament=tournament, team_reserves=1)
    return opened(team_players=4, capacity=8)


def test_a_team_enters_with_a_reserve_and_joins_the_roster_whole(teams_open, tournament,
                                                                 django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks(execute=True):
        entry = team(tournament, members=members("Kyoto", reserves=1))
    assert (entry.kind, entry.places, entry.members.count()) == (Entry.Kind.TEAM, 4, 5)
    assert Mail.objects.get(entry=entry).to == "leader@kyoto.example"
    with django_capture_on_commit_callbacks(execute=True):
        entry = services.entry_confirm(entry=entry)
    assert entry.state == Entry.State.ENTERED and entry.team.name == "Kyoto"
    registrations = tournament.registrations.order_by("entry_number")
    assert [(r.player.name, r.team.name, r.reserve, r.contact) for r in registrations] == [
        (f"Kyoto {n}", "Kyoto", n == 4, f"kyoto{n}@example.org") for n in range(5)]
    assert registrations[0].player.federation_id == "JPML:Kyoto0"
    # A second team fills the 8 places; a third waits; the first withdraws: the team and its players go.
    with django_capture_on_commit_callbacks(execute=True):
        second = services.entry_confirm(entry=team(tournament, name="Osaka"))
        third = services.entry_confirm(entry=team(tournament, name="Nara"))
    assert (second.state, third.state) == (Entry.State.ENTERED, Entry.State.WAITING)
    with django_capture_on_commit_callbacks(execute=True):
        services.entry_withdraw(entry=entry)
    third.refresh_from_db()
    assert third.state == Entry.State.OFFERED
    assert not tournament.teams.filter(name="Kyoto").exists()
    assert not EntryMember.objects.filter(entry=entry, registration__isnull=False).exists()


def test_a_player_waits_behind_a_team_that_does_not_fit_and_takes_the_single_place(
        teams_open, tournament, django_capture_on_commit_callbacks):
    from entries.tests.conftest import confirmed

    capture = django_capture_on_commit_callbacks
    with capture(execute=True):
        services.entry_confirm(entry=team(tournament, name="Kobe"))
    singles = [confirmed(tournament, capture) for _ in range(3)]
    assert {s.state for s in singles} == {Entry.State.ENTERED}  # 7 of 8 places held
    with capture(execute=True):
        waiting_team = services.entry_confirm(entry=team(tournament, name="Nagoya"))
    late = confirmed(tournament, capture)
    assert (waiting_team.state, late.state) == (Entry.State.WAITING, Entry.State.ENTERED)


def test_a_team_entry_is_checked(teams_open, tournament):
    cases = [
        ({"members": members("A", players=3)}, "members"),
        ({"members": members("A", reserves=2)}, "members"),
        ({"members": [*members("A")[:3], {**members("A")[3], "email": "x\n@example.org"}]}, "members-3-email"),
        ({"members": [*members("A")[:3], {**members("A")[0], "reserve": False}]}, "members-3-federation_id"),
        ({"country": "ZZ"}, "country"),
        ({"consent": False}, "consent"),
    ]
    for change, field in cases:
        with pytest.raises(ValidationError) as refused:
            team(tournament, name="A", **change)
        assert field in refused.value.error_dict, (change, refused.value)
    team(tournament, name="A")
    with pytest.raises(ValidationError) as same_name:
        team(tournament, name="a", members=members("B"))
    assert "name" in same_name.value.error_dict
    with pytest.raises(ValidationError) as same_player:
        services.entry_submit(tournament=tournament, name="A 0", country="JP", email="a0@example.org",
                              language="en", consent=True, federation_id="A0", issuer="JPML")
    assert "federation_id" in same_player.value.error_dict
    assert Entry.objects.count() == 1


def test_team_only_entries_and_no_team_entries(opened, tournament):
    with pytest.raises(ValidationError, match="no team entries"):
        team(tournament)
    opened(team_players=4, individuals=False)
    from entries.tests.conftest import enter

    with pytest.raises(ValidationError, match="team entries only"):
        enter(tournament)


def test_the_team_page_on_a_phone_form(teams_open, client, tournament, django_capture_on_commit_callbacks):
    url = reverse("entries:enter_team", args=[tournament.pk])
    page = client.get(url)
    assert page.status_code == 200 and b"members-4-name" in page.content  # 4 players and 1 reserve row
    data = {"name": "Sapporo", "country": "JP", "email": "lead@example.org", "consent": "on"}
    for n in range(4):
        data |= {f"members-{n}-name": f"S {n}", f"members-{n}-country": "JP", f"members-{n}-email": f"s{n}@example.org"}
    short = client.post(url, {**data, "members-3-name": ""})
    assert b"4 players" in short.content and not Entry.objects.exists()
    with django_capture_on_commit_callbacks(execute=True):
        answer = client.post(url, data)
    assert b"lead@example.org" in answer.content
    entry = Entry.objects.get()
    assert entry.members.count() == 4 and not entry.members.filter(reserve=True).exists()
