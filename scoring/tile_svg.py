"""Each of the 34 tile kinds (3.1) drawn as its face, in inline SVG: no font, no download, crisp at any size.

Characters 一-九 over 萬, circles (dots), bamboo sticks, the winds 東南西北, the dragons 中 (red) 發 (green)
and the white dragon as a framed blank. The characters are outlines (scoring/tile_glyphs.py), so a device
without a CJK font draws them too, and so does WeasyPrint in the prints. A face is 60 x 80 units; its size
on the page is set in CSS (.tile-svg). Pure Python, no Django.
"""

from functools import cache

from scoring.tile_glyphs import GLYPHS

INK = "#1d2433"
RED = "#b91c1c"
GREEN = "#15803d"
BLUE = "#1d4ed8"
NUMERALS = "一二三四五六七八九"
HONOR_CHARS = {"E": ("東", INK), "S": ("南", INK), "W": ("西", INK), "N": ("北", INK),
               "C": ("中", RED), "F": ("發", GREEN)}

# centre points of the circles on 1-9 dots, and the circle radius
_DOTS = {
    1: ([(30, 40)], 19),
    2: ([(30, 21), (30, 59)], 12),
    3: ([(15, 16), (30, 40), (45, 64)], 9.5),
    4: ([(18, 22), (42, 22), (18, 58), (42, 58)], 10.5),
    5: ([(16, 17), (44, 17), (30, 40), (16, 63), (44, 63)], 9),
    6: ([(19, 15), (41, 15), (19, 40), (41, 40), (19, 65), (41, 65)], 9),
    7: ([(13, 11), (30, 20), (47, 29), (19, 50), (41, 50), (19, 68), (41, 68)], 7.5),
    8: ([(19, 12), (41, 12), (19, 30), (41, 30), (19, 50), (41, 50), (19, 68), (41, 68)], 8),
    9: ([(14, 15), (30, 15), (46, 15), (14, 40), (30, 40), (46, 40), (14, 65), (30, 65), (46, 65)], 7.5),
}
_DOT_COLOURS = {1: [BLUE], 2: [GREEN, BLUE], 3: [BLUE, RED, GREEN], 4: [BLUE, GREEN, GREEN, BLUE],
                5: [BLUE, GREEN, RED, GREEN, BLUE], 6: [GREEN, GREEN, RED, RED, RED, RED],
                7: [GREEN, GREEN, GREEN, RED, RED, RED, RED], 8: [BLUE] * 8,
                9: [BLUE] * 3 + [RED] * 3 + [GREEN] * 3}

# centre points of the sticks on 2-9 bamboo, stick height; a red stick where traditional sets have one
_STICKS = {
    2: ([(30, 22), (30, 58)], 30, ()),
    3: ([(30, 22), (19, 58), (41, 58)], 30, ()),
    4: ([(19, 22), (41, 22), (19, 58), (41, 58)], 30, ()),
    5: ([(14, 22), (46, 22), (30, 40), (14, 58), (46, 58)], 30, (2,)),
    6: ([(15, 22), (30, 22), (45, 22), (15, 58), (30, 58), (45, 58)], 30, ()),
    7: ([(30, 14), (15, 40), (30, 40), (45, 40), (15, 66), (30, 66), (45, 66)], 21, (0,)),
    8: ([(12, 22), (24, 22), (36, 22), (48, 22), (12, 58), (24, 58), (36, 58), (48, 58)], 30, ()),
    9: ([(15, 14), (30, 14), (45, 14), (15, 40), (30, 40), (45, 40), (15, 66), (30, 66), (45, 66)], 21, (1, 4, 7)),
}


def _glyph(char: str, x: float, y: float, size: float, colour: str) -> str:
    scale = size / 100
    return f'<path transform="translate({x} {y}) scale({scale:g})" fill="{colour}" d="{GLYPHS[char]}"/>'


def _circle(cx: float, cy: float, r: float, colour: str) -> str:
    return (f'<circle cx="{cx}" cy="{cy}" r="{r - 1}" fill="none" stroke="{colour}" stroke-width="2.4"/>'
            f'<circle cx="{cx}" cy="{cy}" r="{r * 0.45:.1f}" fill="{colour}"/>')


def _stick(cx: float, cy: float, height: float, colour: str, width: float = 7) -> str:
    x, y = cx - width / 2, cy - height / 2
    return (f'<rect x="{x:g}" y="{y:g}" width="{width:g}" height="{height:g}" rx="{width / 2:g}" fill="{colour}"/>'
            f'<rect x="{x - 0.8:g}" y="{cy - 1:g}" width="{width + 1.6:g}" height="2" rx="1" fill="{colour}"/>'
            f'<line x1="{cx:g}" y1="{y + 2.5:g}" x2="{cx:g}" y2="{y + height - 2.5:g}" stroke="#fff" '
            f'stroke-width="1.2" stroke-opacity=".6"/>')


def _face_body(code: str) -> str:
    if len(code) == 2:
        rank, suit = int(code[0]), code[1]
        if suit == "m":  # 3.1.1 characters: the numeral over 萬
            return _glyph(NUMERALS[rank - 1], 13, 4, 34, INK) + _glyph("萬", 9, 38, 42, RED)
        if suit == "p":  # 3.1.1 dots (circles)
            centres, r = _DOTS[rank]
            body = "".join(_circle(x, y, r, c) for (x, y), c in zip(centres, _DOT_COLOURS[rank], strict=True))
            if rank == 1:
                body += f'<circle cx="30" cy="40" r="7" fill="none" stroke="{RED}" stroke-width="2"/>'
            return body
        if rank == 1:  # the one of bamboo: one tall stick with three nodes (most sets draw a bird)
            return (_stick(30, 40, 62, GREEN, 12)
                    + f'<rect x="22" y="24" width="16" height="2.4" rx="1" fill="{GREEN}"/>'
                    f'<rect x="22" y="54" width="16" height="2.4" rx="1" fill="{GREEN}"/>'
                    f'<circle cx="30" cy="9" r="4" fill="{RED}"/>')
        centres, height, reds = _STICKS[rank]
        width = 6 if rank == 8 else 7
        return "".join(_stick(x, y, height, RED if i in reds else GREEN, width) for i, (x, y) in enumerate(centres))
    if code == "P":  # 3.1.2 the white dragon: a framed blank
        return (f'<rect x="11" y="13" width="38" height="54" rx="3" fill="none" stroke="{BLUE}" stroke-width="3"/>'
                f'<rect x="16.5" y="18.5" width="27" height="43" rx="2" fill="none" stroke="{BLUE}" '
                'stroke-width="1.5"/>')
    char, colour = HONOR_CHARS[code]  # 3.1.2 winds and dragons
    return _glyph(char, 6, 16, 48, colour)


@cache
def tile_svg(code: str) -> str:
    """The <svg> of one tile face, decorative (aria-hidden): the caller names the tile in words."""
    return ('<svg class="tile-svg" viewBox="0 0 60 80" aria-hidden="true" focusable="false" '
            'xmlns="http://www.w3.org/2000/svg">'
            '<rect x="1" y="1" width="58" height="78" rx="7" fill="#fffdf5" stroke="#b8ae8c" stroke-width="2"/>'
            f"{_face_body(code)}</svg>")


ALL_CODES = tuple([f"{r}{s}" for s in "mps" for r in range(1, 10)] + list("ESWNCFP"))
