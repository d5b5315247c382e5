"""The tournament core's models, one module per concern (the concern's sub-package has the same name)."""

from tournaments.models.core import (  # noqa: F401
    MAX_ENTRY_NUMBER,
    MAX_SESSION_MINUTES,
    MIN_SESSIONS,
    AuditEvent,
    Group,
    Membership,
    Player,
    Registration,
    Role,
    ScoringMode,
    Team,
    Tournament,
)
from tournaments.models.ratelimit import RateLimitCounter  # noqa: F401
from tournaments.models.sessions import (  # noqa: F401
    SEAT_CHOICES,
    PlannedReferee,
    SeatAssignment,
    Session,
    SessionCheckIn,
    Table,
)
from tournaments.models.sheets import (  # noqa: F401
    SHEET_REMARKS_MAX_LENGTH,
    Hand,
    HandObjection,
    ScoreSheet,
    SheetAmendment,
    SheetSignature,
    TakenBackKey,
)
from tournaments.models.standings import StandingsChange, StandingsSnapshot  # noqa: F401
