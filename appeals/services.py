"""Filing, signing, deciding and escalating appeals (3.12-3.13)."""

import datetime as dt

from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from appeals.models import Appeal, AppealDecision, AppealPolicy
from appeals.selectors import (
    DECIDE,
    ESCALATE,
    PAPER_SIGNATURE,
    SIGN,
    appeal_action_refusal,
    appeal_deadline,
    may_appeal_for,
    policy_for,
)
from penalties.models import Penalty
from penalties.services import penalty_cancel
from tournaments.access import leads_team_of
from tournaments.audit import AuditAction, audit_record
from tournaments.errors import NotFound
from tournaments.locks import lock_sheet
from tournaments.models import Registration, ScoreSheet, SeatAssignment
from tournaments.sheets.entry import HandEntry
from tournaments.sheets.services import hand_correct


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
    now: dt.datetime | None = None,
) -> Appeal:
    now = now or timezone.now()
    if not may_appeal_for(actor, appellant):
        # 3.12.1: only the player concerned or their team leader; anyone else is an outsider here.
        raise NotFound("No such player.")
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
    elif subject == Appeal.Subject.HAND:
        hand = sheet.hands.filter(number=hand_number).first()
        if hand is None:
            raise ValidationError({"hand_number": _("Choose a hand recorded on this sheet.")})
    elif subject != Appeal.Subject.SHEET:
        raise ValidationError({"subject": _("Choose what the appeal is against.")})
    category_sent = category
    if subject == Appeal.Subject.PENALTY:
        # A penalty is given under the rules: its appeal goes to the chief referee first (3.13.1),
        # whatever kind was sent. Another body could not overturn it (3.13.3) or would skip him.
        category = Appeal.Category.RULES
    if category == Appeal.Category.RULES:
        stage = Appeal.Stage.CHIEF_REFEREE  # 3.13.1: the chief referee decides first
    else:
        stage = policy.other_appeals_body  # 3.13.2
    by_leader = leads_team_of(actor, appellant) and appellant.player.user_id != actor.pk
    appeal = Appeal.objects.create(
        tournament=tournament,
        session=session,
        sheet=sheet,
        subject=subject,
        penalty=penalty if subject == Appeal.Subject.PENALTY else None,
        hand=hand,
        category=category,
        appellant=appellant,
        statement=statement.strip(),
        filed_by=actor,
        filed_at=now,
        appellant_signed_at=None if by_leader else now,
        team_id=appellant.team_id,
        leader_signed_by=actor if by_leader else None,
        leader_signed_at=now if by_leader else None,
        fee_amount=policy.fee_amount,
        fee_currency=policy.fee_currency,
        stage=stage,
    )
    audit_record(
        actor=actor, tournament=tournament, action=AuditAction.APPEAL_FILED, obj=appeal,
        detail={"subject": subject, "category": category, "category_sent": category_sent, "stage": stage,
                "appellant": appellant.entry_number,
                "fee": f"{appeal.fee_amount} {appeal.fee_currency}"},
    )
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
        if appeal.stage == Appeal.Stage.ARBITRATION and appeal.subject == Appeal.Subject.PENALTY:
            # 3.13.3: the arbitration committee may not change a penalty given under the rules
            # or to keep discipline.
            raise ValidationError(
                _("The arbitration committee cannot overturn a penalty given under the rules (rule 3.13.3)."),
                code="arbitration_limit",
            )
    # Decided first: the remedy's change to a signed sheet rests on this upheld appeal (the core
    # checks it, tournaments.extensions.amendment_basis_check); a refused remedy rolls it back.
    appeal.status = outcome
    appeal.fee_status = Appeal.Fee.REFUNDED if outcome == "upheld" else Appeal.Fee.FORFEITED
    appeal.save(update_fields=["status", "fee_status"])
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
    return appeal


def _apply_remedy(actor, appeal: Appeal, remedy: dict, reasons: str) -> None:
    reason = _("Appeal #%(id)s upheld: %(reasons)s") % {"id": appeal.pk, "reasons": reasons}
    if appeal.subject == Appeal.Subject.PENALTY:
        penalty = Penalty.objects.select_for_update().get(pk=appeal.penalty_id)
        if penalty.status == Penalty.Status.CANCELLED:
            # Cancelled since the appeal was filed (by the chief referee, or another appeal): the
            # remedy is already done, and an appeal that succeeds gets its fee back (3.12.3).
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
def appeal_escalate(*, actor, appeal: Appeal, statement: str) -> Appeal:
    """3.13.1: the appellant may take the chief referee's decision, in writing, to the arbitration
    committee. The fee is held again until the committee decides."""
    appeal = Appeal.objects.select_for_update().get(pk=appeal.pk)
    _allowed(actor, appeal, ESCALATE)
    if not statement.strip():
        raise ValidationError({"statement": _("An appeal is made in writing: write the statement (rule 3.12.3).")})
    appeal.stage = Appeal.Stage.ARBITRATION
    appeal.status = Appeal.Status.OPEN
    appeal.fee_status = Appeal.Fee.PAID
    appeal.statement = f"{appeal.statement}\n\n---\n{statement.strip()}"
    appeal.save(update_fields=["stage", "status", "fee_status", "statement"])
    audit_record(actor=actor, tournament=appeal.tournament, action=AuditAction.APPEAL_ESCALATED, obj=appeal, detail={})
    return appeal


@transaction.atomic
def appeal_policy_update(
    *, actor, tournament, window_minutes: int, fee_amount, fee_currency: str, other_appeals_body: str
) -> AppealPolicy:
    """The organizers' appeal settings: the window (3.12.2), the fee (3.12.3), the body for other appeals (3.13.2)."""
    policy = policy_for(tournament)
    before = {"window_minutes": policy.window_minutes, "fee": f"{policy.fee_amount} {policy.fee_currency}",
              "other_appeals_body": policy.other_appeals_body}
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
