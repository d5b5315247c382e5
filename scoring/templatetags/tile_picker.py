"""Tile faces for the tile picker and the calculator: a Unicode glyph (U+1F000-U+1F021) and a text label.

Glyph fonts vary from device to device, so every face also carries a label in the page's
language ("5m", "5万", "5萬"; "East", "东", "東") and a full name for screen readers.
"""

from dataclasses import dataclass

from django import template
from django.utils.translation import gettext as _
from django.utils.translation import pgettext

register = template.Library()

# Display order: characters, dots, bamboo, then winds and dragons (3.1: 144 tiles, 34 kinds).
_SUITS = (("m", 0x1F007), ("p", 0x1F019), ("s", 0x1F010))
_HONORS = (("E", 0x1F000), ("S", 0x1F001), ("W", 0x1F002), ("N", 0x1F003),
           ("C", 0x1F004), ("F", 0x1F005), ("P", 0x1F006))


@dataclass(frozen=True)
class TileFace:
    code: str    # the engine's notation: "5m", "E", "C"
    glyph: str
    label: str
    name: str
    kind: str    # m, p, s, wind or dragon: for the colours


def _suit_words(suit: str) -> tuple[str, str]:
    if suit == "m":
        return pgettext("tile suit, short", "m"), _("%(rank)d Characters")
    if suit == "p":
        return pgettext("tile suit, short", "p"), _("%(rank)d Dots")
    return pgettext("tile suit, short", "s"), _("%(rank)d Bamboo")


def _honor_words(code: str) -> tuple[str, str]:
    return {
        "E": (_("East"), _("East wind")),
        "S": (_("South"), _("South wind")),
        "W": (_("West"), _("West wind")),
        "N": (_("North"), _("North wind")),
        "C": (pgettext("tile", "Red"), _("Red dragon")),
        "F": (pgettext("tile", "Green"), _("Green dragon")),
        "P": (pgettext("tile", "White"), _("White dragon")),
    }[code]


def _faces() -> dict[str, TileFace]:
    faces = {}
    for suit, first in _SUITS:
        short, name = _suit_words(suit)
        for rank in range(1, 10):
            code = f"{rank}{suit}"
            glyph = chr(first + rank - 1) + "\ufe0e"  # text presentation, not emoji
            faces[code] = TileFace(code, glyph, f"{rank}{short}", name % {"rank": rank}, suit)
    for code, point in _HONORS:
        label, name = _honor_words(code)
        faces[code] = TileFace(code, chr(point) + "\ufe0e", label, name, "dragon" if code in "CFP" else "wind")
    return faces


@register.simple_tag
def tile_groups() -> list[list[TileFace]]:
    """The 34 tile kinds in four rows: characters, dots, bamboo, honors."""
    faces = list(_faces().values())
    return [faces[0:9], faces[9:18], faces[18:27], faces[27:34]]


@register.inclusion_tag("scoring/_tile_face.html")
def tile_face(code: str):
    """One tile face, e.g. {% tile_face "5m" %}."""
    return {"face": _faces().get(code)}


@register.simple_tag
def notation_tiles(text: str) -> list[str]:
    """The tile codes of a notation group such as "123m", "[EEE]", "{1111p}" or "+5p"."""
    codes, digits = [], ""
    for ch in text:
        if ch.isdigit():
            digits += ch
        elif ch in "mps":
            codes.extend(f"{d}{ch}" for d in digits)
            digits = ""
        elif ch in "ESWNCFP":
            codes.append(ch)
    return codes
