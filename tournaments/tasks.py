"""Thin Celery tasks: they take ids and call a service. The top of the core.

The services queue work through `tournaments.events` (`standings_recompute_later`, ...), at the
bottom of the core; this module registers there which task does each kind of work. So no service
imports this module, and it imports the services it calls (when a task runs).

Every task here is idempotent (run twice, it does what once does), acknowledged late and requeued
when its worker dies (`reject_on_worker_lost`): a worker killed mid-task leaves the message on
Redis, which hands it out again after the broker's visibility timeout. That timeout
(`CELERY_BROKER_TRANSPORT_OPTIONS`, settings/base.py) is longer than the hard time limit of the
longest task, so a task still running is never handed out twice. See docs/deployment.md.
"""

from celery import shared_task
from django.db import transaction

from tournaments import events
from tournaments.events import enqueue

# Hard limits in seconds (the soft limit, a minute earlier, raises inside the task). The visibility
# timeout in settings is derived from the longest of them.
STANDINGS_TIME_LIMIT = 300
BACKUP_TIME_LIMIT = 900
# The longest any task of the house may run: the apps' tasks stay within it too (roster, prints).
LONGEST_TASK_SECONDS = max(STANDINGS_TIME_LIMIT, BACKUP_TIME_LIMIT)

_reliable = {"acks_late": True, "reject_on_worker_lost": True}


@shared_task(**_reliable, soft_time_limit=STANDINGS_TIME_LIMIT - 60, time_limit=STANDINGS_TIME_LIMIT)
def standings_recompute_task(tournament_id: int) -> int:
    """Recompute if the tournament has changes not absorbed yet (StandingsChange rows); a duplicate
    (the sweep and the on-commit message both sent) finds none and returns at once. The version, or
    0 when there was nothing to do."""
    from tournaments.standings.services import standings_recompute

    snapshot = standings_recompute(tournament_id=tournament_id, only_if_pending=True)
    return snapshot.version if snapshot is not None else 0


@shared_task(**_reliable, soft_time_limit=50, time_limit=60)
def standings_sweep_task() -> int:
    """Celery beat, every STANDINGS_SWEEP_SECONDS: queue a recompute of every tournament whose
    standings are behind (a message lost to a broker outage, a worker killed mid-recompute), and run
    the apps' catch-ups (`events.sweep_register`: a roster import whose message was lost, a document
    whose worker went quiet). The number of standings recomputes queued."""
    from tournaments.ratelimit import rate_limit_prune
    from tournaments.standings.selectors import standings_behind_tournament_ids

    ids = standings_behind_tournament_ids()
    for tournament_id in ids:
        enqueue(standings_recompute_task, tournament_id)
    rate_limit_prune()  # windows over for a day: a cheap indexed delete
    for sweep in events.sweeps():
        sweep()
    return len(ids)


@shared_task(**_reliable, soft_time_limit=BACKUP_TIME_LIMIT - 60, time_limit=BACKUP_TIME_LIMIT)
def database_backup_task(reason: str) -> str:
    """A dump of the database (tournaments/backup.py), queued at each session's end. The file's path, or
    "" when backups at session end are off or the database is not PostgreSQL."""
    from django.conf import settings

    from tournaments.backup import database_backup

    if not settings.BACKUP_ON_SESSION_END:
        return ""
    path = database_backup(reason=reason)
    return str(path) if path else ""


@shared_task(**_reliable, bind=True)
def tournament_finish_check_task(self, tournament_id: int) -> bool:
    """Finish the tournament if its results are final; if all that is left is a window closing at a
    known time (3.12.2), look again then (a worker only: run eagerly, the check would repeat at once)."""
    from tournaments.core.services import tournament_finish_if_final

    pending = tournament_finish_if_final(actor=None, tournament_id=tournament_id)
    if pending and all(item.until for item in pending) and not self.request.is_eager:
        with transaction.atomic():
            events.tournament_finish_check_later(tournament_id=tournament_id, at=max(item.until for item in pending))
    return not pending


events.register(events.STANDINGS_RECOMPUTE, standings_recompute_task)
events.register(events.TOURNAMENT_FINISH_CHECK, tournament_finish_check_task)
events.register(events.DATABASE_BACKUP, database_backup_task)
