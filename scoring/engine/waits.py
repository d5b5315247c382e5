"""waits(): the tiles that complete a 13-tile hand."""
from __future__ import annotations

from . import shapes
from .evaluate import check_tiles
from .notation import parse
from .rule_sets import get_rule_set
from .tiles import tile_name


def waits(hand: str, *, rule_set: str = "full") -> tuple:
    """Tiles (notation strings) that complete ``hand`` into a winning shape of the rule set (3.7.2).

    A tile the hand already holds four of is not a wait: it would need a fifth copy.
    The minimum (8, elementary 6) is not checked here. Under the elementary rules only four sets
    and a pair, Seven Pairs and the honors-and-knitted hand are shapes.
    """
    rules = get_rule_set(rule_set)
    parsed = parse(hand, winning_tile=False)
    counts = check_tiles(parsed, with_winning=False)
    key = tuple(sorted(parsed.standing))
    found = shapes.completing_tiles(key, len(parsed.melds), "all" if not rules.restricted else rules.shapes)
    return tuple(tile_name(t) for t in found if counts[t] < 4)
