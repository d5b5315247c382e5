"""Every cache of the engine, in the order a hand meets them, and ``cache_clear_all`` for tests and benches.

Each is a bounded ``functools.lru_cache`` around a pure function: its answer depends on its hashable
arguments alone (tuples, ints, bools, strings, frozensets) and is a value nobody changes afterwards, so
a cached answer is the answer. ENGINE.md ("Caches") gives each one's key, bound and reason; a test
holds that table and this list equal, and this list equal to the caches the modules define.
"""
from __future__ import annotations

from .counting import _kong_fans
from .evaluate import read_hand
from .notation import _fast_meld
from .set_fans import _chows_combined, _pungs_combined
from .shapes import _group_readings, is_complete, knitted_straight_reading, suit_splits
from .waits import _honor_completions, _set_waits, _suit_completions, _winning_group_waits, regular_waits, shape_waits

CACHES = (
    read_hand,                   # notation -> the hand's tiles, readings and wait (32)
    _fast_meld,                  # a meld's text and bracket -> Meld
    _group_readings,             # one group's sorted tiles, with a pair or not -> its splits
    knitted_straight_reading,    # standing tiles, melds -> knitted straight + set + pair
    _winning_group_waits,        # the winning tile's group and tile -> its other waits
    _set_waits,                  # the pair's group -> the tiles completing it into sets
    _suit_completions,           # nine rank counts, with a pair or not -> completing ranks
    _honor_completions,          # seven honor counts, with a pair or not -> completing honors
    suit_splits,                 # nine rank counts, with a pair or not -> whether they split
    regular_waits,               # 13 standing tiles, melds -> waits of sets + pair, Seven Pairs
    _kong_fans,                  # concealed pungs, melded and concealed kongs, profile, fans -> fans
    _chows_combined,             # three or four chows, a pair of 5s, fans -> combined-chow fans
    _pungs_combined,             # three or four pungs, fans -> combined-pung fans
    shape_waits,                 # standing tiles, melds, shapes -> every wait (the public waits())
    is_complete,                 # tiles, melds, shapes -> whether they make a winning shape
)


def cache_clear_all() -> None:
    """Empty every cache, as in a fresh process: a cold run of a bench or a test starts here."""
    for cache in CACHES:
        cache.cache_clear()
