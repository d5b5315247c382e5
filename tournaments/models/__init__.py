"""The tournament core's models, one module per concern."""

from tournaments.models.core import (  # noqa: F401
    MAX_SESSION_MINUTES,
    MIN_SESSIONS,
    AuditEvent,
    ImportJob,
    Membership,
    Player,
    Registration,
    Role,
    RuleSet,
    Session,
    Table,
    Team,
    Tournament,
)
from tournaments.models.sheets import Hand, ScoreSheet, SeatAssignment, SheetSignature  # noqa: F401
from tournaments.models.standings import StandingsSnapshot  # noqa: F401
