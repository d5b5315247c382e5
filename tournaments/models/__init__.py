"""The tournament core's models, one module per concern (the concern's sub-package has the same name)."""

from tournaments.models.core import (  # noqa: F401
    MAX_ENTRY_NUMBER,
    MAX_SESSION_MINUTES,
    MIN_SESSIONS,
    AuditEvent,
    Membership,
    Player,
    Registration,
    Role,
    Team,
    Tournament,
)
from tournaments.models.roster import ImportJob  # noqa: F401
from tournaments.models.sessions import SEAT_CHOICES, SeatAssignment, Session, SessionCheckIn, Table  # noqa: F401
from tournaments.models.sheets import Hand, ScoreSheet, SheetSignature  # noqa: F401
from tournaments.models.standings import StandingsSnapshot  # noqa: F401
