"""The public calculator page and its result panel, in the three languages; the tile picker include."""

import re

import pytest
from django.template import Context, Template
from django.utils import translation

RESULT = "/calculator/result/"
SITUATION = {"win": "discard", "seat_wind": "E", "prevalent_wind": "E", "discarder": "S", "flowers": "0",
             "profile": "green_book"}


def result(client, language="en", **fields):
    return client.post(
        RESULT, {**SITUATION, **fields}, HTTP_HX_REQUEST="true", HTTP_ACCEPT_LANGUAGE=language
    ).content.decode()


@pytest.mark.parametrize("language", ["en", "zh-hans", "ja"])
def test_the_page_renders_in_each_language(client, language):
    page = client.get("/calculator/", HTTP_ACCEPT_LANGUAGE=language).content.decode()
    assert f'<html lang="{language}">' in page
    with translation.override(language):
        assert f"<h1>{translation.gettext('Hand calculator')}</h1>" in page
        assert translation.pgettext("tile", "East") in page
    # 34 tile kinds, each drawn as its face (inline SVG, no font) with a text caption (3.1)
    assert len(re.findall(r'<button type="button" class="tile tile-\w+" data-tile="', page)) == 34
    assert page.count('<svg class="tile-svg"') >= 34
    assert '<input type="hidden" name="tiles" value="" data-role="notation">' in page
    for mode in ("chow", "pung", "kong", "concealed", "win"):
        assert f'data-mode="{mode}"' in page
    assert 'data-action="undo"' in page and 'data-action="clear"' in page
    assert 'hx-post="/calculator/result/"' in page
    assert "/static/js/tile-picker.js" in page and "/static/vendor/htmx-2.0.11.min.js" in page
    assert not re.search(r'(src|href)="(https?:)?//', page)  # nothing from the internet


@pytest.mark.parametrize("language, fan", [("en", "Mixed Straight"), ("zh-hans", "花龙"), ("ja", "花龍")])
def test_a_win_shows_fans_total_and_payments(client, language, fan):
    panel = result(client, language, tiles="[123m]456p789s11pEE+E", flowers="2")
    assert fan in panel
    assert 'data-testid="fan-points">12<' in panel
    assert 'data-testid="total">14<' in panel
    # 3.9.1.3: East wins on South's discard
    assert re.findall(r'<td class="num">([+-]?\d+)</td></tr>', panel) == ["+38", "-22", "-8", "-8"]
    assert "<html" not in panel  # htmx gets the panel only


def test_self_drawn_payments(client):
    panel = result(client, tiles="1133m2244p5577s1s+1s", win="self_drawn", seat_wind="S")
    assert re.findall(r'<td class="num">([+-]?\d+)</td></tr>', panel) == ["-37", "+111", "-37", "-37"]


@pytest.mark.parametrize("language", ["en", "zh-hans", "ja"])
def test_a_near_miss_shows_the_reason(client, language):
    panel = result(client, language, tiles="123m567m789p234s5s+5s")
    with translation.override(language):
        reason = translation.gettext(
            "The hand is worth %(points)d fan points; a win needs at least 8 (rule 3.9.1.1)."
        ) % {"points": 4}
    assert reason in panel
    assert 'data-testid="total">4<' in panel
    assert "calc-payments" not in panel


def test_thirteen_tiles_show_their_waits(client):
    panel = result(client, tiles="1112345678999m")
    assert panel.count('class="tile-face tile-m"') == 9


def test_an_unfinished_hand_and_a_bad_context_say_what_is_wrong(client):
    assert "needs 13 standing tiles" in result(client, tiles="123m")
    panel = result(client, tiles="[123m]456p789s11pEE+E", kong_replacement="on")
    assert "kong replacement tile is self-drawn" in panel
    assert 'class="calc-error"' in panel


def test_bad_form_values_are_named(client):
    panel = result(client, tiles="[123m]456p789s11pEE+E", seat_wind="X")
    assert '<ul class="errorlist"' in panel and "X" in panel
    assert "data-testid" not in panel


def test_without_htmx_the_whole_page_comes_back(client):
    page = client.post(RESULT, {**SITUATION, "tiles": "[123m]456p789s11pEE+E"}).content.decode()
    assert "<html" in page and 'data-testid="total">12<' in page
    assert 'value="[123m]456p789s11pEE+E"' in page  # the picker starts from the posted hand


def test_the_tile_picker_include_serves_any_form():
    """The referee's score sheet includes the same picker under its own field name."""
    html = Template(
        '<form>{% include "scoring/_tile_picker.html" with name="hand_tiles" value=hand %}</form>'
    ).render(Context({"hand": "[EEE]123m+5p"}))
    assert '<input type="hidden" name="hand_tiles" value="[EEE]123m+5p" data-role="notation">' in html
    assert "data-tile-picker" in html and "tile-picker.js" in html
    assert len(re.findall(r'data-tile="', html)) == 34
