"""The hand path: a hand recorded at the table (the busiest write of the day), and the last hand taken back.

`hand_record` locks the sheet and reads the actor's roles and a spent client key in one statement
(tournaments.locks.lock_sheet_reading), scores the entry (tournaments.sheets.hand_scoring) and writes the
hand and the sheet's next version with the INSERT and UPDATE built once (tournaments.rows).
"""

import functools
import uuid

from django.core.exceptions import ValidationError
from django.db import IntegrityError, connection, transaction
from django.db.models import ProtectedError
from django.utils import timezone
from django.utils.translation import gettext as _

from scoring.engine.table import MAX_HANDS
from tournaments.access import can_write_sheet
from tournaments.audit import AuditAction, audit_record
from tournaments.errors import Conflict, NotFound
from tournaments.locks import lock_sheet, lock_sheet_reading
from tournaments.models import (
    Hand,
    Membership,
    Role,
    ScoreSheet,
    Session,
    TakenBackKey,
)
from tournaments.rows import insert_row
from tournaments.sheets.entry import HandEntry
from tournaments.sheets.hand_scoring import scored_hand
from tournaments.sheets.services.versions import check_version, sheet_save_new_version, totals_plus


def hand_record(
    *, actor, sheet_id: int, number: int, entry: HandEntry, client_key: uuid.UUID | None = None
) -> tuple[Hand, bool]:
    """Record `entry` as the next hand of a sheet. Returns (hand, created).

    The actor's right to write the sheet is checked here, on the locked row, rather than by the
    caller beforehand: the referee, the sheet's status and the session's are then the ones this
    hand is written under (a referee reassigned or a session ended a moment earlier cannot slip a
    hand in), and the busiest write of the day reads the sheet once. Anyone else gets NotFound (a
    404), as from the selectors.

    A retried submission (same client_key) returns the hand it recorded the first time. A
    submission for a hand number that is not the next one is stale: Conflict (409), which names
    the next number; so is a client key already used for another hand.
    """
    try:
        return _hand_record(actor=actor, sheet_id=sheet_id, number=number, client_key=client_key, entry=entry)
    except IntegrityError:
        # The lock rules out two hands with one number; what is left is a client key sent again
        # with a different hand number (a retry is looked up by its key before anything is
        # written). Looked up only now, so the busiest write of the day does not pay for it.
        used = Hand.objects.filter(client_key=client_key).first() if client_key is not None else None
        if used is None:
            raise
        raise Conflict(
            _("This submission's key was already used for hand %(n)d; send the hand with a new key.")
            % {"n": used.number},
            current_version=None,
        ) from None


# The actor's roles in a tournament as one number, a bit each (a user holds a role once there:
# membership_role_unique), so that one subquery reads them all: five EXISTS cost PostgreSQL more
# planning than the round trip they saved (docs/deployment.md, Figures).
_ROLE_BITS = {role.value: 1 << place for place, role in enumerate(Role)}


@functools.cache
def _hand_lock_columns() -> tuple[str, ...]:
    """Read in the statement that locks the sheet for a hand (tournaments.locks.lock_sheet_reading),
    saving a round trip on the busiest write of the day: the sheet's version as the statement began,
    the actor's roles in the tournament (placeholder: the user) and the take-back that spent the
    client key (placeholder: the key)."""
    sheet, membership, key = ScoreSheet._meta.db_table, Membership._meta.db_table, TakenBackKey._meta.db_table
    bits = " ".join(f"WHEN '{role}' THEN {bit}" for role, bit in _ROLE_BITS.items())
    return (
        f"(SELECT version FROM {sheet} WHERE id = sheet.id)",
        f"(SELECT SUM(CASE role {bits} END) FROM {membership} "
        f"WHERE user_id = %s AND tournament_id = session.tournament_id)",
        f"(SELECT id FROM {key} WHERE sheet_id = sheet.id AND client_key = %s)",
    )


def _lock_for_hand(*, actor, sheet_id: int, client_key: uuid.UUID | None) -> tuple[ScoreSheet, set[str], int | None]:
    """The sheet, locked; the actor's roles in its tournament; the take-back that spent `client_key`, if
    one did. One statement, unless the sheet changed while it waited for the lock: then its subqueries
    (which see the rows as they were when it began) may have missed that change, a take-back of this
    very key say, and roles and key are read again, now that the sheet holds still. Every write to a
    sheet moves its version, so the version read in the subquery, equal to the locked row's, proves
    nothing was committed on the sheet in between (test_sheet_concurrency.py races a take-back)."""
    key = TakenBackKey._meta.get_field("client_key").get_db_prep_value(client_key, connection)
    sheet, (version_as_read, role_bits, taken_back_id) = lock_sheet_reading(
        sheet_id, _hand_lock_columns(), [actor.pk, key]
    )
    if version_as_read != sheet.version:
        return sheet, *_roles_and_spent_key(actor=actor, sheet=sheet, key=key)
    return sheet, {role for role, bit in _ROLE_BITS.items() if (role_bits or 0) & bit}, taken_back_id


@functools.cache
def _roles_and_spent_key_sql() -> str:
    membership, key = Membership._meta.db_table, TakenBackKey._meta.db_table
    return (f"SELECT role, NULL FROM {membership} WHERE user_id = %s AND tournament_id = %s "
            f"UNION ALL SELECT NULL, id FROM {key} WHERE sheet_id = %s AND client_key = %s")


def _roles_and_spent_key(*, actor, sheet: ScoreSheet, key) -> tuple[set[str], int | None]:
    """What `_lock_for_hand` reads, read on its own on the locked sheet (`key`: the client key as the
    database takes it)."""
    with connection.cursor() as cursor:
        cursor.execute(_roles_and_spent_key_sql(), [actor.pk, sheet.session.tournament_id, sheet.pk, key])
        rows = cursor.fetchall()
    return {role for role, _spent in rows if role is not None}, next((spent for _role, spent in rows if spent), None)


@transaction.atomic
def _hand_record(
    *, actor, sheet_id: int, number: int, client_key: uuid.UUID | None, entry: HandEntry
) -> tuple[Hand, bool]:
    try:
        sheet, roles, taken_back_id = _lock_for_hand(actor=actor, sheet_id=sheet_id, client_key=client_key)
    except ScoreSheet.DoesNotExist:
        raise NotFound("No such sheet.") from None
    next_number = sheet.hand_count + 1
    # A retry of a recorded hand comes with its old number: look for it only then. (A first
    # attempt still in flight holds the row lock, so the retry sees it committed.) The tablet that
    # recorded it gets its answer even if the sheet has been signed or handed over since.
    if client_key is not None and number != next_number:
        recorded = sheet.hands.filter(client_key=client_key, created_by_id=actor.pk).first()
        if recorded is not None:
            return recorded, False
    if taken_back_id is not None:
        # Retries stay retries: a key whose hand was taken back is answered with the take-back, even
        # when its number is free again (a key is spent once it has been used).
        taken_back = TakenBackKey.objects.get(pk=taken_back_id)
        raise Conflict(
            _("Hand %(n)d sent with this key was taken back at %(time)s; it is not recorded again. Enter it "
              "again if it should stand.")
            % {"n": taken_back.hand_number, "time": timezone.localtime(taken_back.taken_back_at).strftime("%H:%M")},
            current_version=sheet.version, code="taken_back",
        )
    if not can_write_sheet(actor, sheet, roles=roles):
        raise NotFound("No such sheet.")
    if sheet.status == ScoreSheet.Status.LOCKED:
        raise ValidationError(_("This sheet is signed: only the chief referee can change it now."))
    # 3.5.6: at time-up the sheets close and the hand in progress scores nothing, but the hands
    # finished before it count. A tablet that was offline sends them afterwards, so a closed sheet
    # (not yet signed) still takes hands; the players confirm the sheet as it then stands.
    if sheet.status == ScoreSheet.Status.OPEN and sheet.session.status != Session.Status.RUNNING:
        raise ValidationError(_("The session is not running."))
    if next_number > MAX_HANDS:
        raise ValidationError(_("A session has at most 16 hands (rule 3.4.8)."))
    if number != next_number:
        raise Conflict(
            _("Hand %(n)d is already recorded; the next hand is %(next)d.") % {"n": number, "next": next_number},
            current_version=sheet.version,
            next_number=next_number,
        )
    hand = insert_row(
        Hand(sheet=sheet, number=number, client_key=client_key, created_by=actor, **scored_hand(sheet, number, entry))
    )
    changes = totals_plus(sheet, added=hand.deltas, count=1)
    if sheet.status == ScoreSheet.Status.CLOSED:
        changes["ended_by_time"] = changes["hand_count"] < MAX_HANDS
    sheet_save_new_version(sheet=sheet, **changes)
    audit_record(
        actor=actor,
        tournament=sheet.session.tournament,
        action=AuditAction.HAND_RECORDED,
        obj=hand,
        detail={"sheet": sheet.pk, "number": number, "result": hand.result, "deltas": list(hand.deltas),
                "tiles": hand.tiles, "sheet_status": sheet.status},
    )
    return hand, True


@transaction.atomic
def hand_delete_last(*, actor, sheet: ScoreSheet, expected_version: int) -> None:
    """Take back the last hand of a sheet not yet signed (a mistaken entry).

    A closed sheet too: a tablet offline at time-up sends its queued hands afterwards (3.5.6), and
    one of them may be the hand that was still in progress, which scores nothing. The version moves
    on, so confirmations given before the take-back no longer count.
    """
    sheet = lock_sheet(sheet.pk)
    check_version(sheet, expected_version)
    if sheet.status == ScoreSheet.Status.LOCKED:
        raise ValidationError(_("This sheet is signed: only the chief referee can change it now."))
    hand = sheet.hands.order_by("-number").first()
    if hand is None:
        raise ValidationError(_("The sheet has no hands."))
    audit_record(
        actor=actor, tournament=sheet.session.tournament, action=AuditAction.HAND_DELETED, obj=hand,
        detail={"sheet": sheet.pk, "number": hand.number, "deltas": list(hand.deltas), "tiles": hand.tiles,
                "sheet_status": sheet.status, "client_key": str(hand.client_key) if hand.client_key else None},
    )
    if hand.client_key is not None:
        # The key stays spent: a tablet resending the original submission is told of the take-back.
        TakenBackKey.objects.create(
            sheet=sheet, client_key=hand.client_key, hand_number=hand.number,
            taken_back_by=actor if getattr(actor, "pk", None) else None,
        )
    try:
        hand.delete()
    except ProtectedError:
        # Another app's record names this hand (an appeal, 3.12): it must stay for that record.
        raise ValidationError(
            _("Hand %(n)d is referred to elsewhere (an appeal): correct it rather than take it back.")
            % {"n": hand.number}
        ) from None
    changes = totals_plus(sheet, removed=hand.deltas, count=-1)
    if sheet.status == ScoreSheet.Status.CLOSED:
        changes["ended_by_time"] = True  # fewer than 16 hands now (3.5.6)
    sheet_save_new_version(sheet=sheet, **changes)
