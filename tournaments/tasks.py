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


@shared_task(acks_late=True, bind=True)
def tournament_finish_check_task(self, tournament_id: int) -> bool:
    """Finish the tournament if its results are final; if all that is left is a window closing at a
    known time (3.12.2), look again then (a worker only: run eagerly, the check would repeat at once)."""
    from tournaments.core.services import tournament_finish_check_later, tournament_finish_if_final

    pending = tournament_finish_if_final(actor=None, tournament_id=tournament_id)
    if pending and all(item.until for item in pending) and not self.request.is_eager:
        from django.db import transaction

        with transaction.atomic():
            tournament_finish_check_later(tournament_id=tournament_id, at=max(item.until for item in pending))
    return not pending
