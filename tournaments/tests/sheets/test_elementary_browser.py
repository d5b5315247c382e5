"""A referee records hands of an elementary-rules tournament on a tablet (scoring/READINGS.md E1-E9)."""

import re

import pytest

from scoring.browser_testing import TABLET, tap
from tournaments.core import services as core_services
from tournaments.models import Hand


@pytest.mark.browser
def test_referee_records_an_elementary_hand_on_the_tablet(browser, live_server, browser_login, organizer, referee,
                                                           sheet, tournament):
    core_services.tournament_update(actor=organizer, tournament=tournament, rule_set="elementary")
    context = browser.new_context(**TABLET)
    page = context.new_page()
    page.on("dialog", lambda dialog: dialog.accept())
    browser_login(page, referee)
    page.goto(f"{live_server.url}/t/sheets/{sheet.pk}/")
    assert "a win needs 6 points" in page.locator(".rule-set-note").inner_text()

    # Hand 1: West (entry 3) wins on East's discard: Mixed Shifted Chows 6 + Concealed Hand 2.
    page.get_by_label("3 Player 3").first.check()
    page.locator("fieldset.discard-only").get_by_label("1 Player 1").check()
    tap(page, "1m", "2m", "3m", "2p", "3p", "4p", "3s", "4s", "5s", "N", "N", "N", "9s", "9s")
    page.locator("#record-hand").click()
    # the fans read in their column (a phone also shows them under the hand)
    page.locator("#sheet-state td.fans").get_by_text("Mixed Shifted Chows").wait_for()
    first_hand = page.locator("#sheet-state .sheet-hands tbody tr").first
    # no base points: only the discarder pays the hand's 8 (the full rules: -16, -8, +32, -8)
    assert first_hand.locator("td.num .delta").all_inner_texts() == ["-8", "0", "8", "0"]
    assert Hand.objects.get(sheet=sheet, number=1).deltas == (-8, 0, 8, 0)

    # Hand 2: 3 points (Concealed Hand, No Honors) are refused with the elementary minimum.
    page.get_by_label("1 Player 1").first.check()
    page.locator("fieldset.discard-only").get_by_label("2 Player 2").check()
    tap(page, "1m", "2m", "3m", "5m", "6m", "7m", "7p", "8p", "9p", "2s", "3s", "4s", "5s", "5s")
    page.locator("#record-hand").click()
    page.locator("#hand-form-errors").get_by_text("a win under the elementary rules needs at least 6").wait_for()
    assert Hand.objects.filter(sheet=sheet).count() == 1

    # Without tiles, only the 30 fans can be ticked (29 boxes and the flowers count).
    if page.locator("#discard-held").is_visible():   # the refused hand is held: the referee drops it
        page.get_by_role("button", name=re.compile("Discard the held hand")).click()
    page.locator("details.declared summary").click()
    numbers = {int(v) for v in page.locator('details.declared input[name="declared_fans"]').evaluate_all(
        "boxes => boxes.map(b => b.value)")}
    assert len(numbers) == 29 and 63 not in numbers and 51 in numbers
    context.close()
