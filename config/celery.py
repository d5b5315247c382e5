"""The Celery application; tasks are discovered in each app's tasks.py."""

import os

from celery import Celery, signals

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings.local")

app = Celery("mcr")
app.config_from_object("django.conf:settings", namespace="CELERY")
app.autodiscover_tasks()


# Each worker process says it is alive (tournaments/workers.py): the sweep of lost documents starts again what a
# killed worker had taken. A prefork child starts its own heartbeat after the fork; a solo worker's main process
# runs the tasks itself.
@signals.worker_process_init.connect
def _child_heartbeat(**_kwargs):
    from tournaments.workers import heartbeat_start

    heartbeat_start()


@signals.worker_ready.connect
def _main_heartbeat(**_kwargs):
    from tournaments.workers import heartbeat_start

    heartbeat_start()
