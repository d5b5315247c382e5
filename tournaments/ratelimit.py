"""Rate limits counted in the database: one count per key and fixed window, shared by every worker.

Why not the cache: with Redis down, Django's fallback would be a per-process memory (each gunicorn
worker counting its own tries: a limit of 5 became 5 per worker), and a cache that drops writes
(config/cache.py) would count nothing. A database row costs one upsert per try, which is nothing
next to the tries it limits (PIN taps, logins), and it holds through a Redis outage.

    result = rate_limit_hit("pin:sheet:17", limit=5, window_seconds=600)
    if not result.allowed: refuse, saying to wait result.retry_after seconds

`rate_limit_peek` reads a count without adding to it; `rate_limit_reset` forgets a key (a correct
PIN, an override); `rate_limit_prune` deletes windows long over (the beat sweep calls it).
"""

import datetime as dt
from dataclasses import dataclass

from django.db import connection
from django.utils import timezone

from tournaments.models import RateLimitCounter

KEY_MAX = RateLimitCounter._meta.get_field("key").max_length
_TABLE = RateLimitCounter._meta.db_table
_KEY = connection.ops.quote_name("key")


@dataclass(frozen=True)
class RateLimitResult:
    count: int  # tries in the current window, this one included
    limit: int
    retry_after: int  # seconds until the window ends (0 while allowed)

    @property
    def allowed(self) -> bool:
        return self.count <= self.limit


def _check(key: str, limit: int | None, window_seconds: int) -> None:
    if not isinstance(key, str) or not key or len(key) > KEY_MAX or "\x00" in key:
        raise ValueError(f"a rate-limit key is 1 to {KEY_MAX} characters without NUL, not {key!r}")
    if limit is not None and (not isinstance(limit, int) or limit < 1):
        raise ValueError(f"a rate limit is a positive integer, not {limit!r}")
    if not isinstance(window_seconds, int) or window_seconds < 1:
        raise ValueError(f"a rate-limit window is a positive number of seconds, not {window_seconds!r}")


def rate_limit_hit(key: str, *, limit: int, window_seconds: int, now: dt.datetime | None = None) -> RateLimitResult:
    """Count one try under `key` and say whether it is within `limit` tries per window.

    One atomic statement (INSERT … ON CONFLICT DO UPDATE, PostgreSQL and SQLite alike): two workers
    counting the same key at once both count. A window over is restarted by the try that finds it so.
    """
    _check(key, limit, window_seconds)
    now = now or timezone.now()
    cutoff = now - dt.timedelta(seconds=window_seconds)
    adapt = connection.ops.adapt_datetimefield_value
    with connection.cursor() as cursor:
        cursor.execute(
            f"""INSERT INTO {_TABLE} ({_KEY}, window_start, count) VALUES (%s, %s, 1)
                ON CONFLICT ({_KEY}) DO UPDATE SET
                  count = CASE WHEN {_TABLE}.window_start <= %s THEN 1 ELSE {_TABLE}.count + 1 END,
                  window_start = CASE WHEN {_TABLE}.window_start <= %s THEN excluded.window_start
                                      ELSE {_TABLE}.window_start END
                RETURNING count, window_start""",
            [key, adapt(now), adapt(cutoff), adapt(cutoff)],
        )
        count, _ = cursor.fetchone()
    started = RateLimitCounter.objects.values_list("window_start", flat=True).get(key=key)
    retry_after = 0 if count <= limit else max(1, int((started - cutoff).total_seconds()))
    return RateLimitResult(count=count, limit=limit, retry_after=retry_after)


def rate_limit_peek(key: str, *, window_seconds: int, now: dt.datetime | None = None) -> int:
    """The tries counted under `key` in the current window (0 when none or the window is over)."""
    _check(key, None, window_seconds)
    cutoff = (now or timezone.now()) - dt.timedelta(seconds=window_seconds)
    row = RateLimitCounter.objects.filter(key=key, window_start__gt=cutoff).values_list("count", flat=True).first()
    return row or 0


def rate_limit_reset(key: str) -> None:
    """Forget the tries counted under `key`."""
    _check(key, None, 1)
    RateLimitCounter.objects.filter(key=key).delete()


def rate_limit_prune(*, older_than_seconds: int = 86400, now: dt.datetime | None = None) -> int:
    """Delete the counters whose window started more than `older_than_seconds` ago; how many."""
    cutoff = (now or timezone.now()) - dt.timedelta(seconds=older_than_seconds)
    deleted, _ = RateLimitCounter.objects.filter(window_start__lt=cutoff).delete()
    return deleted


def client_ip(request) -> str | None:
    """The client's address (config/client_ip.py says how): REMOTE_ADDR with no proxy declared
    (settings.PROXY_COUNT = 0), else the PROXY_COUNT-th X-Forwarded-For entry from the right (each proxy
    appends the address it saw; anything left of it was written by the client and is not trusted); a header
    with fewer entries than proxies (a request around them) falls back to REMOTE_ADDR."""
    from django.conf import settings

    remote = request.META.get("REMOTE_ADDR")
    count = getattr(settings, "PROXY_COUNT", 0)
    if count <= 0:
        return remote
    hops = [hop.strip() for hop in request.META.get("HTTP_X_FORWARDED_FOR", "").split(",") if hop.strip()]
    return hops[-count] if len(hops) >= count else remote
