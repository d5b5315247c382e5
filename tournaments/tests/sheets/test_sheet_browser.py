"""A referee on a tablet: a full hand with the tile picker, a hand while offline, signing."""

import pytest

from scoring.browser_testing import PHONE, TABLET, tap
from tournaments.models import Hand, ScoreSheet


@pytest.mark.browser
def test_referee_records_hands_offline_too_and_the_table_signs(
    browser, live_server, browser_login, referee, sheet, pins, tournament
):
    tournament.status = "published"
    tournament.save()
    context = browser.new_context(**TABLET)
    page = context.new_page()
    browser_login(page, referee)
    page.goto(f"{live_server.url}/t/sheets/{sheet.pk}/")

    # Hand 1: West (entry 3) wins on East's discard; the tiles are tapped, not typed.
    page.get_by_label("3 Player 3").first.check()
    page.locator("fieldset.discard-only").get_by_label("1 Player 1").check()
    tap(page, "1m", "2m", "3m", "4m", "5m", "6m", "7m", "8m", "9m", "1p", "2p", "3p", "5p", "5p")
    assert page.locator('input[name="tiles"]').input_value() == "123456789m1235p+5p"
    page.locator("#record-hand").click()
    page.locator("#sheet-state").get_by_text("Pure Straight").wait_for()
    first_hand = page.locator("#sheet-state .sheet-hands tbody tr").first
    assert first_hand.locator("td.num .delta").all_inner_texts() == ["-31", "-8", "47", "-8"]
    # Appendix 5: the running total (累计) under each result; after hand 1 it equals the result.
    assert first_hand.locator("td.num .running").all_inner_texts() == ["-31", "-8", "47", "-8"]

    # Hand 2 while the Wi-Fi is down: kept on the tablet, sent once the connection returns.
    context.set_offline(True)
    page.locator('input[name="outcome"][value="draw"]').check()
    page.locator("#record-hand").click()
    page.locator("#outbox").get_by_text("1 hand(s) waiting to be sent").wait_for()
    assert Hand.objects.filter(sheet=sheet).count() == 1
    # The form is now for hand 3, with its winds, though the server has heard of hand 1 only.
    assert page.locator("[data-next-label]").inner_text() == "Hand 3"
    assert page.locator("[data-wind-now][data-seat='2']").inner_text() == "East (dealer)"  # 3.4.6: hand 3
    context.set_offline(False)
    page.evaluate("window.dispatchEvent(new Event('online'))")
    page.locator("#outbox").wait_for(state="hidden")
    page.locator("#sheet-state [data-next-number='3']").wait_for()
    assert list(Hand.objects.filter(sheet=sheet).values_list("number", "result")) == [(1, "win"), (2, "draw")]

    # A refused hand comes back with the engine's reason: 4 fan points is below the minimum.
    page.get_by_label("1 Player 1").first.check()
    page.locator("fieldset.discard-only").get_by_label("2 Player 2").check()
    tap(page, "1m", "2m", "3m", "5m", "6m", "7m", "7p", "8p", "9p", "2s", "3s", "4s", "5s", "5s")
    page.locator("#record-hand").click()
    page.locator("#sheet-errors").get_by_text("a win needs at least 8").wait_for()
    assert Hand.objects.filter(sheet=sheet).count() == 2
    # It was a mistake: the referee discards it, and nothing waits any more.
    page.get_by_role("button", name="Discard this hand").click()
    page.locator("#outbox").wait_for(state="hidden")

    # Time-up: close, the four players confirm with their PINs, the referee signs.
    page.get_by_role("button", name="Close the sheet (time-up)").click()
    confirm = page.locator("form.confirm-form")
    for entry in (1, 2, 3, 4):
        confirm.wait_for()
        page.locator("form.confirm-form input[name=entry]").fill(str(entry))
        page.locator("form.confirm-form input[name=pin]").fill(pins[entry])
        page.locator("form.confirm-form button[type=submit]").click()
        page.locator("form.confirm-form h2").get_by_text(f"({entry}/4)").wait_for()
    page.get_by_role("button", name="Referee: sign and lock the sheet").click()
    page.locator("#sheet-state").get_by_text("Signed").first.wait_for()
    assert ScoreSheet.objects.get(pk=sheet.pk).status == "locked"
    context.close()

    # A spectator's phone: the standings now lead with West (entry 3), 4 table points, +47.
    phone = browser.new_context(**PHONE)
    page = phone.new_page()
    page.goto(f"{live_server.url}/t/{tournament.pk}/standings/")
    first = page.locator("#individuals tbody tr").first
    assert first.locator("td").all_inner_texts()[0] == "1"
    assert "Player 3" in first.inner_text()
    assert first.locator("td.n").all_inner_texts()[1:] == ["4", "47"]
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
    phone.close()


@pytest.mark.browser
def test_hands_survive_a_lost_login_and_a_refused_hand_keeps_the_queue(
    browser, live_server, browser_login, referee, sheet
):
    context = browser.new_context(**TABLET)
    page = context.new_page()
    browser_login(page, referee)
    page.goto(f"{live_server.url}/t/sheets/{sheet.pk}/")

    # Offline: hand 1 (a win below 8 points: it will be refused), then hand 2 (a draw).
    context.set_offline(True)
    page.get_by_label("1 Player 1").first.check()
    page.locator("fieldset.discard-only").get_by_label("2 Player 2").check()
    tap(page, "1m", "2m", "3m", "5m", "6m", "7m", "7p", "8p", "9p", "2s", "3s", "4s", "5s", "5s")
    page.locator("#record-hand").click()
    page.locator('input[name="outcome"][value="draw"]').check()
    page.locator("#record-hand").click()
    page.locator("#outbox").get_by_text("2 hand(s) waiting to be sent").wait_for()

    # Back online but logged out: nothing is lost, the referee is asked to log in again.
    context.clear_cookies()
    context.set_offline(False)
    page.evaluate("window.dispatchEvent(new Event('online'))")
    page.locator("#sheet-errors").get_by_text("Log in again").wait_for()
    assert page.locator("#outbox").inner_text().startswith("2 hand(s)")

    # Logged in again: hand 1 is refused and comes back; hand 2 waits behind it.
    browser_login(page, referee)
    page.goto(f"{live_server.url}/t/sheets/{sheet.pk}/")
    page.locator("#sheet-errors").get_by_text("a win needs at least 8").wait_for()
    assert page.locator("#outbox").inner_text().startswith("2 hand(s)")  # the refused one is held
    assert Hand.objects.filter(sheet=sheet).count() == 0
    # A reload (or a tablet gone to sleep) keeps the refused hand, its reason and the queue.
    page.reload()
    page.locator("#sheet-errors").get_by_text("a win needs at least 8").wait_for()
    assert page.locator("#outbox").inner_text().startswith("2 hand(s)")
    assert page.locator('input[name="tiles"]').input_value() == "123567m789p2345s+5s"
    # The referee enters hand 1 as the draw it really was: both hands are recorded, in order.
    page.locator('input[name="outcome"][value="draw"]').check()
    page.locator("#record-hand").click()
    page.locator("#outbox").wait_for(state="hidden")
    page.locator("#sheet-state [data-next-number='3']").wait_for()
    assert list(Hand.objects.filter(sheet=sheet).values_list("number", "result")) == [(1, "draw"), (2, "draw")]
    context.close()


@pytest.mark.browser
def test_a_failed_refresh_does_not_make_the_tablet_reuse_a_hand_number(
    browser, live_server, browser_login, referee, sheet
):
    context = browser.new_context(**TABLET)
    page = context.new_page()
    browser_login(page, referee)
    page.goto(f"{live_server.url}/t/sheets/{sheet.pk}/")
    # Every refresh of the sheet fails: the tablet goes by the numbers the server answers with.
    page.route(
        "**/t/sheets/*/", lambda route: route.abort() if route.request.headers.get("hx-request") else route.continue_()
    )
    for _ in range(3):
        page.locator('input[name="outcome"][value="draw"]').check()
        page.locator("#record-hand").click()
    page.wait_for_function(
        "!localStorage.getItem('mcr-outbox-sheet-%d') || localStorage.getItem('mcr-outbox-sheet-%d') === '[]'"
        % (sheet.pk, sheet.pk)
    )
    assert list(Hand.objects.filter(sheet=sheet).values_list("number", flat=True)) == [1, 2, 3]
    assert page.locator("#sheet-errors").inner_text() == ""
    context.close()


@pytest.mark.browser
def test_queued_hands_wait_for_the_referee_if_the_sheet_moved_on_and_block_closing(
    browser, live_server, browser_login, referee, chief_referee, sheet
):
    from tournaments.sheets import services as sheet_services
    from tournaments.sheets.entry import HandEntry

    context = browser.new_context(**TABLET)
    page = context.new_page()
    browser_login(page, referee)
    page.goto(f"{live_server.url}/t/sheets/{sheet.pk}/")
    context.set_offline(True)
    for _ in range(2):  # hands 1 and 2, entered with their winds
        page.locator('input[name="outcome"][value="draw"]').check()
        page.locator("#record-hand").click()
    page.locator("#outbox").get_by_text("2 hand(s) waiting to be sent").wait_for()
    # While hands wait, the sheet cannot be closed (the players would confirm it without them).
    assert page.get_by_role("button", name="Close the sheet (time-up)").is_disabled()
    # Meanwhile the chief referee records hands 1 and 2 on another tablet.
    for number in (1, 2):
        sheet_services.hand_record(
            actor=chief_referee, sheet_id=sheet.pk, number=number, entry=HandEntry(result="draw")
        )
    context.set_offline(False)
    page.reload()
    # The first, already sent once as hand 1, is refused (409); the referee checks and discards it.
    page.locator("#sheet-errors").get_by_text("Hand 1 was already recorded").wait_for()
    page.get_by_role("button", name="Discard this hand").click()
    # The second was entered as hand 2: as hand 3 it would have other winds, so it comes back too.
    page.locator("#sheet-errors").get_by_text("entered as hand 2, but the next hand on the sheet is now 3").wait_for()
    assert Hand.objects.filter(sheet=sheet).count() == 2
    page.get_by_role("button", name="Discard this hand").click()
    page.locator("#outbox").wait_for(state="hidden")
    assert page.get_by_role("button", name="Close the sheet (time-up)").is_enabled()
    context.close()
