"""A spectator follows the standings on a phone: no login, a player's sessions, polls answered 304."""

import pytest
from django.urls import reverse

from scoring.browser_testing import PHONE
from testing.scenarios import CHICKEN, STRAIGHT, big_snapshot, play, publish, win
from tournaments.models import StandingsSnapshot


@pytest.mark.browser
def test_standings_and_a_players_sessions_on_a_phone(
    browser, live_server, organizer, tournament, seated_session, referee, pins, registrations
):
    player = registrations[0].player
    player.name, player.name_local = "Wang Wei", "王伟"
    player.save()
    publish(tournament)
    # A transactional test: signing queues the recompute on commit, run in-process here.
    play(actor=referee, session=seated_session, hands={1: [win(0, 1, CHICKEN)], 2: [win(0, 1, STRAIGHT)]})
    assert StandingsSnapshot.objects.filter(tournament=tournament).exists()

    context = browser.new_context(**PHONE)
    page = context.new_page()
    page.goto(live_server.url + reverse("tournaments:standings", args=[tournament.pk]))
    rows = page.locator("#individuals tbody tr")
    assert rows.count() == 12
    assert rows.first.inner_text().split()[:3] == ["1", "Player", "5"]
    assert "1.75" in page.locator("#individuals").inner_text()
    assert page.locator("#teams tbody tr").count() == 3
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")

    # The tab comes back into view: htmx polls with the fragment's ETag and keeps the page on 304.
    live = reverse("tournaments:standings_live", args=[tournament.pk])
    with page.expect_response(lambda response: live in response.url) as polled:
        page.evaluate("document.dispatchEvent(new Event('visibilitychange'))")
    assert polled.value.status == 304
    page.wait_for_timeout(300)
    assert page.locator("#individuals tbody tr").count() == 12

    page.get_by_role("link", name="Wang Wei").click()
    page.wait_for_url(live_server.url + reverse("tournaments:player", args=[tournament.pk, 1]))
    assert "王伟" in page.locator("h1").inner_text()
    sessions = page.locator("table.player-sessions tbody tr")
    assert sessions.count() == 1
    assert sessions.first.inner_text().split() == ["1", "1", "East", "1", "4", "32"]
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
    context.close()


@pytest.mark.browser
def test_a_players_page_with_many_sessions_fits_a_phone(browser, live_server, tournament):
    publish(tournament)
    snapshot = big_snapshot(tournament, players=300, sessions=8)
    for played in snapshot.data["individuals"][0]["sessions"]:
        played.update(session_score=-1234, transfers=-60, table_points=29)  # wide numbers, a penalty column
    snapshot.save()
    context = browser.new_context(**PHONE)
    page = context.new_page()
    entry = snapshot.data["individuals"][0]["entry"]
    page.goto(live_server.url + reverse("tournaments:player", args=[tournament.pk, entry]))
    assert page.locator("table.player-sessions tbody tr").count() == 8
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
    context.close()
