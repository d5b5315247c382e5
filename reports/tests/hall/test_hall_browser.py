"""The hall display at 1920x1080 in a browser: the standings pages rotate, the clock counts, and a
sheet signed mid-run appears within one poll; swapping the fragment leaves no nodes behind."""

import time

import pytest
from django.urls import reverse

from testing.scenarios import CHICKEN, STRAIGHT, publish, seat, sign_all, win
from tournaments.models import StandingsSnapshot
from tournaments.sessions import services as session_services
from tournaments.sheets import services as sheet_services
from tournaments.sheets.entry import HandEntry

HALL = {"viewport": {"width": 1920, "height": 1080}}
POLL = 2


@pytest.mark.browser
def test_hall_display_rotates_the_standings_and_shows_a_sheet_signed_mid_run(
    browser, live_server, settings, tournament, registrations, organizer, referee, pins
):
    settings.HALL_POLL_SECONDS, settings.HALL_PAGE_SECONDS, settings.HALL_PAGE_ROWS = POLL, 1, 5
    publish(tournament)
    session = tournament.sessions.get(number=1)
    seat(actor=organizer, session=session, tables={1: [1, 2, 3, 4], 2: [5, 6, 7, 8], 3: [9, 10, 11, 12]})
    session_services.session_start(actor=organizer, session=session)
    sheets = {sheet.table.number: sheet for sheet in session.sheets.select_related("table")}
    for table, hand in ((1, win(0, 1, CHICKEN)), (2, win(1, 0, CHICKEN)), (3, win(2, 3, STRAIGHT))):
        sheet_services.hand_record(actor=referee, sheet_id=sheets[table].pk, number=1,
                                   entry=HandEntry.from_mapping(hand))
    sign_all(actor=referee, sheet=sheets[1])
    sign_all(actor=referee, sheet=sheets[2])
    assert StandingsSnapshot.objects.filter(tournament=tournament).exists()

    context = browser.new_context(**HALL)
    page = context.new_page()
    page.goto(live_server.url + reverse("reports:hall", args=[tournament.pk]))
    assert page.locator(".hall-clock-time").inner_text().count(":") == 2  # 2:30:00 counting down
    first_clock = page.locator(".hall-clock-time").inner_text()
    # Twelve players, five to a page: three pages, one shown at a time, turning by themselves.
    assert page.locator(".hall-page").count() == 3
    seen = set()
    deadline = time.monotonic() + 6
    while len(seen) < 3 and time.monotonic() < deadline:
        seen.add(page.locator(".hall-page:visible .hall-pageno").inner_text())
        assert page.locator(".hall-page:visible").count() == 1
        page.wait_for_timeout(250)
    assert seen == {"1 / 3", "2 / 3", "3 / 3"}
    assert page.locator(".hall-clock-time").inner_text() != first_clock
    # the page fits the screen: nothing scrolls on a projector
    assert page.evaluate("document.documentElement.scrollHeight <= window.innerHeight + 1")
    nodes_before = page.evaluate("document.getElementsByTagName('*').length")

    # Table 3 is signed while the display runs: its entry 11 (West, 23 points off North) appears
    # within one poll.
    assert "not yet signed" in page.locator(".hall-hand").first.inner_text()
    body_before = page.locator(".hall-standings").inner_html()
    live = reverse("reports:hall_live", args=[tournament.pk])
    sign_all(actor=referee, sheet=sheets[3])
    signed_at = time.monotonic()
    with page.expect_response(lambda r: live in r.url and r.status == 200, timeout=(POLL + 2) * 1000):
        pass
    page.wait_for_function(
        "previous => document.querySelector('.hall-standings').innerHTML !== previous", arg=body_before,
        timeout=1000,
    )
    assert time.monotonic() - signed_at <= POLL + 2
    page.wait_for_timeout(50)
    first_hand = page.locator(".hall-hand").first.inner_text()
    assert "23" in first_hand and "not yet signed" not in first_hand
    # the biggest hand of the session is table 3's straight, drawn with tile faces
    assert page.locator(".hall-hand").first.locator("svg.tile-svg").count() == 14
    # Read across a room (issue 29: ~20 px on a projector): at 1080 lines a tile is 50 px wide or more, and the
    # 14 of a hand still fit their column.
    box = page.locator(".hall-hand").first.locator("svg.tile-svg").first.bounding_box()
    assert box["width"] >= 0.044 * HALL["viewport"]["height"] and box["height"] >= box["width"]
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
    tops = page.locator(".hall-hand").first.locator("svg.tile-svg").evaluate_all(
        "tiles => new Set(tiles.map(t => Math.round(t.getBoundingClientRect().top))).size")
    assert tops == 1  # the 14 on one line
    assert "TP: table points" in page.locator(".hall-legend").inner_text()
    # Polls that change nothing are 304s and leave the page alone; the swaps add no nodes.
    with page.expect_response(lambda r: live in r.url, timeout=(POLL + 2) * 1000) as polled:
        pass
    assert polled.value.status == 304
    nodes_after = page.evaluate("document.getElementsByTagName('*').length")
    assert abs(nodes_after - nodes_before) < 60  # one more table's row and hand, not a second copy
    context.close()


@pytest.mark.browser
def test_hall_display_survives_the_server_going_away(browser, live_server, settings, tournament, running_session):
    """Polls that fail (the server restarting, the network down) show "Reconnecting…" and back off; the
    display keeps its content and recovers when answers come again."""
    settings.HALL_POLL_SECONDS = 1
    settings.HALL_RETRY_SECONDS = 0.25   # the backoff of the product (2, 4, 8 s...), an eighth of it
    publish(tournament)
    context = browser.new_context(**HALL)
    page = context.new_page()
    live = reverse("reports:hall_live", args=[tournament.pk])
    page.goto(live_server.url + reverse("reports:hall", args=[tournament.pk]))
    failed = []

    def fail(route):
        failed.append(time.monotonic())
        route.abort()

    page.route(f"**{live}", fail)
    page.wait_for_selector("#hall-offline:not([hidden])", timeout=5000)
    page.wait_for_timeout(2000)
    gaps = [b - a for a, b in zip(failed, failed[1:])]
    assert len(failed) >= 3 and gaps[-1] > gaps[0]  # backing off: 0.25 s, 0.5 s, 1 s
    assert page.locator(".hall-clock-time").is_visible()
    page.unroute(f"**{live}")
    page.wait_for_selector("#hall-offline[hidden]", state="attached", timeout=10000)
    context.close()
