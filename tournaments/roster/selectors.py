"""Reads of roster imports, filtered by what the asking user may see."""

from tournaments.access import Capability, can
from tournaments.errors import NotFound
from tournaments.models import (
    ImportJob,
)


def import_job_get_for_user(*, user, job_id: int) -> ImportJob:
    job = ImportJob.objects.select_related("tournament").filter(pk=job_id).first()
    if job is None or not can(user, job.tournament, Capability.MANAGE):
        raise NotFound("No such import.")
    return job
