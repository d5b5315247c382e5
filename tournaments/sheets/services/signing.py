"""A sheet closed for signing, its remarks, the players' confirmations and the referee's signature (3.9.2.3,
Appendix 5)."""

from typing import NamedTuple

from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from scoring.engine.table import MAX_HANDS
from tournaments import events
from tournaments.access import Capability, can
from tournaments.audit import AuditAction, audit_record
from tournaments.errors import field_error
from tournaments.locks import lock_sheet
from tournaments.models import (
    SHEET_REMARKS_MAX_LENGTH,
    Registration,
    ScoreSheet,
    SeatAssignment,
)
from tournaments.pins import pin_burst_blocked, pin_burst_count, pin_verify
from tournaments.sheets.services.versions import check_version, sheet_save_new_version


@transaction.atomic
def sheet_close(*, actor, sheet: ScoreSheet, expected_version: int) -> ScoreSheet:
    """The referee closes the sheet for signing: after 16 hands, or earlier at time-up (3.5.6).

    Safe to retry: closing a sheet that is already closed (or signed) answers with the sheet as it
    is, without a second audit event, whatever version the retry carries (its first try moved it).
    """
    sheet = lock_sheet(sheet.pk)
    if sheet.status != ScoreSheet.Status.OPEN:
        return sheet
    check_version(sheet, expected_version)
    hands = sheet.hand_count
    sheet_save_new_version(
        sheet=sheet, status=ScoreSheet.Status.CLOSED, ended_by_time=hands < MAX_HANDS, closed_at=timezone.now()
    )
    audit_record(
        actor=actor, tournament=sheet.session.tournament, action=AuditAction.SHEET_CLOSED, obj=sheet,
        detail={"hands": hands, "ended_by_time": sheet.ended_by_time},
    )
    return sheet


@transaction.atomic
def sheet_remarks_set(*, actor, sheet: ScoreSheet, remarks: str, expected_version: int) -> ScoreSheet:
    """The referee writes the sheet's remarks (Appendix 5, 备注) before it is signed.

    The remarks are part of what the players confirm: a change moves the sheet to its next version,
    so confirmations given before it no longer count, as for any other change (sheet_save_new_version).
    Unchanged remarks change nothing. A signed sheet keeps its remarks (3.9.2.3: players and referee
    sign after the session; the English form adds "Results are final once signed!").
    """
    if not isinstance(remarks, str):
        raise ValidationError({"remarks": _("The remarks must be text.")})
    remarks = remarks.strip()
    if len(remarks) > SHEET_REMARKS_MAX_LENGTH:
        raise field_error(
            "remarks",
            _("The remarks are %(n)d characters long: shorten them to %(max)d at most.")
            % {"n": len(remarks), "max": SHEET_REMARKS_MAX_LENGTH},
            "too_long",
        )
    if "\x00" in remarks:
        raise field_error("remarks", _("The remarks contain a character that cannot be stored; retype them."),
                          "invalid")
    sheet = lock_sheet(sheet.pk)
    if sheet.status == ScoreSheet.Status.LOCKED:
        raise ValidationError(_("This sheet is signed: its remarks can no longer change."))
    check_version(sheet, expected_version)
    if remarks == sheet.remarks:
        return sheet
    before = sheet.remarks
    sheet_save_new_version(sheet=sheet, remarks=remarks)
    audit_record(
        actor=actor, tournament=sheet.session.tournament, action=AuditAction.SHEET_REMARKS_SET, obj=sheet,
        detail={"remarks": remarks, "before": before},
    )
    return sheet


class Confirmation(NamedTuple):
    registration: Registration
    # The player had already confirmed this version: nothing was recorded again, and the tablet says so
    # ("already confirmed: nothing more to do") rather than thanking them as if it were new.
    already: bool

    def notice(self) -> str:
        if not self.already:
            return ""
        return _("%(name)s (entry %(entry)d) has already confirmed this sheet: nothing more to do.") % {
            "name": self.registration.player.name, "entry": self.registration.entry_number}


def sheet_confirm(
    *, sheet: ScoreSheet, entry_number: int, pin: str, expected_version: int | None = None, client: str = ""
) -> Confirmation:
    """A player confirms the closed sheet on the referee's tablet with their entry number and PIN.

    `expected_version` is the version the tablet showed the player: if the sheet changed since (a
    correction, a penalty, a late hand), the confirmation would be for figures the player never
    saw, so it is refused (Conflict). The tablet always sends it; None is for callers without one.

    Safe to retry: the same confirmation sent again is answered as the first (one signature, one
    audit event), also once the referee has signed meanwhile; the answer says it was already given
    (`Confirmation.already`), so a player confirming twice is told, not silently accepted.

    The PIN's limits (tournaments/pins.py): a wrong PIN counts against the player's PIN, which stops
    working after PIN_MAX_FAILURES until re-issued; and speed bumps per `client` (who sends: the
    API passes the logged-in account) and per sheet. The count is committed, then the refusal raised.
    """
    outcome = _sheet_confirm(
        sheet=sheet, entry_number=entry_number, pin=pin, expected_version=expected_version, client=client
    )
    if isinstance(outcome, ValidationError):
        raise outcome
    return outcome


@transaction.atomic
def _sheet_confirm(
    *, sheet: ScoreSheet, entry_number: int, pin: str, expected_version: int | None, client: str
) -> Confirmation | ValidationError:
    sheet = lock_sheet(sheet.pk)
    bumps = (f"pin-burst-sheet:{sheet.pk}", f"pin-burst-client:{client}" if client else "")
    wrong = _("Entry number and PIN do not match a player of this table.")
    if sheet.status == ScoreSheet.Status.LOCKED and expected_version is not None:
        given = sheet.signatures.filter(
            kind="player", sheet_version=expected_version, registration__entry_number=entry_number
        ).select_related("registration").first()
        if given is not None:
            refusal = pin_burst_blocked(*bumps) or pin_verify(registration=given.registration, pin=pin, wrong=wrong)
            if refusal is not None:
                pin_burst_count(*bumps)
                return refusal
            return Confirmation(given.registration, already=True)
    if sheet.status != ScoreSheet.Status.CLOSED:
        raise ValidationError(_("The sheet is not waiting for signatures."))
    check_version(sheet, expected_version)
    blocked = pin_burst_blocked(*bumps)
    if blocked is not None:
        return blocked
    seat = (
        SeatAssignment.objects.select_related("registration")
        .filter(session=sheet.session, table=sheet.table, registration__entry_number=entry_number)
        .first()
    )
    registration = seat.registration if seat else None
    # One message for a wrong PIN and an entry not at the table: a guess must not reveal who sits here.
    refusal = ValidationError({"pin": wrong}) if registration is None else pin_verify(
        registration=registration, pin=pin, wrong=wrong
    )
    if refusal is not None:
        pin_burst_count(*bumps)
        return refusal
    signature, created = sheet.signatures.get_or_create(
        kind="player", registration=registration, sheet_version=sheet.version
    )
    if created:
        audit_record(
            actor=None, tournament=sheet.session.tournament, action=AuditAction.SHEET_CONFIRMED, obj=sheet,
            detail={"entry": entry_number},
        )
    return Confirmation(registration, already=not created)


@transaction.atomic
def sheet_sign(*, actor, sheet: ScoreSheet, expected_version: int | None = None, reason: str = "") -> ScoreSheet:
    """The referee signs after the four players: the sheet is locked, its results final (Appendix 5).

    A player who cannot confirm (absent after a forfeit for lateness, 3.11.2.1, or disqualified,
    3.11.4) must not keep the other three out of the standings: the chief referee may then sign
    without that confirmation, giving the reason, which the audit keeps with the missing entries.

    Safe to retry: a signature sent again by the one who signed answers with the signed sheet.
    """
    sheet = lock_sheet(sheet.pk)
    if sheet.status == ScoreSheet.Status.LOCKED:
        last = sheet.signatures.filter(kind="referee").order_by("-pk").first()
        if last is not None and last.user_id == getattr(actor, "pk", None) and (
            expected_version is None or last.sheet_version == expected_version
        ):
            return sheet
    if sheet.status != ScoreSheet.Status.CLOSED:
        raise ValidationError(_("The sheet is not waiting for signatures."))
    check_version(sheet, expected_version)
    confirmed = set(
        sheet.signatures.filter(kind="player", sheet_version=sheet.version).values_list("registration_id", flat=True)
    )
    missing = list(
        SeatAssignment.objects.filter(session_id=sheet.session_id, table_id=sheet.table_id)
        .exclude(registration_id__in=confirmed)
        .order_by("seat")
        .values_list("registration__entry_number", flat=True)
    )
    if missing:
        if not can(actor, sheet.session.tournament, Capability.SUPERVISE_SCORES):
            raise ValidationError(
                _("%(n)d of 4 players have confirmed; all four must confirm first.") % {"n": len(confirmed)}
            )
        if not reason.strip():
            raise ValidationError(
                {
                    "reason": _("%(n)d of 4 players have confirmed: give the reason the others cannot.")
                    % {"n": len(confirmed)}
                }
            )
    sheet.signatures.create(kind="referee", user=actor, sheet_version=sheet.version)
    sheet_save_new_version(sheet=sheet, status=ScoreSheet.Status.LOCKED, locked_at=timezone.now())
    detail = {"unconfirmed": missing, "reason": reason.strip()} if missing else {}
    audit_record(
        actor=actor, tournament=sheet.session.tournament, action=AuditAction.SHEET_LOCKED, obj=sheet, detail=detail
    )
    events.standings_recompute_later(tournament_id=sheet.session.tournament_id)
    events.tournament_finish_check_later(tournament_id=sheet.session.tournament_id)  # the last signature may finish it
    return sheet
