"""Entries in the browser: a team leader on a phone in Chinese, a Japanese player taken off the waiting list by
mail, the organizer recording a payment and exporting."""

import datetime as dt
import re

import pytest
from django.utils import timezone

from entries import services
from entries.models import Entry, Mail
from testing.scenarios import publish
from tournaments.core import services as core_services

PHONE = {"viewport": {"width": 360, "height": 740}, "is_mobile": True, "has_touch": True}
DESKTOP = {"viewport": {"width": 1366, "height": 900}}


def open_entries(organizer, tournament, **settings):
    publish(tournament)
    now = timezone.now()
    services.entry_window_set(actor=organizer, tournament=tournament, opens_at=now - dt.timedelta(days=1),
                              closes_at=now + dt.timedelta(days=30), **{"capacity": 8, **settings})


def in_language(browser, live_server, language, **options):
    context = browser.new_context(**options)
    context.add_cookies([{"name": "django_language", "value": language, "url": live_server.url}])
    return context


def link_in(mail: Mail) -> str:
    """The link a mail carries (the confirmation mail's is the confirmation page)."""
    return re.search(r"https?://\S+/entry/\S+/", mail.body).group(0)


@pytest.mark.browser
@pytest.mark.django_db(transaction=True)
def test_a_team_leader_on_a_phone_in_chinese_enters_a_team_with_a_reserve(browser, live_server, organizer,
                                                                          tournament, settings):
    settings.SITE_URL = live_server.url
    core_services.tournament_update(actor=organizer, tournament=tournament, team_reserves=1)
    open_entries(organizer, tournament, team_players=4, individuals=False)
    context = in_language(browser, live_server, "zh-hans", **PHONE)
    page = context.new_page()
    page.goto(f"{live_server.url}/t/{tournament.pk}/enter/")
    page.get_by_role("link", name="队伍报名").click()
    page.get_by_label("队伍名称").first.fill("上海一队")  # before "…的队伍名称" (own script)
    page.locator("select[name=country]").select_option("CN")
    page.get_by_label("领队的电子邮件").fill("leader@example.cn")
    for n in range(5):
        page.locator(f"input[name=members-{n}-name]").fill(f"Zhang {n}")
        page.locator(f"input[name=members-{n}-name_local]").fill(f"张{n}")
        page.locator(f"select[name=members-{n}-country]").select_option("CN")
        page.locator(f"input[name=members-{n}-email]").fill(f"z{n}@example.cn")
    page.locator("input[name=consent]").check()
    page.locator("button[type=submit].primary").click()
    page.locator("#check-mail").wait_for()
    assert "leader@example.cn" in page.locator("#check-mail").inner_text()
    entry = Entry.objects.get()
    assert entry.members.filter(reserve=True).count() == 1 and entry.language == "zh-hans"
    mail = Mail.objects.get(entry=entry, kind="confirm")
    assert "确认" in mail.subject
    page.goto(link_in(mail))
    page.get_by_role("button", name="确认我的报名").click()
    page.locator("#entry-state").wait_for()
    assert "已报名" in page.locator("#entry-state").inner_text()
    assert tournament.teams.get().members.count() == 5
    context.close()


@pytest.mark.browser
@pytest.mark.django_db(transaction=True)
def test_a_japanese_player_waits_is_offered_a_place_by_mail_and_accepts_it(browser, live_server, organizer,
                                                                           tournament, settings):
    settings.SITE_URL = live_server.url
    open_entries(organizer, tournament, capacity=4)
    taken = [services.entry_confirm(entry=services.entry_submit(
        tournament=tournament, name=f"Early {n}", country="NL", email=f"early{n}@example.org", language="en",
        consent=True)) for n in range(4)]
    context = in_language(browser, live_server, "ja", **PHONE)
    page = context.new_page()
    page.goto(f"{live_server.url}/t/{tournament.pk}/enter/")
    page.get_by_label("ローマ字表記の氏名").fill("Yamada Taro")
    page.get_by_label("母語の文字での氏名").fill("山田太郎")
    page.locator("select[name=country]").select_option("JP")
    page.locator("input[name=email]").fill("yamada@example.jp")
    page.locator("input[name=consent]").check()
    page.locator("button[type=submit].primary").click()
    page.locator("#check-mail").wait_for()
    entry = Entry.objects.get(email="yamada@example.jp")
    page.goto(link_in(Mail.objects.get(entry=entry, kind="confirm")))
    page.locator("form button.primary").click()
    page.locator("#entry-state").wait_for()
    assert "1" in page.locator("#entry-state").inner_text()  # number 1 on the waiting list
    services.entry_withdraw(entry=taken[0], reason="ill")  # its place goes to the list (the task, on commit)
    offer = Mail.objects.get(entry=entry, kind="offered")
    assert "枠" in offer.subject
    page.goto(link_in(offer))
    page.locator("button[value=accept]").click()
    page.locator("#entry-state").wait_for()
    entry.refresh_from_db()
    assert entry.state == Entry.State.ENTERED and entry.registration is not None
    context.close()


@pytest.mark.browser
@pytest.mark.django_db(transaction=True)
def test_the_organizer_records_a_payment_and_exports(browser, live_server, browser_login, organizer, tournament):
    from decimal import Decimal

    open_entries(organizer, tournament, fee=Decimal("30"), currency="EUR")
    entry = services.entry_add(actor=organizer, tournament=tournament, name="Ana Silva", country="PT",
                               email="ana@example.org", language="en")
    context = browser.new_context(**DESKTOP, accept_downloads=True)
    page = context.new_page()
    browser_login(page, organizer)
    page.goto(f"{live_server.url}/t/{tournament.pk}/entries/")
    row = page.locator(f"#entry-{entry.pk}")
    row.locator("select[name=payment]").select_option("transfer")
    row.locator("input[name=reference]").fill(entry.payment_code)
    row.get_by_role("button", name="Record payment").click()
    page.locator(f"#entry-{entry.pk}").get_by_text("Bank transfer").wait_for()
    entry.refresh_from_db()
    assert entry.state == Entry.State.PAID
    with page.expect_download() as download:
        page.get_by_role("link", name="Export (XLSX)").click()
    assert download.value.suggested_filename == f"entries-{tournament.pk}.xlsx"
    context.close()
