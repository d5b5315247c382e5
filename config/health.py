"""Health checks for the proxy, docker-compose and load balancers.

- `/health/` (liveness): the process answers. No dependency is checked, so a database restart does
  not make the orchestrator kill every web worker too.
- `/health/ready/` (readiness): everything a request may need answers: the database, the cache
  (Redis), the broker and at least one live Celery worker. 200 with each check's state, or 503
  naming what failed. Each check is bounded (about a second), so the check itself cannot hang.
  **For the orchestrator only** (issue 28: 20 anonymous clients raised the standings' median from
  0.04 s to 1.3 s, and the answer names each internal service): a client on the loopback (as the proxy
  reports it, config/client_ip.py) or one sending settings.HEALTH_TOKEN in X-Health-Token; anyone else
  gets 404. The answer is kept READY_CACHE_SECONDS per process, so a burst of checks costs one.
- `/health/` stays public and cheap; it says when a request contradicted the proxy settings
  (config.client_ip.ProxyCheckMiddleware).

Both are answered by HealthCheckMiddleware, early in MIDDLEWARE (after the headers): before the HTTPS redirect and the
host check, so a container's own check over plain HTTP on 127.0.0.1 passes (before, the compose
check got a 301 to https:// and could never pass).
"""

import hmac
import ipaddress
import logging
import time

from django.conf import settings
from django.core.cache import caches
from django.db import connection
from django.http import JsonResponse

logger = logging.getLogger(__name__)

CHECK_TIMEOUT = 1.0
PATHS = {"/health/": "live", "/health/ready/": "ready"}


def health(request):
    """Liveness: the process answers (and what it noticed of the proxy settings, if anything)."""
    from config.client_ip import ProxyCheckMiddleware

    answer = {"status": "ok"}
    if ProxyCheckMiddleware.seen:
        answer["proxy"] = ProxyCheckMiddleware.seen
    return JsonResponse(answer)


def _database():
    with connection.cursor() as cursor:
        cursor.execute("SELECT 1")
    return "ok"


def _cache():
    cache = caches["default"]
    client = getattr(getattr(cache, "_cache", None), "get_client", None)
    if client is None:
        return "ok (in-process cache)"
    redis = client(write=True)  # the raw client: the app's cache hides errors (config/cache.py)
    try:
        redis.ping()
    except Exception:  # noqa: BLE001 - tried again below, on new connections; a Redis still down fails again
        # A Redis restarted since the last probe leaves this process's pooled connections dead (T4-8: readiness
        # said 503 for two minutes after a restart while everything worked): drop them all, ping on a new one.
        redis.connection_pool.disconnect()
        redis.ping()
    return "ok"


def _broker():
    from config.celery import app

    if app.conf.task_always_eager:
        return "ok (no broker: tasks run in-process)"
    with app.connection_for_write() as conn:
        conn.ensure_connection(max_retries=1, interval_start=0, timeout=CHECK_TIMEOUT)
    return "ok"


def _worker():
    """A live worker: one whose processes beat in the cache (tournaments/workers.py, every 3 s), else one that
    answers a ping sent on a new broker connection (not the pool's, which a Redis restart leaves dead)."""
    from config.celery import app
    from tournaments.workers import last_beat_seconds_ago

    if app.conf.task_always_eager:
        return "ok (no worker needed: tasks run in-process)"
    ago = last_beat_seconds_ago()
    if ago is not None:
        return f"ok (a worker beat {ago:.0f} s ago)"
    with app.connection_for_write() as connection:
        replies = app.control.ping(timeout=CHECK_TIMEOUT, connection=connection)
    if not replies:
        raise RuntimeError("no Celery worker answered")
    return f"ok ({len(replies)} answering)"


CHECKS = {"database": _database, "cache": _cache, "broker": _broker, "worker": _worker}


READY_CACHE_SECONDS = 5.0
_last_ready: tuple[float, dict, bool] | None = None  # (monotonic time, checks, healthy), this process's


def may_ask_ready(request) -> bool:
    """The loopback (as the proxy reports the client) or the configured token."""
    from config.client_ip import client_ip

    token = getattr(settings, "HEALTH_TOKEN", "")
    if token and hmac.compare_digest(request.headers.get("X-Health-Token", ""), token):
        return True
    try:
        return ipaddress.ip_address(client_ip(request) or "").is_loopback
    except ValueError:
        return False


def ready(request):
    """Readiness: the database, the cache, the broker and a live worker all answer."""
    global _last_ready
    if not may_ask_ready(request):
        return JsonResponse({"status": "not found"}, status=404)
    now = time.monotonic()
    if _last_ready is not None and now - _last_ready[0] < READY_CACHE_SECONDS:
        _at, results, healthy = _last_ready
    else:
        results, healthy = _checks()
        _last_ready = (now, results, healthy)
    return JsonResponse({"status": "ok" if healthy else "error", "checks": results}, status=200 if healthy else 503)


def _checks() -> tuple[dict, bool]:
    results, healthy = {}, True
    for name, check in CHECKS.items():
        try:
            results[name] = check()
        except Exception as error:  # any failure of a dependency means "not ready"
            healthy = False
            results[name] = f"error: {type(error).__name__}"
            logger.warning("Readiness: %s failed: %s", name, error)
            if name == "broker":  # no broker, no worker to ask
                results["worker"] = "unknown (the broker is unreachable)"
                break
    return results, healthy


class HealthCheckMiddleware:
    """Answers the health paths before any other middleware (HTTPS redirect, ALLOWED_HOSTS, sessions)."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        kind = PATHS.get(request.path_info)
        if kind is not None and request.method in ("GET", "HEAD"):
            return health(request) if kind == "live" else ready(request)
        return self.get_response(request)
