"""waits(): the tiles that complete a 13-tile hand."""
from __future__ import annotations

from . import shapes
from .evaluate import check_tiles
from .notation import parse
from .tiles import tile_name


def waits(hand: str) -> tuple:
    """Tiles (notation strings) that complete ``hand`` into any winning shape (3.7.2).

    A tile the hand already holds four of is not a wait: it would need a fifth copy.
    The 8-point minimum is not checked here.
    """
    parsed = parse(hand, winning_tile=False)
    counts = check_tiles(parsed, with_winning=False)
    key = tuple(sorted(parsed.standing))
    found = shapes.completing_tiles(key, len(parsed.melds), "all")
    return tuple(tile_name(t) for t in found if counts[t] < 4)
