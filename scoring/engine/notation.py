"""Reading the hand notation: ``[123m][345m]678p56sWW+7s``.

``[..]`` is an exposed chow, pung or kong, ``{....}`` a concealed kong; then the
standing tiles; then ``+`` and the winning tile.  Digits take the suit letter that
follows them (``123m``, ``1m2m``); honors are E S W N (winds) and C F P (red, green,
white dragons).  Spaces are ignored.
"""
from __future__ import annotations

import re
from functools import lru_cache
from typing import NamedTuple

from .errors import HandError
from .tiles import HONOR_LETTERS, SUIT_LETTERS, TABLE_LEN, tiles_name

CHOW, PUNG, KONG, PAIR = 1, 2, 3, 4


class Meld(NamedTuple):
    kind: int          # CHOW, PUNG or KONG
    tile: int          # the middle tile of a chow, else the tile
    exposed: bool      # False only for a concealed kong
    tiles: tuple

    @property
    def notation(self) -> str:
        return tiles_name(self.tiles)


class ParsedHand(NamedTuple):
    melds: tuple
    standing: tuple     # standing tiles, without the winning tile
    winning: int | None


_WELL_FORMED = re.compile(r"(?:[1-9]+[msp]|[ESWNCFP])*")
_GROUP = re.compile(r"([1-9]+)([msp])|([ESWNCFP])")
_SUIT_BASE = {"m": 0, "s": 10, "p": 20}
_HONOR_CODE = {ch: 31 + i for i, ch in enumerate(HONOR_LETTERS)}


@lru_cache(maxsize=1 << 14)
def _read_well_formed(text: str) -> tuple:
    tiles = []
    for digits, suit, honor in _GROUP.findall(text):
        if honor:
            tiles.append(_HONOR_CODE[honor])
        else:
            base = _SUIT_BASE[suit]
            tiles.extend(base + int(d) for d in digits)
    return tuple(tiles)


# what each byte of notation stands for: a digit 1-9; a suit letter, minus one more than its
# suit's first tile (-1, -11, -21); an honor, its tile (31-37); any other byte -99
_BYTE_VALUE = [-99] * 256
for _ch, _v in {**{str(d): d for d in range(1, 10)}, "m": -1, "s": -11, "p": -21, **_HONOR_CODE}.items():
    _BYTE_VALUE[ord(_ch)] = _v


def _read_standing(text: str, counts: list):
    """Tiles of well-formed notation (a list, in the notation's order), read backwards so each
    digit meets its suit first, and counted into ``counts`` (a count table) on the way; None if
    the text is not well formed (``_parse_slowly`` then says what is wrong)."""
    out = []
    base = -1           # the suit of the digits being read; -1 before a suit letter
    pending = False     # a suit letter still waiting for its first digit
    for byte in reversed(text.encode("ascii", "replace")):   # beyond ASCII: "?", a -99
        v = _BYTE_VALUE[byte]
        if v < 0:
            if pending or v == -99:
                return None
            base = -1 - v
            pending = True
        elif v < 10:
            if base < 0:
                return None
            v += base
            out.append(v)
            counts[v] += 1
            pending = False
        else:
            if pending:
                return None
            out.append(v)
            counts[v] += 1
            base = -1
    if pending:
        return None
    out.reverse()
    return out


def _read_tiles(text: str, offset: int) -> list[int]:
    """Tiles of a run of notation without brackets or '+'."""
    if len(text) <= 8 and _WELL_FORMED.fullmatch(text):
        return list(_read_well_formed(text))
    if _WELL_FORMED.fullmatch(text):
        tiles = []
        for digits, suit, honor in _GROUP.findall(text):
            if honor:
                tiles.append(_HONOR_CODE[honor])
            else:
                base = _SUIT_BASE[suit]
                tiles.extend(base + int(d) for d in digits)
        return tiles
    return _read_tiles_slowly(text, offset)


def _read_tiles_slowly(text: str, offset: int) -> list[int]:
    """The same, character by character, to name what is wrong (or skip spaces)."""
    tiles: list[int] = []
    digits = ""
    for i, ch in enumerate(text):
        if ch.isspace():
            continue
        if ch.isdigit():
            digits += ch
        elif ch in SUIT_LETTERS:
            if not digits:
                raise HandError("notation", "character", char=ch, position=offset + i)
            if "0" in digits:
                raise HandError("notation", "zero", text=digits + ch)
            suit = SUIT_LETTERS.index(ch)
            tiles.extend(suit * 10 + int(d) for d in digits)
            digits = ""
        elif ch in HONOR_LETTERS:
            if digits:
                raise HandError("notation", "digits_without_suit", digits=digits)
            tiles.append(31 + HONOR_LETTERS.index(ch))
        else:
            raise HandError("notation", "character", char=ch, position=offset + i)
    if digits:
        raise HandError("notation", "digits_without_suit", digits=digits)
    return tiles


def _make_meld(tiles: list[int], concealed: bool, text: str) -> Meld:
    tiles = sorted(tiles)
    size = len(tiles)
    if concealed:
        if size != 4 or len(set(tiles)) != 1:
            raise HandError("meld", "concealed_not_kong", meld=text)
        return Meld(KONG, tiles[0], False, tuple(tiles))
    if size not in (3, 4):
        raise HandError("meld", "size", meld=text, size=size)
    if len(set(tiles)) == 1:
        return Meld(PUNG if size == 3 else KONG, tiles[0], True, tuple(tiles))
    if size == 3:
        a, b, c = tiles
        if a < 30 and b == a + 1 and c == a + 2:
            return Meld(CHOW, b, True, tuple(tiles))
        if a > 30 and len(set(tiles)) == 3:
            raise HandError("meld", "honor_chow", meld=text)
    raise HandError("meld", "not_a_set", meld=text)


_FAST_MELDS = re.compile(r"(?:\[[1-9mspESWNCFP]+\]|\{[1-9mspESWNCFP]+\})*")
_FAST_MELD = re.compile(r"\[([^\]]+)\]|\{([^}]+)\}")
_TILE_BY_NAME = {**{f"{r}{s}": 10 * i + r for i, s in enumerate(SUIT_LETTERS) for r in range(1, 10)},
                 **_HONOR_CODE}


@lru_cache(maxsize=4096)
def _fast_meld(text: str, concealed: bool) -> Meld | None:
    """The meld written ``text`` inside its brackets; None if not well formed."""
    if not _WELL_FORMED.fullmatch(text):
        return None
    return _make_meld(list(_read_well_formed(text)), concealed, ("{%s}" if concealed else "[%s]") % text)


def parse(text: str, *, winning_tile: bool) -> ParsedHand:
    """Parse notation; ``winning_tile`` says whether a '+tile' is required or forbidden.

    Notation as written by the app (no spaces, well formed) takes a fast path; anything else
    is read character by character, which names what is wrong.
    """
    if not isinstance(text, str) or not text.strip():
        raise HandError("notation", "empty")
    read = read_counted(text, winning_tile=winning_tile)
    if read is not None:
        return ParsedHand(read[0], tuple(read[1]), read[2])
    return _parse_slowly(text, winning_tile)


def read_counted(text: str, *, winning_tile: bool):
    """The fast path of ``parse``, with the tiles counted as they are read: ``(melds, standing,
    winning, counts)`` (``standing`` a list in the notation's order, ``counts`` the copies of
    each tile in the melds, the standing tiles and the winning tile), or None when the text is
    not written as the app writes it (``parse`` then reads it slowly and names what is wrong).
    The tiles are not checked here (their number, a fifth copy)."""
    body, plus, win_text = text.partition("+")
    if (plus == "+") != winning_tile:
        return None
    counts = [0] * TABLE_LEN
    melds = ()
    standing_text = body
    if body[:1] in ("[", "{"):
        end = _FAST_MELDS.match(body).end()
        standing_text = body[end:]
        melds = tuple([_fast_meld(a or b, not a) for a, b in _FAST_MELD.findall(body, 0, end)])
        if None in melds:
            return None
        for meld in melds:
            tile = meld.tile
            if meld.kind == CHOW:
                counts[tile - 1] += 1
                counts[tile] += 1
                counts[tile + 1] += 1
            else:
                counts[tile] += len(meld.tiles)
    standing = _read_standing(standing_text, counts)
    if standing is None:
        return None
    winning = None
    if plus:
        winning = _TILE_BY_NAME.get(win_text)
        if winning is None:
            return None
        counts[winning] += 1
    return melds, standing, winning, counts


def _parse_slowly(text: str, winning_tile: bool) -> ParsedHand:
    """Character-by-character parse: accepts spaces and names what is wrong."""
    melds: list[Meld] = []
    pos = 0
    n = len(text)
    standing_start = None
    while pos < n:
        ch = text[pos]
        if ch in "[{":
            close = "]" if ch == "[" else "}"
            end = text.find(close, pos + 1)
            inner = text[pos + 1:end] if end >= 0 else ""
            if end < 0 or "[" in inner or "{" in inner or "]" in inner or "}" in inner:
                raise HandError("notation", "bracket", bracket=text[pos:end + 1 if end >= 0 else n])
            if standing_start is not None and text[standing_start:pos].strip():
                raise HandError("notation", "meld_after_tiles", meld=text[pos:end + 1])
            melds.append(_make_meld(_read_tiles(inner, pos + 1), ch == "{", text[pos:end + 1]))
            pos = end + 1
            standing_start = None
        elif ch in "]}":
            raise HandError("notation", "bracket", bracket=ch)
        elif ch == "+":
            break
        else:
            if standing_start is None:
                standing_start = pos
            pos += 1
    body_end = pos
    standing_text = text[standing_start:body_end] if standing_start is not None else ""
    standing = _read_tiles(standing_text, standing_start or 0)
    winning = None
    if pos < n:  # text[pos] == '+'
        tail = text[pos + 1:]
        if not winning_tile:
            raise HandError("notation", "unexpected_winning_tile", text=tail)
        if "+" in tail or "[" in tail or "{" in tail:
            raise HandError("notation", "winning_tile", text=tail)
        win_tiles = _read_tiles(tail, pos + 1)
        if len(win_tiles) != 1:
            raise HandError("notation", "winning_tile", text=tail)
        winning = win_tiles[0]
    elif winning_tile:
        raise HandError("notation", "missing_winning_tile")
    return ParsedHand(tuple(melds), tuple(standing), winning)
