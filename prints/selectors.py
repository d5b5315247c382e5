"""Reads of big documents: a job for a user who may have its document (anyone else: 404)."""

from prints.models import PrintJob
from tournaments import documents
from tournaments.errors import NotFound


def print_job_get_for_user(*, user, tournament_id: int, job_id: int) -> PrintJob:
    """The job, if the user may have its document now (asked again at every look: a referee who no longer
    referees the table, a tournament made private); NotFound otherwise."""
    job = PrintJob.objects.select_related("tournament").filter(pk=job_id, tournament_id=tournament_id).first()
    if job is None:
        raise NotFound("No such document.")
    documents.print_kind(job.kind).authorize(user, job.tournament, job.options)
    return job
