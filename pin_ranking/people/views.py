"""A player's ledger page (the player, or a committee whose scope holds them) and the committee's writes from
it: a Pin awarded on paper, a merge and its undoing."""

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from pin_ranking.access import committee_member_required, seats_of
from pin_ranking.ledger import selectors as ledger_selectors
from pin_ranking.ledger import views as ledger_views
from pin_ranking.people import forms, selectors, services
from tournaments.pages import page_action
from tournaments.ratelimit import client_ip


@login_required
def player_ledger(request, player_id: int):
    view = ledger_selectors.player_ledger_view(viewer=request.user, player_id=player_id)
    tools = None
    seats = seats_of(request.user)
    if seats.any:  # the committee's writes on this page (pin_ranking.people)
        tools = {"paper": forms.PaperAwardForm(), "merge": forms.MergeForm(), "world": seats.world,
                 "merges": selectors.merges_of(player=view["player"])}
    return render(request, "pin_ranking/ledger/my_pin.html", {**ledger_views.ledger_context(view), "own": False,
                                                        "awards": ledger_selectors.pin_awards_of(player=view["player"]),
                                                        "committee_tools": tools})


@login_required
@require_POST
def paper_award(request, player_id: int):
    player = ledger_selectors.player_ledger_view(viewer=request.user, player_id=player_id)["player"]
    form = forms.PaperAwardForm(request.POST)
    if not form.is_valid():
        messages.error(request, "; ".join(f"{k}: {' '.join(v)}" for k, v in form.errors.items()))
        return redirect("pin_ranking:player_ledger", player_id)
    with page_action(request) as action:
        award = services.pin_award_enter_paper(actor=request.user, player=player, **form.cleaned_data)
    if action.done:
        messages.success(request, _("Paper certificate %(number)s entered in the register.") % {"number": award.number})
    return redirect("pin_ranking:player_ledger", player_id)


@login_required
@require_POST
def merge(request, player_id: int):
    ledger_selectors.player_ledger_view(viewer=request.user, player_id=player_id)
    form = forms.MergeForm(request.POST)
    if not form.is_valid():
        messages.error(request, "; ".join(f"{k}: {' '.join(v)}" for k, v in form.errors.items()))
        return redirect("pin_ranking:player_ledger", player_id)
    with page_action(request) as action:
        done = services.player_merge(actor=request.user, kept_id=player_id, merged_id=form.cleaned_data["merged"],
                                     reason=form.cleaned_data["reason"])
    if action.done:
        messages.success(request, _("Merged: %(count)d results moved to this record.") % {"count": len(done.results)})
    return redirect("pin_ranking:player_ledger", player_id)


@login_required
@require_POST
def merge_undo(request, player_id: int, merge_id: int):
    ledger_selectors.player_ledger_view(viewer=request.user, player_id=player_id)
    with page_action(request, success=_("The merge is undone: the results are back on the other record.")):
        services.player_merge_undo(actor=request.user, merge_id=merge_id)
    return redirect("pin_ranking:player_ledger", player_id)


@login_required
def claim(request):
    """An account with no player claims its register record by federation ID (N7); linked, it goes to My Pin."""
    if ledger_selectors.player_for_user(user=request.user) is not None:
        return redirect("pin_ranking:my_pin")
    form = forms.ClaimForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        with page_action(request, form=form, success=_("Your claim is sent: your committee confirms it, and your "
                                                       "Pin ledger then shows on My Pin.")) as action:
            services.account_claim_file(actor=request.user, client=client_ip(request), **form.cleaned_data)
        if action.done:
            return redirect("pin_ranking:claim")
    return render(request, "pin_ranking/people/claim.html", {
        "form": form, "claim": selectors.claim_of(user=request.user)})


@login_required
def claims(request):
    """The committee's claims: accounts asking to be linked to a record of its scope, confirmed or refused."""
    committee_member_required(request.user)
    if request.method == "POST":
        number = request.POST.get("claim", "")
        form = forms.ClaimDecisionForm(request.POST)
        form.is_valid()
        confirm = request.POST.get("decision") == "confirm"
        with page_action(request, success=_("Claim confirmed: the account is linked to the record.") if confirm
                         else _("Claim refused; the player sees the reason.")):
            services.account_claim_decide(actor=request.user, claim_id=int(number) if number.isdigit() else 0,
                                          confirm=confirm, reason=form.cleaned_data.get("reason", ""))
        return redirect("pin_ranking:claims")
    return render(request, "pin_ranking/people/claims.html", {
        "claims": selectors.claims_for_committee(user=request.user), "form": forms.ClaimDecisionForm(),
        "section": "claims"})
