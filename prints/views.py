"""Big documents' pages: ask for one (from the rooms' links), watch it being made, open the file.

`document_response` is what a room's PDF link answers: the file when this version is made already (one
request, as before), else a redirect to the progress page, which polls (htmx) and sends the browser to the
file once it is ready. No PDF is rendered here: the worker makes it (prints.services).
"""

from django.conf import settings
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import get_language
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from prints import selectors, services
from prints.models import PrintJob
from tournaments import documents
from tournaments.models import Tournament
from tournaments.store import stored_file_response
from tournaments.workers import any_worker_alive


def document_response(request, *, tournament: Tournament, kind: str, options: dict) -> HttpResponse:
    """The document's file if made at its current version, else a redirect to its progress page (404 for a
    user who may not have it: `PrintKind.authorize`)."""
    documents.print_kind(kind).authorize(request.user, tournament, options)
    job = services.print_job_request(actor=request.user, tournament=tournament, kind=kind, options=options,
                                     language=get_language() or "en")
    if job.status == PrintJob.Status.READY:
        return _file_response(request, job)
    return redirect("prints:job", tournament.pk, job.pk)


def print_job(request, tournament_id: int, job_id: int):
    """The progress page (and its fragment, polled every two seconds until the file is ready)."""
    job = selectors.print_job_get_for_user(user=request.user, tournament_id=tournament_id, job_id=job_id)
    file_url = reverse("prints:file", args=[tournament_id, job.pk])
    context = {"job": job, "tournament": job.tournament, "file_url": file_url,
               "title": documents.print_kind(job.kind).title(job.options),
               # Where tasks run in-process (make run) there is no worker to hear from, and none is needed.
               "worker_alive": job.finished or settings.CELERY_TASK_ALWAYS_EAGER or any_worker_alive()}
    if request.htmx:
        response = render(request, "prints/_progress.html", context)
        if job.status == PrintJob.Status.READY:
            response["HX-Redirect"] = file_url  # the browser opens the PDF as soon as it is made
        return response
    return render(request, "prints/progress.html", context)


def print_file(request, tournament_id: int, job_id: int):
    job = selectors.print_job_get_for_user(user=request.user, tournament_id=tournament_id, job_id=job_id)
    if job.status != PrintJob.Status.READY:
        return redirect("prints:job", tournament_id, job.pk)
    return _file_response(request, job)


@login_required  # public documents (the results) are watched by anyone; making one again is a signed-in user's act
@require_POST
def print_job_retry(request, tournament_id: int, job_id: int):
    job = selectors.print_job_get_for_user(user=request.user, tournament_id=tournament_id, job_id=job_id)
    services.print_job_retry(job=job)
    messages.success(request, _("The document is being made again."))
    return redirect("prints:job", tournament_id, job.pk)


def _file_response(request, job: PrintJob) -> HttpResponse:
    """The made file, from the store (tournaments.store: through nginx when it serves the store's files; "try
    again" while the store fails)."""
    return stored_file_response(request, name=job.file.name, filename=job.filename, content_type="application/pdf",
                                inline=True, cache_control="private, no-cache")
