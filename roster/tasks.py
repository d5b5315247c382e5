"""The roster's Celery task: it takes an id and calls a service (roster.services). Idempotent, acknowledged
late and requeued when its worker dies, as the core's (tournaments/tasks.py); an import whose message was
lost is queued again by the beat sweep (services.import_jobs_restart_stuck)."""

from celery import shared_task

from roster import services
from tournaments import events

IMPORT_TIME_LIMIT = 600


@shared_task(acks_late=True, reject_on_worker_lost=True, soft_time_limit=IMPORT_TIME_LIMIT - 60,
             time_limit=IMPORT_TIME_LIMIT)
def import_job_run_task(job_id: int) -> str:
    return services.import_job_run(job_id=job_id).status


events.register(services.IMPORT_JOB_RUN, import_job_run_task)
