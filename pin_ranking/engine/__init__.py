"""The Pin system's arithmetic (Appendix 9): standards, competition classes, ledgers. Plain Python, no Django."""

from pin_ranking.engine.classes import (
    CLASS_RULES,
    ClassDecision,
    CompetitionClass,
    Level,
    Shortfall,
    competition_class,
    track_of,
)
from pin_ranking.engine.ledger import Ledger, Missing, PinStatus, Result, eligible_for, ledger, ledgers, positive
from pin_ranking.engine.ranks import shared_ranks
from pin_ranking.engine.standards import (
    DEFAULT_EDITION,
    STANDARDS,
    TWELFTHS,
    Certifier,
    Edition,
    Placing,
    PlacingKind,
    Standard,
    Standards,
    Track,
    standards_for,
)

__all__ = [
    "CLASS_RULES", "ClassDecision", "CompetitionClass", "Level", "Shortfall", "competition_class", "track_of",
    "Ledger", "Missing", "PinStatus", "Result", "eligible_for", "ledger", "ledgers", "positive", "shared_ranks",
    "DEFAULT_EDITION", "STANDARDS", "TWELFTHS", "Certifier", "Edition", "Placing", "PlacingKind", "Standard",
    "Standards", "Track", "standards_for",
]
