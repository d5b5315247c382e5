"""MCR (Chinese Official Mahjong) hand evaluator: plain Python, no Django.

    evaluate("[123m][345m]678p56sWW+7s", self_drawn=False, seat_wind="E", ...)
        -> Evaluation(fans=[FanHit...], fan_points, total, is_winning, reason, shape)
    settle(points, winner=2, discarder=0) -> four score changes (3.9.1.3)
    waits("[123m][345m]678p56sWW") -> ("4s", "7s")
    cache_clear_all() -> every cache emptied (caches.py lists them; ENGINE.md says why each is correct)
    check_declared([39, 52, 59], flowers=2) -> DeclaredCheck(fan_points, total, ...)
    check_declared_tiles("[123m]...+7s", [39, 52], ...) -> DeclaredTilesCheck (declared scoring, 3.9.1.4)

Rule sets (keyword ``rule_set``): "full" (default, the 81 fans of 3.8) and "elementary" (the WMO
elementary competition rules of 2014: 30 fans, minimum 6, no base). Profiles: "green_book"
(default, the rulebook) and "common_practice"; the readings behind all of them are in
scoring/READINGS.md. How a hand is counted, module by module: scoring/ENGINE.md.
"""
from .caches import cache_clear_all
from .declared import DeclaredCheck, DeclaredTilesCheck, check_declared, check_declared_tiles
from .errors import MESSAGES, HandError
from .evaluate import PROFILES, Evaluation, FanHit, evaluate
from .fans import FANS, Fan
from .rule_sets import ELEMENTARY, FULL, RULE_SET_NAMES, RULE_SETS, RuleSet, get_rule_set
from .settle import settle
from .waits import waits

__all__ = ["evaluate", "settle", "waits", "check_declared", "HandError", "FANS", "Fan",
           "FanHit", "Evaluation", "DeclaredCheck", "MESSAGES", "PROFILES",
           "check_declared_tiles", "DeclaredTilesCheck", "RuleSet", "RULE_SETS", "RULE_SET_NAMES", "FULL",
           "ELEMENTARY", "get_rule_set", "cache_clear_all"]
