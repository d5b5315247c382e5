"""A Redis cache that degrades instead of failing: with Redis down, reads miss and writes are dropped.

Nothing the app needs to stay correct lives only in the cache (sessions are in the database, rate
limits count in the database: tournaments/ratelimit.py), so an outage costs speed, not pages. Each
error is logged (at most one line every LOG_EVERY seconds per process, with how many were
suppressed), and after one the process leaves Redis alone for PAUSE seconds, so a page does not wait
for a connection timeout on every cache call.
"""

import logging
import threading
import time

from django.core.cache.backends.redis import RedisCache
from redis.exceptions import RedisError

logger = logging.getLogger("config.cache")

PAUSE = 5.0
LOG_EVERY = 10.0

_MISSING = object()


class _Breaker:
    def __init__(self):
        self.lock = threading.Lock()
        self.down_until = 0.0
        self.logged_at = 0.0
        self.suppressed = 0

    def open(self) -> bool:
        return time.monotonic() < self.down_until

    def failed(self, operation: str, error: Exception) -> None:
        now = time.monotonic()
        with self.lock:
            self.down_until = now + PAUSE
            if now - self.logged_at >= LOG_EVERY:
                suppressed, self.suppressed, self.logged_at = self.suppressed, 0, now
                logger.warning("Cache (Redis) unavailable: %s failed (%s: %s); serving without the cache for %ss"
                               "%s", operation, type(error).__name__, error, PAUSE,
                               f" ({suppressed} more errors since the last report)" if suppressed else "")
            else:
                self.suppressed += 1


def _tolerant(name, fallback):
    def method(self, *args, **kwargs):
        if self._breaker.open():
            return fallback(args, kwargs)
        try:
            return getattr(RedisCache, name)(self, *args, **kwargs)
        except RedisError as error:
            self._breaker.failed(name, error)
            return fallback(args, kwargs)

    method.__name__ = name
    return method


def _default(args, kwargs):
    return kwargs.get("default", args[1] if len(args) > 1 else None)


def _incr_fallback(args, kwargs):
    return kwargs.get("delta", args[1] if len(args) > 1 else 1)


class TolerantRedisCache(RedisCache):
    """django.core.cache.backends.redis.RedisCache whose every operation survives a Redis outage."""

    def __init__(self, server, params):
        super().__init__(server, params)
        self._breaker = _Breaker()

    get = _tolerant("get", _default)
    get_many = _tolerant("get_many", lambda args, kwargs: {})
    has_key = _tolerant("has_key", lambda args, kwargs: False)
    set = _tolerant("set", lambda args, kwargs: None)
    set_many = _tolerant("set_many", lambda args, kwargs: list(args[0]) if args else [])
    add = _tolerant("add", lambda args, kwargs: False)
    touch = _tolerant("touch", lambda args, kwargs: False)
    delete = _tolerant("delete", lambda args, kwargs: False)
    delete_many = _tolerant("delete_many", lambda args, kwargs: None)
    incr = _tolerant("incr", _incr_fallback)
    decr = _tolerant("decr", _incr_fallback)
    clear = _tolerant("clear", lambda args, kwargs: False)
