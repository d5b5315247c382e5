"""The privacy tasks: each takes an id (or nothing) and calls a service (privacy.services)."""

from celery import shared_task

from privacy import services
from tournaments import events


@shared_task(acks_late=True, reject_on_worker_lost=True)
def data_export_make_task(request_id: int) -> str:
    return services.data_export_make(request_id=request_id)


@shared_task(acks_late=True, reject_on_worker_lost=True)
def retention_task() -> dict:
    return services.retention_run()


events.register(services.EXPORT_MAKE, data_export_make_task)
