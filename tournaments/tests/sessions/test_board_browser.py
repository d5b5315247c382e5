"""The organizer's board on a tablet: starting and ending a session."""

import pytest
from django.urls import reverse


@pytest.mark.browser
def test_the_board_on_a_tablet_starts_and_ends_a_session(
    browser, live_server, browser_login, organizer, tournament, seated_session, referee
):
    from scoring.browser_testing import TABLET
    from tournaments.models import Session

    context = browser.new_context(**TABLET)
    page = context.new_page()
    browser_login(page, organizer)
    page.goto(live_server.url + reverse("tournaments:board", args=[tournament.pk]))
    # a question first: dismissed, nothing starts; accepted, the session starts
    questions = []
    page.once("dialog", lambda dialog: (questions.append(dialog.message), dialog.dismiss()))
    page.get_by_role("button", name="Start session 1").click()
    page.wait_for_timeout(300)
    assert questions and questions[0].startswith("Start session 1 now?")
    assert Session.objects.get(pk=seated_session.pk).started_at is None
    page.once("dialog", lambda dialog: dialog.accept())
    page.get_by_role("button", name="Start session 1").click()
    page.get_by_text("Session 1 has started.").wait_for()
    assert page.locator("#board .board-table tbody tr").count() == 3
    # 3.5.7: nobody has checked in, so every table lists its four players as missing.
    assert page.locator("#board .board-missing tbody tr").count() == 3
    assert page.locator("#board .missing-player").count() == 12
    assert "0/16" in page.locator("#board").inner_text()
    assert "minutes left" in page.locator(".clock").inner_text()
    page.once("dialog", lambda dialog: dialog.accept())
    page.get_by_role("button", name="End session 1").click()
    page.get_by_text("Session 1 has ended.").wait_for()
    assert Session.objects.get(pk=seated_session.pk).status == Session.Status.FINISHED
    assert page.locator("#board").inner_text().count("Waiting for signatures") == 3
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
    context.close()
