"""A player's ledger page (the player, or a committee whose scope holds them) and the committee's writes from
it: a Pin awarded on paper, a merge and its undoing."""

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from pin_ranking.access import seats_of
from pin_ranking.ledger import selectors as ledger_selectors
from pin_ranking.ledger import views as ledger_views
from pin_ranking.people import forms, selectors, services
from tournaments.pages import page_action


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
