"""The organizer gives a role by an invitation link and by a one-time password; the invited open them
on a phone, through the real browser (issue 13, staff in the app)."""

import pytest

from scoring.browser_testing import PHONE
from staff.models import PasswordChangeDue
from tournaments.models import Membership, Role


@pytest.mark.browser
def test_invitation_link_and_one_time_password_on_a_phone(browser, live_server, browser_login, organizer, tournament):
    desk = browser.new_context(viewport={"width": 1366, "height": 900})
    page = desk.new_page()
    browser_login(page, organizer)
    page.goto(f"{live_server.url}/t/{tournament.pk}/")
    page.get_by_role("link", name="Staff").click()
    page.select_option("select[name=role]", "chief_referee")
    page.click("main form.form button[type=submit]")
    link = page.input_value("#invitation-link")
    page.goto(f"{live_server.url}/t/{tournament.pk}/staff/")
    page.select_option("select[name=role]", "referee")
    page.check("input[name=how][value=account]")
    page.fill("input[name=username]", "ref9")
    page.click("main form.form button[type=submit]")
    password = page.locator("table.grid code").nth(1).inner_text()
    desk.close()

    phone = browser.new_context(**PHONE)
    page = phone.new_page()
    page.goto(link)
    page.fill("input[name=username]", "chief9")
    page.fill("input[name=password1]", "a-long-pass-phrase-9")
    page.fill("input[name=password2]", "a-long-pass-phrase-9")
    page.get_by_role("button", name="Create my account and accept").click()
    page.wait_for_url(f"{live_server.url}/t/{tournament.pk}/")
    assert Membership.objects.filter(user__username="chief9", role=Role.CHIEF_REFEREE).exists()
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
    phone.close()

    phone = browser.new_context(**PHONE)
    page = phone.new_page()
    page.goto(f"{live_server.url}/accounts/login/")
    page.fill("input[name=username]", "ref9")
    page.fill("input[name=password]", password)
    page.click("main button[type=submit]")
    page.wait_for_url(f"{live_server.url}/accounts/password/")
    page.goto(f"{live_server.url}/t/{tournament.pk}/")  # sent back until a password is chosen
    assert page.url == f"{live_server.url}/accounts/password/"
    page.fill("input[name=password1]", "my-own-secret-42")
    page.fill("input[name=password2]", "my-own-secret-42")
    page.click("main form button[type=submit]")
    page.wait_for_url(f"{live_server.url}/t/{tournament.pk}/")  # the one tournament they were given
    assert not PasswordChangeDue.objects.filter(user__username="ref9").exists()
    phone.close()
