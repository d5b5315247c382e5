"""Adapter to pymahjonggb 1.4.0 (Chinese common practice), the test-only oracle."""
from __future__ import annotations

from collections import Counter

import MahjongGB

from scoring.engine import FANS
from scoring.engine.fans import MIXED_KONGS_FAN
from scoring.engine.notation import CHOW, PUNG

_SUIT_CODES = "WTB"  # m (万), s (条), p (饼) in the oracle's letters
_WIND_INDEX = {"E": 0, "S": 1, "W": 2, "N": 3}
MIXED_KONGS = "mixed_kongs"

NAME_TO_KEY = {fan.name_zh: fan.number for fan in FANS}
NAME_TO_KEY.update({
    "明暗杠": MIXED_KONGS,
    "独听・单钓": 79, "独听・边张": 77, "独听・嵌张": 78, "独听・坎张": 78,
    "单钓将": 79, "边张": 77, "坎张": 78, "嵌张": 78,
    "全不靠": 34, "七星不靠": 20, "全带五": 31, "双箭刻": 54, "抢杠和": 47,
})


def oracle_tile(t: int) -> str:
    if t > 30:
        return f"F{t - 30}" if t <= 34 else f"J{t - 34}"
    return f"{_SUIT_CODES[t // 10]}{t % 10}"


def oracle_arguments(hand) -> dict:
    """Keyword arguments of MahjongGB.MahjongFanCalculator for a generated hand."""
    packs = []
    for kind, tile, exposed, claimed in hand.melds:
        name = "CHI" if kind == CHOW else "PENG" if kind == PUNG else "GANG"
        packs.append((name, oracle_tile(tile), claimed if exposed else 0))
    kw = hand.kwargs
    return dict(
        pack=tuple(packs), hand=tuple(oracle_tile(t) for t in hand.standing),
        winTile=oracle_tile(hand.win), flowerCount=kw["flowers"], isSelfDrawn=kw["self_drawn"],
        is4thTile=kw["last_of_kind"], isAboutKong=kw["kong_replacement"] or kw["robbing_kong"],
        isWallLast=kw["last_wall_tile"], seatWind=_WIND_INDEX[kw["seat_wind"]],
        prevalentWind=_WIND_INDEX[kw["prevalent_wind"]], verbose=True)


def oracle_fans(hand) -> Counter:
    """Fans the oracle gives the generated hand, keyed by fan number (or MIXED_KONGS)."""
    result = MahjongGB.MahjongFanCalculator(**oracle_arguments(hand))
    out = Counter()
    for _points, count, name_zh, _name_en in result:
        out[NAME_TO_KEY[name_zh]] += count
    return out


def engine_fans(evaluation) -> Counter:
    out = Counter()
    for hit in evaluation.fans:
        out[MIXED_KONGS if hit.fan is MIXED_KONGS_FAN else hit.fan.number] += hit.count
    return out
