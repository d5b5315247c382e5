"""Appeals in the tournament archive (docs/archive.md): an "appeals" list on each table and the
tournament's "appeal_policy".

The archive carries no accounts, so an appeal names its people by their part in it: the appellant by
entry number (3.12.1: the player concerned), who filed it as the player, their team leader or the staff
member who entered a paper form, and every other person (the leader who signed, whoever received,
refunded or forfeited the fee, each decider) as {"role": a tournament role or "player", "name": their
display name}. An import keeps those names as written (Appeal.archived_people,
AppealDecision.archived_decided_by) and shows them on the appeal's page; the account columns, which
must name someone, hold the importer. The remedies an upheld appeal applied are already in the hands
and penalties of the file; an import records the appeals as they stand and changes no result.

A penalty appeal names its penalty with the keys of the table's "penalties" items plus
"in_force": true for a penalty still in force (it must be one of the table's penalties, which the
import links), false for one cancelled since (by the appeal's own remedy, 3.13.1, or by the chief
referee): the import records it and cancels it again, with its reason.
"""

import datetime as dt
from decimal import Decimal, InvalidOperation

from django.utils.translation import gettext as _

from appeals.currencies import is_currency
from appeals.models import Appeal, AppealDecision, AppealPolicy
from appeals.services import appeal_policy_update
from penalties import archive as penalties_archive
from penalties.models import Penalty
from penalties.services import penalty_cancel, penalty_record
from tournaments.extensions import TableArchiveSection, TournamentArchiveSection
from tournaments.models import Membership, Registration, Role

PLAYER = "player"  # the appellant themselves: not a tournament role
PERSON_ROLES = (*Role.values, PLAYER)
NAME_LENGTH = 150
REASON_LENGTH = Penalty._meta.get_field("cancel_reason").max_length
PEOPLE = ("filed_by", "leader_signed_by", "fee_received_by", "fee_settled_by")
# The role a person acts in for each part (3.12.2: the organizing committee takes the fee; 3.13: who
# decides at each stage), preferred when they hold several.
STAGE_ROLE = {
    Appeal.Stage.CHIEF_REFEREE: Role.CHIEF_REFEREE,
    Appeal.Stage.ARBITRATION: Role.ARBITRATOR,
    Appeal.Stage.ORGANIZER: Role.ORGANIZER,
}


# --- export ----------------------------------------------------------------------------------------


def _time(value: dt.datetime | None) -> str | None:
    return value.isoformat() if value is not None else None


class _People:
    """Who a user is in the tournament, by role and display name (one query for the memberships)."""

    def __init__(self, tournament_id: int):
        self.roles: dict[int, set[str]] = {}
        for user_id, role in Membership.objects.filter(tournament_id=tournament_id).values_list("user_id", "role"):
            self.roles.setdefault(user_id, set()).add(role)
        self.players = set(
            Registration.objects.filter(tournament_id=tournament_id, player__user__isnull=False).values_list(
                "player__user_id", flat=True
            )
        )

    def describe(self, user, *, prefer: str | None = None) -> dict | None:
        if user is None:
            return None
        held = self.roles.get(user.pk, set())
        if prefer in held or (prefer == PLAYER and user.pk in self.players):
            role = prefer
        else:
            order = [Role.CHIEF_REFEREE, Role.ARBITRATOR, Role.ORGANIZER, Role.REFEREE, Role.TEAM_LEADER]
            role = next((str(r) for r in order if r in held), PLAYER if user.pk in self.players else "")
        return {"role": str(role), "name": (user.get_full_name() or user.get_username())[:NAME_LENGTH]}


def _person(appeal: Appeal, key: str, people: _People, prefer: str | None) -> dict | None:
    archived = (appeal.archived_people or {}).get(key)
    if archived:
        return dict(archived)
    return people.describe(getattr(appeal, key), prefer=prefer)


def _filed_by_role(appeal: Appeal) -> str:
    if appeal.on_paper:
        return Role.CHIEF_REFEREE
    if appeal.leader_signed_by_id is not None and appeal.leader_signed_by_id == appeal.filed_by_id:
        return Role.TEAM_LEADER
    return PLAYER


def appeal_item(appeal: Appeal, people: _People) -> dict:
    item = {
        "appellant": str(appeal.appellant.entry_number),
        "subject": appeal.subject,
        "category": appeal.category,
        "statement": appeal.statement,
        "filed_at": _time(appeal.filed_at),
        "filed_by": _person(appeal, "filed_by", people, _filed_by_role(appeal)),
        "on_paper": appeal.on_paper,
        "direct_to_arbitration": appeal.direct_to_arbitration,
        "stage": appeal.stage,
        "status": appeal.status,
        "appellant_signed_at": _time(appeal.appellant_signed_at),
        "leader_signature": None,
        "fee": {
            "amount": str(appeal.fee_amount),
            "currency": appeal.fee_currency,
            "state": appeal.fee_status,
            "received_at": _time(appeal.fee_received_at),
            "received_by": _person(appeal, "fee_received_by", people, Role.ORGANIZER),
            "settled_at": _time(appeal.fee_settled_at),
            "settled_by": _person(appeal, "fee_settled_by", people, STAGE_ROLE.get(appeal.stage)),
        },
        "decisions": [
            {
                "stage": decision.stage,
                "outcome": decision.outcome,
                "reasons": decision.reasons,
                "remedy": decision.remedy,
                "decided_at": _time(decision.decided_at),
                "decided_by": dict(decision.archived_decided_by)
                or people.describe(decision.decided_by, prefer=STAGE_ROLE.get(decision.stage)),
            }
            for decision in appeal.decisions.all()
        ],
    }
    if appeal.leader_signed_at is not None:
        item["leader_signature"] = {
            "at": _time(appeal.leader_signed_at),
            "by": _person(appeal, "leader_signed_by", people, Role.TEAM_LEADER),
        }
    if appeal.subject == Appeal.Subject.HAND:
        item["hand"] = appeal.hand.number
    if appeal.subject == Appeal.Subject.PENALTY:
        item["penalty"] = {
            **penalties_archive.penalty_item(appeal.penalty),
            "in_force": appeal.penalty.status == Penalty.Status.ACTIVE,
        }
        if appeal.penalty.status == Penalty.Status.CANCELLED:
            item["penalty"]["cancel_reason"] = appeal.penalty.cancel_reason
        # 3.13.3: the appellant was told the committee cannot overturn a penalty before it went there
        # (appeal_file's direct route, appeal_escalate): implied by the route, written for the reader.
        item["acknowledged_3_13_3"] = appeal.direct_to_arbitration or appeal.stage == Appeal.Stage.ARBITRATION
    return item


def export(sheet_ids) -> dict[int, list[dict]]:
    appeals = list(
        Appeal.objects.filter(sheet_id__in=list(sheet_ids))
        .select_related("appellant", "hand", "penalty__offender", "penalty__victim", "filed_by", "leader_signed_by",
                        "fee_received_by", "fee_settled_by")
        .prefetch_related("decisions__decided_by")
        .order_by("sheet_id", "filed_at", "pk")
    )
    if not appeals:
        return {}
    people = _People(appeals[0].tournament_id)
    items: dict[int, list[dict]] = {}
    for appeal in appeals:
        items.setdefault(appeal.sheet_id, []).append(appeal_item(appeal, people))
    return items


# --- check -----------------------------------------------------------------------------------------


def _entry(value) -> str | None:
    if isinstance(value, bool):
        return None
    if isinstance(value, int):
        return str(value)
    return value.strip() if isinstance(value, str) else None


def _parse_time(value) -> dt.datetime | None:
    if not isinstance(value, str):
        return None
    try:
        parsed = dt.datetime.fromisoformat(value)
    except ValueError:
        return None
    return parsed if parsed.tzinfo is not None else None


def _person_ok(value) -> bool:
    return (
        isinstance(value, dict)
        and value.get("role") in PERSON_ROLES
        and isinstance(value.get("name"), str)
        and 0 < len(value["name"].strip()) <= NAME_LENGTH
    )


def _same_penalty(described: dict, listed) -> bool:
    keys = ("foul", "offender", "hand")
    return isinstance(listed, dict) and all(_entry(described.get(k)) == _entry(listed.get(k)) for k in keys)


def _fee_follows_outcome(status: str, fee: str, stage: str, subject: str) -> bool:
    # The database's appeal_fee_follows_outcome, in words (3.12.2 "胜诉全额退款，败诉全款上缴").
    return (
        (status == "open" and fee in ("awaiting", "paid"))
        or (status == "open" and fee == "forfeited" and stage == "arbitration" and subject == "penalty")
        or (status == "upheld" and fee == "refunded")
        or (status == "rejected" and fee == "forfeited")
    )


def check(items: list, seats: list[str], rules: str | None, hands: int = 16, *, table: dict | None = None) -> list:
    problems: list[str] = []
    listed = (table or {}).get("penalties") or []
    listed = listed if isinstance(listed, list) else []
    linked: set[int] = set()
    for position, item in enumerate(items, start=1):
        label = _("Appeal %(n)d") % {"n": position}

        def refuse(message, **values):
            problems.append(f"{label}: " + (message % values if values else message))

        if not isinstance(item, dict):
            problems.append(_("%(label)s must be an object with an appellant and a subject.") % {"label": label})
            continue
        if _entry(item.get("appellant")) is None or (seats and _entry(item.get("appellant")) not in seats):
            # 3.12.1: the player concerned appeals (or their team leader for them).
            refuse(_("“appellant” must be the entry number of a player of this table (rule 3.12.1)."))
        subject = item.get("subject")
        if subject not in Appeal.Subject.values:
            refuse(_("“subject” must be one of: %(choices)s."), choices=", ".join(Appeal.Subject.values))
        if item.get("category") not in Appeal.Category.values:
            refuse(_("“category” must be one of: %(choices)s."), choices=", ".join(Appeal.Category.values))
        elif subject == Appeal.Subject.PENALTY and item["category"] != Appeal.Category.RULES:
            # A penalty is given under the rules: its appeal is a rules appeal (3.13.1).
            refuse(_("An appeal against a penalty is about the rules: “category” must be “rules” (rule 3.13.1)."))
        if not isinstance(item.get("statement"), str) or not item["statement"].strip():
            refuse(_("An appeal is made in writing: give its “statement” (rule 3.12.3)."))
        if _parse_time(item.get("filed_at")) is None:
            refuse(_("“%(key)s” must be a date and time with its offset, such as 2026-05-01T14:30:00+08:00."),
                   key="filed_at")
        for key in ("appellant_signed_at",):
            if item.get(key) is not None and _parse_time(item[key]) is None:
                refuse(_("“%(key)s” must be a date and time with its offset, such as 2026-05-01T14:30:00+08:00."),
                       key=key)
        if not _person_ok(item.get("filed_by")):
            refuse(_("“%(key)s” must name a person: {“role”: %(roles)s, “name”: their name}."), key="filed_by",
                   roles=", ".join(PERSON_ROLES))
        for key in ("on_paper", "direct_to_arbitration"):
            if not isinstance(item.get(key, False), bool):
                refuse(_("“%(key)s” must be true or false."), key=key)
        stage, status = item.get("stage"), item.get("status")
        if stage not in Appeal.Stage.values:
            refuse(_("“stage” must be one of: %(choices)s."), choices=", ".join(Appeal.Stage.values))
        if status not in Appeal.Status.values:
            refuse(_("“status” must be one of: %(choices)s."), choices=", ".join(Appeal.Status.values))
        signature = item.get("leader_signature")
        if signature is not None and (
            not isinstance(signature, dict)
            or _parse_time(signature.get("at")) is None
            or (signature.get("by") is not None and not _person_ok(signature.get("by")))
        ):
            refuse(_("“leader_signature” must be null or {“at”: a date and time, “by”: a person or null}."))
        fee = item.get("fee")
        if not isinstance(fee, dict):
            refuse(_("“fee” must be an object with the amount, currency and state (rule 3.12.2)."))
        else:
            problems.extend(f"{label}: {message}" for message in _fee_problems(fee, status, stage, subject))
        hand = item.get("hand")
        if subject == Appeal.Subject.HAND and (
            isinstance(hand, bool) or not isinstance(hand, int) or not 1 <= hand <= hands
        ):
            refuse(_("“hand” must be the number of one of this table's hands (1 to %(n)d)."), n=hands)
        if subject == Appeal.Subject.PENALTY:
            problems.extend(
                f"{label}: {message}" for message in _penalty_problems(item, seats, rules, hands, listed, linked)
            )
        decisions = item.get("decisions", [])
        if not isinstance(decisions, list):
            refuse(_("“decisions” must be a list."))
            decisions = []
        for number, decision in enumerate(decisions, start=1):
            if (
                not isinstance(decision, dict)
                or decision.get("stage") not in Appeal.Stage.values
                or decision.get("outcome") not in ("upheld", "rejected")
                or not isinstance(decision.get("reasons"), str)
                or not decision["reasons"].strip()
                or _parse_time(decision.get("decided_at")) is None
                or not _person_ok(decision.get("decided_by"))
                or not isinstance(decision.get("remedy", {}), dict)
            ):
                # 3.13: who decided, when, at which stage, and why.
                refuse(_("Decision %(n)d needs its stage, outcome (upheld or rejected), reasons, “decided_at” and "
                         "“decided_by” (rule 3.13)."), n=number)
        if status in ("upheld", "rejected") and not decisions:
            refuse(_("A decided appeal lists its decision under “decisions”."))
        elif (
            decisions
            and isinstance(decisions[-1], dict)
            and status in ("upheld", "rejected")
            and decisions[-1].get("outcome") != status
        ):
            refuse(_("The last decision's outcome must be the appeal's “status”."))
    return problems


def _fee_problems(fee: dict, status, stage, subject) -> list[str]:
    problems = []
    try:
        amount = Decimal(str(fee.get("amount")))
        if not amount.is_finite() or amount < 0 or amount != amount.quantize(Decimal("0.01")) or amount >= 10**8:
            raise InvalidOperation
    except (InvalidOperation, ValueError):
        problems.append(_("The fee's “amount” must be an amount such as “200.00”."))
    if not isinstance(fee.get("currency"), str) or not is_currency(fee["currency"]):
        problems.append(_("The fee's “currency” must be a three-letter code, such as CNY, EUR or USD."))
    state = fee.get("state")
    if state not in Appeal.Fee.values:
        problems.append(_("The fee's “state” must be one of: %(choices)s.") % {"choices": ", ".join(Appeal.Fee.values)})
    elif status in Appeal.Status.values and not _fee_follows_outcome(status, state, stage, subject):
        # 3.12.2: held while open, refunded if upheld, forfeited if rejected.
        problems.append(_("The fee's state does not match the appeal's outcome (rule 3.12.2)."))
    received_at = fee.get("received_at")
    if received_at is not None and _parse_time(received_at) is None:
        problems.append(_("The fee's “received_at” must be a date and time with its offset."))
    if state == "paid" and received_at is None:
        problems.append(_("A fee held as paid records when it was received (“received_at”)."))
    if state == "awaiting" and received_at is not None:
        problems.append(_("A fee awaiting receipt has no “received_at”."))
    if (received_at is None) != (fee.get("received_by") is None) or (
        fee.get("received_by") is not None and not _person_ok(fee["received_by"])
    ):
        problems.append(_("A received fee names who received it (“received_by”) and when (“received_at”)."))
    settled_at = fee.get("settled_at")
    if (settled_at is not None and _parse_time(settled_at) is None) or (
        fee.get("settled_by") is not None and not _person_ok(fee["settled_by"])
    ):
        problems.append(_("The fee's “settled_at” and “settled_by” must be a date and time and a person."))
    return problems


def _penalty_problems(item: dict, seats, rules, hands, listed: list, linked: set[int]) -> list[str]:
    penalty = item.get("penalty")
    if not isinstance(penalty, dict) or not isinstance(penalty.get("in_force"), bool):
        return [_("An appeal against a penalty names it under “penalty”, with “in_force” true or false.")]
    problems = []
    if penalty["in_force"]:
        match = next(
            (i for i, listed_item in enumerate(listed) if i not in linked and _same_penalty(penalty, listed_item)),
            None,
        )
        if match is None:
            problems.append(_("The penalty appealed against is said to be in force but is not among this table's "
                              "“penalties”."))
        else:
            linked.add(match)
    else:
        described = {k: v for k, v in penalty.items() if k not in ("in_force", "cancel_reason", "occurrence")}
        problems += [str(p) for p in penalties_archive.check([described], seats, rules, hands)]
        reason = penalty.get("cancel_reason")
        if not isinstance(reason, str) or not reason.strip() or len(reason) > REASON_LENGTH:
            problems.append(_("A cancelled penalty says why it was cancelled (“cancel_reason”, at most %(n)d "
                              "characters).") % {"n": REASON_LENGTH})
    escalated = item.get("direct_to_arbitration") is not True and item.get("stage") == Appeal.Stage.ARBITRATION
    if escalated and item.get("acknowledged_3_13_3") is not True:
        # 3.13.3: before an appeal the chief referee decided goes on to the arbitration committee the
        # appellant is told it cannot overturn the penalty; appeal_escalate refuses without it. (Sent
        # straight, it depends on who gave the penalty, which an archive does not say: either is accepted.)
        problems.append(_("A penalty appeal before the arbitration committee was acknowledged under rule 3.13.3: "
                          "“acknowledged_3_13_3” must be true."))
    return problems


# --- save ------------------------------------------------------------------------------------------


def save(sheet, items: list[dict], registrations: dict[str, int], actor) -> None:
    """The table's appeals as they stand, after its hands and penalties (saved just before): no
    remedy is applied again, their effects are in the file's hands and penalties already."""
    by_id = Registration.objects.in_bulk(list(registrations.values()))
    session = sheet.session
    linked: set[int] = set()
    in_force = list(Penalty.objects.filter(sheet=sheet, status=Penalty.Status.ACTIVE).order_by("created_at", "pk"))
    for item in items:
        appellant = by_id[registrations[_entry(item["appellant"])]]
        fee = item["fee"]
        signature = item.get("leader_signature")
        people = {"filed_by": item["filed_by"]}
        if signature and signature.get("by"):
            people["leader_signed_by"] = signature["by"]
        if fee.get("received_by"):
            people["fee_received_by"] = fee["received_by"]
        if fee.get("settled_by"):
            people["fee_settled_by"] = fee["settled_by"]
        settled_at = _parse_time(fee.get("settled_at"))
        appeal = Appeal.objects.create(
            tournament=session.tournament,
            session=session,
            sheet=sheet,
            subject=item["subject"],
            penalty=_penalty_for(sheet, item, by_id, registrations, in_force, linked, actor),
            hand=sheet.hands.get(number=item["hand"]) if item["subject"] == Appeal.Subject.HAND else None,
            category=item["category"],
            appellant=appellant,
            statement=item["statement"].strip(),
            filed_by=actor,
            filed_at=_parse_time(item["filed_at"]),
            appellant_signed_at=_parse_time(item.get("appellant_signed_at")),
            team_id=appellant.team_id,
            leader_signed_by=None,  # the person is kept by name (archived_people)
            leader_signed_at=_parse_time(signature["at"]) if signature else None,
            fee_amount=Decimal(str(fee["amount"])),
            fee_currency=fee["currency"].upper(),
            fee_status=fee["state"],
            fee_received_by=actor if fee.get("received_at") else None,
            fee_received_at=_parse_time(fee.get("received_at")),
            fee_settled_by=actor if settled_at else None,
            fee_settled_at=settled_at,
            direct_to_arbitration=item.get("direct_to_arbitration", False),
            on_paper=item.get("on_paper", False),
            stage=item["stage"],
            status=item["status"],
            archived_people=people,
        )
        for decision in item.get("decisions", []):
            made = AppealDecision.objects.create(
                appeal=appeal, stage=decision["stage"], outcome=decision["outcome"],
                reasons=decision["reasons"].strip(), remedy=decision.get("remedy", {}), decided_by=actor,
                archived_decided_by=decision["decided_by"],
            )
            # decided_at is set on creation (auto_now_add): the file's time is written after.
            AppealDecision.objects.filter(pk=made.pk).update(decided_at=_parse_time(decision["decided_at"]))


def _penalty_for(sheet, item, by_id, registrations, in_force, linked, actor) -> Penalty | None:
    if item["subject"] != Appeal.Subject.PENALTY:
        return None
    described = item["penalty"]
    if described["in_force"]:
        for index, penalty in enumerate(in_force):
            if index not in linked and _same_penalty(described, penalties_archive.penalty_item(penalty)):
                linked.add(index)
                return penalty
        raise AssertionError("checked before saving")  # pragma: no cover
    victim = _entry(described.get("victim"))
    penalty = penalty_record(
        actor=actor, sheet=sheet, foul=described["foul"],
        offender=by_id[registrations[_entry(described["offender"])]], hand_number=described.get("hand"),
        points=described.get("points"), victim=by_id[registrations[victim]] if victim else None,
        late_seconds=described.get("late_seconds"), note=described.get("note", "") or "",
        notice=described.get("notice", "") or "",
    )
    return penalty_cancel(actor=actor, penalty=penalty, reason=described["cancel_reason"])


SECTION = TableArchiveSection(key="appeals", export=export, check=check, save=save, needs_table=True)


# --- the tournament's appeal settings ----------------------------------------------------------------


def export_policy(tournament) -> dict | None:
    """Written when the organizers set it (3.12.2 window and fee, 3.13.2 body); else the defaults hold."""
    policy = AppealPolicy.objects.filter(tournament=tournament).first()
    if policy is None:
        return None
    return {
        "window_minutes": policy.window_minutes,
        "fee_amount": str(policy.fee_amount),
        "fee_currency": policy.fee_currency,
        "other_appeals_body": policy.other_appeals_body,
    }


def check_policy(value) -> list[str]:
    if not isinstance(value, dict):
        return [_("“appeal_policy” must be an object with window_minutes, fee_amount, fee_currency and "
                  "other_appeals_body.")]
    problems = []
    minutes = value.get("window_minutes")
    if isinstance(minutes, bool) or not isinstance(minutes, int) or not 1 <= minutes <= 32767:
        problems.append(_("“appeal_policy”: “window_minutes” must be a whole number of minutes from 1 (rule 3.12.2)."))
    try:
        amount = Decimal(str(value.get("fee_amount")))
        if not amount.is_finite() or amount <= 0 or amount != amount.quantize(Decimal("0.01")) or amount >= 10**8:
            raise InvalidOperation
    except (InvalidOperation, ValueError):
        problems.append(_("“appeal_policy”: “fee_amount” must be an amount above zero such as “200.00” "
                          "(rule 3.12.2)."))
    if not isinstance(value.get("fee_currency"), str) or not is_currency(value["fee_currency"]):
        problems.append(_("“appeal_policy”: “fee_currency” must be a three-letter code, such as CNY, EUR or USD."))
    if value.get("other_appeals_body") not in AppealPolicy.OtherAppealsBody.values:
        problems.append(_("“appeal_policy”: “other_appeals_body” must be one of: %(choices)s (rule 3.13.2).")
                        % {"choices": ", ".join(AppealPolicy.OtherAppealsBody.values)})
    return problems


def save_policy(tournament, value: dict, actor) -> None:
    appeal_policy_update(
        actor=actor, tournament=tournament, window_minutes=value["window_minutes"],
        fee_amount=Decimal(str(value["fee_amount"])), fee_currency=value["fee_currency"],
        other_appeals_body=value["other_appeals_body"],
    )


POLICY_SECTION = TournamentArchiveSection(key="appeal_policy", export=export_policy, check=check_policy,
                                          save=save_policy)

