"""The tile faces (3.1): every one of the 34 kinds drawn as its own face in inline SVG, no font needed."""

import re
import xml.etree.ElementTree as ET

import pytest
from django.template import Context, Template
from django.utils import translation

from scoring.tile_glyphs import GLYPHS
from scoring.tile_svg import ALL_CODES, tile_svg

SVG = "{http://www.w3.org/2000/svg}"


def test_3_1_there_are_34_faces_all_different_and_well_formed():
    assert len(ALL_CODES) == 34
    faces = {code: tile_svg(code) for code in ALL_CODES}
    assert len(set(faces.values())) == 34
    for code, svg in faces.items():
        root = ET.fromstring(svg)  # well-formed XML: WeasyPrint and the browsers read it
        assert root.tag == f"{SVG}svg" and root.get("viewBox") == "0 0 60 80", code
        assert root.get("aria-hidden") == "true"
        assert "<text" not in svg and "font" not in svg, code  # outlines only: no font on the device needed


@pytest.mark.parametrize("rank", range(1, 10))
def test_3_1_1_characters_show_the_numeral_over_wan(rank):
    svg = tile_svg(f"{rank}m")
    assert GLYPHS["一二三四五六七八九"[rank - 1]] in svg and GLYPHS["萬"] in svg


@pytest.mark.parametrize("rank", range(1, 10))
def test_3_1_1_dots_show_as_many_circles_as_their_rank(rank):
    rings = re.findall(r'<circle [^>]*fill="none"', tile_svg(f"{rank}p"))
    assert len(rings) == rank + (1 if rank == 1 else 0)  # the one of dots has an inner ring


@pytest.mark.parametrize("rank", range(2, 10))
def test_3_1_1_bamboo_show_as_many_sticks_as_their_rank(rank):
    assert len(re.findall(r"<line ", tile_svg(f"{rank}s"))) == rank


@pytest.mark.parametrize("code, char", [("E", "東"), ("S", "南"), ("W", "西"), ("N", "北"), ("C", "中"), ("F", "發")])
def test_3_1_2_honors_show_their_character(code, char):
    assert GLYPHS[char] in tile_svg(code)


def test_3_1_2_the_white_dragon_is_a_framed_blank():
    svg = tile_svg("P")
    assert "<path" not in svg and svg.count("<rect") == 3  # the tile, the frame and the inner frame


@pytest.mark.parametrize("language, caption", [("en", "5m"), ("zh-hans", "5万"), ("ja", "5萬")])
def test_a_tile_face_has_its_caption_and_name(language, caption):
    with translation.override(language):
        html = Template('{% load tile_picker %}{% tile_face "5m" %}').render(Context())
    assert '<svg class="tile-svg"' in html and f'<span class="label">{caption}</span>' in html
    assert 'title="' in html


def test_an_unknown_code_draws_nothing():
    assert Template('{% load tile_picker %}{% tile_face "0x" %}').render(Context()).strip() == ""


def test_a_recorded_hand_shows_as_faces_grouped_with_its_notation():
    html = Template('{% load tile_picker %}{% hand_faces "[123m]{1111p}456s78sEE+9s" %}').render(Context())
    assert html.count('<svg class="tile-svg"') == 3 + 4 + 7 + 1
    assert html.count('class="tp-meld tp-exposed"') == 1 and html.count('class="tp-meld tp-concealed"') == 1
    assert re.search(r'class="tp-winning"><span class="tile-face tile-s" title="9 Bamboo">', html)
    assert '<code class="hand-notation" title="Notation">[123m]{1111p}456s78sEE+9s</code>' in html


def test_a_hand_without_tiles_draws_nothing():
    assert Template('{% load tile_picker %}{% hand_faces "" %}').render(Context()).strip() == ""


def test_weasyprint_draws_the_faces_in_a_pdf():
    """The prints use the same faces: WeasyPrint reads the inline SVG (no font needed for the characters)."""
    from weasyprint import HTML

    html = Template('{% load tile_picker %}<html><body>{% hand_faces "123m456p789sEE+C" %}</body></html>')
    pdf = HTML(string=html.render(Context())).write_pdf()
    assert pdf.startswith(b"%PDF") and len(pdf) > 2000
