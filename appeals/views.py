"""Appeals on phones: filing and signing; the chief referee's and arbitration committee's queues."""

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied, ValidationError
from django.db.models import F
from django.http import Http404
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _

from appeals import selectors, services
from appeals.forms import AppealForm, AppealPolicyForm, DecisionForm, EscalateForm
from appeals.models import Appeal
from penalties.models import Penalty
from penalties.selectors import foul_description
from tournaments.access import Capability, can, leads_team_of
from tournaments.core import selectors as core_selectors
from tournaments.errors import add_service_errors
from tournaments.models import ScoreSheet


@login_required
def appeal_list(request, tournament_id: int):
    tournament = core_selectors.tournament_get_for_user(user=request.user, tournament_id=tournament_id)
    overview = selectors.appeal_overview(user=request.user, tournament=tournament)
    policy = services.policy_for(tournament)
    return render(request, "appeals/appeal_list.html", {"tournament": tournament, "policy": policy, **overview})


def _appeal_choices(tournament, appellants):
    """The tables the represented players sat at in sessions still open to appeal, and their penalties."""
    open_sessions = [window["session"] for window in selectors.appeal_windows(tournament=tournament)]
    sheets = (
        # One filter() call so both conditions hold for the same seat row.
        ScoreSheet.objects.filter(
            session__in=open_sessions, session__seats__registration__in=appellants, session__seats__table=F("table")
        )
        .select_related("session", "table")
        .distinct()
        .order_by("session__number", "table__number")
    )
    # A team leader files for several players: each table says whose it is.
    seated = selectors.appellants_by_sheet(sheets=sheets, appellants=appellants) if len(appellants) > 1 else {}
    sheet_choices = [
        (sheet.pk, " · ".join(
            [_("Session %(s)s, table %(t)s") % {"s": sheet.session.number, "t": sheet.table.number}]
            + [f"{r.entry_number} {r.player.name}" for r in seated.get(sheet.pk, [])]
        ))
        for sheet in sheets
    ]
    penalties = Penalty.objects.filter(sheet__in=sheets, status=Penalty.Status.ACTIVE).select_related("sheet__session", "sheet__table", "offender")
    penalty_choices = [
        (p.pk, f"{_('Session %(s)s, table %(t)s') % {'s': p.sheet.session.number, 't': p.sheet.table.number}} · "
               f"{p.offender.entry_number} · {foul_description(p.foul)}")
        for p in penalties
    ]
    return sheet_choices, penalty_choices


@login_required
def appeal_new(request, tournament_id: int):
    tournament = core_selectors.tournament_get_for_user(user=request.user, tournament_id=tournament_id)
    appellants = selectors.represented_registrations(user=request.user, tournament=tournament)
    if not appellants:
        raise Http404("Only players and team leaders file appeals.")
    sheet_choices, penalty_choices = _appeal_choices(tournament, appellants)
    form = AppealForm(request.POST or None, appellants=appellants, sheets=sheet_choices, penalties=penalty_choices)
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data
        try:
            appeal = services.appeal_file(
                actor=request.user,
                sheet=ScoreSheet.objects.select_related("session__tournament", "table").get(pk=data["sheet"]),
                appellant=next(r for r in appellants if r.pk == data["appellant"]),
                subject=data["subject"],
                category=data["category"],
                statement=data["statement"],
                penalty=Penalty.objects.filter(pk=data["penalty"]).first() if data["penalty"] else None,
                hand_number=data["hand_number"],
            )
        except (ValidationError, PermissionDenied) as error:
            add_service_errors(form, error if isinstance(error, ValidationError) else ValidationError(str(error)))
        else:
            messages.success(request, _("Appeal filed. Pay the fee to the organizers; it is refunded if the appeal is upheld."))
            return redirect("appeals:detail", appeal.pk)
    context = {
        "tournament": tournament,
        "form": form,
        "policy": services.policy_for(tournament),
        "windows": selectors.appeal_windows(tournament=tournament),
    }
    return render(request, "appeals/appeal_form.html", context)


@login_required
def appeal_detail(request, appeal_id: int):
    appeal = selectors.appeal_get_for_user(user=request.user, appeal_id=appeal_id)
    stages = selectors.deciding_stages(user=request.user, tournament=appeal.tournament)
    represented = selectors.represented_registrations(user=request.user, tournament=appeal.tournament)
    decision_form = DecisionForm(request.POST if "decide" in request.POST else None)
    escalate_form = EscalateForm(request.POST if "escalate" in request.POST else None)
    if request.method == "POST":
        try:
            if "sign" in request.POST:
                services.appeal_sign(actor=request.user, appeal=appeal)
                messages.success(request, _("Signed."))
                return redirect("appeals:detail", appeal.pk)
            if "paper_sign" in request.POST:  # 3.12.3: a signature on the paper form
                services.appeal_paper_signature_record(actor=request.user, appeal=appeal, signer=request.POST["paper_sign"])
                messages.success(request, _("Signature recorded."))
                return redirect("appeals:detail", appeal.pk)
            if "decide" in request.POST and decision_form.is_valid():
                services.appeal_decide(
                    actor=request.user, appeal=appeal, outcome=decision_form.cleaned_data["outcome"],
                    reasons=decision_form.cleaned_data["reasons"],
                    remedy=decision_form.remedy(request.POST.get("tiles", "")),
                )
                messages.success(request, _("Decision recorded."))
                return redirect("appeals:detail", appeal.pk)
            if "escalate" in request.POST and escalate_form.is_valid():
                services.appeal_escalate(actor=request.user, appeal=appeal, statement=escalate_form.cleaned_data["statement"])
                messages.success(request, _("The appeal goes to the arbitration committee."))
                return redirect("appeals:detail", appeal.pk)
        except PermissionDenied as error:
            messages.error(request, str(error))
        except ValidationError as error:
            add_service_errors(decision_form if "decide" in request.POST else escalate_form, error)
            if "sign" in request.POST or "paper_sign" in request.POST:
                messages.error(request, " ".join(error.messages))
    is_appellant = appeal.appellant in represented
    context = {
        "appeal": appeal,
        "tournament": appeal.tournament,
        "decisions": appeal.decisions.select_related("decided_by"),
        "penalty_description": foul_description(appeal.penalty.foul) if appeal.penalty else "",
        "can_decide": appeal.status == Appeal.Status.OPEN and appeal.stage in stages,
        "can_sign": is_appellant and (
            (appeal.appellant.player.user_id == request.user.pk and appeal.appellant_signed_at is None)
            or (appeal.needs_leader_signature and leads_team_of(request.user, appeal.appellant))
        ),
        "can_escalate": is_appellant and appeal.stage == Appeal.Stage.CHIEF_REFEREE and appeal.status == Appeal.Status.REJECTED,
        # 3.12.3: a signature on the paper form, for a player who cannot sign here (no account).
        "can_record_paper": appeal.status == Appeal.Status.OPEN
        and (appeal.appellant_signed_at is None or appeal.needs_leader_signature)
        and (can(request.user, appeal.tournament, Capability.DECIDE_RULE_APPEALS)
             or can(request.user, appeal.tournament, Capability.MANAGE)),
        "decision_form": decision_form,
        "escalate_form": escalate_form,
    }
    return render(request, "appeals/appeal_detail.html", context)


@login_required
def appeal_settings(request, tournament_id: int):
    tournament = core_selectors.tournament_get_for_user(
        user=request.user, tournament_id=tournament_id, capability=Capability.MANAGE
    )
    policy = services.policy_for(tournament)
    initial = {"window_minutes": policy.window_minutes, "fee_amount": policy.fee_amount,
               "fee_currency": policy.fee_currency, "other_appeals_body": policy.other_appeals_body}
    form = AppealPolicyForm(request.POST or None, initial=initial)
    if request.method == "POST" and form.is_valid():
        try:
            services.appeal_policy_update(actor=request.user, tournament=tournament, **form.cleaned_data)
        except ValidationError as error:
            add_service_errors(form, error)
        else:
            messages.success(request, _("Settings saved."))
            return redirect("appeals:settings", tournament.pk)
    return render(request, "appeals/settings.html", {"tournament": tournament, "form": form})
