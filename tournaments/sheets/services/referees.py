"""Who referees a table's score sheet: one sheet handed over, or a started session's tables in one step."""


from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils.translation import gettext as _

from tournaments.audit import AuditAction, audit_record
from tournaments.locks import lock_sheet, lock_sheets, lock_tournament
from tournaments.models import (
    Membership,
    Role,
    ScoreSheet,
)


@transaction.atomic
def sheet_assign_referee(*, actor, sheet: ScoreSheet, referee) -> ScoreSheet:
    # The sheet first, as every sheet write locks it, then the tournament against membership_revoke
    # (the role checked here stays granted until this commits), in the order of tournaments.locks.
    sheet = lock_sheet(sheet.pk)
    tournament = lock_tournament(sheet.session.tournament_id, no_key=True)
    if not Membership.objects.filter(user=referee, tournament=tournament, role=Role.REFEREE).exists():
        raise ValidationError(_("%(user)s is not a referee of this tournament.") % {"user": referee})
    sheet.referee = referee
    sheet.save(update_fields=["referee"])
    audit_record(
        actor=actor, tournament=tournament, action=AuditAction.SHEET_REFEREE_ASSIGNED, obj=sheet,
        detail={"referee": referee.get_username()},
    )
    return sheet


@transaction.atomic
def session_referees_assign(*, actor, session, referees: dict) -> int:
    """Give a started session's tables to referees in one step: `referees` maps table numbers to
    users (each a referee of the tournament). Tables left out, or given to the referee they have,
    are untouched; each change is one `sheet_assign_referee` (audited), all or none. Returns the
    number of tables handed over.

    Score sheets are made when the session starts, so a session not started yet has no tables to
    give: its referees are planned instead (staff.services.session_referees_plan).
    """
    if session.status == session.Status.PLANNED:
        raise ValidationError(
            _("Session %(n)s has not started: plan its tables' referees instead; they take their tables when it"
              " starts.") % {"n": session.number}
        )
    sheets = {sheet.table.number: sheet for sheet in session.sheets.select_related("table")}
    unknown = sorted(set(referees) - set(sheets))
    if unknown:
        raise ValidationError(
            _("Session %(n)s has no table %(tables)s.") % {"n": session.number, "tables": ", ".join(map(str, unknown))}
        )
    changed = [number for number, user in referees.items() if sheets[number].referee_id != user.pk]
    # Every sheet first, in one query (tournaments.locks: sheets before the tournament's roles).
    lock_sheets(ScoreSheet.objects.filter(pk__in=[sheets[number].pk for number in changed]))
    for number in sorted(changed):
        sheet_assign_referee(actor=actor, sheet=sheets[number], referee=referees[number])
    return len(changed)
