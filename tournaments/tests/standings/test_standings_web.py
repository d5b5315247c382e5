"""Standings from signed sheets (order, tie-breaks, teams), the standings pages and API."""

import gzip
import json
import re

import pytest
from django.urls import reverse

from testing.scenarios import CHICKEN, STRAIGHT, big_snapshot, play, publish, seat, win
from tournaments.models import AuditEvent, StandingsSnapshot, Tournament
from tournaments.standings.compute import standings_compute
from tournaments.standings.services import standings_recompute


def by_entry(data):
    return {row["entry"]: row for row in data["individuals"]}


# --- order and tie-breaks, through the services and standings_compute ---------------------------


@pytest.mark.django_db
def test_equal_table_points_are_separated_by_contest_points_then_shared(
    organizer, tournament, seated_session, referee, pins
):
    play(
        actor=referee,
        session=seated_session,
        hands={1: [win(0, 1, CHICKEN)], 2: [win(0, 1, STRAIGHT)]},  # table 3 plays no hand
    )
    data = standings_compute(tournament)
    rows = by_entry(data)
    # Table 1: 1 wins 8 from 2 (+32 -16 -8 -8); table 2: 5 wins 23 from 6 (+47 -31 -8 -8); table 3: all 0.
    assert [row["entry"] for row in data["individuals"][:2]] == [5, 1]
    assert (rows[5]["table_points"], rows[5]["contest_points"], rows[5]["rank"]) == (48, 47, 1)
    assert (rows[1]["table_points"], rows[1]["contest_points"], rows[1]["rank"]) == (48, 32, 2)
    # Four players tied at one table share 4+2+1+0: 1.75 each, and equal on every key share the rank.
    assert {rows[e]["rank"] for e in (9, 10, 11, 12)} == {3}
    assert {rows[e]["table_points"] for e in (9, 10, 11, 12)} == {21}
    # Two tied second at a table get (2+1)/2 = 1.5; all four such players are equal everywhere.
    assert {rows[e]["rank"] for e in (3, 4, 7, 8)} == {7}
    assert {rows[e]["table_points"] for e in (3, 4, 7, 8)} == {18}
    assert (rows[2]["rank"], rows[6]["rank"]) == (11, 12)
    assert rows[1]["sessions"] == [
        {"session": 1, "table": 1, "seat": 0, "rank": 1, "table_points": 48, "session_score": 32,
         "hand_score": 32, "transfers": 0, "deductions": 0}
    ]
    assert data["sessions"] == [1]


@pytest.fixture
def two_sessions(organizer, tournament, seated_session, referee, pins):
    """Entries 1 and 2 end level on table points (4) and contest points (8), by different roads.

    Session 1, table 1: 1 wins 16 (8 flowers) from 2, then 2 wins 8 from 3: 1 +32 (1st), 2 +8 (2nd),
    3 -24 (4th), 4 -16 (3rd). Session 2, table 1 seats 3, 2, 1, 5: 3 wins 24 from 2, then 2 wins 8
    from 1: 3 +40 (1st), 2 0 (2nd), 1 -24 (4th), 5 -16 (3rd). So entry 1 has a first and a fourth,
    entry 2 two seconds. Tables 2 and 3 play no hands (1.75 each).
    """
    play(actor=referee, session=seated_session, hands={1: [win(0, 1, CHICKEN, flowers=8), win(1, 2, CHICKEN)]})
    second = tournament.sessions.get(number=2)
    seat(actor=organizer, session=second, tables={1: [3, 2, 1, 5], 2: [4, 6, 7, 8], 3: [9, 10, 11, 12]})
    play(actor=referee, session=second, hands={1: [win(0, 1, STRAIGHT, flowers=1), win(1, 2, CHICKEN)]})
    return tournament


def ranking(tournament):
    tournament.refresh_from_db()
    data = standings_compute(tournament)
    return [(row["entry"], row["rank"]) for row in data["individuals"]], by_entry(data), data


@pytest.mark.django_db
def test_3_10_1_tiebreaks_are_off_by_default_and_follow_the_organizers_order_when_set(two_sessions):
    tournament = two_sessions
    order, rows, data = ranking(tournament)
    assert (rows[1]["table_points"], rows[1]["contest_points"], rows[1]["places"]) == (48, 8, [1, 0, 0, 1])
    assert (rows[2]["table_points"], rows[2]["contest_points"], rows[2]["places"]) == (48, 8, [0, 2, 0, 0])
    assert (rows[3]["table_points"], rows[3]["contest_points"]) == (48, 16)
    # 3.10.1 by default: equal TP and CP share the rank (1, 2, 2, 4), whatever their places.
    assert tournament.tiebreaks == [] and data["tiebreaks"] == []
    assert order[:3] == [(3, 1), (1, 2), (2, 2)]
    assert rows[4]["rank"] == 4 or rows[6]["rank"] == 4  # the next rank is 4, not 3

    # The organizer's regulation: firsts, seconds, thirds, best session.
    Tournament.objects.filter(pk=tournament.pk).update(tiebreaks=["firsts", "seconds", "thirds", "best_session"])
    order, rows, data = ranking(tournament)
    assert data["tiebreaks"] == ["firsts", "seconds", "thirds", "best_session"]
    assert order[:3] == [(3, 1), (1, 2), (2, 3)]
    # The seven players of the empty tables: 3.5 each, equal on every key, share rank 4.
    assert {rank for entry, rank in order if entry in (6, 7, 8, 9, 10, 11, 12)} == {4}
    # Entries 4 and 5: 1 + 1.75 and -16 each, a first and a third each, best session 0 each.
    assert rows[4]["rank"] == rows[5]["rank"] == 11

    Tournament.objects.filter(pk=tournament.pk).update(tiebreaks=["seconds", "firsts"])
    order, _rows, _data = ranking(tournament)
    assert order[1:3] == [(2, 2), (1, 3)]

    Tournament.objects.filter(pk=tournament.pk).update(tiebreaks=["best_session"])
    order, _rows, _data = ranking(tournament)
    assert order[1:3] == [(1, 2), (2, 3)]  # 32 beats 8

    Tournament.objects.filter(pk=tournament.pk).update(tiebreaks=[])
    order, _rows, _data = ranking(tournament)
    assert {order[1], order[2]} == {(1, 2), (2, 2)}  # no tie-break: they share the place


@pytest.mark.django_db
def test_teams_rank_by_their_members_table_points_then_contest_points(two_sessions):
    _order, rows, data = ranking(two_sessions)
    teams = [(team["team"], team["rank"], team["table_points"], team["contest_points"]) for team in data["teams"]]
    # Team 1: 4 + 4 + 4 + 2.75 = 14.75; team 3: 4 x 3.5 = 14; team 2: 2.75 + 3 x 3.5 = 13.25.
    assert teams == [("Team 1", 1, 177, 16), ("Team 3", 2, 168, 0), ("Team 2", 3, 159, -16)]
    assert data["teams"][0]["members"] == sorted(data["teams"][0]["members"], key=lambda e: rows[e]["rank"])


# --- the standings pages --------------------------------------------------------------------------


@pytest.fixture
def published_results(organizer, tournament, seated_session, referee, pins, registrations):
    """A published tournament with session 1 signed and its standings stored."""
    player = registrations[0].player
    player.name, player.name_local = "Wang Wei", "王伟"
    player.save()
    publish(tournament)
    play(actor=referee, session=seated_session, hands={1: [win(0, 1, CHICKEN)], 2: [win(0, 1, STRAIGHT)]})
    standings_recompute(tournament_id=tournament.pk)
    tournament.refresh_from_db()
    return tournament


@pytest.mark.django_db
def test_standings_page_is_public_and_shows_table_points_as_written(client, published_results):
    tournament = published_results
    page = client.get(reverse("tournaments:standings", args=[tournament.pk])).content.decode()
    assert "Wang Wei" in page and "王伟" in page
    assert ">1.75<" in page and ">1.5<" in page and ">4<" in page
    assert page.index("Player 5") < page.index("Wang Wei")  # 47 contest points before 32
    assert f'href="{reverse("tournaments:player", args=[tournament.pk, 1])}"' in page
    # Polls every 15 s while the page is shown (static/js/page.js: htmx's eval filters are off, issue 16).
    assert 'hx-trigger="every 15s, page-visible from:document" data-poll-when-visible' in page
    assert "Recompute now" not in page
    assert 'id="teams"' in page and "Team 3" in page


@pytest.mark.django_db
def test_player_page_lists_every_session(client, published_results):
    response = client.get(reverse("tournaments:player", args=[published_results.pk, 1]))
    page = response.content.decode()
    assert response.status_code == 200
    assert "王伟" in page and "East" in page
    assert '<td class="n">32</td>' in page and '<td class="n">4</td>' in page
    assert client.get(reverse("tournaments:player", args=[published_results.pk, 99])).status_code == 404


@pytest.mark.django_db
def test_3_11_4_a_disqualified_players_page_says_so_and_keeps_the_rank(client, tournament):
    publish(tournament)
    snapshot = big_snapshot(tournament)
    row = snapshot.data["individuals"][0]
    row["disqualified"] = True  # 停赛 alone: the rank earned so far stands (3.11.5 is apart)
    snapshot.save()
    page = client.get(reverse("tournaments:player", args=[tournament.pk, row['entry']])).content.decode()
    assert "Disqualified" in page and "None" not in page and "rank of" in page
    assert f'<span class="value">{row["rank"]}</span>' in page
    other = snapshot.data["individuals"][1]["entry"]
    page = client.get(reverse("tournaments:player", args=[tournament.pk, other])).content.decode()
    assert "Disqualified" not in page and "rank of" in page


@pytest.mark.django_db
def test_drafts_stay_private(client_for, tournament, organizer, outsider):
    assert client_for(None).get(reverse("tournaments:standings", args=[tournament.pk])).status_code == 404
    assert client_for(None).get(reverse("tournaments:standings_live", args=[tournament.pk])).status_code == 404
    assert client_for(outsider).get(reverse("api-standings", args=[tournament.pk])).status_code == 404
    assert client_for(None).get(reverse("tournaments:results_csv", args=[tournament.pk])).status_code == 404
    response = client_for(organizer).get(reverse("tournaments:standings_live", args=[tournament.pk]))
    assert response.status_code == 200 and "ETag" not in response  # drafts: always the full check
    assert "No results yet" in response.content.decode()


@pytest.mark.django_db
def test_unchanged_poll_is_one_query_and_a_bodiless_304(client, published_results, django_assert_num_queries):
    url = reverse("tournaments:standings_live", args=[published_results.pk])
    first = client.get(url)
    assert first.status_code == 200
    etag = first["ETag"]
    assert etag == f'"standings-{published_results.standings_version}-en"'
    # The fragment sends its own ETag with the next poll, so an unchanged poll gets a 304.
    headers = re.search(r"hx-headers='([^']*)'", first.content.decode()).group(1)
    assert json.loads(headers) == {"If-None-Match": etag}
    with django_assert_num_queries(1):
        again = client.get(url, HTTP_IF_NONE_MATCH=etag)
    assert again.status_code == 304 and again.content == b""
    # Another language is another ETag.
    chinese = client.get(url, HTTP_IF_NONE_MATCH=etag, HTTP_ACCEPT_LANGUAGE="zh-hans")
    assert (
        chinese.status_code == 200 and chinese["ETag"] == f'"standings-{published_results.standings_version}-zh-hans"'
    )
    # A new version answers in full.
    StandingsSnapshot.objects.create(
        tournament=published_results, version=99, data={"individuals": [], "teams": [], "sessions": []}, digest="x"
    )
    assert client.get(url, HTTP_IF_NONE_MATCH=etag).status_code == 200


@pytest.mark.django_db
def test_the_embedded_etag_names_the_snapshot_rendered(client, published_results, monkeypatch):
    """A recompute committing between the page's snapshot read and its ETag: the page still sends
    the version of the rows it shows, so the next poll gets the new rows instead of 304s forever."""
    from tournaments.standings import selectors as standings_selectors

    original = standings_selectors.standings_snapshot_latest
    rendered = original(tournament=published_results)

    def racing(*, tournament):
        snapshot = original(tournament=tournament)
        StandingsSnapshot.objects.create(
            tournament=tournament,
            version=snapshot.version + 1,
            data={"individuals": [], "teams": [], "sessions": []},
            digest="x",
        )
        Tournament.objects.filter(pk=tournament.pk).update(standings_version=snapshot.version + 1)
        return snapshot

    monkeypatch.setattr(standings_selectors, "standings_snapshot_latest", racing)
    page = client.get(reverse("tournaments:standings", args=[published_results.pk])).content.decode()
    monkeypatch.setattr(standings_selectors, "standings_snapshot_latest", original)
    etag = json.loads(re.search(r"id=\"standings\"[^>]*hx-headers='([^']*)'", page).group(1))["If-None-Match"]
    assert etag == f'"standings-{rendered.version}-en"'
    live = reverse("tournaments:standings_live", args=[published_results.pk])
    assert client.get(live, HTTP_IF_NONE_MATCH=etag).status_code == 200


@pytest.mark.django_db
def test_api_gives_table_points_as_numbers_with_etag(client, published_results, django_assert_num_queries):
    url = reverse("api-standings", args=[published_results.pk])
    response = client.get(url)
    assert response.status_code == 200
    body = response.json()
    assert body["version"] == published_results.standings_version
    rows = {row["entry"]: row for row in body["individuals"]}
    assert rows[9]["table_points"] == 1.75 and rows[3]["table_points"] == 1.5 and rows[5]["table_points"] == 4
    assert rows[1]["name_local"] == "王伟" and rows[1]["sessions"][0]["table_points"] == 4
    assert [team["rank"] for team in body["teams"]] == [1, 1, 1]
    with django_assert_num_queries(1):
        again = client.get(url, HTTP_IF_NONE_MATCH=response["ETag"])
    assert again.status_code == 304


@pytest.mark.django_db
def test_api_schema_lists_standings(client):
    schema = client.get(reverse("api-schema"), HTTP_ACCEPT="application/json").json()
    assert "/api/tournaments/{tournament_id}/standings/" in schema["paths"]


@pytest.mark.django_db
def test_recompute_now_is_for_organizers_and_the_chief_referee(
    client_for, tournament, organizer, chief_referee, referee, django_capture_on_commit_callbacks
):
    publish(tournament)
    url = reverse("tournaments:standings_recompute", args=[tournament.pk])
    assert client_for(referee).post(url).status_code == 404
    assert client_for(None).post(url).status_code == 302  # to the login page
    standings = reverse("tournaments:standings", args=[tournament.pk])
    assert "Recompute now" in client_for(chief_referee).get(standings).content.decode()
    with django_capture_on_commit_callbacks(execute=True) as callbacks:
        response = client_for(organizer).post(url)
    assert response.status_code == 302 and len(callbacks) == 1
    assert StandingsSnapshot.objects.filter(tournament=tournament, version=1).exists()  # eager in tests
    assert AuditEvent.objects.get(action="standings.recompute_requested").actor == organizer


# --- a big tournament stays light ------------------------------------------------------------------


@pytest.mark.django_db
def test_standings_for_300_players_are_under_60_kb_compressed(client, tournament):
    publish(tournament)
    big_snapshot(tournament)
    for url in (reverse(f"tournaments:{name}", args=[tournament.pk]) for name in ("standings", "standings_live")):
        response = client.get(url)
        assert response.status_code == 200
        body = response.content
        assert body.count(b"<tr>") >= 300 + 75
        compressed = len(gzip.compress(body))
        print(f"{url}: {len(body)} bytes, {compressed} bytes gzipped")
        assert compressed < 60 * 1024, f"{compressed} bytes gzipped"
