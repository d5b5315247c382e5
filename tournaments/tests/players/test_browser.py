"""On a phone: a player without an account makes one, links it with entry number and PIN, and
reads a signed sheet hand by hand (issue 13, players' own records)."""

import pytest

from scoring.browser_testing import PHONE
from testing.scenarios import publish
from tournaments.models import ScoreSheet


@pytest.mark.browser
def test_player_signs_up_links_and_reads_a_signed_sheet_on_a_phone(browser, live_server, played):
    publish(played)
    pin = played.registrations.get(entry_number=6).confirm_pin
    sheet = ScoreSheet.objects.get(session__tournament=played, session__number=1, table__number=2)
    phone = browser.new_context(**PHONE)
    page = phone.new_page()
    page.goto(f"{live_server.url}/t/{played.pk}/")
    page.get_by_role("link", name="Players: log in to read your score sheets").click()
    page.get_by_role("link", name="No account? Players make one here.").click()
    page.fill("input[name=username]", "player6")
    page.fill("input[name=password1]", "a-long-Passw0rd!")
    page.fill("input[name=password2]", "a-long-Passw0rd!")
    page.get_by_role("button", name="Make the account").click()
    # Back where they were going: not linked yet, so the link form.
    page.wait_for_url(f"{live_server.url}/t/{played.pk}/link/")
    page.fill("input[name=entry_number]", "6")
    page.fill("input[name=pin]", "0000" if pin != "0000" else "1111")
    page.get_by_role("button", name="Link my account").click()
    page.get_by_text("Entry number and PIN do not match.").wait_for()
    page.fill("input[name=pin]", pin)
    page.get_by_role("button", name="Link my account").click()
    page.wait_for_url(f"{live_server.url}/t/{played.pk}/players/6/records/")
    page.get_by_text("Your account is linked").wait_for()
    assert page.locator(".player-nav a").all_inner_texts() == ["My seats", "My results", "My score sheets"]
    page.locator(".player-sheets li").first.get_by_role("link", name="Read the sheet").click()
    page.wait_for_url(f"{live_server.url}/t/sheets/{sheet.pk}/read/")
    assert page.locator(".read-hands > li").count() == sheet.hands.count()
    assert page.locator(".read-players tr.mine").inner_text().startswith("South")
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
    # My results is one tap away, and comes back with the same three links.
    page.goto(f"{live_server.url}/t/{played.pk}/players/6/records/")
    page.get_by_role("link", name="My results").click()
    page.wait_for_url(f"{live_server.url}/t/{played.pk}/players/6/")
    assert page.locator(".player-nav a[aria-current=page]").inner_text() == "My results"
    phone.close()
