"""The pre-flight before Start session on a phone (issue 13): warnings listed with their links, the draft
published from the page, then the start confirmed despite the players not checked in."""

import pytest
from django.urls import reverse


@pytest.mark.browser
def test_the_pre_flight_lists_what_is_wrong_and_starts_after_confirmation(
    browser, live_server, browser_login, organizer, tournament, seated_session, referee
):
    from scoring.browser_testing import PHONE
    from tournaments.models import Session, Tournament

    context = browser.new_context(**PHONE)
    page = context.new_page()
    browser_login(page, organizer)
    page.goto(live_server.url + reverse("tournaments:board", args=[tournament.pk]))
    page.get_by_role("link", name="Start session 1").click()
    page.wait_for_url(f"**{reverse('tournaments:session_preflight', args=[seated_session.pk])}")
    warnings = page.locator(".preflight-warnings .preflight-item")
    fixes = [warnings.nth(i).get_attribute("data-fix") for i in range(warnings.count())]
    assert fixes == ["referees", "check_in", "publish"]
    assert "12 of 12 players have not checked in" in page.locator(".preflight-warnings").inner_text()
    assert page.get_by_role("link", name="Check-in list").get_attribute("href") == reverse(
        "tournaments:check_in_list", args=[tournament.pk, 1]
    )
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
    page.get_by_role("button", name="Publish now").click()
    page.get_by_text("The tournament is published").wait_for()
    assert Tournament.objects.get(pk=tournament.pk).status == "published"
    assert page.locator('.preflight-item[data-fix="publish"]').count() == 0
    page.get_by_role("button", name="Start session 1 despite these warnings").click()
    page.get_by_text("Session 1 has started.").wait_for()
    assert Session.objects.get(pk=seated_session.pk).status == Session.Status.RUNNING
    assert Tournament.objects.get(pk=tournament.pk).status == "running"
    context.close()
