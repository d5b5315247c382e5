"""The calculator's fans link to the list of the 81 fans (3.8.1), and the result says which fans a counted fan
already includes and so are not counted again (3.9.1.6); one-group hands wrap on a phone."""

import re

import pytest

from scoring.engine.fans import EXCLUSIONS, FANS

RESULT = "/calculator/result/"
SITUATION = {"win": "discard", "seat_wind": "E", "prevalent_wind": "E", "discarder": "S", "flowers": "0",
             "profile": "green_book"}


def result(client, tiles, language="en"):
    return client.post(
        RESULT, {**SITUATION, "tiles": tiles}, HTTP_HX_REQUEST="true", HTTP_ACCEPT_LANGUAGE=language
    ).content.decode()


@pytest.mark.parametrize("language, name", [("en", "Thirteen Orphans"), ("zh-hans", "十三幺"), ("ja", "十三幺")])
def test_each_counted_fan_links_to_its_entry_and_says_what_it_includes(client, language, name):
    page = result(client, "19m19p19sESWNCFP+C", language)
    assert '<a href="/calculator/fans/7/"' in page and name in page
    # 3.9.1.6: Thirteen Orphans already includes All Types, Concealed Hand and Single Wait: not counted again.
    implied = re.search(r'<li data-implied-by="7">(.*?)</li>', page, re.S).group(1)
    for number in EXCLUSIONS[7]:
        assert f"/calculator/fans/{number}/" in implied


def test_a_fan_counted_in_the_hand_is_not_listed_as_not_counted(client):
    page = result(client, "[123m]456p789s11pEE+E")
    counted = set(re.findall(r'<tr data-fan="(\d+)">', page))
    listed = set(re.findall(r'<a href="/calculator/fans/(\d+)/"[^>]*>(?!<span)', page))
    assert counted and not (counted & listed)


@pytest.mark.parametrize("language", ["en", "zh-hans", "ja"])
def test_the_fan_list_has_every_fan_with_what_it_does_not_count(client, language):
    page = client.get("/calculator/fans/", HTTP_ACCEPT_LANGUAGE=language).content.decode()
    assert len(re.findall(r'<li id="fan-\d+" class="card">', page)) == len(FANS) == 81
    entry = re.search(r'<li id="fan-1" class="card">(.*?)</li>', page, re.S).group(1)
    assert "大四喜" in entry and "Big Four Winds" in entry
    for number in EXCLUSIONS[1]:
        assert f'href="/calculator/fans/{number}/"' in entry
    assert 'href="/calculator/fans/1/"' in entry  # the entry links to the fan's own page


def test_one_group_hands_wrap_in_their_cell():
    from django.conf import settings

    text = (settings.BASE_DIR / "static" / "css" / "calculator.css").read_text()
    rule = re.search(r"\.calc-set \{([^}]*)\}", text).group(1)
    assert "flex-wrap: wrap" in rule and "max-width: 100%" in rule


# --- each fan's own page: its definition from the rulebook (3.8.1) -------------------------------------


@pytest.mark.parametrize(
    "language, definition",
    [
        ("en", "Pungs or Kongs of all four Wind Tiles."),
        ("zh-hans", "和牌中，有东、南、西、北四副刻子（杠）。"),
        ("ja", "アガリの手に東、南、西、北4組の刻子（槓子）がある。"),
    ],
)
def test_3_8_1_a_fans_page_quotes_its_definition_in_the_readers_language(client, language, definition):
    page = client.get("/calculator/fans/1/", HTTP_ACCEPT_LANGUAGE=language).content.decode()
    assert definition in page
    assert "88" in page
    # The Chinese governs: shown beside the English and Japanese, not twice in Chinese.
    assert page.count("和牌中，有东、南、西、北四副刻子（杠）。") == 1
    # Not counted with it (Appendix 1): Big Three Winds 38, All Pungs 49, … as links to their pages.
    for number in (38, 49, 60, 61, 73):
        assert f'href="/calculator/fans/{number}/"' in page
    assert "3.8.1" in page  # the source is stated


def test_a_fans_page_tells_implied_fans_and_the_fans_that_include_it(client):
    page = client.get("/calculator/fans/12/", HTTP_ACCEPT_LANGUAGE="en").content.decode()
    implied = page.split("Always part of it")[1].split("</p>")[0]
    assert 'href="/calculator/fans/33/"' in implied and 'href="/calculator/fans/66/"' in implied  # 3.9.1.6
    including = client.get("/calculator/fans/66/", HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert 'href="/calculator/fans/12/"' in including.split("Fans that already include it")[1]


def test_where_a_language_says_less_than_the_chinese_the_page_says_so(client):
    page = client.get("/calculator/fans/17/", HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert "The Chinese text governs: three kongs, melded or concealed" in page
    typo = client.get("/calculator/fans/55/", HTTP_ACCEPT_LANGUAGE="ja").content.decode()
    # The definition as corrected, and the printed typo named (the Chinese reads 都有幺九牌).
    assert "どの面子にも雀頭にも幺九牌がある。" in typo
    assert "規則書には「幺九刻がある」とありますが、「幺九牌がある」と読みます。" in typo


@pytest.mark.parametrize("number", ["0", "82", "999", "-1", "x"])
def test_unknown_fans_are_404(client, number):
    assert client.get(f"/calculator/fans/{number}/").status_code == 404


def test_every_fan_has_its_three_definitions():
    from scoring import fan_definitions

    for fan in FANS:
        text = fan_definitions.definition(fan.number)
        assert text["points"] == fan.points
        for language in fan_definitions.LANGUAGES:
            assert len(text[language]) >= 6, (fan.number, language)
        # Each language in its own script: no English in the Chinese, kana in the Japanese (but for 62).
        assert not re.search(r"[A-Za-z]{3}", text["zh"]) and not re.search(r"[\u3040-\u30ff]", text["zh"])
        assert not re.search(r"[\u4e00-\u9fff]", text["en"])
    with pytest.raises(KeyError):
        fan_definitions.definition(82)
