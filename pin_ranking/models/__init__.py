"""The Pin register's rows (Appendix 9-10), one module per concern, as the core's `tournaments.models`.

The arithmetic lives in `pin_ranking.engine` (plain Python); these rows are what it reads and writes.
Table points are integers in twelfths, as in the core (never floats). docs/pin-ranking.md, "Models".
"""

from pin_ranking.models.applications import OPEN_STATUSES, Application, ApplicationMessage
from pin_ranking.models.committee import Committee, CommitteeSeat, PinAward
from pin_ranking.models.imports import ResultsImport
from pin_ranking.models.ledger import Ledger, LedgerSnapshot
from pin_ranking.models.people import AccountClaim, PlayerAlias, PlayerMerge
from pin_ranking.models.register import (
    CLASS_CHOICES,
    EDITION_CHOICES,
    LEVEL_CHOICES,
    TRACK_CHOICES,
    Competition,
    CompetitionResult,
    PinRegister,
    ResultCertificate,
)

__all__ = [
    "CLASS_CHOICES", "EDITION_CHOICES", "LEVEL_CHOICES", "OPEN_STATUSES", "TRACK_CHOICES", "Application",
    "ApplicationMessage", "Committee", "CommitteeSeat", "Competition", "CompetitionResult", "Ledger",
    "LedgerSnapshot", "PinAward", "PinRegister", "AccountClaim", "PlayerAlias", "PlayerMerge", "ResultCertificate",
    "ResultsImport",
]
