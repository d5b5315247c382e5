"""The referee's tablet: one score sheet (Appendix 5), and the referee's tables this session."""

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.contrib.staticfiles import finders
from django.core.exceptions import ValidationError
from django.http import HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST, require_safe

from tournaments import documents
from tournaments.access import Capability
from tournaments.core import selectors as core_selectors
from tournaments.errors import NotFound
from tournaments.pages import page_action
from tournaments.sheets import paper
from tournaments.sheets import selectors as sheet_selectors
from tournaments.sheets import services as sheet_services
from tournaments.sheets.forms import HandCorrectionForm, ObjectionForm, SheetRemarksForm


def sheet_context(request, sheet) -> dict:
    """The sheet page's context: the selectors' page, and the tablet's API addresses."""
    return {
        **sheet_selectors.sheet_page(user=request.user, sheet=sheet),
        "api_url": reverse("api-sheet-hands", args=[sheet.pk]),
        "api_base": reverse("api-sheet", args=[sheet.pk]),
    }


@require_safe
def sheet_service_worker(request):
    """static/js/sheet-sw.js under /t/sheets/, so that it may keep the sheet pages for offline use (a service
    worker controls the paths below its own address; issue 29). Public: it holds no data, only code."""
    path = finders.find("js/sheet-sw.js")
    with open(path, "rb") as script:
        response = HttpResponse(script.read(), content_type="text/javascript; charset=utf-8")
    response["Service-Worker-Allowed"] = "/t/sheets/"
    response["Cache-Control"] = "no-cache"  # a new version is picked up at the next load
    return response


@login_required
def sheet_page(request, sheet_id: int):
    try:
        sheet = sheet_selectors.sheet_get_for_user(user=request.user, sheet_id=sheet_id)
    except NotFound:
        # A player (or their team leader) reads the sheet on the players' page; still 404 to others.
        sheet = sheet_selectors.sheet_get_for_player(user=request.user, sheet_id=sheet_id)
        return redirect("tournaments:player_sheet", sheet.pk)
    context = sheet_context(request, sheet)
    if request.htmx:
        return render(request, "tournaments/sheets/_sheet_state.html", context)
    if context["correctable"]:
        # "Correct" on a hand's row: the form starts from that hand as recorded, open.
        initial, tiles = sheet_selectors.correction_initial(sheet=sheet, number=request.GET.get("correct"))
        context["correction_form"] = HandCorrectionForm(
            seats=context["seats"], initial={"version": sheet.version, **initial}
        )
        context["correction_tiles"] = tiles
        context["correction_open"] = bool(initial)
    return render(request, "tournaments/sheets/sheet.html", context)


@login_required
@require_POST
def sheet_referee(request, sheet_id: int):
    """The chief referee hands a table to another referee (a referee leaves, tables are regrouped)."""
    sheet = sheet_selectors.sheet_get_for_user(
        user=request.user, sheet_id=sheet_id, capability=Capability.SUPERVISE_SCORES
    )
    referee = core_selectors.tournament_referee_get(
        tournament=sheet.session.tournament, user_id=request.POST.get("referee")
    )
    with page_action(request) as action:
        if referee is None:
            raise ValidationError(_("Choose a referee of this tournament."))
        sheet_services.sheet_assign_referee(actor=request.user, sheet=sheet, referee=referee)
    if action.done:
        messages.success(
            request, _("Table %(n)s is now refereed by %(user)s.") % {"n": sheet.table.number, "user": referee}
        )
    return redirect("tournaments:sheet", sheet.pk)


@login_required
@require_POST
def sheet_correct(request, sheet_id: int):
    """The chief referee corrects a hand, also on a signed sheet (Appendix 5: only they or an appeal may)."""
    sheet = sheet_selectors.sheet_get_for_user(
        user=request.user, sheet_id=sheet_id, capability=Capability.SUPERVISE_SCORES
    )
    context = sheet_context(request, sheet)
    form = HandCorrectionForm(request.POST, seats=context["seats"])
    if form.is_valid():
        data = form.cleaned_data
        with page_action(request, form=form, success=_("Hand corrected; the results follow.")) as action:
            sheet_services.hand_correct(
                actor=request.user, sheet=sheet, number=data["number"], expected_version=data["version"],
                reason=data["reason"], entry=form.hand_entry(request.POST.get("tiles", "")),
                basis=data["basis"], reference=data["reference"],
            )
        if action.done:
            return redirect("tournaments:sheet", sheet.pk)
    context["correction_form"] = form
    context["correction_tiles"] = request.POST.get("tiles", "")
    # This URL takes POSTs only: switching the language goes back to the sheet.
    context["language_next"] = reverse("tournaments:sheet", args=[sheet.pk])
    return render(request, "tournaments/sheets/sheet.html", context, status=400 if form.errors else 200)


@login_required
def my_tables(request, tournament_id: int):
    """The sheets this user may write: their own tables (all, for the chief) in the running
    session, and those of earlier sessions still waiting for signatures after time-up."""
    tournament = core_selectors.tournament_get_for_user(
        user=request.user, tournament_id=tournament_id, capability=Capability.RECORD_SCORES
    )
    context = {"tournament": tournament, **sheet_selectors.sheets_for_user(user=request.user, tournament=tournament)}
    return render(request, "tournaments/sheets/my_tables.html", context)


@login_required
@require_POST
def sheet_remarks(request, sheet_id: int):
    """The referee writes the sheet's remarks (Appendix 5, 备注) before it is signed."""
    sheet = sheet_selectors.sheet_get_for_user(user=request.user, sheet_id=sheet_id, write=True)
    form = SheetRemarksForm(request.POST)
    if form.is_valid():
        with page_action(request, success=_("Remarks saved.")):
            sheet_services.sheet_remarks_set(
                actor=request.user, sheet=sheet, remarks=form.cleaned_data["remarks"],
                expected_version=form.cleaned_data["version"],
            )
    else:
        for errors in form.errors.values():
            for error in errors:
                messages.error(request, error)
    return redirect("tournaments:sheet", sheet.pk)


def _pdf(document: dict) -> HttpResponse:
    response = HttpResponse(paper.paper_pdf(document["pages"]), content_type="application/pdf")
    filename = document["filename"]
    response["Content-Disposition"] = f'inline; filename="{filename}"'
    return response


@login_required
def sheet_pdf(request, sheet_id: int):
    """Appendix 5: this table's sheet as recorded, printed (its referee, the chief referee, the organizer)."""
    return _pdf(paper.paper_sheet_pages(user=request.user, sheet_id=sheet_id))


@login_required
def session_sheets_pdf(request, tournament_id: int, number: int, kind: str, table_number: int | None = None):
    """Appendix 5 for a session: every table (or one table), blank for play on paper or as recorded. Made by
    the worker (prints): the file if made already, else its progress page."""
    options = paper.session_print_options(user=request.user, tournament_id=tournament_id, number=number, form=kind,
                                          table_number=table_number, hands=request.GET.get("hands") == "1")
    tournament = core_selectors.tournament_get_for_user(user=request.user, tournament_id=tournament_id)
    return documents.document_response(request, tournament=tournament, kind=paper.SESSION_SHEETS.name, options=options)


@login_required
@require_POST
def sheet_objection(request, sheet_id: int):
    """The table's referee records an objection when it is made, before signing (3.9.1.4 如有异议)."""
    sheet = sheet_selectors.sheet_get_for_user(user=request.user, sheet_id=sheet_id, write=True)
    form = ObjectionForm(request.POST, seats=sheet_context(request, sheet)["seats"])
    if form.is_valid():
        data = form.cleaned_data
        with page_action(request) as action:
            objection = sheet_services.objection_record(
                actor=request.user, sheet=sheet, expected_version=data["version"], hand_number=data["hand_number"],
                text=data["text"], seat=data["seat"])
        if action.done:
            messages.success(request, _("Objection #%(id)d recorded.") % {"id": objection.pk})
    else:
        for errors in form.errors.values():
            for error in errors:
                messages.error(request, error)
    return redirect(reverse("tournaments:sheet", args=[sheet.pk]) + "#objections")
