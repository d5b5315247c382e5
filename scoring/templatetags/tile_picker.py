"""Tile faces for the tile picker, the calculator, the score sheet and the prints.

Each face is drawn as inline SVG (scoring/tile_svg.py: no font needed, crisp at any size) with a
caption in the page's language ("5m", "5万", "5萬"; "East", "东", "東") for beginners and a full name
for screen readers.
"""

from dataclasses import dataclass

from django import template
from django.utils.safestring import mark_safe
from django.utils.translation import gettext as _
from django.utils.translation import pgettext

from scoring.tile_svg import tile_svg

register = template.Library()

# Display order: characters, dots, bamboo, then winds and dragons (3.1: 144 tiles, 34 kinds).
_SUITS = ("m", "p", "s")
_HONORS = ("E", "S", "W", "N", "C", "F", "P")


@dataclass(frozen=True)
class TileFace:
    code: str    # the engine's notation: "5m", "E", "C"
    label: str
    name: str
    kind: str    # m, p, s, wind or dragon: for the colours

    @property
    def svg(self) -> str:
        return mark_safe(tile_svg(self.code))  # built from constants only, no user text


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
    for suit in _SUITS:
        short, name = _suit_words(suit)
        for rank in range(1, 10):
            code = f"{rank}{suit}"
            faces[code] = TileFace(code, f"{rank}{short}", name % {"rank": rank}, suit)
    for code in _HONORS:
        label, name = _honor_words(code)
        faces[code] = TileFace(code, label, name, "dragon" if code in "CFP" else "wind")
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


@register.inclusion_tag("scoring/_hand_faces.html")
def hand_faces(text: str):
    """A whole hand in notation ("[123m]{1111p}456s78sEE+9s") as tile faces, grouped as the picker shows it:
    exposed melds, concealed kongs, the standing tiles, then the winning tile; the notation as its caption."""
    text = (text or "").replace(" ", "")
    groups, faces = [], _faces()
    rest = text
    while rest[:1] in ("[", "{"):
        close = "]" if rest[0] == "[" else "}"
        end = rest.find(close)
        if end < 0:
            break
        kind = "tp-exposed" if close == "]" else "tp-concealed"
        groups.append((kind, [faces[c] for c in notation_tiles(rest[1:end]) if c in faces]))
        rest = rest[end + 1:]
    standing, _plus, winning = rest.partition("+")
    groups.append(("", [faces[c] for c in notation_tiles(standing) if c in faces]))
    won = [faces[c] for c in notation_tiles(winning) if c in faces][:1]
    return {"groups": [g for g in groups if g[1]], "winning": won[0] if won else None, "notation": text}
