"""The calculator page and POST /api/scoring/evaluate/ under both rule sets (scoring/READINGS.md E1-E9)."""

import pytest
from django.utils import translation

EVALUATE = "/api/scoring/evaluate/"
WAITS = "/api/scoring/waits/"
RESULT = "/calculator/result/"
SITUATION = {"win": "discard", "seat_wind": "S", "prevalent_wind": "S", "discarder": "W", "flowers": "0",
             "profile": "green_book"}
SIX = "[123m]234p34sNNN99s+5s"        # Mixed Shifted Chows 6; the full rules: 6 + Pung of Honors 1 = 7
CHICKEN = "[123m][345p][678s]NN44m+4m"  # Chicken Hand 8 under the full rules; nothing under the elementary
ORPHANS = "19m19p19sESWNCFP+1m"


def post(client, url, payload, language="en"):
    return client.post(url, payload, content_type="application/json", HTTP_ACCEPT_LANGUAGE=language)


def test_api_default_is_the_full_rules(client):
    data = post(client, EVALUATE, {"hand": SIX, "seat_wind": "S", "prevalent_wind": "S"}).json()
    assert (data["rule_set"], data["minimum"], data["fan_points"], data["is_winning"]) == ("full", 8, 7, False)
    assert data["other"]["rule_set"] == "elementary" and data["other"]["is_winning"] is True
    assert data["other"]["fan_points"] == 6 and data["other"]["minimum"] == 6
    assert data["other"]["missing"] == [{"name": "Pung of Terminals or Honors", "points": 1}]


def test_api_elementary_six_points_win_and_pay_without_base(client):
    data = post(client, EVALUATE, {"hand": SIX, "seat_wind": "S", "prevalent_wind": "S", "rule_set": "elementary",
                                   "winner": 1, "discarder": 2}).json()
    assert (data["rule_set"], data["minimum"], data["fan_points"], data["is_winning"]) == ("elementary", 6, 6, True)
    assert [f["number"] for f in data["fans"]] == [51]
    assert data["payments"] == [0, 6, -6, 0]
    assert data["other"]["is_winning"] is False
    assert "at least 8" in data["other"]["reason_message"]


def test_api_elementary_self_drawn_twelve_is_36(client):
    data = post(client, EVALUATE, {"hand": "[678m][789p]666s789s9s+9s", "self_drawn": True,
                                   "rule_set": "elementary", "winner": 0}).json()
    assert data["fan_points"] == 12 and data["payments"] == [36, -12, -12, -12]


@pytest.mark.parametrize("language, words", [("en", "do not know this hand's shape"), ("zh-hans", "十三幺"),
                                             ("ja", "十三幺")])
def test_api_thirteen_orphans_is_no_elementary_win(client, language, words):
    data = post(client, EVALUATE, {"hand": ORPHANS, "rule_set": "elementary"}, language).json()
    assert (data["is_winning"], data["reason"]) == (False, "shape_not_in_rule_set")
    assert words in data["reason_message"]
    assert data["other"]["is_winning"] is True and data["other"]["fan_points"] == 88


def test_api_unknown_rule_set_is_refused(client):
    response = post(client, EVALUATE, {"hand": SIX, "rule_set": "beginner"})
    assert response.status_code == 400
    assert "rule_set" in response.content.decode()


def test_api_waits_follow_the_rule_set(client):
    assert post(client, WAITS, {"hand": "19m19p19sESWNCFP"}).json()["waits"] != []
    assert post(client, WAITS, {"hand": "19m19p19sESWNCFP", "rule_set": "elementary"}).json()["waits"] == []


def result(client, language="en", **fields):
    return client.post(RESULT, {**SITUATION, **fields}, HTTP_HX_REQUEST="true",
                       HTTP_ACCEPT_LANGUAGE=language).content.decode()


@pytest.mark.parametrize("language", ["en", "zh-hans", "ja"])
def test_calculator_offers_the_rule_set(client, language):
    page = client.get("/calculator/", HTTP_ACCEPT_LANGUAGE=language).content.decode()
    assert 'name="rule_set" value="full"' in page and 'name="rule_set" value="elementary"' in page
    with translation.override(language):
        assert translation.gettext("Elementary rules (30 fans, minimum 6)") in page


@pytest.mark.parametrize("language", ["en", "zh-hans", "ja"])
def test_calculator_explains_a_win_under_the_elementary_rules_only(client, language):
    html = result(client, language, tiles=SIX, rule_set="full")
    with translation.override(language):
        assert translation.gettext("Under the elementary rules") in html
        assert translation.gettext("Why the verdicts differ: the elementary rules count only 30 of the 81 fans and "
                                   "no special shapes but Seven Pairs and Lesser Honors and Knitted Tiles; a win "
                                   "there needs 6 points instead of 8.") in html
    assert 'data-other-wins="yes"' in html


def test_calculator_explains_a_full_win_that_the_elementary_rules_refuse(client):
    html = result(client, tiles=CHICKEN, rule_set="elementary", seat_wind="E", prevalent_wind="E")
    assert "a win under the elementary rules needs at least 6" in html
    assert "Under the full rules" in html and 'data-other-wins="yes"' in html
    assert "Fans counted here that the full rules do not have" not in html
    assert "Counted there instead:" in html and "Chicken Hand (8)" in html


def test_calculator_elementary_payments_say_no_base(client):
    html = result(client, tiles=SIX, rule_set="elementary")
    assert "elementary rules: no base points" in html
    assert "A legal win under the elementary rules" in html
    assert "+6" in html


def test_calculator_without_a_rule_set_counts_the_full_rules(client):
    html = result(client, tiles=SIX)
    assert "at least 8" in html
