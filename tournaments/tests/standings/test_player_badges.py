"""The seam for badges beside a player's name (tournaments.extensions.player_badges): the core shows
what a provider above it answers (the Pin, from pin_ranking), on the standings, the player's page and
the hall, with one provider call and a fixed number of queries whatever the number of players."""

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from testing.scenarios import big_snapshot, publish
from tournaments import extensions
from tournaments.extensions import PlayerBadge
from tournaments.models import Player, Registration, StandingsSnapshot


@pytest.fixture
def fake_badges(swap_seam):
    """A provider standing in for an app above the core: players with an even id hold a badge."""
    calls = []

    def provider(player_ids):
        calls.append(set(player_ids))
        return {pid: [PlayerBadge(text=f"B{pid}", title="Fake register", url=f"/fake/{pid}/")]
                for pid in player_ids if pid % 2 == 0}

    swap_seam(extensions.seams.player_badges, provider)
    return calls


def _register(tournament, count):
    start = tournament.registrations.count()
    players = Player.objects.bulk_create(Player(name=f"Extra {n}", country="CN") for n in range(start, count))
    Registration.objects.bulk_create(Registration(tournament=tournament, player=player, entry_number=start + n + 1)
                                     for n, player in enumerate(players))


@pytest.mark.django_db
def test_the_standings_show_each_players_badge_beside_the_name_from_one_provider_call(
        client, tournament, registrations, fake_badges):
    publish(tournament)
    big_snapshot(tournament, players=12)
    page = client.get(reverse("tournaments:standings", args=[tournament.pk])).content.decode()
    for registration in registrations:
        badge = f'<a class="player-badge" href="/fake/{registration.player_id}/" title="Fake register">' \
                f'B{registration.player_id}</a>'
        assert (badge in page) == (registration.player_id % 2 == 0)
    assert fake_badges == [{r.player_id for r in registrations}]


@pytest.mark.django_db
def test_the_players_page_and_the_hall_show_the_badge(client, tournament, registrations, fake_badges):
    publish(tournament)
    big_snapshot(tournament, players=12)
    holder = next(r for r in registrations if r.player_id % 2 == 0)
    other = next(r for r in registrations if r.player_id % 2 == 1)
    page = client.get(reverse("tournaments:player", args=[tournament.pk, holder.entry_number])).content.decode()
    assert f">B{holder.player_id}</a></h1>" in page
    page = client.get(reverse("tournaments:player", args=[tournament.pk, other.entry_number])).content.decode()
    assert "player-badge" not in page
    assert fake_badges[-1] == {other.player_id}  # the player's page asks for that player only
    hall = client.get(reverse("reports:hall", args=[tournament.pk])).content.decode()
    assert f'<small class="badge">B{holder.player_id}</small>' in hall


@pytest.mark.django_db
def test_no_provider_no_badge(client, tournament, registrations, swap_seam):
    swap_seam(extensions.seams.player_badges)
    publish(tournament)
    big_snapshot(tournament, players=12)
    page = client.get(reverse("tournaments:standings", args=[tournament.pk])).content.decode()
    assert "player-badge" not in page


@pytest.mark.django_db
def test_badges_cost_the_same_queries_for_8_players_as_for_40(client, tournament, fake_badges):
    publish(tournament)
    url = reverse("tournaments:standings", args=[tournament.pk])
    counts = []
    for players in (8, 40):
        _register(tournament, players)
        StandingsSnapshot.objects.filter(tournament=tournament).delete()
        big_snapshot(tournament, players=players)
        client.get(url)  # caches warmed
        with CaptureQueriesContext(connection) as queries:
            page = client.get(url).content.decode()
        assert page.count('class="player-badge"') == len([p for p in fake_badges[-1] if p % 2 == 0]) > 0
        counts.append(len(queries))
    assert counts[0] == counts[1]
