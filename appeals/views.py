"""Appeals on phones: filing and signing; the chief referee's and arbitration committee's queues."""

import functools

from django.contrib.auth.decorators import login_required
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.decorators.http import require_POST, require_safe

from appeals import selectors, services
from appeals.forms import AppealForm, AppealPolicyForm, DecisionForm, EscalateForm, RankCancellationAppealForm
from tournaments.access import Capability
from tournaments.core import selectors as core_selectors
from tournaments.errors import add_service_errors, add_service_messages
from tournaments.pages import page_action

# 3.12.2: said when an appeal is filed from a phone, whatever it is against.
FILED = gettext_lazy(
    "Appeal filed. Hand the fee to the organizers: the appeal is decided once they record it as received, and "
    "it is refunded if the appeal is upheld (rule 3.12.2)."
)


@login_required
def appeal_list(request, tournament_id: int):
    tournament = core_selectors.tournament_get_for_user(user=request.user, tournament_id=tournament_id)
    overview = selectors.appeal_overview(user=request.user, tournament=tournament)
    policy = selectors.policy_for(tournament)
    return render(request, "appeals/appeal_list.html", {"tournament": tournament, "policy": policy, **overview})


@login_required
def appeal_new(request, tournament_id: int):
    """A player or their team leader files an appeal from their phone (3.12.1)."""
    return _appeal_form(request, tournament_id, on_paper=False)


@login_required
def appeal_paper_new(request, tournament_id: int):
    """3.12.1, 3.12.3: the chief referee or an organizer enters a written appeal handed in on paper."""
    return _appeal_form(request, tournament_id, on_paper=True)


def _appeal_form(request, tournament_id: int, *, on_paper: bool):
    tournament = core_selectors.tournament_get_for_user(user=request.user, tournament_id=tournament_id)
    filing = selectors.appeal_filing(user=request.user, tournament=tournament, on_paper=on_paper)
    form = AppealForm(
        request.POST or None, appellants=filing["appellants"], sheets=filing["sheet_choices"],
        penalties=filing["penalty_choices"], on_paper=on_paper,
    )
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data
        if on_paper:
            file = functools.partial(services.appeal_file_on_paper, handed_in_at=form.handed_in_at())
            filed = _("Paper appeal entered. Record the signatures on the paper form and, once received, the fee.")
        else:
            file, filed = services.appeal_file, FILED
        with page_action(request, form=form, success=filed) as action:
            appeal = file(
                actor=request.user,
                sheet=filing["sheets"][data["sheet"]],
                appellant=next(r for r in filing["appellants"] if r.pk == data["appellant"]),
                subject=data["subject"],
                category=data["category"],
                statement=data["statement"],
                penalty=filing["penalties"].get(data["penalty"]),
                hand_number=data["hand_number"],
                direct=data["route"] == "direct",
                acknowledged_3_13_3=data["acknowledged_3_13_3"],
            )
        if action.done:
            return redirect("appeals:detail", appeal.pk)
    context = {"tournament": tournament, "form": form, "policy": filing["policy"], "windows": filing["windows"],
               "on_paper": on_paper, "acknowledge_3_13_3": selectors.ACKNOWLEDGE_3_13_3}
    return render(request, "appeals/appeal_form.html", context)


@login_required
def appeal_rank_cancellation_new(request, tournament_id: int, cancellation_id: int):
    """3.12.1: the player whose rank was cancelled (3.11.5), or their team leader, appeals against it."""
    tournament = core_selectors.tournament_get_for_user(user=request.user, tournament_id=tournament_id)
    cancellation = selectors.rank_cancellation_for_appeal(
        user=request.user, tournament=tournament, cancellation_id=cancellation_id)
    form = RankCancellationAppealForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data
        with page_action(request, form=form, success=FILED) as action:
            appeal = services.appeal_file_against_rank_cancellation(
                actor=request.user, cancellation=cancellation, statement=data["statement"],
                direct=data["route"] == "direct", acknowledged_3_13_3=data["acknowledged_3_13_3"],
            )
        if action.done:
            return redirect("appeals:detail", appeal.pk)
    policy = selectors.policy_for(tournament)
    context = {"tournament": tournament, "form": form, "policy": policy, "cancellation": cancellation,
               "deadline": selectors.rank_cancellation_appeal_deadline(cancellation, policy),
               "acknowledge_3_13_3": selectors.ACKNOWLEDGE_3_13_3}
    return render(request, "appeals/rank_cancellation_appeal_form.html", context)


def _appeal_page(request, appeal, *, decision_form=None, escalate_form=None, action=None, error=None):
    """The appeal page. After a refused action it shows why: on the action's form while the page
    still offers it, else as a message (decided or escalated meanwhile, nothing left to sign)."""
    context = selectors.appeal_page(user=request.user, appeal=appeal)
    if error is not None:
        form, offered = {
            selectors.DECIDE: (decision_form, context["can_decide"]),
            selectors.ESCALATE: (escalate_form, context["can_escalate"]),
        }.get(action, (None, False))
        if form is not None and offered:
            add_service_errors(form, error)
        else:
            add_service_messages(request, error)
    context["decision_form"] = decision_form or DecisionForm(confirm_only=not context["can_uphold"])
    context["escalate_form"] = escalate_form or EscalateForm()
    # After a POST: switching the language goes back to the appeal.
    context["language_next"] = reverse("appeals:detail", args=[appeal.pk])
    return render(request, "appeals/appeal_detail.html", context)


def _appeal_action(request, appeal, action, success: str, perform, **forms):
    """An action on the appeal page: done, back to the page with `success`; refused, the page again with
    the service's reason at that action (on its form, `decision_form` or `escalate_form`, if it has one)."""
    with page_action(request, success=success, shown=False) as result:
        perform()
    if result.done:
        return redirect("appeals:detail", appeal.pk)
    return _appeal_page(request, appeal, action=action, error=result.error, **forms)


@login_required
@require_safe
def appeal_detail(request, appeal_id: int):
    appeal = selectors.appeal_get_for_user(user=request.user, appeal_id=appeal_id)
    return _appeal_page(request, appeal)


@login_required
@require_POST
def appeal_sign(request, appeal_id: int):
    """3.12.3: the appellant, and the team leader for a team's player, sign the appeal."""
    appeal = selectors.appeal_get_for_user(user=request.user, appeal_id=appeal_id)
    return _appeal_action(
        request, appeal, selectors.SIGN, _("Signed."),
        lambda: services.appeal_sign(actor=request.user, appeal=appeal),
    )


@login_required
@require_POST
def appeal_paper_signature(request, appeal_id: int):
    """3.12.3: the chief referee or an organizer records a signature given on the paper form."""
    signer = request.POST.get("signer", "")
    appeal = selectors.appeal_get_for_user(user=request.user, appeal_id=appeal_id)
    return _appeal_action(
        request, appeal, selectors.PAPER_SIGNATURE, _("Signature recorded."),
        lambda: services.appeal_paper_signature_record(actor=request.user, appeal=appeal, signer=signer),
    )


@login_required
@require_POST
def appeal_fee_receive(request, appeal_id: int):
    """3.12.2: an organizer records the appeal fee as received."""
    appeal = selectors.appeal_get_for_user(user=request.user, appeal_id=appeal_id)
    return _appeal_action(
        request, appeal, selectors.FEE_RECEIVE, _("Fee recorded as received."),
        lambda: services.appeal_fee_receive(actor=request.user, appeal=appeal),
    )


@login_required
@require_POST
def appeal_decide(request, appeal_id: int):
    """The chief referee (3.13.1), the arbitration committee (3.13) or the organizers (3.13.2) decide."""
    appeal = selectors.appeal_get_for_user(user=request.user, appeal_id=appeal_id)
    form = DecisionForm(request.POST, confirm_only=selectors.arbitration_cannot_uphold(appeal))
    if not form.is_valid():
        return _appeal_page(request, appeal, decision_form=form)
    return _appeal_action(
        request, appeal, selectors.DECIDE, _("Decision recorded."),
        lambda: services.appeal_decide(
            actor=request.user, appeal=appeal, outcome=form.cleaned_data["outcome"],
            reasons=form.cleaned_data["reasons"], remedy=form.remedy(request.POST.get("tiles", "")),
        ),
        decision_form=form,
    )


@login_required
@require_POST
def appeal_escalate(request, appeal_id: int):
    """3.13.1: the appellant takes the chief referee's rejection to the arbitration committee."""
    appeal = selectors.appeal_get_for_user(user=request.user, appeal_id=appeal_id)
    form = EscalateForm(request.POST)
    if not form.is_valid():
        return _appeal_page(request, appeal, escalate_form=form)
    return _appeal_action(
        request, appeal, selectors.ESCALATE, _("The appeal goes to the arbitration committee."),
        lambda: services.appeal_escalate(actor=request.user, appeal=appeal, statement=form.cleaned_data["statement"],
                                         acknowledged_3_13_3=form.cleaned_data["acknowledged_3_13_3"]),
        escalate_form=form,
    )


@login_required
def appeal_settings(request, tournament_id: int):
    tournament = core_selectors.tournament_get_for_user(
        user=request.user, tournament_id=tournament_id, capability=Capability.MANAGE
    )
    policy = selectors.policy_for(tournament)
    initial = {"window_minutes": policy.window_minutes, "fee_amount": policy.fee_amount,
               "fee_currency": policy.fee_currency, "other_appeals_body": policy.other_appeals_body}
    form = AppealPolicyForm(request.POST or None, initial=initial)
    if request.method == "POST" and form.is_valid():
        with page_action(request, form=form, success=_("Settings saved.")) as action:
            services.appeal_policy_update(actor=request.user, tournament=tournament, **form.cleaned_data)
        if action.done:
            return redirect("appeals:settings", tournament.pk)
    return render(request, "appeals/settings.html", {"tournament": tournament, "form": form})
