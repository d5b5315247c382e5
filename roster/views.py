"""Roster import pages: upload a file, follow its import."""

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.shortcuts import redirect, render
from django.utils.translation import get_language
from django.utils.translation import gettext as _

from roster import selectors as roster_selectors
from roster import services as roster_services
from roster.files import (
    PLAYER_COLUMNS,
    TEAM_COLUMNS,
    accepted_headers,
    column_label,
    encoding_label,
    problem_message,
)
from roster.forms import (
    EncodingForm,
    ImportForm,
    LateRegistrationForm,
    ReserveForm,
    SubstituteForm,
    WithdrawalUndoForm,
    WithdrawForm,
)
from roster.models import ImportJob
from roster.oath import oath_text
from tournaments import extensions, limits
from tournaments.access import Capability
from tournaments.core import selectors as core_selectors
from tournaments.pages import page_action


@login_required
def roster_import(request, tournament_id: int):
    tournament = core_selectors.tournament_get_for_user(
        user=request.user, tournament_id=tournament_id, capability=Capability.MANAGE
    )
    form = ImportForm(request.POST or None, request.FILES or None)
    if request.method == "POST" and form.is_valid():
        upload = form.cleaned_data["file"]
        job = roster_services.import_job_create(
            actor=request.user,
            tournament=tournament,
            kind=form.cleaned_data["kind"],
            filename=upload.name,
            content=upload.read(),
            encoding=form.cleaned_data["encoding"],
        )
        return redirect("roster:job", job.pk)
    context = {
        "form": form,
        "tournament": tournament,
        "limits": {"players": limits.max_players(), "upload_mb": limits.MAX_UPLOAD_BYTES // 2**20},
        "header_tables": [
            (_("Teams file"), accepted_headers(TEAM_COLUMNS, teams_file=True)),
            (_("Players file"), accepted_headers(PLAYER_COLUMNS)),
        ],
    }
    return render(request, "roster/import_form.html", context)


@login_required
def import_job_detail(request, job_id: int):
    job = roster_selectors.import_job_get_for_user(user=request.user, job_id=job_id)
    problems = [{**problem, "message": problem_message(problem), "column": column_label(problem.get("column", ""))}
                for problem in job.errors]
    encoding_problem = next((p for p in job.errors if p["code"].startswith("encoding_")), None)
    # Detected, not wrong: the file reads cleanly in an encoding that is not UTF-8; the organizer is asked.
    question = len(job.errors) == 1 and job.errors[0]["code"] == "encoding_confirm"
    encoding_form = None
    if encoding_problem:
        encoding_form = EncodingForm(initial={"encoding": encoding_problem.get("params", {}).get("encoding_code")})
    context = {
        "job": job,
        "encoding_used": encoding_label(job.encoding_used) if job.encoding_used not in ("", "xlsx") else "",
        "encoding_form": encoding_form,
        "tournament": job.tournament,
        "problems": problems,
        "pending": job.status == ImportJob.Status.PENDING,
        "done": job.status == ImportJob.Status.DONE,
        "failed": job.status == ImportJob.Status.FAILED and not question,
        "question": job.status == ImportJob.Status.FAILED and question,
    }
    if context["done"]:  # what the apps offer now (the staff app: the team leaders' accounts)
        context["panels"] = extensions.import_panels(job.tournament, request.user)
    template = "roster/_import_job_status.html" if request.htmx else "roster/import_job.html"
    return render(request, template, context)


@login_required
def import_job_again(request, job_id: int):
    """Import the same file again, read in the encoding the organizer chose."""
    job = roster_selectors.import_job_get_for_user(user=request.user, job_id=job_id)
    form = EncodingForm(request.POST or None)
    if request.method != "POST" or not form.is_valid():
        return redirect("roster:job", job.pk)
    again = roster_services.import_job_again(actor=request.user, job=job, encoding=form.cleaned_data["encoding"])
    return redirect("roster:job", again.pk)


@login_required
def registration_add(request, tournament_id: int):
    """Register one player by hand: a late registration (after the chart is drawn) or a substitute to be."""
    tournament = core_selectors.tournament_get_for_user(
        user=request.user, tournament_id=tournament_id, capability=Capability.MANAGE
    )
    form = LateRegistrationForm(request.POST or None, teams=roster_selectors.team_list(tournament=tournament))
    if request.method == "POST" and form.is_valid():
        with page_action(request, form=form) as action:
            registration = roster_services.registration_add(actor=request.user, tournament=tournament,
                                                            **form.cleaned_data)
        if action.done:
            _registered_message(request, registration)
            return redirect("tournaments:registrations", tournament.pk)
    return render(request, "roster/registration_add.html", {
        "form": form, "tournament": tournament, "seating": roster_selectors.seating_state(tournament=tournament)})


def _registered_message(request, registration) -> None:
    """What the new registration means for the seats: a reserve, from which session, or a redraw needed."""
    entry = registration.entry_number
    if registration.reserve:
        messages.success(request, _("Entry %(entry)d registered as a reserve (not seated).") % {"entry": entry})
    elif registration.seated_from:
        messages.success(request, _("Entry %(entry)d registered: seated from session %(n)d, when its seats are "
                                    "drawn.") % {"entry": entry, "n": registration.seated_from})
    else:
        messages.success(request, _("Entry %(entry)d registered.") % {"entry": entry})
    redraw = roster_selectors.sessions_to_redraw(tournament=registration.tournament)
    if redraw:
        messages.warning(request, _(
            "Sessions %(sessions)s are already drawn without this player: draw their seats again (the seating "
            "chart), or make the player a reserve (their registration's page)."
        ) % {"sessions": ", ".join(map(str, redraw))})


@login_required
def registration_leave(request, registration_id: int):
    """Withdraw a player, or seat a substitute in their place (the seats of sessions not yet started)."""
    registration = core_selectors.registration_get_for_user(
        user=request.user, registration_id=registration_id, capability=Capability.MANAGE
    )
    action = request.POST.get("action") if request.method == "POST" else None
    candidates = roster_selectors.substitute_candidates(registration=registration)
    withdraw_form = WithdrawForm(request.POST if action == "withdraw" else None, prefix="withdraw")
    substitute_form = SubstituteForm(
        request.POST if action == "substitute" else None, prefix="substitute", candidates=candidates
    )
    undo_form = WithdrawalUndoForm(request.POST if action == "undo" else None, prefix="undo")
    reserve_form = ReserveForm(request.POST if action == "reserve" else None, prefix="reserve")
    if action == "delete":
        with page_action(request) as result:
            roster_services.registration_delete(actor=request.user, registration=registration)
        if result.done:
            messages.success(request, _("Entry %(entry)d deleted.") % {"entry": registration.entry_number})
            return redirect("tournaments:registrations", registration.tournament_id)
    form = {"withdraw": withdraw_form, "substitute": substitute_form, "undo": undo_form,
            "reserve": reserve_form}.get(action)
    if form is not None and form.is_valid():
        with page_action(request, form=form, success=_("Saved.")) as result:
            if action == "reserve":
                roster_services.registration_reserve_set(actor=request.user, registration=registration,
                                                         **form.cleaned_data)
            elif action == "withdraw":
                roster_services.registration_withdraw(actor=request.user, registration=registration,
                                                      **form.cleaned_data)
            elif action == "undo":
                roster_services.registration_withdrawal_undo(actor=request.user, registration=registration,
                                                             **form.cleaned_data)
            else:
                roster_services.registration_substitute(actor=request.user, registration=registration,
                                                        **form.cleaned_data)
        if result.done:
            redraw = roster_selectors.sessions_to_redraw(tournament=registration.tournament)
            if redraw:
                messages.warning(request, _(
                    "Sessions %(sessions)s are drawn with a reserve, or without a player: draw their seats again "
                    "(the seating chart)."
                ) % {"sessions": ", ".join(map(str, redraw))})
            return redirect("tournaments:registrations", registration.tournament_id)
        registration.refresh_from_db()
    context = {
        "registration": registration,
        "tournament": registration.tournament,
        "withdraw_form": withdraw_form,
        "substitute_form": substitute_form,
        "undo_form": undo_form,
        "seats_open": roster_selectors.registration_seats_open(registration=registration),
        "deletable": roster_selectors.registration_deletable(registration=registration),
    }
    return render(request, "roster/registration_leave.html", context)


@login_required
def oaths(request, tournament_id: int):
    """Appendix 2 (附件二 誓约书): the Player's Oath, one page per registered player (or `?entry=N`), in the
    page's language, to print and have signed by the player or a minor's guardian with an ID number."""
    tournament = core_selectors.tournament_get_for_user(
        user=request.user, tournament_id=tournament_id, capability=Capability.VIEW_ROSTER
    )
    registrations = roster_selectors.players_in_the_tournament(tournament=tournament,
                                                               entry=request.GET.get("entry", ""))
    oath = dict(oath_text(get_language() or "en"))
    oath["intro_for_tournament"] = oath["intro"].format(competition=tournament.name)
    return render(request, "roster/oaths.html", {
        "tournament": tournament, "registrations": registrations, "oath": oath})
