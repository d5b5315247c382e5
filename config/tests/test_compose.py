"""docker-compose.yml is for deployments (no Docker engine here): check its services and wiring."""

import pathlib

import yaml

ROOT = pathlib.Path(__file__).resolve().parents[2]


def load():
    return yaml.safe_load((ROOT / "docker-compose.yml").read_text())


def test_services_present():
    assert set(load()["services"]) == {"db", "redis", "web", "worker", "beat"}


def test_every_long_running_service_has_a_health_check_or_depends_on_healthy_ones():
    services = load()["services"]
    for name in ("db", "redis", "web", "worker"):
        assert "test" in services[name]["healthcheck"], name
    for name in ("web", "worker", "beat"):
        depends = services[name]["depends_on"]
        assert depends == {"db": {"condition": "service_healthy"}, "redis": {"condition": "service_healthy"}}


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
    assert "gunicorn config.wsgi:application" in services["web"]["command"]
    assert services["worker"]["command"][:4] == ["celery", "-A", "config", "worker"]
    assert services["beat"]["command"][:4] == ["celery", "-A", "config", "beat"]
    assert "pgdata:/var/lib/postgresql/data" in services["db"]["volumes"]


def test_env_example_names_every_variable_compose_needs():
    example = (ROOT / ".env.example").read_text()
    for variable in ("DJANGO_SECRET_KEY", "DJANGO_ALLOWED_HOSTS", "POSTGRES_PASSWORD"):
        assert f"{variable}=" in example
    assert (ROOT / "Dockerfile").exists()
