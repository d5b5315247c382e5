"""Thin Celery tasks of the big documents: they take ids and call a service (prints.services).

They go to the "documents" queue (settings CELERY_TASK_ROUTES): a worker of its own, at the idle CPU
priority, so that printing never slows the tablets (docker-compose.yml, `documents`). Idempotent,
acknowledged late and requeued when their worker dies, as the core's (tournaments/tasks.py); a job whose
message was lost is started again by the beat sweep (services.print_jobs_restart_stuck).
"""

from celery import shared_task

from prints import services
from tournaments import events

PRINT_PART_TIME_LIMIT = 300  # one part of a big document: ten score sheets take a few seconds

_reliable = {"acks_late": True, "reject_on_worker_lost": True}


@shared_task(**_reliable, soft_time_limit=50, time_limit=60)
def print_job_start_task(job_id: int) -> None:
    services.print_job_start(job_id=job_id)


@shared_task(**_reliable, soft_time_limit=PRINT_PART_TIME_LIMIT - 60, time_limit=PRINT_PART_TIME_LIMIT)
def print_part_render_task(part_id: int) -> None:
    """One part; the part that completes its document merges it (idempotent: prints.services)."""
    services.print_part_render(part_id=part_id)


@shared_task(soft_time_limit=20, time_limit=30)
def print_jobs_sweep_task() -> list[int]:
    """Celery beat, every DOCUMENTS_SWEEP_SECONDS, on the default queue (never behind the documents it looks after):
    start again the documents a killed worker had taken (services.print_jobs_restart_lost)."""
    return services.print_jobs_restart_lost()


events.register(services.PRINT_JOB_START, print_job_start_task)
events.register(services.PRINT_PART_RENDER, print_part_render_task)
