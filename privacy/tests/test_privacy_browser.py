"""A player in Chinese, on a phone, takes their data and asks for their erasure."""

import json

import pytest

from privacy.models import DataRequest

PHONE = {"viewport": {"width": 360, "height": 740}, "is_mobile": True, "has_touch": True}


@pytest.mark.browser
@pytest.mark.django_db(transaction=True)
def test_a_player_in_chinese_takes_their_data_and_asks_for_erasure(browser, live_server, browser_login, person):
    user, _player = person
    context = browser.new_context(**PHONE, accept_downloads=True)
    context.add_cookies([{"name": "django_language", "value": "zh-hans", "url": live_server.url}])
    page = context.new_page()
    browser_login(page, user)
    page.goto(f"{live_server.url}/me/")
    page.get_by_role("link", name="我的数据").click()
    page.locator("button[value=export]").click()
    page.locator("#my-requests").wait_for()
    with page.expect_download() as download:
        page.locator("#my-requests a").first.click()
    data = json.loads(open(download.value.path(), encoding="utf-8").read())
    assert data["person"]["name"] == "Wang Fang" and data["pin"]["applications"][0]["id_number"]
    page.locator("input[name=pseudonym]").check()
    page.locator("input[name=confirm]").check()
    page.locator("button[value=erase]").click()
    page.locator("#my-requests").wait_for()
    assert "删除" in page.locator("#my-requests").inner_text()
    assert DataRequest.objects.get(user=user, kind="erasure").pseudonym
    context.close()
