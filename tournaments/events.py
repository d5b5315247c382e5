"""Work a write asks for once it commits: the one place every room calls to say "do this later".

A service that changes what the standings show, ends a session or signs the last sheet wants work
done after its transaction commits, by the Celery worker: a standings recompute, a check whether the
tournament is finished, a database backup. It calls one of the functions below, inside its own
transaction. This module sits at the bottom of the core (it imports the models and
nothing of the rooms), so every room may call it; which Celery task does each kind of work is said
by `tournaments/tasks.py`, at the top of the core, which registers its tasks here when it is
imported (TournamentsConfig.ready imports it in every process). So no service imports tasks.py, and
tasks.py (which calls the services) ties nothing in a circle. The apps above the core queue their own
later work the same way: their tasks.py registers kinds of their own ("pin.eligibility_recompute")
and their services call `enqueue_on_commit`.

Sending is on commit and never raises (`enqueue`): the write that asked is already committed, and
what a lost message was for is caught up by Celery beat's sweep (`tasks.standings_sweep_task`).
"""

import logging
from collections.abc import Callable

from django.db import transaction
from kombu.exceptions import OperationalError as BrokerError

from tournaments.models import StandingsChange

logger = logging.getLogger(__name__)

# The core's kinds of later work, each done by the task tournaments/tasks.py registers for it.
STANDINGS_RECOMPUTE = "standings_recompute"
TOURNAMENT_FINISH_CHECK = "tournament_finish_check"
DATABASE_BACKUP = "database_backup"

_tasks: dict[str, Callable] = {}
_sweeps: list[Callable[[], object]] = []


def register(kind: str, task) -> None:
    """Name the Celery task that does `kind` of work (a tasks.py, once per process); one task a kind."""
    if _tasks.get(kind, task) is not task:
        raise ValueError(f"a task for {kind!r} is registered already")
    _tasks[kind] = task


def standings_recompute_later(*, tournament_id: int) -> None:
    """Queue a recompute of the tournament's standings for the worker, once this transaction commits.

    Every write that changes what the standings show (a sheet signed or corrected after signing, a
    penalty, an appeal's decision, a player's name or team, a tournament's ranking settings, an
    import) calls this inside its own transaction: the worker then reads what was committed, and a
    write rolled back queues nothing.

    The transactional outbox: the mark (a StandingsChange row) is written in the caller's
    transaction, so it exists exactly when the change does. The message to the worker is only a
    shortcut; if the broker is down it is logged and dropped (the write still succeeds), and Celery
    beat's sweep (`standings_sweep_task`) queues the recompute within STANDINGS_SWEEP_SECONDS.
    """
    StandingsChange.objects.create(tournament_id=tournament_id)
    enqueue_on_commit(STANDINGS_RECOMPUTE, tournament_id)


def tournament_finish_check_later(*, tournament_id: int, at=None) -> None:
    """Once this transaction commits, ask the worker whether the results are final (at `at`, if given)."""
    enqueue_on_commit(TOURNAMENT_FINISH_CHECK, tournament_id, eta=at)


def database_backup_later(*, reason: str) -> None:
    """Once this transaction commits, have the worker dump the database (tournaments/backup.py)."""
    enqueue_on_commit(DATABASE_BACKUP, reason)


def sweep_register(sweep: Callable[[], object]) -> None:
    """Add `sweep` to the work Celery beat's sweep does (`tasks.standings_sweep_task`, every
    STANDINGS_SWEEP_SECONDS): an app's catch-up for work whose message was lost or whose worker died (a
    document whose worker went quiet). Once per process (an app's ready()); a sweep never raises."""
    if sweep not in _sweeps:
        _sweeps.append(sweep)


def sweeps() -> list[Callable[[], object]]:
    return list(_sweeps)


def enqueue_on_commit(kind: str, *args, **options) -> None:
    """`enqueue` the task of `kind` once the current transaction commits (nothing if it rolls back)."""
    task = task_for(kind)
    transaction.on_commit(lambda: enqueue(task, *args, **options))


def task_for(kind: str):
    try:
        return _tasks[kind]
    except KeyError:
        raise LookupError(f"no task does {kind!r}: tournaments.tasks is not imported (TournamentsConfig.ready)")


def enqueue(task, *args, **options) -> bool:
    """Send `task` to the broker; a broker outage is logged, never raised (the caller's write is
    already committed, and whatever the task was for is caught up by a sweep: the standings by
    `standings_sweep_task`). True when sent."""
    try:
        if options:
            task.apply_async(args=args, **options)
        else:
            task.delay(*args)
    except (BrokerError, ConnectionError, OSError) as error:
        logger.warning("Broker unreachable, %s(%s) not sent (%s); the beat sweep catches up",
                       task.name, ", ".join(map(repr, args)), error)
        return False
    return True
