"""Changes to recorded hands: an objection made at the table, and a hand corrected (before signing by the
referee; after it only on a basis, 3.9.1.4, 3.11.6.11(7))."""

from collections import Counter

from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils.translation import gettext as _

from scoring.engine import settle
from tournaments import events, extensions
from tournaments.audit import AuditAction, audit_record
from tournaments.errors import field_error
from tournaments.locks import lock_sheet
from tournaments.models import (
    Hand,
    HandObjection,
    ScoreSheet,
    ScoringMode,
    SheetAmendment,
)
from tournaments.sheets.entry import HandEntry
from tournaments.sheets.hand_scoring import absent_seats, scored_hand
from tournaments.sheets.services.versions import check_version, sheet_save_new_version, totals_plus

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
    check_version(sheet, expected_version)  # an objection to the hands as the referee saw them
    if sheet.status == ScoreSheet.Status.LOCKED:
        raise field_error("text", _("The sheet is signed: an objection is made at the table before signing; now only "
                                 "an appeal can change it (rules 3.11.6.11(7), 3.12)."), "late")
    if not isinstance(hand_number, int) or not sheet.hands.filter(number=hand_number).exists():
        raise field_error("hand_number", _("An objection is about a recorded hand: choose one of the sheet's hands."),
                       "hand")
    if seat is not None and seat not in (0, 1, 2, 3):
        raise field_error("seat", _("A seat is East, South, West or North."), "seat")
    text = " ".join((text or "").split())
    if not text:
        raise field_error("text", _("Say what is disputed."), "text")
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
            raise field_error("reference", _("Give the number of the upheld appeal."), "basis")
        verdict = extensions.amendment_basis_check("appeal", sheet.pk, reference)
        if verdict is None:
            raise field_error("basis", _("Appeals are not handled in this installation: no appeal can be checked."),
                           "basis")
        if not verdict.allowed:
            raise field_error("reference", verdict.message, "basis")
        return reference, verdict.article, None, None
    if basis == SheetAmendment.Basis.OBJECTION:
        # The objection recorded at the table, by its number: never a time typed afterwards (3.11.6.11(7)).
        reference = str(reference or "").strip().lstrip("#")
        objection = (sheet.objections.filter(pk=int(reference)).first() if reference.isdigit() else None)
        if objection is None:
            raise field_error("reference", _(
                "Give the number of an objection recorded at this table before the sheet was signed; a question "
                "raised afterwards changes a signed sheet only through an appeal (rules 3.9.1.4, 3.11.6.11(7))."),
                "late")
        if objection.hand_number != number:
            raise field_error("reference", _("Objection #%(id)s is about hand %(hand)d, not hand %(number)d.") % {
                "id": objection.pk, "hand": objection.hand_number, "number": number}, "basis")
        signed_at = sheet.locked_at
        if signed_at is None or objection.recorded_at >= signed_at:  # recorded before signing, by construction
            raise field_error("reference", _("Objection #%(id)s was recorded after the sheet was signed.") % {
                "id": objection.pk}, "late")
        if objection.amendments.exists():
            # 3.9.1.4 "如有异议，裁判核定": the referee rules on the objection once; a second change of the hand on
            # the same objection would be the review the article forbids ("不得再重新审核").
            raise field_error("reference", _(
                "Objection #%(id)s has been ruled on already: one objection, one ruling (rule 3.9.1.4). A further "
                "change of this signed hand goes through an appeal.") % {"id": objection.pk}, "ruled")
        return str(objection.pk), OBJECTION_ARTICLE, objection.recorded_at, objection
    raise field_error("basis", _(
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
    check_version(sheet, expected_version)
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
    before = _hand_state(hand)
    for field, value in scored_hand(sheet, number, entry).items():
        setattr(hand, field, value)
    hand.save()
    sheet_save_new_version(sheet=sheet, **totals_plus(sheet, added=hand.deltas, removed=before["deltas"]))
    after = _hand_state(hand)
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


def sheet_hands_resettle(*, sheet: ScoreSheet) -> list[int]:
    """Settle the sheet's won hands again for the seats that take no part in the session now: a forfeit
    (3.11.2.1) recorded or cancelled after hands were entered. Nobody pays for a forfeited seat
    (scoring/READINGS.md P2). Returns the numbers of the hands whose payments changed.

    Called inside the caller's transaction, on the sheet's locked row, by the app that changed the forfeit
    (it audits the change and moves the sheet's version on)."""
    absent = absent_seats(sheet)
    rule_set = sheet.session.tournament.rule_set
    changed = []
    for hand in sheet.hands.filter(result=Hand.Result.WIN).order_by("number"):
        deltas = settle(hand.total, winner=hand.winner, discarder=hand.discarder, rule_set=rule_set, absent=absent)
        if deltas != hand.deltas:
            hand.d0, hand.d1, hand.d2, hand.d3 = deltas
            hand.save(update_fields=["d0", "d1", "d2", "d3"])
            changed.append(hand.number)
    if changed:
        totals = [sum(column) for column in zip(*sheet.hands.values_list("d0", "d1", "d2", "d3"), strict=True)]
        sheet_save_new_version(sheet=sheet, **{f"total{seat}": totals[seat] for seat in range(4)})
    return changed


def _hand_state(hand: Hand) -> dict:
    """What a change records of a hand before and after it: the declaration too, so that a later ruling
    is checked against the hand as signed (_no_fan_added)."""
    return {"result": hand.result, "winner": hand.winner, "discarder": hand.discarder, "tiles": hand.tiles,
            "declared_fans": list(hand.declared_fans or ()), "total": hand.total, "deltas": list(hand.deltas)}


def _as_signed(sheet: ScoreSheet, hand: Hand) -> dict:
    """The hand as the players and the referee signed it: before its first change after signing, or as it
    stands when it has none. (A change recorded before the declaration was kept in `before` compares with
    the hand as it stands.)"""
    first = sheet.amendments.filter(hand_number=hand.number).order_by("changed_at", "pk").first()
    if first is not None and "declared_fans" in first.before:
        return first.before
    return _hand_state(hand)


def _no_fan_added(sheet: ScoreSheet, hand: Hand, entry: HandEntry) -> None:
    """3.9.1.4 "和牌者或他人不得再重新审核或追补漏报番种": in declared scoring, a signed hand won by a player comes
    back as that player's win only with fans they declared at the table (each at most as often), whatever the
    hand went through in between (a win corrected to a draw, then back to the win with more fans)."""
    if sheet.session.tournament.scoring_mode != ScoringMode.DECLARED:
        return
    signed = _as_signed(sheet, hand)
    if signed["result"] != Hand.Result.WIN or entry.result != Hand.Result.WIN or signed["winner"] != entry.winner:
        return
    before, after = Counter(signed["declared_fans"] or ()), Counter(entry.declared_fans or ())
    added = sorted((after - before).elements())
    if added:
        raise field_error("declared_fans", _(
            "Fans %(fans)s were not declared by the winner: a ruling may remove or confirm declared fans, never add "
            "the ones the winner missed (rule 3.9.1.4).") % {"fans": ", ".join(map(str, added))}, "declared")
