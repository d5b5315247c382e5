"""HandError: bad input is reported, never scored.

Each error has a stable ``code``, a ``params`` dict and a message built from the
template in ``MESSAGES`` so that a web layer can translate it by code.
"""
from __future__ import annotations

# code -> {variant: template}; the variant picks the sentence, params fill it.
MESSAGES: dict[str, dict[str, str]] = {
    "notation": {
        "empty": "The hand is empty: write the tiles, e.g. '[123m]456p789sEE+E'.",
        "character": "Unreadable character {char!r} at position {position}: use digits with m/p/s, honors E S W N "
                     "C F P, [..] for exposed melds, {{....}} for concealed kongs and '+' before the winning tile.",
        "digits_without_suit": "Digits {digits!r} have no suit letter after them: add m, p or s.",
        "zero": "There is no tile 0 ({text!r}): suit tiles go from 1 to 9.",
        "bracket": "Bracket {bracket!r} is not closed or is nested: write each meld as [123m] or a concealed kong "
                   "as {{1111p}}.",
        "meld_after_tiles": "Meld {meld!r} comes after the standing tiles: write all [..] and {{..}} melds first.",
        "winning_tile": "Write exactly one winning tile after '+', e.g. '...+7s' (got {text!r}).",
        "missing_winning_tile": "The winning tile is missing: end the hand with '+' and the tile, e.g. '+7s'.",
        "unexpected_winning_tile": "waits() takes the 13 tiles before the win: remove '+{text}'.",
    },
    "tile_count": {
        "hand": "With {melds} meld(s) the hand needs {expected} standing tiles plus the winning tile, but has "
                "{actual}.",
        "waiting": "With {melds} meld(s) a waiting hand needs {expected} standing tiles, but has {actual}.",
    },
    "too_many_copies": {
        "copies": "Tile {tile} appears {count} times: a set has only four of each tile.",
    },
    "meld": {
        "size": "Meld {meld!r} has {size} tiles: a chow or pung has 3, a kong 4.",
        "honor_chow": "Meld {meld!r} is a chow of honors: only suit tiles form chows.",
        "not_a_set": "Meld {meld!r} is neither a chow (three consecutive tiles of one suit), a pung nor a kong.",
        "concealed_not_kong": "Concealed meld {meld!r} must be a kong of four identical tiles; write other melds "
                              "with [..].",
    },
    "context": {
        "wind": "Unknown {which} wind {value!r}: use 'E', 'S', 'W' or 'N'.",
        "profile": "Unknown profile {value!r}: use 'green_book' or 'common_practice'.",
        "rule_set": "Unknown rule set {value!r}: use 'full' or 'elementary'.",
        "flowers": "Flowers must be a whole number from 0 to 8 (got {value!r}).",
        "flag": "{name} must be True or False (got {value!r}).",
        "replacement_not_self_drawn": "A win on a kong replacement tile is self-drawn: set self_drawn=True or "
                                      "kong_replacement=False.",
        "replacement_without_kong": "A win on a kong replacement tile needs a kong in the hand: add the kong or "
                                    "set kong_replacement=False.",
        "robbing_self_drawn": "Robbing a kong is a win on another player's tile: it cannot be self-drawn.",
        "robbing_holding_copy": "Robbing a kong of {tile} is impossible while the winner holds another {tile}: "
                                "that player's pung and the robbed tile would make five.",
        "last_of_kind_holding_copy": "The winning tile {tile} cannot be the last of its kind while the winner "
                                     "holds another {tile} concealed.",
        "seat": "Position {name} must be 0, 1, 2 or 3 (got {value!r}).",
        "discarder_is_winner": "The discarder ({value}) cannot be the winner: use discarder=None for a self-drawn win.",
        "points": "Points must be a whole number of at least 0 (got {value!r}).",
        "absent_seat_named": "Seat {value} takes no part in the session (absent): it neither wins nor discards.",
        "fan_numbers": "Declared fans must be a list of fan numbers (got {value!r}).",
    },
}


class HandError(ValueError):
    """Invalid hand or context.  ``code`` is one of MESSAGES' keys."""

    def __init__(self, code: str, variant: str, **params):
        self.code = code
        self.variant = variant
        self.params = params
        super().__init__(MESSAGES[code][variant].format(**params))
