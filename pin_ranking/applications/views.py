"""The player's application pages (Appendix 9, 7.1-7.2; the form of Appendix 10): apply from "My Pin"."""

import mimetypes

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from pin_ranking.applications.forms import AnswerForm, ApplicationForm, ConfirmForm
from pin_ranking.applications.selectors import (
    application_view,
    applications_of,
    ledger_of,
    may_answer,
    may_confirm,
    player_to_file_for,
)
from pin_ranking.applications.services import application_answer, application_confirm, application_file
from pin_ranking.ledger import selectors as ledger_selectors
from pin_ranking.models import Application
from scoring.engine.table import twelfths_display
from tournaments.errors import NotFound
from tournaments.extensions import personal_data_read
from tournaments.pages import page_action
from tournaments.store import stored_file_response


@login_required
def application_new(request, track: str):
    """The player applies; or, with ?player=<id>, an official files for the player (7.1), with the paper form
    the player signed or for the player to confirm."""
    on_behalf = "player" in request.GET
    if on_behalf:
        player_id = request.GET["player"]
        player = player_to_file_for(actor=request.user, player_id=int(player_id) if player_id.isdigit() else 0)
        on_behalf = player.user_id != request.user.pk
    else:
        player = ledger_selectors.player_for_user(user=request.user)
        if player is None and track in ("pin", "web_pin"):
            # Not a bare 404: the account is not linked to a record yet, and My Pin says how (N7).
            messages.info(request, _("Your account is not linked to your Pin record yet: claim it first."))
            return redirect("pin_ranking:claim")
    if player is None or track not in ("pin", "web_pin"):
        raise NotFound(_("No such page."))
    ledger = ledger_of(player=player, track=track)
    if ledger is None or ledger.pin is None:
        messages.error(request, _("Your ledger reaches no Pin on this track yet."))
        return redirect("pin_ranking:my_pin")
    form = ApplicationForm(request.POST or None, request.FILES or None, reached=ledger.pin,
                           initial={"pin": ledger.pin}, on_behalf=on_behalf)
    if request.method == "POST" and form.is_valid():
        data = dict(form.cleaned_data)
        if on_behalf:
            data["pledge_accepted"] = False
            data["paper_form"] = data.get("paper_form") or None
        with page_action(request, form=form) as action:
            application = application_file(actor=request.user, player=player, track=track, **data)
        if action.done:
            messages.success(request, _("Your application was sent to %(committee)s.")
                             % {"committee": application.committee.name})
            return redirect("pin_ranking:application", application.pk)
    rows = [{**row, "table_points_display": twelfths_display(row["table_points"])} for row in ledger.data["counted"]]
    return render(request, "pin_ranking/applications/new.html", {
        "form": form, "player": player, "track": track, "ledger": ledger, "rows": rows, "on_behalf": on_behalf,
        "points_display": twelfths_display(ledger.points) if track == "pin" else ledger.points,
        "applications": applications_of(player=player)})


@login_required
def application_detail(request, application_id: int):
    application = application_view(viewer=request.user, application_id=application_id)
    if application.player.user_id != request.user.pk:  # the committee (or whoever filed it) reads the form
        personal_data_read(reader=request.user, player_id=application.player_id, what="pin_application",
                           object_id=application.pk)
    rows = [{**row, "table_points_display": twelfths_display(row["table_points"])} for row in application.results]
    return render(request, "pin_ranking/applications/detail.html", {
        "application": application, "rows": rows,
        "award": getattr(application, "award", None) if application.status == Application.Status.APPROVED else None,
        "exchange": list(application.messages.all()), "may_answer": may_answer(request.user, application),
        "may_confirm": may_confirm(request.user, application) and application.status == "awaiting_player",
        "confirm_form": ConfirmForm(),
        "points_display": (twelfths_display(application.points_total) if application.track == "pin"
                           else application.points_total)})


@login_required
def application_answer_page(request, application_id: int):
    """7.3: the player answers the committee's "ask for more" and the application goes back to its queue."""
    application = application_view(viewer=request.user, application_id=application_id)
    if not may_answer(request.user, application):
        raise NotFound(_("No such page."))
    initial = {field: getattr(application, field) for field in ("sex", "age", "id_number", "contact")}
    form = AnswerForm(request.POST or None, initial=initial)
    if request.method == "POST" and form.is_valid():
        success = _("Your answer is sent: the application is back with the committee.")
        with page_action(request, form=form, success=success) as action:
            application_answer(actor=request.user, application_id=application.pk, **form.cleaned_data)
        if action.done:
            return redirect("pin_ranking:application", application.pk)
    return render(request, "pin_ranking/applications/answer.html", {
        "application": application, "form": form,
        "exchange": list(application.messages.all())})


@login_required
@require_POST
def application_confirm_page(request, application_id: int):
    """The player confirms an application filed on their behalf and accepts the pledge (附件十 本人承诺)."""
    form = ConfirmForm(request.POST)
    with page_action(request, success=_("Confirmed: your application is with the committee.")):
        application_confirm(actor=request.user, application_id=application_id,
                            pledge_accepted=form.is_valid() and form.cleaned_data["pledge_accepted"])
    return redirect("pin_ranking:application", application_id)


@login_required
def paper_form_download(request, application_id: int):
    """The signed paper form (Appendix 10) of an application filed on the player's behalf: the same readers as
    the application (its personal fields are on it)."""
    application = application_view(viewer=request.user, application_id=application_id)
    if not application.paper_form:
        raise NotFound(_("No such page."))
    name = application.paper_form.name
    return stored_file_response(request, name=name, filename=name.rsplit("/", 1)[-1],
                                content_type=mimetypes.guess_type(name)[0] or "application/octet-stream",
                                inline=False, cache_control="private, no-store")
