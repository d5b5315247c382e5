"""docker-compose.yml is for deployments (no Docker engine here): check its services and wiring."""

import pathlib

import yaml

ROOT = pathlib.Path(__file__).resolve().parents[2]


def load():
    return yaml.safe_load((ROOT / "docker-compose.yml").read_text())


def test_services_present():
    assert set(load()["services"]) == {"db", "redis", "store", "store-bucket", "web", "worker", "documents", "beat",
                                       "nginx", "backup"}


def test_every_long_running_service_has_a_health_check_or_depends_on_healthy_ones():
    services = load()["services"]
    for name in ("db", "redis", "store", "web", "worker", "documents", "nginx"):
        assert "test" in services[name]["healthcheck"], name
    for name in ("web", "worker", "documents", "beat"):
        depends = services[name]["depends_on"]
        assert depends == {"db": {"condition": "service_healthy"}, "redis": {"condition": "service_healthy"},
                           "store-bucket": {"condition": "service_completed_successfully"}}
    assert services["store-bucket"]["depends_on"] == {"store": {"condition": "service_healthy"}}


def test_app_services_share_the_image_env_file_and_wiring():
    services = load()["services"]
    for name in ("web", "worker", "beat"):
        service = services[name]
        assert service["env_file"] == ".env"
        assert service["build"] == "."
        environment = service["environment"]
        assert environment["DJANGO_SETTINGS_MODULE"] == "config.settings.production"
        assert "@db:5432/" in environment["DATABASE_URL"]
        assert environment["CELERY_BROKER_URL"].startswith("redis://redis:6379/")
    assert "gunicorn -c deploy/gunicorn.conf.py config.wsgi:application" in services["web"]["command"]
    assert services["worker"]["command"][:4] == ["celery", "-A", "config", "worker"]
    assert services["beat"]["command"][:4] == ["celery", "-A", "config", "beat"]
    assert "pgdata:/var/lib/postgresql/data" in services["db"]["volumes"]


def test_env_example_names_every_variable_compose_needs():
    example = (ROOT / ".env.example").read_text()
    for variable in ("DJANGO_SECRET_KEY", "DJANGO_ALLOWED_HOSTS", "POSTGRES_PASSWORD", "STORE_PASSWORD"):
        assert f"{variable}=" in example
    assert (ROOT / "Dockerfile").exists()


def test_only_nginx_is_published_in_front_of_gunicorn_with_the_shipped_configuration():
    services = load()["services"]
    assert services["nginx"]["ports"] == ["80:80"]
    assert "ports" not in services["web"] and services["web"]["expose"] == ["8000"]
    assert "./deploy/nginx/mcr.conf:/etc/nginx/conf.d/default.conf:ro" in services["nginx"]["volumes"]
    assert "./deploy/nginx/nginx.conf:/etc/nginx/nginx.conf:ro" in services["nginx"]["volumes"]
    assert "static:/srv/static:ro" in services["nginx"]["volumes"]
    assert "static:/srv/static" in services["web"]["volumes"]
    assert services["nginx"]["depends_on"] == {"web": {"condition": "service_healthy"}}
    assert "server web:8000;" in (ROOT / "deploy" / "nginx" / "mcr.conf").read_text()


def test_the_health_checks_hit_liveness_on_plain_http_and_readiness_through_nginx():
    services = load()["services"]
    web_check = " ".join(services["web"]["healthcheck"]["test"])
    assert "http://127.0.0.1:8000/health/" in web_check and "https" not in web_check
    assert "http://127.0.0.1/health/ready/" in " ".join(services["nginx"]["healthcheck"]["test"])


def test_every_app_service_knows_nginx_stands_in_front():
    """Issue 28: with DJANGO_PROXY_COUNT unset the client was nginx for the app (login lock-outs for everyone);
    the readiness check through nginx from its own loopback is allowed only when the app reads the client."""
    services = load()["services"]
    for name in ("web", "worker", "beat"):
        if name in services:
            assert str(services[name]["environment"]["DJANGO_PROXY_COUNT"]) == "1", name


def test_beat_runs_the_standings_sweep_and_backups_are_scheduled():
    services = load()["services"]
    assert services["beat"]["command"][:4] == ["celery", "-A", "config", "beat"]
    backup = services["backup"]
    assert "pg_dump --format=custom" in backup["command"][-1] and "sleep" in backup["command"][-1]
    assert "backups:/backups" in backup["volumes"] and "backups:/backups" in services["worker"]["volumes"]
    assert backup["environment"]["PGHOST"] == "db"


def test_big_documents_have_their_own_worker_at_a_lower_priority_sharing_the_files():
    """Issue 30: a session's score sheets rendered in the web workers starved the tablets."""
    services = load()["services"]
    documents = services["documents"]["command"]
    assert documents[:3] == ["chrt", "--idle", "0"] and documents[3:7] == ["celery", "-A", "config", "worker"]
    assert documents[documents.index("--queues") + 1] == "documents"
    worker = services["worker"]["command"]
    assert worker[worker.index("--queues") + 1] == "celery"
    from django.conf import settings

    routed = {route["queue"] for route in settings.CELERY_TASK_ROUTES.values()}
    assert routed == {"documents"}


def test_the_app_services_scale_and_beat_stays_one():
    """Issue 31: `docker compose up --scale web=3 --scale worker=2` needs no fixed name or host port on a scaled
    service; nginx balances the replicas of `web` (its upstream names the service, which resolves to them all)."""
    services = load()["services"]
    for name in ("web", "worker", "documents", "beat"):
        assert "container_name" not in services[name] and "ports" not in services[name], name
    assert "server web:8000;" in (ROOT / "deploy" / "nginx" / "mcr.conf").read_text()
    assert services["beat"].get("deploy", {}).get("replicas", 1) == 1
    assert "--scale web=3 --scale worker=2" in (ROOT / "docs" / "deployment.md").read_text()


def test_the_files_live_in_a_real_object_store_that_nginx_reaches_for_downloads():
    """Issue 43: `docker compose up` runs an S3-compatible server (MinIO) as the store, private, on the compose network
    only; every app service uses it, and downloads are handed to nginx (X-Accel-Redirect), which resolves the store
    by Docker's DNS. No app service keeps files on a volume of its own."""
    services = load()["services"]
    store = services["store"]
    assert store["image"].startswith("minio/minio:RELEASE.") and "ports" not in store
    assert "storedata:/data" in store["volumes"] and store["environment"]["MINIO_ROOT_USER"] == "mcr"
    assert "mc mb --ignore-existing store/mcr-files" in " ".join(services["store-bucket"]["command"])
    assert "anonymous set none" in " ".join(services["store-bucket"]["command"])
    for name in ("web", "worker", "documents", "beat"):
        environment = services[name]["environment"]
        assert environment["DJANGO_S3_BUCKET"] == "mcr-files", name
        assert environment["DJANGO_S3_ENDPOINT_URL"] == "http://store:9000", name
        assert environment["DJANGO_STORE_DOWNLOADS_VIA_NGINX"] == "true", name
        assert not [v for v in services[name].get("volumes", []) if v.startswith("media:")], name
    conf = (ROOT / "deploy" / "nginx" / "mcr.conf").read_text()
    assert "location = /_store/ {" in conf and "internal;" in conf and "resolver 127.0.0.11" in conf
