"""Roster import pages: upload a file, follow its import."""

from django.contrib.auth.decorators import login_required
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _

from tournaments.access import Capability
from tournaments.core import selectors as core_selectors
from tournaments.models import ImportJob
from tournaments.roster import selectors as roster_selectors
from tournaments.roster import services as roster_services
from tournaments.roster.files import PLAYER_COLUMNS, TEAM_COLUMNS, accepted_headers, problem_message
from tournaments.roster.forms import ImportForm


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
        )
        return redirect("tournaments:import_job", job.pk)
    context = {
        "form": form,
        "tournament": tournament,
        "header_tables": [
            (_("Teams file"), accepted_headers(TEAM_COLUMNS, teams_file=True)),
            (_("Players file"), accepted_headers(PLAYER_COLUMNS)),
        ],
    }
    return render(request, "tournaments/roster/import_form.html", context)


@login_required
def import_job_detail(request, job_id: int):
    job = roster_selectors.import_job_get_for_user(user=request.user, job_id=job_id)
    problems = [{**problem, "message": problem_message(problem)} for problem in job.errors]
    context = {
        "job": job,
        "tournament": job.tournament,
        "problems": problems,
        "pending": job.status == ImportJob.Status.PENDING,
        "done": job.status == ImportJob.Status.DONE,
        "failed": job.status == ImportJob.Status.FAILED,
    }
    template = "tournaments/roster/_import_job_status.html" if request.htmx else "tournaments/roster/import_job.html"
    return render(request, template, context)
