"""Rate limits counted in the database (tournaments/ratelimit.py): shared by every worker, kept
through a Redis outage, one atomic upsert per try."""

import datetime as dt
import threading

import pytest
from django.db import connection
from django.utils import timezone

from tournaments.models import RateLimitCounter
from tournaments.ratelimit import rate_limit_hit, rate_limit_peek, rate_limit_prune, rate_limit_reset

T0 = dt.datetime(2026, 5, 1, 9, 0, tzinfo=dt.UTC)


@pytest.mark.django_db
def test_the_limit_is_allowed_and_the_next_try_refused_until_the_window_ends():
    results = [rate_limit_hit("pin:sheet:1", limit=3, window_seconds=600, now=T0 + dt.timedelta(seconds=i))
               for i in range(4)]
    assert [r.count for r in results] == [1, 2, 3, 4]
    assert [r.allowed for r in results] == [True, True, True, False]
    assert results[2].retry_after == 0 and results[3].retry_after == 597  # the window started at T0
    assert rate_limit_peek("pin:sheet:1", window_seconds=600, now=T0 + dt.timedelta(seconds=599)) == 4


@pytest.mark.django_db
def test_a_window_over_starts_again_at_one():
    rate_limit_hit("k", limit=1, window_seconds=60, now=T0)
    assert not rate_limit_hit("k", limit=1, window_seconds=60, now=T0 + dt.timedelta(seconds=59)).allowed
    assert rate_limit_peek("k", window_seconds=60, now=T0 + dt.timedelta(seconds=60)) == 0
    again = rate_limit_hit("k", limit=1, window_seconds=60, now=T0 + dt.timedelta(seconds=60))
    assert again.count == 1 and again.allowed
    assert RateLimitCounter.objects.get(key="k").window_start == T0 + dt.timedelta(seconds=60)


@pytest.mark.django_db
def test_keys_are_counted_apart_reset_and_pruned():
    rate_limit_hit("a", limit=5, window_seconds=60, now=T0)
    rate_limit_hit("b", limit=5, window_seconds=60, now=T0 + dt.timedelta(days=2))
    rate_limit_reset("a")
    assert rate_limit_peek("a", window_seconds=60, now=T0) == 0
    rate_limit_hit("a", limit=5, window_seconds=60, now=T0)
    assert rate_limit_prune(older_than_seconds=86400, now=T0 + dt.timedelta(days=2)) == 1
    assert list(RateLimitCounter.objects.values_list("key", flat=True)) == ["b"]


@pytest.mark.django_db
@pytest.mark.parametrize("key, limit, window", [
    ("", 5, 60), ("x" * 201, 5, 60), ("a\x00b", 5, 60), (None, 5, 60),
    ("k", 0, 60), ("k", -1, 60), ("k", 2.5, 60), ("k", 5, 0), ("k", 5, "60"),
])
def test_bad_keys_limits_and_windows_are_refused(key, limit, window):
    with pytest.raises(ValueError):
        rate_limit_hit(key, limit=limit, window_seconds=window)
    assert not RateLimitCounter.objects.exists()


@pytest.mark.django_db
def test_a_key_of_the_longest_length_counts():
    assert rate_limit_hit("k" * 200, limit=1, window_seconds=60).allowed


@pytest.mark.postgres
@pytest.mark.django_db(transaction=True)
def test_workers_counting_at_once_all_count():
    """Twenty workers (threads, each its own connection) try the same key at once: twenty counted,
    each count seen once: no per-worker memory, no lost update."""
    barrier = threading.Barrier(20)
    counts, errors = [], []

    def worker():
        try:
            barrier.wait(10)
            counts.append(rate_limit_hit("login:ip:10.0.0.1", limit=5, window_seconds=600).count)
        except Exception as error:
            errors.append(error)
        finally:
            connection.close()

    threads = [threading.Thread(target=worker) for _ in range(20)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(30)
    assert not errors
    assert sorted(counts) == list(range(1, 21))
    assert rate_limit_peek("login:ip:10.0.0.1", window_seconds=600, now=timezone.now()) == 20
