"""Reads of roster imports, filtered by what the asking user may see."""

from django.http import Http404

from tournaments.access import Capability, can
from tournaments.models import (
    ImportJob,
)


def import_job_get_for_user(*, user, job_id: int) -> ImportJob:
    job = ImportJob.objects.select_related("tournament").filter(pk=job_id).first()
    if job is None or not can(user, job.tournament, Capability.MANAGE):
        raise Http404("No such import.")
    return job
