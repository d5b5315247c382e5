"""Score sheets: hands, closing, confirmations and signatures (3.9, Appendix 5)."""

import functools
import uuid
from collections import Counter
from typing import NamedTuple

from django.core.exceptions import ValidationError
from django.db import IntegrityError, connection, transaction
from django.db.models import ProtectedError
from django.utils import timezone
from django.utils.translation import gettext as _

from scoring.engine import HandError, check_declared, check_declared_tiles, evaluate, get_rule_set, settle
from scoring.engine.table import MAX_HANDS, hand_winds
from scoring.messages import (
    declared_problem_message,
    declared_tiles_message,
    fan_display_name,
    hand_error_message,
    reason_message,
)
from tournaments import events, extensions
from tournaments.access import Capability, can, can_write_sheet
from tournaments.audit import AuditAction, audit_record
from tournaments.errors import Conflict, NotFound
from tournaments.locks import lock_sheet, lock_sheet_reading, lock_sheets, lock_tournament
from tournaments.models import (
    SHEET_REMARKS_MAX_LENGTH,
    Hand,
    HandObjection,
    Membership,
    Registration,
    Role,
    ScoreSheet,
    ScoringMode,
    SeatAssignment,
    Session,
    SheetAmendment,
    TakenBackKey,
)
from tournaments.pins import pin_burst_blocked, pin_burst_count, pin_verify
from tournaments.rows import insert_row, update_row
from tournaments.sheets.entry import WIN_FLAGS, HandEntry


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
    give: its referees are planned instead (tournaments.staff.services.session_referees_plan).
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


def _invalid(field: str, message, code: str | None = None) -> ValidationError:
    """A field error that keeps its code (the API reports it)."""
    return ValidationError({field: ValidationError(message, code=code)})


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


def _totals_plus(sheet: ScoreSheet, added=(0, 0, 0, 0), removed=(0, 0, 0, 0), count: int = 0) -> dict:
    """The sheet's derived totals (total0..total3, hand_count) after hands are added, changed or
    removed: for sheet_save_new_version."""
    fields = {f"total{seat}": sheet.totals[seat] + added[seat] - removed[seat] for seat in range(4)}
    fields["hand_count"] = sheet.hand_count + count
    return fields


def _scored_hand(sheet: ScoreSheet, number: int, entry: HandEntry) -> dict:
    """Validate one hand of `sheet` with the engine and return the model fields it fills."""
    tournament = sheet.session.tournament
    return scored_hand_fields(
        rules=tournament.rules, number=number, entry=entry, sheet=sheet, scoring_mode=tournament.scoring_mode,
        rule_set=tournament.rule_set,
    )


def scored_hand_fields(
    *, rules: str, number: int, entry: HandEntry, sheet: ScoreSheet | None = None,
    scoring_mode: str = ScoringMode.ELECTRONIC, rule_set: str = "full",
) -> dict:
    """Validate one hand with the engine and return the Hand model fields it fills (no writes).

    `entry`: the hand as entered (see HandEntry). The winds come from the hand number (3.4.5,
    3.4.6). `sheet`, the score sheet written, lets other apps refuse a win (3.11.3); without it (a sheet not
    saved yet, as in an archive import) no refusal is asked for.

    `scoring_mode` (the tournament's, docs/scoring-modes.md): with electronic scoring the engine's
    count of the tiles is the hand's score (3.7.1 "或电子计分", 3.9.1.5); with declared scoring the
    hand scores the fans the winner declared (3.9.1.4 "自报、公认"), each checked against the tiles,
    and nothing the winner missed is added ("不得再重新审核或追补漏报番种"). In both modes a hand
    entered without tiles scores the ticked fans, unverified.

    `rules` is the reading (the engine's profile); `rule_set` the full or elementary rules: their
    fans, minimum (8 / 6) and payments (base 8 / none, scoring/READINGS.md E2).
    """
    if not isinstance(entry, HandEntry):
        raise TypeError(f"entry must be a HandEntry, not {type(entry).__name__}")
    result = entry.result
    if result == Hand.Result.DRAW:
        _refuse_hand(sheet, number, winner=None, discarder=None)
        return {"result": result, "winner": None, "discarder": None, "tiles": "", "flowers": 0,
                **{flag: False for flag in WIN_FLAGS}, "declared_fans": [], "verified": False, "fans": [],
                "fan_points": 0, "total": 0, "d0": 0, "d1": 0, "d2": 0, "d3": 0}
    if result != Hand.Result.WIN:
        raise ValidationError({"result": _("A hand is a win or a draw.")})
    winner, discarder = entry.winner, entry.discarder
    if winner not in (0, 1, 2, 3):
        raise ValidationError({"winner": _("Choose the winner.")})
    if discarder is not None and (discarder not in (0, 1, 2, 3) or discarder == winner):
        raise ValidationError({"discarder": _("The discarder must be one of the three other players.")})
    _refuse_hand(sheet, number, winner=winner, discarder=discarder)
    flags = {flag: bool(getattr(entry, flag)) for flag in WIN_FLAGS}
    flowers = entry.flowers
    tiles = (entry.tiles or "").strip()
    declared = list(entry.declared_fans or [])
    if 81 in declared:  # Flower Tiles ticked as a fan: the flowers are their count (fan 81)
        flowers = (flowers or 0) + declared.count(81)
        declared = [number for number in declared if number != 81]
    declared_mode = scoring_mode == ScoringMode.DECLARED
    try:
        if tiles and declared_mode:
            if not declared:
                raise ValidationError({"declared_fans": ValidationError(
                    _("Declared scoring: tick the fans the winner declared (rule 3.9.1.4)."), code="declared_missing")})
            fans, fan_points, total = _score_declared_tiles(
                rules, number, winner, discarder, tiles, declared, flowers, flags, rule_set)
        elif tiles:
            fans, fan_points, total = _score_tiles(rules, number, winner, discarder, tiles, flowers, flags, rule_set)
        elif declared:
            fans, fan_points, total = _score_declared(rules, declared, flowers, rule_set)
        else:
            raise ValidationError({"tiles": _("Enter the winning hand's tiles, or tick the declared fans.")})
        deltas = settle(total, winner=winner, discarder=discarder, rule_set=rule_set)  # 3.9.1.3; elementary: no base
    except HandError as error:
        raise _invalid("tiles", hand_error_message(error), error.code) from error
    return {
        "result": result, "winner": winner, "discarder": discarder, "tiles": tiles, "flowers": flowers, **flags,
        "declared_fans": list(declared) if (declared_mode or not tiles) else [], "verified": bool(tiles), "fans": fans,
        "fan_points": fan_points, "total": total, "d0": deltas[0], "d1": deltas[1], "d2": deltas[2], "d3": deltas[3],
    }


def _refuse_hand(sheet: ScoreSheet | None, number: int, *, winner: int | None, discarder: int | None) -> None:
    """What the apps above refuse (3.11.2.1, 3.11.3, 3.11.4: see extensions.hand_refusals); not asked
    without a sheet (a hand checked before its sheet exists, as in an archive import)."""
    if sheet is None:
        return
    refusal = extensions.hand_refusal(extensions.HandAt(
        sheet_id=sheet.pk, session_id=sheet.session_id, table_id=sheet.table_id, hand_number=number,
        winner=winner, discarder=discarder))
    if refusal:
        raise _invalid("winner" if winner is not None else "result", refusal, "hand_refused")


def _score_tiles(rules, number, winner, discarder, tiles, flowers, flags, rule_set="full") -> tuple[list, int, int]:
    """The engine's verdict on the tiles, with the winds of this hand; refused unless a legal win."""
    winds = hand_winds(number)
    ev = evaluate(
        tiles,
        self_drawn=discarder is None,
        seat_wind=winds.seat_winds[winner],
        prevalent_wind=winds.prevalent,
        flowers=flowers,
        profile=rules,
        rule_set=rule_set,
        **flags,
    )
    if not ev.is_winning:  # 3.7.2, 3.9.1.1 (elementary: 6)
        raise _invalid("tiles", reason_message(ev.reason, ev.fan_points, ev.minimum), ev.reason)
    return [{"number": hit.fan.number, "count": hit.count} for hit in ev.fans], ev.fan_points, ev.total


def _declared_check(rules, number, winner, discarder, tiles, declared, flowers, flags, rule_set="full"):
    winds = hand_winds(number)
    return check_declared_tiles(
        tiles, declared, flowers=flowers, profile=rules, rule_set=rule_set, self_drawn=discarder is None,
        seat_wind=winds.seat_winds[winner], prevalent_wind=winds.prevalent, **flags,
    )


def _declared_messages(check) -> list[str]:
    messages = []
    for code, fan, detail in check.problems:
        if code == "not_a_win":
            messages.append(reason_message(check.engine.reason, check.engine.fan_points, check.engine.minimum))
        else:
            messages.append(declared_tiles_message(code, fan, detail, minimum=check.engine.minimum))
    return messages


def _score_declared_tiles(rules, number, winner, discarder, tiles, declared, flowers, flags,
                          rule_set="full") -> tuple[list, int, int]:
    """Declared scoring (3.9.1.4): the declared fans, each one the tiles give, in one reading;
    the hand scores them and nothing more. Under 8 (elementary: 6) on tiles worth that much is a
    false win (3.11.6.6)."""
    check = _declared_check(rules, number, winner, discarder, tiles, declared, flowers, flags, rule_set)
    if check.problems:
        codes = {code for code, _, _ in check.problems}
        # a false win is offered as such: the tablet links to the foul page (3.11.6.6)
        code = "false_win" if "false_win" in codes else ("not_a_win" if "not_a_win" in codes else "declared")
        field = "tiles" if code == "not_a_win" else "declared_fans"
        raise _invalid(field, " ".join(_declared_messages(check)), code)
    counts = Counter(check.declared)
    if check.flowers:
        counts[81] = check.flowers
    return [{"number": n, "count": c} for n, c in sorted(counts.items())], check.fan_points, check.total


def hand_preview(*, sheet: ScoreSheet, number: int, entry: HandEntry, language: str = "en") -> dict:
    """What the tablet shows before a hand is recorded (no writes): the engine's count of the tiles
    in both scoring modes and, with declared scoring, the declared fans checked against it, the fans
    the winner missed (information only: they are not added, 3.9.1.4) and whether the declaration
    is a false win (3.11.6.6). Problems come back as messages, not errors."""
    tournament = sheet.session.tournament
    mode = tournament.scoring_mode
    result = {"scoring_mode": mode, "engine": None, "declared": None, "problems": [], "false_win": False}
    tiles = (entry.tiles or "").strip()
    if entry.result != Hand.Result.WIN or entry.winner not in (0, 1, 2, 3) or not tiles:
        return result
    if not 1 <= number <= MAX_HANDS:
        return result
    discarder = entry.discarder if entry.discarder in (0, 1, 2, 3) and entry.discarder != entry.winner else None
    flags = {flag: bool(getattr(entry, flag)) for flag in WIN_FLAGS}
    declared = [n for n in (entry.declared_fans or ()) if n != 81]
    flowers = (entry.flowers or 0) + list(entry.declared_fans or ()).count(81)

    def fan_rows(pairs):
        from scoring.engine.fans import FAN_BY_NUMBER

        rows = []
        for n, c in pairs:
            fan = FAN_BY_NUMBER.get(n)
            if fan is not None:
                rows.append({"number": n, "name": fan_display_name(fan, language), "count": c,
                             "points": fan.points * c})
        return rows

    try:
        check = _declared_check(rules=tournament.rules, number=number, winner=entry.winner, discarder=discarder,
                                tiles=tiles, declared=declared, flowers=min(flowers, 8), flags=flags,
                                rule_set=tournament.rule_set)
    except HandError as error:
        result["problems"] = [hand_error_message(error)]
        return result
    ev = check.engine
    result["engine"] = {
        "fans": fan_rows((hit.fan.number, hit.count) for hit in ev.fans if hit.fan.number != 81),
        "fan_points": ev.fan_points, "total": ev.total, "is_winning": ev.is_winning,
        "message": "" if ev.is_winning else reason_message(ev.reason, ev.fan_points, ev.minimum),
    }
    if mode == ScoringMode.DECLARED:
        unsupported = sorted({fan for code, fan, _ in check.problems if code == "unsupported"})
        result["declared"] = {
            "fans": fan_rows(check.declared.items()), "fan_points": check.fan_points, "total": check.total,
            "unsupported": unsupported, "missed": fan_rows(check.missed.items()),
        }
        result["problems"] = _declared_messages(check) if declared else []
        result["false_win"] = bool(declared) and check.is_false_win
    return result


def _score_declared(rules, declared, flowers, rule_set="full") -> tuple[list, int, int]:
    """Fans the referee ticked: compatible with each other (3.9.1.6), of the rule set (the 30 fans of
    the elementary rules) and worth its minimum (8, 3.9.1.1; elementary 6)."""
    check = check_declared(declared, flowers=flowers, profile=rules, rule_set=rule_set)
    if check.problems:
        minimum = get_rule_set(rule_set).minimum
        messages = [declared_problem_message(*problem, minimum=minimum) for problem in check.problems]
        raise _invalid("declared_fans", "; ".join(messages), "declared")
    counts = Counter(declared)
    if flowers:
        counts[81] = flowers  # listed as fan 81, as the engine lists them for a hand entered with tiles
    return [{"number": n, "count": c} for n, c in sorted(counts.items())], check.fan_points, check.total


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
        Hand(sheet=sheet, number=number, client_key=client_key, created_by=actor, **_scored_hand(sheet, number, entry))
    )
    changes = _totals_plus(sheet, added=hand.deltas, count=1)
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


# The article each basis of a change to a signed sheet rests on (3.9.1.4, 3.11.6.11(7)): an upheld
# appeal names its own (3.12 or 3.13, from the appeals app); an objection made before signing and
# decided by the chief referee rests on 3.7.1 "有异议请裁判审定" / 3.9.1.4 "如有异议，裁判核定", and
# 3.11.6.11(7) makes it the only one: "发现问题应及时指出并申请裁判解决，事后追诉无效".
OBJECTION_ARTICLE = "3.9.1.4, 3.11.6.11(7)"


@transaction.atomic
def objection_record(*, actor, sheet: ScoreSheet, expected_version: int, hand_number: int, text: str,
                     seat: int | None = None) -> HandObjection:
    """An objection made at the table on a recorded hand (3.9.1.4 "如有异议，裁判核定"), recorded when it is made,
    before the sheet is signed (3.11.6.11(7) "发现问题应及时指出…事后追诉无效"). The chief referee's ruling on it,
    after the signature, names it (hand_correct, basis "objection")."""
    sheet = lock_sheet(sheet.pk)
    _check_version(sheet, expected_version)  # an objection to the hands as the referee saw them
    if sheet.status == ScoreSheet.Status.LOCKED:
        raise _invalid("text", _("The sheet is signed: an objection is made at the table before signing; now only "
                                 "an appeal can change it (rules 3.11.6.11(7), 3.12)."), "late")
    if not isinstance(hand_number, int) or not sheet.hands.filter(number=hand_number).exists():
        raise _invalid("hand_number", _("An objection is about a recorded hand: choose one of the sheet's hands."),
                       "hand")
    if seat is not None and seat not in (0, 1, 2, 3):
        raise _invalid("seat", _("A seat is East, South, West or North."), "seat")
    text = " ".join((text or "").split())
    if not text:
        raise _invalid("text", _("Say what is disputed."), "text")
    objection = HandObjection.objects.create(sheet=sheet, hand_number=hand_number, seat=seat, text=text[:300],
                                             recorded_by=actor if getattr(actor, "pk", None) else None)
    audit_record(actor=actor, tournament=sheet.session.tournament, action=AuditAction.HAND_OBJECTION_RECORDED,
                 obj=objection, detail={"sheet": sheet.pk, "number": hand_number, "objection": objection.pk,
                                        "text": objection.text, "seat": seat})
    return objection


def _amendment_basis(sheet: ScoreSheet, basis: str, reference: str, number: int) -> tuple[str, str, object, object]:
    """Check the basis of a change to a signed sheet: (reference, article, objection time, objection)."""
    if basis == SheetAmendment.Basis.APPEAL:
        reference = str(reference or "").strip()
        if not reference:
            raise _invalid("reference", _("Give the number of the upheld appeal."), "basis")
        verdict = extensions.amendment_basis_check("appeal", sheet.pk, reference)
        if verdict is None:
            raise _invalid("basis", _("Appeals are not handled in this installation: no appeal can be checked."),
                           "basis")
        if not verdict.allowed:
            raise _invalid("reference", verdict.message, "basis")
        return reference, verdict.article, None, None
    if basis == SheetAmendment.Basis.OBJECTION:
        # The objection recorded at the table, by its number: never a time typed afterwards (3.11.6.11(7)).
        reference = str(reference or "").strip().lstrip("#")
        objection = (sheet.objections.filter(pk=int(reference)).first() if reference.isdigit() else None)
        if objection is None:
            raise _invalid("reference", _(
                "Give the number of an objection recorded at this table before the sheet was signed; a question "
                "raised afterwards changes a signed sheet only through an appeal (rules 3.9.1.4, 3.11.6.11(7))."),
                "late")
        if objection.hand_number != number:
            raise _invalid("reference", _("Objection #%(id)s is about hand %(hand)d, not hand %(number)d.") % {
                "id": objection.pk, "hand": objection.hand_number, "number": number}, "basis")
        signed_at = sheet.locked_at
        if signed_at is None or objection.recorded_at >= signed_at:  # recorded before signing, by construction
            raise _invalid("reference", _("Objection #%(id)s was recorded after the sheet was signed.") % {
                "id": objection.pk}, "late")
        return str(objection.pk), OBJECTION_ARTICLE, objection.recorded_at, objection
    raise _invalid("basis", _(
        "A signed sheet changes only through an upheld appeal or the chief referee's ruling on an objection "
        "made before signing (rules 3.9.1.4, 3.11.6.11(7)): choose the basis."
    ), "basis")


@transaction.atomic
def hand_correct(
    *, actor, sheet: ScoreSheet, number: int, expected_version: int, entry: HandEntry, reason: str = "",
    basis: str = "", reference: str = "",
) -> Hand:
    """Replace recorded hand `number` by `entry`.

    A sheet not yet signed: the referee corrects it (the players confirm it again). A signed sheet
    changes only on a basis (3.9.1.4 "和牌者或他人不得再重新审核或追补漏报番种", 3.11.6.11(7) 不追诉原则):
    `basis` "appeal" with `reference` the upheld appeal's number (checked by the appeals app through
    tournaments.extensions), or "objection" with `reference` the number of an objection recorded at the
    table before the sheet was signed (objection_record), which the chief referee now rules on; and a
    reason. The basis and the article it rests on go into the audit event and the sheet's history
    (SheetAmendment). In declared scoring a change to a signed sheet never adds a fan the winner did not
    declare (3.9.1.4 "不得再重新审核或追补漏报番种"): a ruling may remove or confirm declared fans.
    """
    sheet = lock_sheet(sheet.pk)
    _check_version(sheet, expected_version)
    hand = sheet.hands.filter(number=number).first()
    if hand is None:
        raise ValidationError({"number": _("There is no hand %(n)d on this sheet.") % {"n": number}})
    locked = sheet.status == ScoreSheet.Status.LOCKED
    amendment = None
    if locked:
        reference, article, objection_at, objection = _amendment_basis(sheet, basis, reference, number)
        if not reason.strip():
            raise ValidationError({"reason": _("Changing a signed sheet needs a reason.")})
        _no_fan_added(sheet, hand, entry)
        amendment = {"basis": basis, "reference": reference if basis == SheetAmendment.Basis.APPEAL else "",
                     "objection_at": objection_at, "objection": objection, "article": article}
    before = {"result": hand.result, "tiles": hand.tiles, "deltas": list(hand.deltas)}
    for field, value in _scored_hand(sheet, number, entry).items():
        setattr(hand, field, value)
    hand.save()
    sheet_save_new_version(sheet=sheet, **_totals_plus(sheet, added=hand.deltas, removed=before["deltas"]))
    after = {"result": hand.result, "tiles": hand.tiles, "deltas": list(hand.deltas)}
    detail = {"sheet": sheet.pk, "number": number, "reason": reason, "before": before, "after": after,
              "sheet_status": sheet.status}
    if amendment is not None:
        SheetAmendment.objects.create(
            sheet=sheet, hand_number=number, reason=reason.strip()[:500], before=before, after=after,
            changed_by=actor if getattr(actor, "pk", None) else None, **amendment,
        )
        detail.update(basis=basis, reference=reference, article=amendment["article"],
                      objection_at=objection_at.isoformat() if objection_at else None)
    audit_record(
        actor=actor,
        tournament=sheet.session.tournament,
        action=AuditAction.HAND_CORRECTED,
        obj=hand,
        detail=detail,
    )
    if locked:
        events.standings_recompute_later(tournament_id=sheet.session.tournament_id)
    return hand


def _no_fan_added(sheet: ScoreSheet, hand: Hand, entry: HandEntry) -> None:
    """3.9.1.4 "和牌者或他人不得再重新审核或追补漏报番种": in declared scoring, the same winner's hand corrected on a
    signed sheet keeps to the fans declared (each at most as often as declared)."""
    if sheet.session.tournament.scoring_mode != ScoringMode.DECLARED:
        return
    if hand.result != Hand.Result.WIN or entry.result != Hand.Result.WIN or hand.winner != entry.winner:
        return
    before, after = Counter(hand.declared_fans or ()), Counter(entry.declared_fans or ())
    added = sorted((after - before).elements())
    if added:
        raise _invalid("declared_fans", _(
            "Fans %(fans)s were not declared by the winner: a ruling may remove or confirm declared fans, never add "
            "the ones the winner missed (rule 3.9.1.4).") % {"fans": ", ".join(map(str, added))}, "declared")


@transaction.atomic
def hand_delete_last(*, actor, sheet: ScoreSheet, expected_version: int) -> None:
    """Take back the last hand of a sheet not yet signed (a mistaken entry).

    A closed sheet too: a tablet offline at time-up sends its queued hands afterwards (3.5.6), and
    one of them may be the hand that was still in progress, which scores nothing. The version moves
    on, so confirmations given before the take-back no longer count.
    """
    sheet = lock_sheet(sheet.pk)
    _check_version(sheet, expected_version)
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
    changes = _totals_plus(sheet, removed=hand.deltas, count=-1)
    if sheet.status == ScoreSheet.Status.CLOSED:
        changes["ended_by_time"] = True  # fewer than 16 hands now (3.5.6)
    sheet_save_new_version(sheet=sheet, **changes)


@transaction.atomic
def sheet_close(*, actor, sheet: ScoreSheet, expected_version: int) -> ScoreSheet:
    """The referee closes the sheet for signing: after 16 hands, or earlier at time-up (3.5.6).

    Safe to retry: closing a sheet that is already closed (or signed) answers with the sheet as it
    is, without a second audit event, whatever version the retry carries (its first try moved it).
    """
    sheet = lock_sheet(sheet.pk)
    if sheet.status != ScoreSheet.Status.OPEN:
        return sheet
    _check_version(sheet, expected_version)
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
        raise _invalid(
            "remarks",
            _("The remarks are %(n)d characters long: shorten them to %(max)d at most.")
            % {"n": len(remarks), "max": SHEET_REMARKS_MAX_LENGTH},
            "too_long",
        )
    if "\x00" in remarks:
        raise _invalid("remarks", _("The remarks contain a character that cannot be stored; retype them."), "invalid")
    sheet = lock_sheet(sheet.pk)
    if sheet.status == ScoreSheet.Status.LOCKED:
        raise ValidationError(_("This sheet is signed: its remarks can no longer change."))
    _check_version(sheet, expected_version)
    if remarks == sheet.remarks:
        return sheet
    before = sheet.remarks
    sheet_save_new_version(sheet=sheet, remarks=remarks)
    audit_record(
        actor=actor, tournament=sheet.session.tournament, action=AuditAction.SHEET_REMARKS_SET, obj=sheet,
        detail={"remarks": remarks, "before": before},
    )
    return sheet


def _check_version(sheet: ScoreSheet, expected_version: int | None) -> None:
    """Conflict (409) unless the locked sheet is still at the version the client saw; None: no check."""
    if expected_version is not None and sheet.version != expected_version:
        raise Conflict(
            _("The sheet has changed since you loaded it; reload and try again."), current_version=sheet.version
        )


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
    _check_version(sheet, expected_version)
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
    _check_version(sheet, expected_version)
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

