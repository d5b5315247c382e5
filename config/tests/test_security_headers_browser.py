"""Issue 16: under the Content-Security-Policy the pages still work in Chromium, with no violation.

The calculator (htmx posts on every tap), the tablet's score sheet, the board polling, the standings
and the language switcher (once an inline onchange, now static/js/page.js) — and Chromium reports
no script, style or eval refused by the policy on any of them.
"""

import pytest
from django.urls import reverse

from scoring.browser_testing import PHONE, TABLET, tap


def watch(page) -> list[str]:
    """Console messages about the policy (Chromium logs every refusal as an error)."""
    refused: list[str] = []
    page.on("console", lambda m: refused.append(m.text) if "Content Security Policy" in m.text else None)
    return refused


@pytest.mark.browser
def test_the_pages_work_under_the_policy(
    browser, live_server, browser_login, organizer, referee, tournament, sheet, pins
):
    context = browser.new_context(**PHONE)
    page = context.new_page()
    refused = watch(page)
    response = page.goto(f"{live_server.url}/calculator/")
    assert "script-src 'self'" in response.headers["content-security-policy"]
    tap(page, "1m", "2m", "3m", "4p", "5p", "6p", "7s", "8s", "9s", "1p", "1p", "E", "E", "E")
    page.locator("#calculator-result").get_by_text("A legal win").wait_for()  # htmx answered, swapped in
    # The language switcher submits on change without an inline handler.
    page.select_option("#language-select", "ja")
    page.wait_for_load_state("load")
    page.locator("html[lang=ja]").wait_for()
    page.select_option("#language-select", "en")
    page.locator("html[lang=en]").wait_for()
    context.close()

    context = browser.new_context(**TABLET)
    page = context.new_page()
    refused += watch(page)
    browser_login(page, referee)
    page.goto(live_server.url + reverse("tournaments:sheet", args=[sheet.pk]))
    page.locator("[data-tile-picker]").wait_for()
    assert page.evaluate("typeof window.SheetOutbox") == "object"  # the static scripts ran
    context.close()

    context = browser.new_context(**TABLET)
    page = context.new_page()
    refused += watch(page)
    browser_login(page, organizer)
    board = reverse("tournaments:board", args=[tournament.pk])
    page.goto(live_server.url + board)
    with page.expect_response(lambda r: board in r.url and r.request.headers.get("hx-request") == "true"):
        page.evaluate("document.dispatchEvent(new Event('visibilitychange'))")  # page-visible: htmx polls
    page.goto(live_server.url + reverse("tournaments:standings", args=[tournament.pk]))
    context.close()
    assert refused == []
