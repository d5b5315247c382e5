"""Degrade, don't fail: Redis down leaves logged-in pages working (sessions in the database, cache
errors tolerated and logged); the health checks (liveness, readiness) and their place before the
HTTPS redirect."""

import logging
import socket

import pytest
import redis
from django.core.cache import caches
from django.test import override_settings
from django.urls import reverse

from config import cache as tolerant_cache
from config import health
from config.cache import TolerantRedisCache
from config.client_ip import ProxyCheckMiddleware
from testing.scenarios import publish

# The real broker (a worker, a ping, or a publish): one xdist process runs these in turn (conftest.py).
pytestmark = pytest.mark.xdist_group("broker")


def _dead_port():
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]  # closed once the probe goes: nothing listens there


def _redis_cache(backend):
    return {"default": {"BACKEND": backend, "LOCATION": f"redis://127.0.0.1:{_dead_port()}/1",
                        "OPTIONS": {"socket_connect_timeout": 0.5, "socket_timeout": 1}}}


DEAD_TOLERANT = _redis_cache("config.cache.TolerantRedisCache")
DEAD_PLAIN = _redis_cache("django.core.cache.backends.redis.RedisCache")


@pytest.fixture(autouse=True)
def fresh_breaker(monkeypatch):
    monkeypatch.setattr(tolerant_cache, "PAUSE", 5.0)
    monkeypatch.setattr(health, "_last_ready", None)  # each test asks afresh (the answer is kept 5 s)


def test_sessions_are_stored_in_the_database(settings):
    assert settings.SESSION_ENGINE == "django.contrib.sessions.backends.db"


def test_every_operation_of_the_tolerant_cache_survives_a_dead_redis(caplog):
    cache = TolerantRedisCache(DEAD_TOLERANT["default"]["LOCATION"], {"OPTIONS": DEAD_TOLERANT["default"]["OPTIONS"]})
    with caplog.at_level(logging.WARNING, logger="config.cache"):
        assert cache.get("k") is None and cache.get("k", 7) == 7 and cache.get("k", default=8) == 8
        assert cache.set("k", 1) is None and cache.add("k", 1) is False
        assert cache.incr("k") == 1 and cache.incr("k", 5) == 5
        assert cache.get_many(["a", "b"]) == {} and cache.set_many({"a": 1}) == ["a"]
        assert cache.delete("k") is False and cache.delete_many(["a"]) is None
        assert cache.has_key("k") is False and cache.touch("k") is False
        assert cache.get_or_set("k", 3) == 3
    warnings = [r for r in caplog.records if r.name == "config.cache"]
    assert len(warnings) == 1  # logged once, then the process leaves Redis alone for PAUSE seconds
    assert "Cache (Redis) unavailable" in warnings[0].getMessage()


def test_a_tolerant_cache_still_raises_what_is_not_an_outage():
    cache = TolerantRedisCache(DEAD_TOLERANT["default"]["LOCATION"], {})
    with pytest.raises(TypeError):
        cache.get()  # a programming error is not swallowed


@pytest.mark.django_db
def test_logged_in_pages_work_with_redis_down(client_for, organizer, tournament, registrations, caplog):
    publish(tournament)
    with override_settings(CACHES=DEAD_TOLERANT):
        client = client_for(organizer)
        for url in ("/", reverse("tournaments:detail", args=[tournament.pk]),
                    reverse("tournaments:board", args=[tournament.pk]),
                    reverse("tournaments:registrations", args=[tournament.pk]),
                    reverse("tournaments:standings", args=[tournament.pk])):
            response = client.get(url)
            assert response.status_code == 200, url
            assert response.wsgi_request.user == organizer, url
    assert "Cache (Redis) unavailable" in caplog.text


@pytest.mark.django_db
def test_the_plain_redis_cache_would_have_failed_those_pages(client_for, organizer, tournament):
    """The control: Django's own Redis cache on the same dead port raises (the 500s of the review)."""
    publish(tournament)
    with override_settings(CACHES=DEAD_PLAIN):
        client = client_for(organizer)
        with pytest.raises(redis.exceptions.ConnectionError):
            client.get(reverse("tournaments:detail", args=[tournament.pk]))
    caches["default"].clear()


def test_liveness_answers_without_the_database(client, django_db_blocker):
    with django_db_blocker.block():  # any database access would raise
        response = client.get("/health/")
    assert response.status_code == 200 and response.json() == {"status": "ok"}


@override_settings(SECURE_SSL_REDIRECT=True, ALLOWED_HOSTS=["mahjong.example.org"])
def test_the_container_check_over_plain_http_on_loopback_passes(client):
    """compose's web check: http://127.0.0.1:8000/health/ with production's redirect and hosts."""
    assert client.get("/health/", HTTP_HOST="127.0.0.1:8000").status_code == 200
    # Every other page still redirects to HTTPS and refuses unknown hosts.
    assert client.get("/", HTTP_HOST="mahjong.example.org").status_code == 301
    assert client.get("/", HTTP_HOST="127.0.0.1:8000").status_code == 400
    assert client.post("/health/", HTTP_HOST="127.0.0.1:8000").status_code == 400  # only GET/HEAD answered early


@pytest.mark.django_db
def test_readiness_is_ok_with_everything_up(client):
    response = client.get("/health/ready/")
    body = response.json()
    assert response.status_code == 200 and body["status"] == "ok"
    assert set(body["checks"]) == {"database", "cache", "broker", "worker"}


@pytest.mark.django_db
def test_readiness_fails_with_redis_down(client, caplog):
    with override_settings(CACHES=DEAD_TOLERANT):
        response = client.get("/health/ready/")
    assert response.status_code == 503
    assert response.json()["checks"]["cache"].startswith("error: ConnectionError")
    assert "Readiness: cache failed" in caplog.text


@pytest.mark.django_db
def test_readiness_fails_with_the_broker_down_or_no_worker(client, settings):
    from config.celery import app

    saved = app.conf.broker_write_url, app.conf.task_always_eager
    app.conf.broker_write_url = f"redis://127.0.0.1:{_dead_port()}/0"
    app.conf.task_always_eager = False
    try:
        response = client.get("/health/ready/")
    finally:
        app.conf.broker_write_url, app.conf.task_always_eager = saved
    checks = response.json()["checks"]
    assert response.status_code == 503 and checks["broker"].startswith("error:")
    assert checks["worker"] == "unknown (the broker is unreachable)"


@pytest.mark.django_db
def test_readiness_fails_when_the_database_is_down(client, monkeypatch):
    from django.db import OperationalError

    from config import health

    def down():
        raise OperationalError("connection refused")

    monkeypatch.setitem(health.CHECKS, "database", down)
    response = client.get("/health/ready/")
    assert response.status_code == 503 and response.json()["checks"]["database"] == "error: OperationalError"


@pytest.mark.worker
@pytest.mark.django_db
def test_readiness_needs_a_live_worker(client):
    """On the real broker with no worker consuming: not ready (tasks would queue unseen)."""
    from django.core.cache import cache

    from config.celery import app

    cache.delete("worker-alive:any")  # no worker process beats (an earlier test's worker has stopped)
    app.conf.task_always_eager = False
    try:
        response = client.get("/health/ready/")
    finally:
        app.conf.task_always_eager = True
    checks = response.json()["checks"]
    assert response.status_code == 503 and checks["broker"] == "ok"
    assert checks["worker"] == "error: RuntimeError"


@pytest.mark.worker
def test_readiness_with_a_live_worker_passes(live_celery_worker, client):
    response = client.get("/health/ready/")
    assert response.status_code == 200, response.json()
    assert response.json()["checks"]["worker"].startswith("ok (")


# --- issue 28: the ready probe for the orchestrator only, cached; the proxy settings checked -------------


@pytest.mark.django_db
def test_the_ready_probe_answers_the_loopback_and_the_token_and_nobody_else(client, settings, monkeypatch):
    calls = []
    monkeypatch.setattr(health, "_checks", lambda: (calls.append(1), ({"database": "ok"}, True))[1])
    stranger = client.get("/health/ready/", REMOTE_ADDR="203.0.113.7")
    assert stranger.status_code == 404 and "database" not in stranger.content.decode() and not calls
    settings.HEALTH_TOKEN = "s3cret-probe"
    assert client.get("/health/ready/", REMOTE_ADDR="203.0.113.7", HTTP_X_HEALTH_TOKEN="wrong").status_code == 404
    with_token = client.get("/health/ready/", REMOTE_ADDR="203.0.113.7", HTTP_X_HEALTH_TOKEN="s3cret-probe")
    assert with_token.status_code == 200
    # Behind one proxy the client is the proxy's last entry: a stranger cannot claim the loopback.
    settings.PROXY_COUNT = 1
    assert client.get("/health/ready/", REMOTE_ADDR="10.0.0.2", HTTP_X_FORWARDED_FOR="127.0.0.1, 203.0.113.7"
                      ).status_code == 404
    assert client.get("/health/ready/", REMOTE_ADDR="10.0.0.2", HTTP_X_FORWARDED_FOR="127.0.0.1").status_code == 200
    assert client.get("/health/").status_code == 200  # liveness stays public
    assert len(calls) == 1  # three answers within 5 s, one round of checks


def test_health_says_when_requests_contradict_the_proxy_settings(client, settings, monkeypatch):
    monkeypatch.setattr(ProxyCheckMiddleware, "seen", "")
    settings.PROXY_COUNT = 0
    client.get("/accounts/login/")
    assert "proxy" not in client.get("/health/").json()
    client.get("/accounts/login/", HTTP_X_FORWARDED_FOR="198.51.100.4")  # through a proxy nobody declared
    assert "DJANGO_PROXY_COUNT is 0" in client.get("/health/").json()["proxy"]
    monkeypatch.setattr(ProxyCheckMiddleware, "seen", "")
    settings.PROXY_COUNT = 1
    client.get("/accounts/login/", HTTP_X_FORWARDED_FOR="198.51.100.4")
    assert "proxy" not in client.get("/health/").json()
    client.get("/accounts/login/")  # around the proxy
    assert "around the proxy" in client.get("/health/").json()["proxy"]


@pytest.mark.django_db
def test_readiness_is_ok_on_the_next_probe_after_a_redis_restart(client, settings):
    """T4-8: after Redis restarted, readiness said 503 "worker: ConnectionError" for about two minutes while the
    worker worked. A Redis of this test's own, restarted between two probes: the next probe is ok (the cache's dead
    connections dropped, the broker on a new connection, a live worker known by its heartbeat)."""
    import subprocess
    import time

    import redis as redis_client
    from django.core.cache import caches

    from config.celery import app
    from config.proxy import free_port

    port = free_port()
    url = f"redis://127.0.0.1:{port}"

    def start():
        server = subprocess.Popen(["redis-server", "--port", str(port), "--bind", "127.0.0.1", "--save", "",
                                   "--appendonly", "no"], stdout=subprocess.DEVNULL)
        deadline = time.monotonic() + 10
        while True:
            try:
                redis_client.Redis.from_url(f"{url}/1").ping()
                return server
            except redis_client.ConnectionError:
                assert time.monotonic() < deadline, "redis-server did not start"
                time.sleep(0.05)

    def beat():  # what a worker process writes every 3 s (tournaments/workers.py), from its own process
        caches["default"].set("worker-alive:any", time.time(), 10)

    server = start()
    settings.CACHES = {"default": {"BACKEND": "config.cache.TolerantRedisCache", "LOCATION": f"{url}/1",
                                   "OPTIONS": {"socket_connect_timeout": 0.5, "socket_timeout": 1}}}
    saved = app.conf.broker_url, app.conf.broker_write_url, app.conf.task_always_eager
    app.conf.broker_url = app.conf.broker_write_url = f"{url}/0"
    app.conf.task_always_eager = False
    try:
        beat()
        first = client.get("/health/ready/")
        assert first.status_code == 200, first.json()
        assert first.json()["checks"]["worker"].startswith("ok (a worker beat")
        server.terminate()
        server.wait()
        server = start()
        worker_cache = TolerantRedisCache(f"{url}/1", {"OPTIONS": {"socket_connect_timeout": 0.5}})
        worker_cache.set("worker-alive:any", time.time(), 10)  # the worker's process, on connections of its own
        health._last_ready = None  # the next probe (the answer is kept 5 s)
        after = client.get("/health/ready/")
        assert after.status_code == 200, after.json()
        assert after.json()["checks"] == {"database": "ok", "cache": "ok", "broker": "ok",
                                          "worker": after.json()["checks"]["worker"]}
    finally:
        app.conf.broker_url, app.conf.broker_write_url, app.conf.task_always_eager = saved
        server.terminate()
        server.wait()
