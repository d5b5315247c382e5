"""Who sees which appeals and what they may do on them; the open appeal windows of a tournament.

The services ask `appeal_action_refusal` before they sign, decide or escalate, and the appeal page
offers the actions it does not refuse (`appeal_actions`): one rule for both.
"""

import datetime as dt

from django.core.exceptions import ValidationError
from django.db.models import F, Q
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext

from appeals.models import Appeal, AppealPolicy
from penalties.models import Penalty, RankCancellation
from penalties.selectors import foul_description
from tournaments.access import Capability, can, capabilities, leads_team_of, teams_led_by
from tournaments.errors import NotFound, whole_number
from tournaments.models import Membership, Registration, Role, ScoreSheet, SeatAssignment, Session

STAGE_CAPABILITY = {
    Appeal.Stage.CHIEF_REFEREE: Capability.DECIDE_RULE_APPEALS,
    Appeal.Stage.ARBITRATION: Capability.ARBITRATE,
    Appeal.Stage.ORGANIZER: Capability.MANAGE,
}

# What a user may do on an appeal's page; each is a service of the same name (appeal_sign, ...).
SIGN = "sign"
PAPER_SIGNATURE = "paper_signature"
DECIDE = "decide"
ESCALATE = "escalate"
FEE_RECEIVE = "fee_receive"
APPEAL_ACTIONS = (SIGN, PAPER_SIGNATURE, FEE_RECEIVE, DECIDE, ESCALATE)

# 3.12.2 "并交200美元（或组委会指定等值货币）申诉费": a fee (its currency: appeals.currencies).
FEE_NOT_POSITIVE = gettext_lazy("The appeal fee is more than 0: US$200 or its equivalent (rule 3.12.2).")

# 3.13.3 "不得否决裁判长根据本规则…所做的判罚": told to an appellant before a penalty appeal goes to
# the arbitration committee, by escalation (3.13.1) or straight (3.12.4).
ACKNOWLEDGE_3_13_3 = gettext_lazy(
    "The arbitration committee cannot overturn a penalty the chief referee gave under the rules (rule 3.13.3): "
    "it can review the penalty and confirm it, not cancel it."
)


# Appeals against a sanction: decided by upholding (the sanction is lifted) or rejecting, and 3.13.3 limits
# what the arbitration committee can do with the chief referee's.
SANCTION_SUBJECTS = (Appeal.Subject.PENALTY, Appeal.Subject.RANK_CANCELLATION)


def policy_for(tournament) -> AppealPolicy:
    """The tournament's policy, or the rulebook's defaults (unsaved: reading it writes nothing)."""
    return AppealPolicy.objects.filter(tournament=tournament).first() or AppealPolicy(tournament=tournament)


def appeal_deadline(session, policy: AppealPolicy) -> dt.datetime | None:
    """3.12.2: appeals are filed within 30 minutes (a tournament setting) after the session ends."""
    if session.ended_at is None:
        return None
    return session.ended_at + dt.timedelta(minutes=policy.window_minutes)


def rank_cancellation_appeal_deadline(cancellation: RankCancellation, policy: AppealPolicy) -> dt.datetime:
    """3.12.2's window (a tournament setting), run from the decision: a 3.11.5 cancellation may come after
    the event, away from any session's end."""
    return cancellation.created_at + dt.timedelta(minutes=policy.window_minutes)


def appealable_rank_cancellations(*, user, tournament, now: dt.datetime | None = None) -> list[dict]:
    """The rank cancellations in force against the players `user` appeals for (3.12.1), whose time to appeal
    runs, with the deadline: what the appeals page offers them."""
    now = now or timezone.now()
    represented = represented_registrations(user=user, tournament=tournament)
    if not represented:
        return []
    policy = policy_for(tournament)
    cancellations = RankCancellation.objects.filter(
        tournament=tournament, registration__in=represented, status=RankCancellation.Status.ACTIVE
    ).select_related("registration__player").order_by("created_at")
    open_windows = []
    for cancellation in cancellations:
        deadline = rank_cancellation_appeal_deadline(cancellation, policy)
        if deadline >= now:
            open_windows.append({"cancellation": cancellation, "deadline": deadline})
    return open_windows


def rank_cancellation_for_appeal(*, user, tournament, cancellation_id) -> RankCancellation:
    """A cancellation `user` may appeal against (the player or their team leader, 3.12.1); 404 otherwise."""
    cancellation = RankCancellation.objects.filter(
        pk=whole_number(cancellation_id), tournament=tournament).select_related("registration__player").first()
    if cancellation is None or not may_appeal_for(user, cancellation.registration):
        raise NotFound("No such rank cancellation.")
    return cancellation


def may_appeal_for(user, registration: Registration) -> bool:
    """3.12.1: the player concerned, or their team leader."""
    is_player = registration.player.user_id is not None and registration.player.user_id == user.pk
    return is_player or leads_team_of(user, registration)


def represented_registrations(*, user, tournament) -> list[Registration]:
    """The registrations the user may appeal for: their own, and their team's if they lead it (3.12.1)."""
    if not user.is_authenticated:
        return []
    teams = teams_led_by(user, tournament)
    return list(
        Registration.objects.filter(tournament=tournament)
        .filter(Q(player__user=user) | Q(team_id__in=teams))
        .select_related("player", "team")
        .order_by("entry_number")
    )


def deciding_stages(*, user, tournament) -> list[str]:
    granted = capabilities(user, tournament)
    return [stage for stage, capability in STAGE_CAPABILITY.items() if capability in granted]


def appellants_by_sheet(*, sheets, appellants) -> dict[int, list[Registration]]:
    """For each sheet, the represented players (appellants) who sat at its table, by entry number."""
    sheets = list(sheets)
    tables = {(sheet.session_id, sheet.table_id): sheet.pk for sheet in sheets}
    seated: dict[int, list[Registration]] = {sheet.pk: [] for sheet in sheets}
    seats = SeatAssignment.objects.filter(
        session_id__in={session for session, _table in tables}, registration__in=appellants
    ).select_related("registration__player").order_by("registration__entry_number")
    for seat in seats:
        sheet_id = tables.get((seat.session_id, seat.table_id))
        if sheet_id is not None:
            seated[sheet_id].append(seat.registration)
    return seated


def can_open_appeals(user, tournament) -> bool:
    """Whether the appeals page opens for `user`: appellants (players, team leaders), deciders
    and organizers. The tournament page links to it only for them."""
    if user is None or not user.is_authenticated:
        return False
    return bool(
        Capability.MANAGE in capabilities(user, tournament)
        or deciding_stages(user=user, tournament=tournament)
        or represented_registrations(user=user, tournament=tournament)
    )


def appeal_overview(*, user, tournament) -> dict:
    """What the appeals page shows this user; 404 for someone with nothing to do with appeals here."""
    if not can_open_appeals(user, tournament):
        raise NotFound("No appeals here.")
    represented = represented_registrations(user=user, tournament=tournament)
    stages = deciding_stages(user=user, tournament=tournament)
    oversees = Capability.MANAGE in capabilities(user, tournament)
    appeals = Appeal.objects.filter(tournament=tournament).select_related(
        "appellant__player", "session", "sheet__table"
    )
    return {
        "mine": list(appeals.filter(appellant__in=represented)),
        "queue": list(appeals.filter(status=Appeal.Status.OPEN, stage__in=stages)),
        "all_open": list(appeals.filter(status=Appeal.Status.OPEN)) if oversees else [],
        "represented": represented,
        "enters_paper": may_enter_paper_appeals(user, tournament),
        "windows": appeal_windows(tournament=tournament),
        "rank_cancellations": appealable_rank_cancellations(user=user, tournament=tournament),
    }


def appeal_windows(*, tournament, now: dt.datetime | None = None) -> list[dict]:
    """Sessions whose appeal time (3.12.2) is still running, with the deadline."""
    now = now or timezone.now()
    policy = policy_for(tournament)
    windows = []
    for session in tournament.sessions.filter(status__in=[Session.Status.RUNNING, Session.Status.FINISHED]):
        deadline = appeal_deadline(session, policy)
        if deadline is None or deadline >= now:
            windows.append({"session": session, "deadline": deadline})
    return windows


def appeal_get_for_user(*, user, appeal_id: int) -> Appeal:
    appeal = (
        Appeal.objects.select_related("tournament", "appellant__player", "appellant__team", "sheet__table", "session",
                                      "penalty", "hand", "rank_cancellation", "filed_by", "leader_signed_by")
        .filter(pk=appeal_id)
        .first()
    )
    if appeal is None:
        raise NotFound("No such appeal.")
    represented = represented_registrations(user=user, tournament=appeal.tournament)
    stages = deciding_stages(user=user, tournament=appeal.tournament)
    oversees = Capability.MANAGE in capabilities(user, appeal.tournament)
    if appeal.appellant not in represented and not stages and not oversees:
        raise NotFound("No such appeal.")
    return appeal


def appeal_action_refusal(*, user, appeal: Appeal, action: str) -> Exception | None:
    """Why `user` may not take `action` on `appeal` as it stands now, or None when they may.

    NotFound for someone the action is not for at all (the same answer the selectors give
    outsiders); a ValidationError, with a code, when a rule stands in the way now. The services
    raise what this returns, on the locked appeal; the page offers exactly the actions it allows.
    """
    tournament = appeal.tournament
    if action == SIGN:
        # 3.12.3: the appellant and, for a team's player, the team leader sign the written appeal.
        is_player = appeal.appellant.player.user_id is not None and appeal.appellant.player.user_id == user.pk
        leads = appeal.team_id is not None and leads_team_of(user, appeal.appellant)
        if not (is_player or leads):
            return NotFound("No such appeal.")
        if appeal.status != Appeal.Status.OPEN:
            return ValidationError(_("This appeal has been decided: it is no longer signed."), code="decided")
        if not ((is_player and appeal.appellant_signed_at is None) or (leads and appeal.leader_signed_at is None)):
            return ValidationError(_("There is nothing for you to sign on this appeal."), code="signed")
        return None
    if action == PAPER_SIGNATURE:
        # 3.12.3: a signature given on the paper form, recorded by the chief referee or an organizer.
        if not (can(user, tournament, Capability.DECIDE_RULE_APPEALS) or can(user, tournament, Capability.MANAGE)):
            return NotFound("No such appeal.")
        if appeal.status != Appeal.Status.OPEN:
            return ValidationError(_("This appeal has been decided."), code="decided")
        if appeal.appellant_signed_at is not None and not appeal.needs_leader_signature:
            return ValidationError(_("No signature is missing on this appeal."), code="signed")
        return None
    if action == FEE_RECEIVE:
        # 3.12.2: the fee goes to the organizing committee (组委会), which names its currency; an
        # organizer records it as received.
        if not can(user, tournament, Capability.MANAGE):
            return NotFound("No such appeal.")
        if appeal.fee_status != Appeal.Fee.AWAITING:
            return ValidationError(_("The fee of this appeal is not awaiting receipt."), code="fee_not_awaited")
        return None
    if action == DECIDE:
        stages = deciding_stages(user=user, tournament=tournament)
        if not stages:
            return NotFound("No such appeal.")
        if appeal.stage not in stages:
            return ValidationError(_("This appeal is not before you."), code="other_stage")
        if appeal.status != Appeal.Status.OPEN:
            return ValidationError(_("This appeal has been decided."), code="decided")
        if may_appeal_for(user, appeal.appellant):
            # 3.12.1: the player and their team leader are a party to the appeal, not its judge.
            return ValidationError(
                _("You are the appellant or their team leader: another member of the body must decide this appeal."),
                code="party",
            )
        if appeal.decisions.filter(decided_by=user).exists():
            # 3.13.1: the arbitration committee reviews the chief referee's decision; who decided
            # it does not review it.
            return ValidationError(
                _("You decided this appeal at an earlier stage: another member of the arbitration committee "
                  "must decide it now (rule 3.13.1)."),
                code="decided_before",
            )
        if appeal.appellant_signed_at is None or appeal.needs_leader_signature:
            return ValidationError(
                _("The appeal is not valid until the appellant and the team leader have signed (rule 3.12.3)."),
                code="unsigned",
            )
        if appeal.fee_status == Appeal.Fee.AWAITING:
            # 3.12.2 "并交…申诉费": the fee is lodged with the appeal.
            return ValidationError(
                _("The appeal fee has not been received: an organizer records it before the appeal is decided "
                  "(rule 3.12.2)."),
                code="fee_awaiting",
            )
        return None
    if action == ESCALATE:
        # 3.13.1: the appellant may take the chief referee's decision to the arbitration committee.
        if not may_appeal_for(user, appeal.appellant):
            return NotFound("No such appeal.")
        if appeal.stage != Appeal.Stage.CHIEF_REFEREE or appeal.status != Appeal.Status.REJECTED:
            return ValidationError(
                _("Only a rules appeal the chief referee rejected can go to the arbitration committee."),
                code="not_rejected",
            )
        return None
    raise ValueError(f"Unknown appeal action: {action!r}")


def appeal_actions(*, user, appeal: Appeal) -> frozenset[str]:
    """The actions `user` may take on `appeal` now: those the services would allow."""
    return frozenset(
        action for action in APPEAL_ACTIONS if appeal_action_refusal(user=user, appeal=appeal, action=action) is None
    )


# Why a decider's form is not offered, shown in its place: they may decide at this stage, but not
# this appeal, or not yet.
_DECIDE_NOTES = {"party", "decided_before", "unsigned", "fee_awaiting"}


def chief_referees_ruling(*, given_by_id: int | None, tournament_id: int, direct: bool) -> bool:
    """3.13.3 "不得否决裁判长…所做的判罚": whether the arbitration committee meets the chief referee's ruling
    (裁判长, not a table referee, 裁判员) on a sanction (a penalty, a 3.11.5 rank cancellation): one the chief
    referee gave, or one they confirmed by deciding its appeal first (3.13.1; an appeal not sent straight on
    the 3.12.4 route). A sanction someone else gave (a table referee's penalty, an organizer's rank
    cancellation) brought straight to the committee (3.12.4 "所有申诉材料可直接呈报仲裁委员会") was never the
    chief referee's: the committee may decide it."""
    if not direct:
        return True
    return given_by_id is not None and Membership.objects.filter(
        user_id=given_by_id, tournament_id=tournament_id, role=Role.CHIEF_REFEREE,
    ).exists()


def _sanction_given_by(appeal: Appeal) -> int | None:
    sanction = appeal.penalty if appeal.subject == Appeal.Subject.PENALTY else appeal.rank_cancellation
    return sanction.created_by_id


def arbitration_cannot_uphold(appeal: Appeal) -> bool:
    """3.13.3: the appeal is before the arbitration committee against the chief referee's sanction, which it may
    review and confirm but not overturn: "Uphold" is neither offered nor accepted."""
    return (appeal.stage == Appeal.Stage.ARBITRATION and appeal.subject in SANCTION_SUBJECTS
            and chief_referees_ruling(given_by_id=_sanction_given_by(appeal), tournament_id=appeal.tournament_id,
                                      direct=appeal.direct_to_arbitration))


def appeal_page(*, user, appeal: Appeal) -> dict:
    """The appeal page for `user`: the appeal, its decisions, and what they may do on it."""
    actions = appeal_actions(user=user, appeal=appeal)
    refusal = None if DECIDE in actions else appeal_action_refusal(user=user, appeal=appeal, action=DECIDE)
    decide_note = ""
    if isinstance(refusal, ValidationError) and refusal.code in _DECIDE_NOTES:
        decide_note = " ".join(refusal.messages)
    return {
        "appeal": appeal,
        "tournament": appeal.tournament,
        "decisions": list(appeal.decisions.select_related("decided_by")),
        "penalty_description": foul_description(appeal.penalty.foul) if appeal.penalty else "",
        "against_penalty": appeal.subject in SANCTION_SUBJECTS,
        "against_rank_cancellation": appeal.subject == Appeal.Subject.RANK_CANCELLATION,
        # 3.13.3: the committee confirms the chief referee's sanction; it is not offered to overturn it.
        "can_uphold": not arbitration_cannot_uphold(appeal),
        # 3.13.3: the arbitration committee cannot overturn a penalty.
        "before_arbitration": appeal.stage == Appeal.Stage.ARBITRATION,
        "can_sign": SIGN in actions,
        # 3.12.3: a signature on the paper form, for a player who cannot sign here (no account).
        "can_record_paper": PAPER_SIGNATURE in actions,
        "can_decide": DECIDE in actions,
        "decide_note": decide_note,
        "can_escalate": ESCALATE in actions,
        # 3.12.2: an organizer records the fee as received.
        "can_receive_fee": FEE_RECEIVE in actions,
        # 3.13.3: what escalating a penalty appeal can and cannot give.
        "acknowledge_3_13_3": ACKNOWLEDGE_3_13_3,
    }


def may_enter_paper_appeals(user, tournament) -> bool:
    """3.12.1, 3.12.3: the chief referee or an organizer enters an appeal handed in on paper."""
    return can(user, tournament, Capability.DECIDE_RULE_APPEALS) or can(user, tournament, Capability.MANAGE)


def appeal_filing(*, user, tournament, on_paper: bool = False) -> dict:
    """The appeal form's choices for `user`: the players they appeal for (3.12.1), the tables those
    players sat at in sessions still open to appeal (3.12.2), and the penalties in force there;
    404 for someone who appeals for nobody here. On paper (the chief referee or an organizer
    entering a written appeal): every player seated in a session still open to appeal."""
    windows = appeal_windows(tournament=tournament)
    if on_paper:
        if not may_enter_paper_appeals(user, tournament):
            raise NotFound("Only the chief referee and the organizers enter paper appeals.")
        appellants = list(
            Registration.objects.filter(
                tournament=tournament, seats__session__in=[window["session"] for window in windows]
            )
            .select_related("player", "team")
            .distinct()
            .order_by("entry_number")
        )
    else:
        appellants = represented_registrations(user=user, tournament=tournament)
        if not appellants:
            raise NotFound("Only players and team leaders file appeals.")
    sheets = list(
        # One filter() call so both conditions hold for the same seat row.
        ScoreSheet.objects.filter(
            session__in=[window["session"] for window in windows],
            session__seats__registration__in=appellants,
            session__seats__table=F("table"),
        )
        .select_related("session__tournament", "table")
        .distinct()
        .order_by("session__number", "table__number")
    )
    # A team leader files for several players: each table says whose it is.
    seated = appellants_by_sheet(sheets=sheets, appellants=appellants) if len(appellants) > 1 else {}
    sheet_choices = [
        (sheet.pk, " · ".join(
            [_("Session %(s)s, table %(t)s") % {"s": sheet.session.number, "t": sheet.table.number}]
            + [f"{r.entry_number} {r.player.name}" for r in seated.get(sheet.pk, [])]
        ))
        for sheet in sheets
    ]
    penalties = list(
        Penalty.objects.filter(sheet__in=sheets, status=Penalty.Status.ACTIVE)
        .select_related("sheet__session", "sheet__table", "offender")
    )
    penalty_choices = [
        (p.pk, f"{_('Session %(s)s, table %(t)s') % {'s': p.sheet.session.number, 't': p.sheet.table.number}} · "
               f"{p.offender.entry_number} · {foul_description(p.foul)}")
        for p in penalties
    ]
    return {
        "appellants": appellants,
        "sheets": {sheet.pk: sheet for sheet in sheets},
        "sheet_choices": sheet_choices,
        "penalties": {penalty.pk: penalty for penalty in penalties},
        "penalty_choices": penalty_choices,
        "windows": windows,
        "policy": policy_for(tournament),
    }


def amendment_basis(sheet_id: int, reference: str):
    """The core's check of basis "appeal" for changing a signed sheet (tournaments.extensions):
    an upheld appeal about that sheet. Its article: 3.12 at the chief referee's stage, 3.13 when
    the arbitration committee decided."""
    from tournaments.extensions import BasisVerdict

    number = str(reference).strip().lstrip("#")
    pk = whole_number(number)
    appeal = Appeal.objects.filter(pk=pk, sheet_id=sheet_id).first() if pk is not None else None
    if appeal is None:
        return BasisVerdict(False, _("There is no appeal #%(ref)s about this sheet.") % {"ref": number})
    if appeal.status != Appeal.Status.UPHELD:
        return BasisVerdict(False, _("Appeal #%(ref)s has not been upheld.") % {"ref": appeal.pk})
    return BasisVerdict(True, article="3.13" if appeal.stage == Appeal.Stage.ARBITRATION else "3.12")


def results_pending(tournament_id: int, now) -> list:
    """What keeps a tournament's results from being final, for the core's status (issue 13): a session's
    appeal window still open (3.12.2 "在本局比赛结束后的30分钟有效时限内") and appeals not yet decided
    (3.12-3.13). A rejection by the chief referee that has not been taken further (3.13.1 names no time
    limit for it) holds nothing up."""
    from tournaments.extensions import ResultsPending

    policy = AppealPolicy.objects.filter(tournament_id=tournament_id).first() or AppealPolicy()
    pending = []
    for session in Session.objects.filter(tournament_id=tournament_id, ended_at__isnull=False).order_by("number"):
        deadline = appeal_deadline(session, policy)
        if deadline > now:
            pending.append(ResultsPending(
                _("The time to appeal session %(n)s ends at %(time)s (rule 3.12.2).")
                % {"n": session.number, "time": timezone.localtime(deadline).strftime("%H:%M")},
                until=deadline,
            ))
    open_count = Appeal.objects.filter(tournament_id=tournament_id, status=Appeal.Status.OPEN).count()
    if open_count:
        pending.append(ResultsPending(
            ngettext("%(n)d appeal is not decided yet.", "%(n)d appeals are not decided yet.", open_count)
            % {"n": open_count},
            url_name="appeals:list",
        ))
    return pending
