"""MCR (Chinese Official Mahjong) hand evaluator: plain Python, no Django."""
from .declared import DeclaredCheck, check_declared
from .errors import MESSAGES, HandError
from .evaluate import PROFILES, Evaluation, FanHit, evaluate
from .fans import FANS, Fan
from .settle import settle
from .waits import waits

__all__ = ["evaluate", "settle", "waits", "check_declared", "HandError", "FANS", "Fan",
           "FanHit", "Evaluation", "DeclaredCheck", "MESSAGES", "PROFILES"]
