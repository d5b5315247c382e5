"""Reading the hand notation: ``[123m][345m]678p56sWW+7s``.

The grammar (EBNF):

    hand  = { meld } , tiles , [ "+" , tile ] ;
    meld  = "[" , tiles , "]"                    (* exposed chow, pung or kong *)
          | "{" , tiles , "}" ;                  (* concealed kong *)
    tiles = { digit , { digit } , suit | honor } ;
    tile  = digit , suit | honor ;
    digit = "1" | ... | "9" ;   suit = "m" | "s" | "p" ;   honor = "E" | "S" | "W" | "N" | "C" | "F" | "P" ;

Digits take the suit letter that follows them (``123m`` = ``1m2m3m``); the honors are the winds
E S W N and the dragons C F P (red, green, white). ``evaluate`` needs the ``+`` and the winning
tile, ``waits`` refuses them. Spaces may stand anywhere.

Two readers: ``read_counted``, the fast path, reads notation as the app writes it (no spaces, well
formed) and counts its tiles on the way, or answers None; ``_parse_slowly`` reads anything else
character by character and names what is wrong (a ``HandError``). ``parse`` tries the first, then
the second.
"""
from __future__ import annotations

import re
from functools import lru_cache
from typing import NamedTuple

from .errors import HandError
from .tiles import HONOR_LETTERS, SUIT_LETTERS, TABLE_LEN, tile_name, tiles_name

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


_HONOR_CODE = {ch: 31 + i for i, ch in enumerate(HONOR_LETTERS)}


def _byte_table(default: int, values: dict) -> list:
    table = [default] * 256
    for char, value in values.items():
        table[ord(char)] = value
    return table


# The bytes of notation as two tables over the 256 byte values: the fast reader looks each byte up.
# _DIGIT: a digit's rank (1-9), any other byte 0. _LETTER: a suit letter's base, the tile before its
# suit's 1 (m 0, s 10, p 20: a tile is base + rank); an honor letter's tile (31-37); any other byte -1.
_DIGIT = _byte_table(0, {str(rank): rank for rank in range(1, 10)})
_LETTER = _byte_table(-1, {**{letter: 10 * suit for suit, letter in enumerate(SUIT_LETTERS)}, **_HONOR_CODE})


def _read_fast(text: str, counts: list):
    """The tiles of ``tiles`` in the grammar (a list, in the notation's order), each also counted into
    ``counts`` (a count table); None if the text is not well formed or holds anything else, a space
    too (``_read_tiles_slowly`` then says what is wrong).

    The text is read backwards, so that each digit meets its suit letter first.
    """
    out = []
    suit = -1        # the base of the suit of the digits being read; -1: none, a digit here is a fault
    bare = False     # a suit letter read with no digit yet
    for byte in reversed(text.encode("ascii", "replace")):   # beyond ASCII: "?", neither table's
        rank = _DIGIT[byte]
        if rank:
            if suit < 0:
                return None
            tile = suit + rank
            bare = False
        else:
            letter = _LETTER[byte]
            if bare or letter < 0:
                return None
            if letter < 30:     # a suit letter: the digits before it are of its suit
                suit = letter
                bare = True
                continue
            tile = letter       # an honor
            suit = -1
        out.append(tile)
        counts[tile] += 1
    if bare:
        return None
    out.reverse()
    return out


def _read_tiles_slowly(text: str, offset: int) -> list[int]:
    """The tiles of a run of notation without brackets or '+', read character by character: spaces
    are skipped, and anything outside the grammar raises the ``HandError`` that names it."""
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
    tiles = _read_fast(text, [0] * TABLE_LEN)
    if tiles is None:
        return None
    return _make_meld(tiles, concealed, ("{%s}" if concealed else "[%s]") % text)


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
    standing = _read_fast(standing_text, counts)
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
            melds.append(_make_meld(_read_tiles_slowly(inner, pos + 1), ch == "{", text[pos:end + 1]))
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
    standing = _read_tiles_slowly(standing_text, standing_start or 0)
    winning = None
    if pos < n:  # text[pos] == '+'
        tail = text[pos + 1:]
        if not winning_tile:
            raise HandError("notation", "unexpected_winning_tile", text=tail)
        if "+" in tail or "[" in tail or "{" in tail:
            raise HandError("notation", "winning_tile", text=tail)
        win_tiles = _read_tiles_slowly(tail, pos + 1)
        if len(win_tiles) != 1:
            raise HandError("notation", "winning_tile", text=tail)
        winning = win_tiles[0]
    elif winning_tile:
        raise HandError("notation", "missing_winning_tile")
    return ParsedHand(tuple(melds), tuple(standing), winning)


def check_tiles(hand: ParsedHand, with_winning: bool) -> list:
    """Tile count per meld count, five copies; returns the count table of all tiles."""
    melds = hand.melds
    expected = 13 - 3 * len(melds)
    if len(melds) > 4 or len(hand.standing) != expected:
        raise HandError("tile_count", "hand" if with_winning else "waiting",
                        melds=len(melds), expected=max(expected, 0), actual=len(hand.standing))
    counts = [0] * TABLE_LEN
    for t in hand.standing:
        counts[t] += 1
    for meld in melds:
        for t in meld.tiles:
            counts[t] += 1
    if hand.winning is not None:
        counts[hand.winning] += 1
    if max(counts) > 4:
        t = next(t for t, c in enumerate(counts) if c > 4)
        raise HandError("too_many_copies", "copies", tile=tile_name(t), count=counts[t])
    return counts
