"""Filing, signing, deciding and escalating appeals (3.12-3.13)."""

import datetime as dt

from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from appeals.currencies import NOT_A_CURRENCY, is_currency
from appeals.models import Appeal, AppealDecision, AppealPolicy
from appeals.selectors import (
    ACKNOWLEDGE_3_13_3,
    DECIDE,
    ESCALATE,
    FEE_NOT_POSITIVE,
    FEE_RECEIVE,
    PAPER_SIGNATURE,
    SANCTION_SUBJECTS,
    SIGN,
    appeal_action_refusal,
    appeal_deadline,
    arbitration_cannot_uphold,
    chief_referees_ruling,
    may_appeal_for,
    policy_for,
    rank_cancellation_appeal_deadline,
)
from penalties.models import Penalty, RankCancellation
from penalties.services import penalty_cancel, rank_cancellation_withdraw
from tournaments import events
from tournaments.access import Capability, can, leads_team_of
from tournaments.audit import AuditAction, audit_record
from tournaments.errors import NotFound
from tournaments.locks import lock_sheet
from tournaments.models import Registration, ScoreSheet, SeatAssignment
from tournaments.sheets.entry import HandEntry
from tournaments.sheets.services import hand_correct


def _acknowledged_if_direct(*, given_by_id, tournament_id: int, direct: bool, acknowledged_3_13_3: bool) -> None:
    """3.12.4 offers the direct route; 3.13.3 says what the committee cannot do with the chief referee's
    sanction there (a penalty, a rank cancellation). The appellant is told before the fee is lodged for it."""
    if direct and not acknowledged_3_13_3 and chief_referees_ruling(
            given_by_id=given_by_id, tournament_id=tournament_id, direct=True):
        raise ValidationError({"acknowledged_3_13_3": str(ACKNOWLEDGE_3_13_3)}, code="acknowledge_3_13_3")


def _allowed(actor, appeal: Appeal, action: str) -> None:
    """The page offers the same actions (appeals.selectors.appeal_actions): one rule for both."""
    refusal = appeal_action_refusal(user=actor, appeal=appeal, action=action)
    if refusal is not None:
        raise refusal


@transaction.atomic
def appeal_file(
    *,
    actor,
    sheet: ScoreSheet,
    appellant: Registration,
    subject: str,
    category: str,
    statement: str,
    penalty: Penalty | None = None,
    hand_number: int | None = None,
    direct: bool = False,
    acknowledged_3_13_3: bool = False,
    now: dt.datetime | None = None,
) -> Appeal:
    """A player, or their team leader, files an appeal from their phone (3.12.1). It waits for an
    organizer to record the fee as received (3.12.2) before it can be decided."""
    if not may_appeal_for(actor, appellant):
        # 3.12.1: only the player concerned or their team leader; anyone else is an outsider here.
        raise NotFound("No such player.")
    return _file(
        actor=actor, sheet=sheet, appellant=appellant, subject=subject, category=category, statement=statement,
        penalty=penalty, hand_number=hand_number, direct=direct, acknowledged_3_13_3=acknowledged_3_13_3,
        on_paper=False, now=now,
    )


@transaction.atomic
def appeal_file_on_paper(
    *,
    actor,
    sheet: ScoreSheet,
    appellant: Registration,
    subject: str,
    category: str,
    statement: str,
    penalty: Penalty | None = None,
    hand_number: int | None = None,
    direct: bool = False,
    acknowledged_3_13_3: bool = False,
    handed_in_at: dt.datetime | None = None,
    now: dt.datetime | None = None,
) -> Appeal:
    """3.12.1, 3.12.3: a written appeal handed in on paper (a player with no account, and no team
    leader to file for them) is entered by the chief referee or an organizer. It is recorded as
    entered on paper, by whom; the signatures on the paper form are recorded next
    (appeal_paper_signature_record), and the fee as received by an organizer (3.12.2).

    `handed_in_at`: when the paper was handed in, if earlier than its entry; the 30 minutes of
    3.12.2 are counted to it (the appeal's filing time), not to when it is typed in. It cannot be
    in the future nor before the session started."""
    now = now or timezone.now()
    session = sheet.session
    tournament = session.tournament
    if not (can(actor, tournament, Capability.DECIDE_RULE_APPEALS) or can(actor, tournament, Capability.MANAGE)):
        raise NotFound("No such player.")
    if appellant.tournament_id != tournament.pk:
        raise NotFound("No such player.")
    if handed_in_at is not None:
        if handed_in_at > now:
            raise ValidationError({"handed_in_at": _("The time the paper was handed in cannot be in the future.")})
        if session.started_at is not None and handed_in_at < session.started_at:
            raise ValidationError(
                {"handed_in_at": _("The time the paper was handed in is before the session started.")}
            )
    return _file(
        actor=actor, sheet=sheet, appellant=appellant, subject=subject, category=category, statement=statement,
        penalty=penalty, hand_number=hand_number, direct=direct, acknowledged_3_13_3=acknowledged_3_13_3,
        on_paper=True, now=handed_in_at or now, entered_at=now,
    )


def _file(
    *, actor, sheet, appellant, subject, category, statement, penalty, hand_number, direct, acknowledged_3_13_3,
    on_paper, now, entered_at=None,
) -> Appeal:
    now = now or timezone.now()
    session = sheet.session
    tournament = session.tournament
    policy = policy_for(tournament)
    if not SeatAssignment.objects.filter(session=session, table=sheet.table, registration=appellant).exists():
        raise ValidationError({"sheet": _("The appellant did not play at this table.")})
    deadline = appeal_deadline(session, policy)
    if deadline is not None and now > deadline:
        raise ValidationError(
            _("The time to appeal ended at %(time)s, %(minutes)d minutes after the session (rule 3.12.2).")
            % {"time": timezone.localtime(deadline).strftime("%H:%M:%S"), "minutes": policy.window_minutes},
            code="late",
        )
    if not statement.strip():
        raise ValidationError({"statement": _("An appeal is made in writing: write the statement (rule 3.12.3).")})
    if category not in Appeal.Category.values:
        raise ValidationError({"category": _("Say whether the appeal is about the rules or something else.")})
    hand = None
    if subject == Appeal.Subject.PENALTY:
        if penalty is None or penalty.sheet_id != sheet.pk:
            raise ValidationError({"penalty": _("Choose a penalty given at this table.")})
        if penalty.status != Penalty.Status.ACTIVE:
            # 3.12: there is nothing left to appeal against; the fee would be held for nothing.
            raise ValidationError(
                {"penalty": _("This penalty has been cancelled: there is nothing to appeal against.")}
            )
        _acknowledged_if_direct(given_by_id=penalty.created_by_id, tournament_id=tournament.pk, direct=direct,
                                acknowledged_3_13_3=acknowledged_3_13_3)
    elif subject == Appeal.Subject.HAND:
        hand = sheet.hands.filter(number=hand_number).first()
        if hand is None:
            raise ValidationError({"hand_number": _("Choose a hand recorded on this sheet.")})
    elif subject != Appeal.Subject.SHEET:
        raise ValidationError({"subject": _("Choose what the appeal is against.")})
    category_sent = category
    if subject == Appeal.Subject.PENALTY:
        # A penalty is given under the rules: its appeal is a rules appeal (3.13.1), whatever kind
        # was sent; the other-appeals body could not overturn it (3.13.3) or would skip the chief referee.
        category = Appeal.Category.RULES
    return _appeal_create(
        actor=actor, tournament=tournament, policy=policy, appellant=appellant, subject=subject, category=category,
        category_sent=category_sent, statement=statement, direct=direct, on_paper=on_paper, now=now,
        entered_at=entered_at, acknowledged_3_13_3=acknowledged_3_13_3, session=session, sheet=sheet,
        penalty=penalty if subject == Appeal.Subject.PENALTY else None, hand=hand,
    )


def _appeal_create(
    *, actor, tournament, policy, appellant, subject, category, category_sent, statement, direct, on_paper, now,
    entered_at, acknowledged_3_13_3, session=None, sheet=None, penalty=None, hand=None, rank_cancellation=None,
) -> Appeal:
    """The appeal as filed, its route, its fee, and the audit event; what it is about is checked by the caller."""
    if direct:
        stage = Appeal.Stage.ARBITRATION  # 3.12.4: straight to the arbitration committee, the appellant's choice
    elif category == Appeal.Category.RULES:
        stage = Appeal.Stage.CHIEF_REFEREE  # 3.13.1: the chief referee decides first
    else:
        stage = policy.other_appeals_body  # 3.13.2
    by_leader = not on_paper and leads_team_of(actor, appellant) and appellant.player.user_id != actor.pk
    by_player = not on_paper and not by_leader
    appeal = Appeal.objects.create(
        tournament=tournament,
        session=session,
        sheet=sheet,
        subject=subject,
        penalty=penalty,
        hand=hand,
        rank_cancellation=rank_cancellation,
        category=category,
        appellant=appellant,
        statement=statement.strip(),
        filed_by=actor,
        filed_at=now,
        # Filing from a phone signs it; a paper form's signatures are recorded from the paper (3.12.3).
        appellant_signed_at=now if by_player else None,
        team_id=appellant.team_id,
        leader_signed_by=actor if by_leader else None,
        leader_signed_at=now if by_leader else None,
        fee_amount=policy.fee_amount,
        fee_currency=policy.fee_currency,
        fee_status=Appeal.Fee.AWAITING,  # 3.12.2: lodged with the appeal, recorded when received
        direct_to_arbitration=direct,
        on_paper=on_paper,
        stage=stage,
    )
    audit_record(
        actor=actor, tournament=tournament, action=AuditAction.APPEAL_FILED, obj=appeal,
        detail={"subject": subject, "category": category, "category_sent": category_sent, "stage": stage,
                "appellant": appellant.entry_number, "direct": direct, "on_paper": on_paper,
                "acknowledged_3_13_3": bool(acknowledged_3_13_3 and subject in SANCTION_SUBJECTS and direct),
                "fee": f"{appeal.fee_amount} {appeal.fee_currency}",
                **({"handed_in_at": now.isoformat()} if on_paper and entered_at and entered_at != now else {})},
    )
    return appeal


@transaction.atomic
def appeal_file_against_rank_cancellation(
    *,
    actor,
    cancellation: RankCancellation,
    statement: str,
    direct: bool = False,
    acknowledged_3_13_3: bool = False,
    now: dt.datetime | None = None,
) -> Appeal:
    """3.12.1 "对裁判员…所作的任何裁决，有提出申诉的权利": the player whose rank was cancelled (3.11.5), or
    their team leader, appeals against the cancellation, in writing with the fee (3.12.2, 3.12.3).

    It is a rules appeal (3.13.1: the chief referee hears it first), or goes straight to the arbitration
    committee (3.12.4), which cannot overturn a cancellation the chief referee gave (3.13.3: the appellant
    is told first). A cancellation may be decided after the event, away from any session: the window of
    3.12.2 ("在本局比赛结束后的30分钟", a tournament setting) runs from the decision. Upheld, the cancellation
    is withdrawn and the player's rank comes back."""
    now = now or timezone.now()
    cancellation = RankCancellation.objects.select_related("tournament", "registration__player").get(
        pk=cancellation.pk)
    appellant, tournament = cancellation.registration, cancellation.tournament
    if not may_appeal_for(actor, appellant):
        raise NotFound("No such player.")  # 3.12.1: only the player concerned or their team leader
    if cancellation.status != RankCancellation.Status.ACTIVE:
        raise ValidationError({"rank_cancellation": _(
            "This rank cancellation has been withdrawn: there is nothing to appeal against.")})
    policy = policy_for(tournament)
    deadline = rank_cancellation_appeal_deadline(cancellation, policy)
    if now > deadline:
        raise ValidationError(
            _("The time to appeal ended at %(time)s, %(minutes)d minutes after the decision. Rule 3.12.2 counts "
              "from the end of the session; a cancellation decided away from a session counts from the decision "
              "(this tournament's reading).")
            % {"time": timezone.localtime(deadline).strftime("%Y-%m-%d %H:%M"), "minutes": policy.window_minutes},
            code="late",
        )
    if not statement.strip():
        raise ValidationError({"statement": _("An appeal is made in writing: write the statement (rule 3.12.3).")})
    _acknowledged_if_direct(given_by_id=cancellation.created_by_id, tournament_id=tournament.pk, direct=direct,
                            acknowledged_3_13_3=acknowledged_3_13_3)
    return _appeal_create(
        actor=actor, tournament=tournament, policy=policy, appellant=appellant,
        subject=Appeal.Subject.RANK_CANCELLATION, category=Appeal.Category.RULES, category_sent=Appeal.Category.RULES,
        statement=statement, direct=direct, on_paper=False, now=now, entered_at=None,
        acknowledged_3_13_3=acknowledged_3_13_3, rank_cancellation=cancellation,
    )


@transaction.atomic
def appeal_fee_receive(*, actor, appeal: Appeal, now: dt.datetime | None = None) -> Appeal:
    """3.12.2 "并交…申诉费": an organizer (the organizing committee takes the money) records the fee
    lodged with the appeal as received; until then the appeal is not decided."""
    now = now or timezone.now()
    appeal = Appeal.objects.select_for_update(of=("self",)).select_related("tournament").get(pk=appeal.pk)
    _allowed(actor, appeal, FEE_RECEIVE)
    appeal.fee_status = Appeal.Fee.PAID
    appeal.fee_received_by, appeal.fee_received_at = actor, now
    appeal.save(update_fields=["fee_status", "fee_received_by", "fee_received_at"])
    audit_record(actor=actor, tournament=appeal.tournament, action=AuditAction.APPEAL_FEE_RECEIVED, obj=appeal,
                 detail={"fee": f"{appeal.fee_amount} {appeal.fee_currency}"})
    return appeal


@transaction.atomic
def appeal_sign(*, actor, appeal: Appeal, now: dt.datetime | None = None) -> Appeal:
    """3.12.3: the appellant and, for a team, the team leader sign the written appeal."""
    now = now or timezone.now()
    appeal = Appeal.objects.select_for_update().get(pk=appeal.pk)
    _allowed(actor, appeal, SIGN)
    signed = []
    if appeal.appellant.player.user_id == actor.pk and appeal.appellant_signed_at is None:
        appeal.appellant_signed_at = now
        signed.append("appellant")
    if appeal.team_id and leads_team_of(actor, appeal.appellant) and appeal.leader_signed_at is None:
        appeal.leader_signed_by, appeal.leader_signed_at = actor, now
        signed.append("leader")
    appeal.save(update_fields=["appellant_signed_at", "leader_signed_by", "leader_signed_at"])
    audit_record(
        actor=actor, tournament=appeal.tournament, action=AuditAction.APPEAL_SIGNED, obj=appeal, detail={"as": signed}
    )
    return appeal


@transaction.atomic
def appeal_paper_signature_record(*, actor, appeal: Appeal, signer: str, now: dt.datetime | None = None) -> Appeal:
    """3.12.3: the appeal is a written form. When the appellant (or the team leader) signed the paper
    form but cannot sign here (a player without an account), the chief referee or an organizer
    records that signature; the audit says who recorded it."""
    now = now or timezone.now()
    appeal = Appeal.objects.select_for_update(of=("self",)).select_related("tournament").get(pk=appeal.pk)
    _allowed(actor, appeal, PAPER_SIGNATURE)
    if signer == "appellant" and appeal.appellant_signed_at is None:
        appeal.appellant_signed_at = now
    elif signer == "leader" and appeal.needs_leader_signature:
        appeal.leader_signed_by, appeal.leader_signed_at = None, now
    else:
        raise ValidationError(
            {
                "signer": _(
                    "That signature is not missing: choose the appellant's or the team leader's missing signature."
                )
            }
        )
    appeal.save(update_fields=["appellant_signed_at", "leader_signed_by", "leader_signed_at"])
    audit_record(actor=actor, tournament=appeal.tournament, action=AuditAction.APPEAL_PAPER_SIGNATURE_RECORDED,
                 obj=appeal, detail={"as": signer})
    return appeal


@transaction.atomic
def appeal_decide(*, actor, appeal: Appeal, outcome: str, reasons: str, remedy: dict | None = None) -> Appeal:
    """Decide an appeal at its stage. Upholding applies the remedy through the normal services,
    refunds the fee and (through those services) recomputes results; rejecting forfeits the fee."""
    # The appeal's row alone: the remedy's services lock the penalty and the sheet they change.
    appeal = Appeal.objects.select_for_update(of=("self",)).select_related("tournament", "sheet__session").get(
        pk=appeal.pk
    )
    # Who decides at this stage (3.13), not a party (3.12.1) nor who decided before (3.13.1), once signed (3.12.3).
    _allowed(actor, appeal, DECIDE)
    if outcome not in ("upheld", "rejected"):
        raise ValidationError({"outcome": _("Uphold or reject the appeal.")})
    if not reasons.strip():
        raise ValidationError({"reasons": _("Give the reasons for the decision.")})
    remedy = remedy or {}
    if outcome == "upheld":
        if arbitration_cannot_uphold(appeal):
            # 3.13.3: the arbitration committee may not overturn the chief referee's penalty, given under
            # the rules or to keep discipline (a table referee's, sent straight, it may: 3.12.4).
            raise ValidationError(
                _("The arbitration committee cannot overturn a penalty given under the rules (rule 3.13.3)."),
                code="arbitration_limit",
            )
    # Decided first: the remedy's change to a signed sheet rests on this upheld appeal (the core
    # checks it, tournaments.extensions.amendment_basis_check); a refused remedy rolls it back.
    appeal.status = outcome
    # 3.12.2 "胜诉全额退款，败诉全款上缴": refunded in full if upheld, forfeited in full if rejected. A
    # penalty appeal escalated after its fee was forfeited keeps that forfeiture (no second fee).
    fee_before = appeal.fee_status
    appeal.fee_status = Appeal.Fee.REFUNDED if outcome == "upheld" else Appeal.Fee.FORFEITED
    fee_moves = fee_before != appeal.fee_status
    if fee_moves:
        appeal.fee_settled_by, appeal.fee_settled_at = actor, timezone.now()
    appeal.save(update_fields=["status", "fee_status", "fee_settled_by", "fee_settled_at"])
    if outcome == "upheld":
        _apply_remedy(actor, appeal, remedy, reasons)
    AppealDecision.objects.create(
        appeal=appeal, stage=appeal.stage, outcome=outcome, reasons=reasons.strip(), remedy=remedy, decided_by=actor
    )
    audit_record(
        actor=actor, tournament=appeal.tournament, obj=appeal,
        action=AuditAction.APPEAL_UPHELD if outcome == Appeal.Status.UPHELD else AuditAction.APPEAL_REJECTED,
        detail={"stage": appeal.stage, "reasons": reasons, "remedy": remedy, "fee": appeal.fee_status},
    )
    if fee_moves:
        audit_record(
            actor=actor, tournament=appeal.tournament, obj=appeal,
            action=AuditAction.APPEAL_FEE_REFUNDED if outcome == "upheld" else AuditAction.APPEAL_FEE_FORFEITED,
            detail={"fee": f"{appeal.fee_amount} {appeal.fee_currency}", "stage": appeal.stage},
        )
    events.tournament_finish_check_later(tournament_id=appeal.tournament_id)  # the last decision may finish it
    return appeal


def _apply_remedy(actor, appeal: Appeal, remedy: dict, reasons: str) -> None:
    reason = _("Appeal #%(id)s upheld: %(reasons)s") % {"id": appeal.pk, "reasons": reasons}
    if appeal.subject == Appeal.Subject.RANK_CANCELLATION:
        # Read, not locked: the withdrawal takes the tournament's lock, then the cancellation's (tournaments.locks).
        cancellation = RankCancellation.objects.get(pk=appeal.rank_cancellation_id)
        if cancellation.status != RankCancellation.Status.ACTIVE:
            remedy["rank_cancellation_already_withdrawn"] = True  # withdrawn since: the remedy is done
            return
        rank_cancellation_withdraw(actor=actor, cancellation=cancellation, reason=reason)
        return
    if appeal.subject == Appeal.Subject.PENALTY:
        penalty = Penalty.objects.select_for_update().get(pk=appeal.penalty_id)
        if penalty.status == Penalty.Status.CANCELLED:
            # Cancelled since the appeal was filed (by the chief referee, or another appeal): the
            # remedy is already done, and an appeal that succeeds gets its fee back (3.12.2).
            remedy["penalty_already_cancelled"] = True
            return
        penalty_cancel(actor=actor, penalty=penalty, reason=reason)
        return
    correction = remedy.get("hand")
    if correction is None:
        if appeal.subject == Appeal.Subject.HAND:
            raise ValidationError({"remedy": _("Give the corrected hand.")})
        return
    sheet = lock_sheet(appeal.sheet_id)  # the version read here is the one hand_correct checks
    entry = dict(correction)
    number = entry.pop("number", appeal.hand.number if appeal.hand else None)
    hand_correct(
        actor=actor, sheet=sheet, number=number, expected_version=sheet.version, reason=reason,
        entry=HandEntry.from_mapping(entry), basis="appeal", reference=str(appeal.pk),
    )


@transaction.atomic
def appeal_escalate(*, actor, appeal: Appeal, statement: str, acknowledged_3_13_3: bool = False) -> Appeal:
    """3.13.1 "若对裁决不服，可书面形式向仲裁委员会提出上诉": the appellant may take the chief referee's
    decision, in writing, to the arbitration committee. 3.13.1 names no fee for this 上诉: the fee
    lodged under 3.12.2 follows the appeal to its last decision and no second fee is taken.

    - Another appeal: its fee, forfeited by the rejection, is held again (refunded if the committee
      upholds, forfeited if it rejects).
    - A penalty appeal: the committee may review the penalty but not overturn it (3.13.3), so it
      can only confirm it. The appellant is told so and must say they understand; the forfeited
      fee stays forfeited: nothing is held again for an outcome the rules exclude.
    """
    appeal = Appeal.objects.select_for_update(of=("self",)).select_related("tournament").get(pk=appeal.pk)
    _allowed(actor, appeal, ESCALATE)
    if not statement.strip():
        raise ValidationError({"statement": _("An appeal is made in writing: write the statement (rule 3.12.3).")})
    against_penalty = appeal.subject in SANCTION_SUBJECTS
    if against_penalty and not acknowledged_3_13_3:
        raise ValidationError({"acknowledged_3_13_3": str(ACKNOWLEDGE_3_13_3)}, code="acknowledge_3_13_3")
    appeal.stage = Appeal.Stage.ARBITRATION
    appeal.status = Appeal.Status.OPEN
    if not against_penalty:
        # The same fee, held again; an old appeal whose receipt was never recorded waits for it.
        appeal.fee_status = Appeal.Fee.PAID if appeal.fee_received_at else Appeal.Fee.AWAITING
        appeal.fee_settled_by, appeal.fee_settled_at = None, None
    appeal.statement = f"{appeal.statement}\n\n---\n{statement.strip()}"
    appeal.save(update_fields=["stage", "status", "fee_status", "fee_settled_by", "fee_settled_at", "statement"])
    audit_record(actor=actor, tournament=appeal.tournament, action=AuditAction.APPEAL_ESCALATED, obj=appeal,
                 detail={"fee": appeal.fee_status, "acknowledged_3_13_3": against_penalty})
    return appeal


@transaction.atomic
def appeal_policy_update(
    *, actor, tournament, window_minutes: int, fee_amount, fee_currency: str, other_appeals_body: str
) -> AppealPolicy:
    """The organizers' appeal settings: the window (3.12.2), the fee (3.12.2), the body for other appeals (3.13.2)."""
    policy = policy_for(tournament)
    before = {"window_minutes": policy.window_minutes, "fee": f"{policy.fee_amount} {policy.fee_currency}",
              "other_appeals_body": policy.other_appeals_body}
    errors = {}
    if fee_amount is None or fee_amount <= 0:
        # 3.12.2 "并交200美元（或组委会指定等值货币）申诉费": an appeal is lodged with a fee.
        errors["fee_amount"] = str(FEE_NOT_POSITIVE)
    if not is_currency(fee_currency or ""):
        errors["fee_currency"] = str(NOT_A_CURRENCY)
    if errors:
        raise ValidationError(errors)
    policy.window_minutes = window_minutes
    policy.fee_amount = fee_amount
    policy.fee_currency = fee_currency.upper()
    policy.other_appeals_body = other_appeals_body
    policy.full_clean()
    policy.save()
    audit_record(actor=actor, tournament=tournament, action=AuditAction.APPEAL_POLICY_UPDATED, obj=policy,
                 detail={"before": before, "after": {"window_minutes": window_minutes,
                                                     "fee": f"{policy.fee_amount} {policy.fee_currency}",
                                                     "other_appeals_body": other_appeals_body}})
    return policy
