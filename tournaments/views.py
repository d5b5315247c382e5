"""Organizer pages. Views check access, call one service or selector, and render."""

from django.contrib import messages
from django.contrib.auth.decorators import login_required, permission_required
from django.core.exceptions import ValidationError
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from tournaments import extensions, selectors, services
from tournaments.access import Capability, capabilities
from tournaments.forms import ImportForm, RegistrationForm, TournamentEditForm, TournamentForm, add_service_errors
from tournaments.models import ImportJob
from tournaments.roster_files import problem_message


def home(request):
    tournaments = selectors.tournament_list_visible(user=request.user)
    return render(request, "tournaments/home.html", {"tournaments": tournaments})


@login_required
@permission_required("tournaments.add_tournament", raise_exception=True)
def tournament_create(request):
    form = TournamentForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        try:
            tournament = services.tournament_create(actor=request.user, **form.cleaned_data)
        except ValidationError as error:
            add_service_errors(form, error)
        else:
            messages.success(request, _("Tournament created."))
            return redirect("tournaments:detail", tournament.pk)
    return render(request, "tournaments/tournament_form.html", {"form": form, "creating": True})


def tournament_detail(request, tournament_id: int):
    tournament = selectors.tournament_get_for_user(user=request.user, tournament_id=tournament_id)
    granted = capabilities(request.user, tournament)
    summary = selectors.tournament_summary(tournament=tournament)
    context = {
        "tournament": tournament,
        "caps": {cap.value for cap in granted},
        # Pages of the apps above the core (appeals, …), through the core's link seam.
        "app_links": extensions.visible_links("tournament", request.user, tournament, granted),
        "summary": summary,
        # Each session's pages of the apps (the Record of Fouls, …).
        "sessions": [
            {"session": session, "links": extensions.visible_links("session", request.user, session, granted)}
            for session in summary["sessions"]
        ],
    }
    return render(request, "tournaments/tournament_detail.html", context)


@login_required
def tournament_edit(request, tournament_id: int):
    tournament = selectors.tournament_get_for_user(
        user=request.user, tournament_id=tournament_id, capability=Capability.MANAGE
    )
    form = TournamentEditForm(request.POST or None, instance=tournament)
    if request.method == "POST" and form.is_valid():
        changes = {name: form.cleaned_data[name] for name in form.changed_data}
        try:
            services.tournament_update(actor=request.user, tournament=tournament, **changes)
        except ValidationError as error:
            add_service_errors(form, error)
        else:
            messages.success(request, _("Tournament saved."))
            return redirect("tournaments:detail", tournament.pk)
    return render(request, "tournaments/tournament_form.html", {"form": form, "tournament": tournament})


@login_required
def registration_list(request, tournament_id: int):
    tournament = selectors.tournament_get_for_user(
        user=request.user, tournament_id=tournament_id, capability=Capability.VIEW_ROSTER
    )
    search = request.GET.get("q", "").strip()
    context = {
        "tournament": tournament,
        "registrations": selectors.registration_list(tournament=tournament, search=search),
        "search": search,
        "caps": {cap.value for cap in capabilities(request.user, tournament)},
    }
    template = "tournaments/_registration_rows.html" if request.htmx else "tournaments/registration_list.html"
    return render(request, template, context)


@login_required
@require_POST
def registration_check_in(request, registration_id: int):
    registration = selectors.registration_get_for_user(
        user=request.user, registration_id=registration_id, capability=Capability.CHECK_IN
    )
    registration = services.registration_check_in(
        actor=request.user, registration=registration, checked_in=request.POST.get("checked_in") == "1"
    )
    context = {
        "registration": registration,
        "tournament": registration.tournament,
        "caps": {cap.value for cap in capabilities(request.user, registration.tournament)},
    }
    if request.htmx:
        return render(request, "tournaments/_registration_row.html", context)
    return redirect("tournaments:registrations", registration.tournament_id)


@login_required
def registration_edit(request, registration_id: int):
    registration = selectors.registration_get_for_user(
        user=request.user, registration_id=registration_id, capability=Capability.MANAGE
    )
    player = registration.player
    initial = {
        "name": player.name,
        "name_local": player.name_local,
        "country": player.country,
        "federation_id": player.federation_id,
        "contact": player.contact,
        "team": registration.team,
    }
    form = RegistrationForm(request.POST or None, initial=initial, tournament=registration.tournament)
    if request.method == "POST" and form.is_valid():
        try:
            services.registration_update(actor=request.user, registration=registration, **form.cleaned_data)
        except ValidationError as error:
            add_service_errors(form, error)
        else:
            messages.success(request, _("Registration saved."))
            return redirect("tournaments:registrations", registration.tournament_id)
    return render(
        request,
        "tournaments/registration_form.html",
        {"form": form, "registration": registration, "tournament": registration.tournament},
    )


@login_required
def roster_import(request, tournament_id: int):
    tournament = selectors.tournament_get_for_user(
        user=request.user, tournament_id=tournament_id, capability=Capability.MANAGE
    )
    form = ImportForm(request.POST or None, request.FILES or None)
    if request.method == "POST" and form.is_valid():
        upload = form.cleaned_data["file"]
        job = services.import_job_create(
            actor=request.user,
            tournament=tournament,
            kind=form.cleaned_data["kind"],
            filename=upload.name,
            content=upload.read(),
        )
        return redirect("tournaments:import_job", job.pk)
    return render(request, "tournaments/import_form.html", {"form": form, "tournament": tournament})


@login_required
def import_job_detail(request, job_id: int):
    job = selectors.import_job_get_for_user(user=request.user, job_id=job_id)
    problems = [{**problem, "message": problem_message(problem)} for problem in job.errors]
    context = {
        "job": job,
        "tournament": job.tournament,
        "problems": problems,
        "pending": job.status == ImportJob.Status.PENDING,
    }
    template = "tournaments/_import_job_status.html" if request.htmx else "tournaments/import_job.html"
    return render(request, template, context)


@login_required
def audit_log(request, tournament_id: int):
    tournament = selectors.tournament_get_for_user(
        user=request.user, tournament_id=tournament_id, capability=Capability.VIEW_AUDIT
    )
    events = selectors.audit_event_list(tournament=tournament)
    return render(request, "tournaments/audit_log.html", {"tournament": tournament, "events": events})
