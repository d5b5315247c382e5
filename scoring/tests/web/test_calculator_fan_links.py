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
    assert '<a href="/calculator/fans/#fan-7"' in page and name in page
    # 3.9.1.6: Thirteen Orphans already includes All Types, Concealed Hand and Single Wait: not counted again.
    implied = re.search(r'<li data-implied-by="7">(.*?)</li>', page, re.S).group(1)
    for number in EXCLUSIONS[7]:
        assert f"#fan-{number}" in implied


def test_a_fan_counted_in_the_hand_is_not_listed_as_not_counted(client):
    page = result(client, "[123m]456p789s11pEE+E")
    counted = set(re.findall(r'<tr data-fan="(\d+)">', page))
    listed = set(re.findall(r'<a href="/calculator/fans/#fan-(\d+)"[^>]*>(?!<span)', page))
    assert counted and not (counted & listed)


@pytest.mark.parametrize("language", ["en", "zh-hans", "ja"])
def test_the_fan_list_has_every_fan_with_what_it_does_not_count(client, language):
    page = client.get("/calculator/fans/", HTTP_ACCEPT_LANGUAGE=language).content.decode()
    assert len(re.findall(r'<li id="fan-\d+" class="card">', page)) == len(FANS) == 81
    entry = re.search(r'<li id="fan-1" class="card">(.*?)</li>', page, re.S).group(1)
    assert "大四喜" in entry and "Big Four Winds" in entry
    for number in EXCLUSIONS[1]:
        assert f'href="#fan-{number}"' in entry


def test_one_group_hands_wrap_in_their_cell():
    from django.conf import settings

    text = (settings.BASE_DIR / "static" / "css" / "calculator.css").read_text()
    rule = re.search(r"\.calc-set \{([^}]*)\}", text).group(1)
    assert "flex-wrap: wrap" in rule and "max-width: 100%" in rule
