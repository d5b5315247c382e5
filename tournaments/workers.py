"""Which worker processes are alive, and how many messages wait on a queue (issue 43, T4-5).

A Celery worker killed whole (its main process and its children) holds the messages it had taken, unacknowledged:
Redis hands them out again only after the broker's visibility timeout (16 minutes), and the beat sweep of stuck
documents waited 5 minutes. The review's document came 395 s after it was asked for. So each worker process says
it is alive (`heartbeat_start`: a cache key every HEARTBEAT_SECONDS, expiring after ALIVE_SECONDS, started by
config/celery.py's signals), a task that takes work writes down who took it (`worker_id`), and a sweep that finds
work taken by a process no longer alive, with nothing waiting on the queue that could be it, starts it again
(prints.services.print_jobs_restart_lost).

With the cache down (Redis), nobody looks alive: `queue_waiting` then answers None (the broker is the same Redis),
and the sweeps that use it do nothing (the slow sweep of stuck work still runs).
"""

from __future__ import annotations

import logging
import os
import socket
import threading
import time

from django.core.cache import cache

logger = logging.getLogger(__name__)

HEARTBEAT_SECONDS = 3
ALIVE_SECONDS = 10  # three heartbeats missed: the process is gone
_KEY = "worker-alive:"
_ANY = "worker-alive:any"
_started = {"pid": None}
_lock = threading.Lock()


def worker_id() -> str:
    """This process: host and pid (a prefork child's own pid)."""
    return f"{socket.gethostname()}:{os.getpid()}"[:100]


def _beat() -> None:
    me = _KEY + worker_id()
    while True:
        now = time.time()
        try:
            cache.set_many({me: now, _ANY: now}, timeout=ALIVE_SECONDS)
        except Exception:  # noqa: BLE001 - the cache degrades by itself (config/cache.py); keep beating
            logger.debug("worker heartbeat not written", exc_info=True)
        time.sleep(HEARTBEAT_SECONDS)


def heartbeat_start() -> None:
    """Start this process's heartbeat thread (once per process: a forked child starts its own)."""
    with _lock:
        if _started["pid"] == os.getpid():
            return
        _started["pid"] = os.getpid()
    threading.Thread(target=_beat, name="worker-heartbeat", daemon=True).start()


def worker_alive(identity: str) -> bool:
    return bool(identity) and cache.get(_KEY + identity) is not None


def any_worker_alive() -> bool:
    return cache.get(_ANY) is not None


def last_beat_seconds_ago() -> float | None:
    """How long ago a worker process last beat, or None when none has for ALIVE_SECONDS (or the cache is down)."""
    beat = cache.get(_ANY)
    return None if beat is None else max(0.0, time.time() - float(beat))


def queue_waiting(name: str) -> int | None:
    """How many messages wait on the broker's queue `name` (taken but unacknowledged ones not counted); None when
    the broker cannot say (down, or no broker: tasks run in-process)."""
    from celery import current_app

    if current_app.conf.task_always_eager:
        return None
    try:
        with current_app.connection_for_read() as connection:
            connection.ensure_connection(max_retries=1, timeout=1)
            # Declared, not passively: an empty queue is no key in Redis, and a passive declare answers 404.
            return connection.default_channel.queue_declare(queue=name).message_count
    except Exception:  # noqa: BLE001 - unknown is an answer: the caller then does nothing
        logger.debug("queue %s not measured", name, exc_info=True)
        return None
