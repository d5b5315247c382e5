"""The standings of 3.10 as plain Python: no Django, no database (the scoring engine's table arithmetic
below it). tournaments/standings/compute.py reads the signed sheets and feeds it."""

from tournaments.standings.engine.ranking import (
    BEST_SESSION,
    CUMULATIVE,
    FINALISTS_FIRST,
    FIRSTS,
    SECONDS,
    THIRDS,
    Entrant,
    FinalStage,
    PlayedTable,
    PlayerStanding,
    Rules,
    SessionLine,
    Standings,
    UnitStanding,
    cache_clear,
    competition_ranks,
    rank,
)

__all__ = [
    "BEST_SESSION", "CUMULATIVE", "FINALISTS_FIRST", "FIRSTS", "SECONDS", "THIRDS", "Entrant", "FinalStage",
    "PlayedTable", "PlayerStanding", "Rules", "SessionLine", "Standings", "UnitStanding", "cache_clear",
    "competition_ranks", "rank",
]
