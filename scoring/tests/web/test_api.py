"""The public scoring API: counts, profiles, payments (3.9.1.3), errors in the caller's language, schema."""

import pytest
from django.utils import translation

from scoring.engine import HandError, evaluate, settle, waits
from scoring.messages import HAND_ERRORS, hand_error_message

EVALUATE = "/api/scoring/evaluate/"
WAITS = "/api/scoring/waits/"
MIXED_STRAIGHT = "[123m]456p789s11pEE+E"  # 39 Mixed Straight 8 + 60 Prevalent Wind 2 + 61 Seat Wind 2


def post(client, url, payload, language="en"):
    return client.post(url, payload, content_type="application/json", HTTP_ACCEPT_LANGUAGE=language)


def test_a_discard_win_with_its_fans_sets_and_names(client):
    response = post(client, EVALUATE, {"hand": MIXED_STRAIGHT, "flowers": 3})
    assert response.status_code == 200
    data = response.json()
    assert [(f["number"], f["name"], f["points"], f["count"]) for f in data["fans"]] == [
        (39, "Mixed Straight", 8, 1), (60, "Prevalent Wind", 2, 1), (61, "Seat Wind", 2, 1), (81, "Flower Tiles", 3, 3),
    ]
    assert data["fans"][0]["sets"] == ["[123m]", "789s", "456p"]
    assert data["fans"][1]["sets"] == ["EEE"]
    assert data["fans"][3]["sets"] == []  # the count says how many flowers
    # flowers do not count towards the 8-point minimum but add to the total (3.9.1.1)
    assert (data["fan_points"], data["total"], data["is_winning"], data["reason"]) == (12, 15, True, None)
    assert data["payments"] is None  # no winner given


@pytest.mark.parametrize(
    "language, names",
    [
        ("zh-hans", ["花龙", "圈风刻", "门风刻"]),
        ("ja", ["花龍", "圏風刻", "門風刻"]),
        ("en", ["Mixed Straight", "Prevalent Wind", "Seat Wind"]),
    ],
)
def test_fan_names_follow_accept_language(client, language, names):
    response = post(client, EVALUATE, {"hand": MIXED_STRAIGHT}, language)
    assert response["Content-Language"] == language
    assert [f["name"] for f in response.json()["fans"]] == names


@pytest.mark.parametrize(
    "profile, fans, total",
    [
        # R1: a self-drawn concealed special hand scores Fully Concealed Hand, not Self-Drawn
        ("green_book", [19, 56, 76], 29),
        ("common_practice", [19, 76, 80], 26),
    ],
)
def test_each_profile(client, profile, fans, total):
    data = post(client, EVALUATE, {"hand": "1133m2244p5577s1s+1s", "self_drawn": True, "profile": profile}).json()
    assert [f["number"] for f in data["fans"]] == fans
    assert data["total"] == total
    assert data["profile"] == profile


def test_the_common_practice_kong_item_has_its_own_name(client):
    """R2: one melded and one concealed kong: 57 + 67 in the Green Book, one 5-point 明暗杠 in common practice."""
    hand = {"hand": "[1111m]{9999p}123s456s7s+7s", "self_drawn": True}
    green = post(client, EVALUATE, hand, "zh-hans").json()["fans"]
    common = post(client, EVALUATE, {**hand, "profile": "common_practice"}, "zh-hans").json()["fans"]
    assert [(f["number"], f["name"], f["points"]) for f in green if f["number"] in (57, 67)] == [
        (57, "双明杠", 4), (67, "暗杠", 2)
    ]
    assert [(f["number"], f["name"], f["points"]) for f in common if f["number"] in (57, 67)] == [(57, "明暗杠", 5)]


def test_payments_on_a_discard(client):
    # 3.9.1.3: the discarder pays 8 + points, the other two 8 each
    data = post(client, EVALUATE, {"hand": MIXED_STRAIGHT, "flowers": 2, "winner": 0, "discarder": 2}).json()
    assert data["total"] == 14
    assert data["payments"] == [3 * 8 + 14, -8, -(8 + 14), -8]
    assert sum(data["payments"]) == 0


def test_payments_when_self_drawn(client):
    # 3.9.1.3: self-drawn, each of the three others pays 8 + points
    data = post(client, EVALUATE, {"hand": "1133m2244p5577s1s+1s", "self_drawn": True, "winner": 3}).json()
    assert data["payments"] == [-(8 + 29), -(8 + 29), -(8 + 29), 3 * (8 + 29)]
    assert data["payments"] == list(settle(29, winner=3, discarder=None))


@pytest.mark.parametrize("language", ["en", "zh-hans", "ja"])
def test_a_near_miss_is_no_win_and_says_why(client, language):
    data = post(client, EVALUATE, {"hand": "123m567m789p234s5s+5s", "winner": 0, "discarder": 1}, language).json()
    assert (data["fan_points"], data["is_winning"], data["reason"]) == (4, False, "below_minimum")
    assert data["payments"] is None  # a hand below 8 is no win: nobody pays
    with translation.override(language):
        assert data["reason_message"] == translation.gettext(
            "The hand is worth %(points)d fan points; a win needs at least 8 (rule 3.9.1.1)."
        ) % {"points": 4}
    assert "3.9.1.1" in data["reason_message"]


def test_an_incomplete_hand(client):
    data = post(client, EVALUATE, {"hand": "123m456p789s11pEW+E"}).json()
    assert (data["fans"], data["is_winning"], data["reason"]) == ([], False, "not_complete")
    assert "3.7.2" in data["reason_message"]


# (payload, code, variant, field): every kind of engine error and the checks before it
ENGINE_ERRORS = [
    ({"hand": ""}, "notation", "empty", "hand"),
    ({"hand": "123m456p789s11pEE+Q"}, "notation", "character", "hand"),
    ({"hand": "123m456p789s11pEE"}, "notation", "missing_winning_tile", "hand"),
    ({"hand": "123m456p789s11pE+E"}, "tile_count", "hand", "hand"),
    ({"hand": "11111m456p789sEE+E"}, "too_many_copies", "copies", "hand"),
    ({"hand": "[124m]456p789s11pEE+E"}, "meld", "not_a_set", "hand"),
    ({"hand": MIXED_STRAIGHT, "kong_replacement": True}, "context", "replacement_not_self_drawn", "kong_replacement"),
    ({"hand": "123m456p789s11pEE+E", "robbing_kong": True}, "context", "robbing_holding_copy", "robbing_kong"),
    ({"hand": MIXED_STRAIGHT, "winner": 1, "discarder": 1}, "context", "discarder_is_winner", "discarder"),
    ({"hand": MIXED_STRAIGHT, "winner": 1}, "context", "seat", "discarder"),
]


def _engine_message(payload, language):
    """What the engine raises for this input, in `language`."""
    args = {k: v for k, v in payload.items() if k not in ("winner", "discarder")}
    try:
        if "winner" in payload:
            settle(0, winner=payload["winner"], discarder=payload.get("discarder"))
        evaluate(**args)
    except HandError as error:
        with translation.override(language):
            return error.code, error.variant, hand_error_message(error)
    raise AssertionError("no engine error")


MARK = {"zh-hans": "〔中〕", "ja": "〔日〕"}


@pytest.fixture
def marked_catalogues():
    """Mark the engine's messages in the zh-hans and ja catalogues, whatever their translations yet."""
    from django.utils.translation import trans_real

    with translation.override(None):
        msgids = [str(template) for template in HAND_ERRORS.values()] + ["A self-drawn win has no discarder."]
    catalogues = []
    for language, mark in MARK.items():
        catalogue = trans_real.translation(language)._catalog
        catalogue._catalogs.insert(0, {msgid: mark + msgid for msgid in msgids})
        catalogues.append(catalogue)
    yield
    for catalogue in catalogues:
        catalogue._catalogs.pop(0)


@pytest.mark.parametrize("language", ["zh-hans", "ja"])
@pytest.mark.parametrize("payload, code, variant, field", ENGINE_ERRORS)
def test_engine_errors_are_400_in_the_callers_language(
    client, marked_catalogues, language, payload, code, variant, field
):
    response = post(client, EVALUATE, payload, language)
    assert response.status_code == 400
    assert response["Content-Language"] == language
    [data] = response.json()["errors"]  # the API's one error shape, the engine's variant in the item
    assert (data["code"], data["variant"], data["field"]) == (code, variant, field)
    assert data["message"].startswith(MARK[language])  # translated when asked, in the asker's language
    if variant != "seat":  # the discarder check happens before the engine is asked
        expected_code, expected_variant, expected_message = _engine_message(payload, language)
        assert (expected_code, expected_variant) == (code, variant)
        assert data["message"] == expected_message
    assert data["message"]


@pytest.mark.parametrize("language", ["zh-hans", "ja"])
def test_a_self_drawn_win_with_a_discarder_is_refused(client, marked_catalogues, language):
    payload = {"hand": MIXED_STRAIGHT, "self_drawn": True, "winner": 0, "discarder": 1}
    response = post(client, EVALUATE, payload, language)
    assert response.status_code == 400
    with translation.override(language):
        message = translation.gettext("A self-drawn win has no discarder.")
    assert message.startswith(MARK[language])
    assert response.json() == {
        "errors": [{"field": "discarder", "code": "context", "variant": "discarder_self_drawn", "message": message}]
    }


@pytest.mark.parametrize(
    "payload, code, field, language, words",
    [
        ({"hand": MIXED_STRAIGHT, "seat_wind": "X"}, "invalid_choice", "seat_wind", "zh-hans", "不是合法选项"),
        ({"hand": MIXED_STRAIGHT, "profile": "house"}, "invalid_choice", "profile", "ja", "有効な選択肢では"),
        ({"hand": MIXED_STRAIGHT, "flowers": 9}, "max_value", "flowers", "zh-hans", "8"),
        ({"hand": MIXED_STRAIGHT, "winner": 4, "discarder": 0}, "max_value", "winner", "ja", "3"),
        ({"hand": MIXED_STRAIGHT, "self_drawn": "maybe"}, "invalid", "self_drawn", "en", "valid boolean"),
        ({"seat_wind": "E"}, "required", "hand", "ja", "必須"),
    ],
)
def test_bad_fields_are_400_with_the_field_named(client, payload, code, field, language, words):
    response = post(client, EVALUATE, payload, language)
    assert response.status_code == 400
    [data] = response.json()["errors"]
    assert (data["code"], data["field"]) == (code, field)
    assert words in data["message"]
    assert "variant" not in data  # only the engine's errors have one


def test_unreadable_json_is_400(client):
    response = client.post(EVALUATE, "{not json", content_type="application/json")
    assert response.status_code == 400
    assert [(e["field"], e["code"]) for e in response.json()["errors"]] == [(None, "parse_error")]


def test_every_bad_field_is_reported_at_once(client):
    response = post(client, EVALUATE, {"seat_wind": "X", "flowers": 9})
    assert response.status_code == 400
    assert [(e["field"], e["code"]) for e in response.json()["errors"]] == [
        ("hand", "required"), ("seat_wind", "invalid_choice"), ("flowers", "max_value")
    ]


def test_no_login_and_no_csrf_token_needed(client):
    client.handler.enforce_csrf_checks = True
    assert post(client, EVALUATE, {"hand": MIXED_STRAIGHT}).status_code == 200


def test_waits(client):
    response = post(client, WAITS, {"hand": "1112345678999m"})
    assert response.status_code == 200
    assert response.json() == {"waits": list(waits("1112345678999m"))}
    assert response.json()["waits"] == [f"{rank}m" for rank in range(1, 10)]  # Nine Gates: all nine (App.1 no. 4)
    assert post(client, WAITS, {"hand": "123m456p789s11pEW"}).json() == {"waits": []}


@pytest.mark.parametrize("language", ["zh-hans", "ja"])
def test_waits_errors(client, marked_catalogues, language):
    response = post(client, WAITS, {"hand": MIXED_STRAIGHT}, language)
    assert response.status_code == 400
    [data] = response.json()["errors"]
    assert (data["code"], data["variant"], data["field"]) == ("notation", "unexpected_winning_tile", "hand")
    with translation.override(language):
        assert data["message"] == hand_error_message(HandError("notation", "unexpected_winning_tile", text="E"))
    assert data["message"].startswith(MARK[language])


def test_the_schema_documents_both_endpoints(client):
    schema = client.get("/api/schema/", HTTP_ACCEPT="application/json").json()
    evaluate_op = schema["paths"]["/api/scoring/evaluate/"]["post"]
    assert evaluate_op["requestBody"]["content"]["application/json"]["schema"]["$ref"].endswith("/EvaluateInput")
    assert evaluate_op["responses"]["200"]["content"]["application/json"]["schema"]["$ref"].endswith("/EvaluateOutput")
    assert evaluate_op["responses"]["400"]["content"]["application/json"]["schema"]["$ref"].endswith("/ErrorOutput")
    assert evaluate_op["security"] == [{}]  # public: no cookie, no login
    assert "/api/scoring/waits/" in schema["paths"]
    fields = schema["components"]["schemas"]["EvaluateInput"]["properties"]
    assert {"hand", "self_drawn", "seat_wind", "prevalent_wind", "flowers", "last_of_kind", "last_wall_tile",
            "kong_replacement", "robbing_kong", "profile", "winner", "discarder"} <= set(fields)
