"""The foul pages on a phone."""

import pytest
from django.urls import reverse

from scoring.browser_testing import PHONE


@pytest.mark.browser
def test_the_record_of_fouls_fits_a_phone(browser, live_server, browser_login, tournament, fouled_sheet, chief_referee):
    context = browser.new_context(**PHONE)
    page = context.new_page()
    browser_login(page, chief_referee)
    page.goto(live_server.url + reverse("penalties:record", args=[tournament.pk, 1]))
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
    reason = page.locator("input[name=reason]").first
    assert reason.bounding_box()["height"] >= 40
    context.close()
