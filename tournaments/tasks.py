"""Thin Celery tasks: they take ids and call a service.

The services import these tasks to queue them (`standings_recompute_later`), so a task imports its
service only when it runs.
"""

from celery import shared_task


@shared_task(acks_late=True)
def import_job_run_task(job_id: int) -> str:
    from tournaments.roster.services import import_job_run

    return import_job_run(job_id=job_id).status


@shared_task(acks_late=True)
def standings_recompute_task(tournament_id: int) -> int:
    from tournaments.standings.services import standings_recompute

    return standings_recompute(tournament_id=tournament_id).version
