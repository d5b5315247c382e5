"""A score sheet's version: every change to what a sheet says moves it on (Appendix 5).

Confirmations count only for the version the player saw, and a tablet still showing an older one gets 409
(`check_version`). Every write of the sheet services saves through `sheet_save_new_version`; another app
that changes a sheet's results (a penalty) calls `sheet_results_changed`.
"""


from django.db import transaction
from django.utils.translation import gettext as _

from tournaments import events
from tournaments.errors import Conflict
from tournaments.locks import lock_sheet
from tournaments.models import (
    ScoreSheet,
)
from tournaments.rows import update_row


def sheet_save_new_version(*, sheet: ScoreSheet, **fields) -> None:
    """Save a change to a sheet as its next version: `fields` (status, totals, ...) and version + 1.

    Every change to what a sheet says goes through here, so that confirmations given for the
    version before no longer count (Appendix 5) and a tablet still showing it gets 409. Called on
    the sheet's locked row, inside the caller's transaction (which audits the change).
    """
    for name, value in fields.items():
        setattr(sheet, name, value)
    sheet.version += 1
    update_row(sheet, ("version", *fields))  # every hand comes here: one UPDATE built once (tournaments/rows.py)


def totals_plus(sheet: ScoreSheet, added=(0, 0, 0, 0), removed=(0, 0, 0, 0), count: int = 0) -> dict:
    """The sheet's derived totals (total0..total3, hand_count) after hands are added, changed or
    removed: for sheet_save_new_version."""
    fields = {f"total{seat}": sheet.totals[seat] + added[seat] - removed[seat] for seat in range(4)}
    fields["hand_count"] = sheet.hand_count + count
    return fields


def check_version(sheet: ScoreSheet, expected_version: int | None) -> None:
    """Conflict (409) unless the locked sheet is still at the version the client saw; None: no check."""
    if expected_version is not None and sheet.version != expected_version:
        raise Conflict(
            _("The sheet has changed since you loaded it; reload and try again."), current_version=sheet.version
        )


@transaction.atomic
def sheet_results_changed(*, sheet: ScoreSheet) -> None:
    """Another app changed what a sheet's results are (a penalty recorded or cancelled).

    The version moves on, so confirmations given before no longer count and stale edits get 409;
    a signed sheet's standings are recomputed once this commits. The caller audits the change.
    """
    sheet = lock_sheet(sheet.pk)
    sheet_save_new_version(sheet=sheet)
    if sheet.status == ScoreSheet.Status.LOCKED:
        events.standings_recompute_later(tournament_id=sheet.session.tournament_id)
