"""Production settings pass Django's deployment checks with no warning."""

import os
import pathlib
import subprocess
import sys

ROOT = pathlib.Path(__file__).resolve().parents[2]


def run_manage(*args, **env):
    # The test process allows async-unsafe ORM use for Playwright; a deployment must not inherit that.
    inherited = {k: v for k, v in os.environ.items() if k != "DJANGO_ALLOW_ASYNC_UNSAFE"}
    environment = {**inherited, "DJANGO_SETTINGS_MODULE": "config.settings.production", **env}
    return subprocess.run(
        [sys.executable, "manage.py", *args], cwd=ROOT, env=environment, capture_output=True, text=True, timeout=120
    )


def test_check_deploy_passes_with_production_settings():
    result = run_manage(
        "check",
        "--deploy",
        "--fail-level",
        "WARNING",
        DJANGO_SECRET_KEY="a-production-secret-" + "x7Gq2!pL9#vR4@kZ" * 4,
        DJANGO_ALLOWED_HOSTS="mahjong.example.org",
    )
    assert result.returncode == 0, result.stdout + result.stderr
    assert "no issues" in result.stdout


def test_production_refuses_to_start_without_a_secret_key():
    environment = {k: v for k, v in os.environ.items() if k not in ("DJANGO_SECRET_KEY", "DJANGO_ALLOW_ASYNC_UNSAFE")}
    environment.update({"DJANGO_SETTINGS_MODULE": "config.settings.production", "DJANGO_ALLOWED_HOSTS": "x.org"})
    result = subprocess.run(
        [sys.executable, "manage.py", "check"], cwd=ROOT, env=environment, capture_output=True, text=True, timeout=120
    )
    assert result.returncode != 0
    assert "DJANGO_SECRET_KEY" in result.stderr


def test_a_weak_secret_key_fails_the_deploy_check():
    result = run_manage(
        "check", "--deploy", "--fail-level", "WARNING", DJANGO_SECRET_KEY="short", DJANGO_ALLOWED_HOSTS="x.org"
    )
    assert result.returncode != 0
    assert "security.W009" in result.stderr + result.stdout


def test_production_keeps_database_connections_and_checks_them():
    settings = {"DJANGO_SECRET_KEY": "a-production-secret-" + "x7Gq2!pL9#vR4@kZ" * 4, "DJANGO_ALLOWED_HOSTS": "x.org"}
    show = (
        "from django.conf import settings; d = settings.DATABASES['default']; "
        "print(d['CONN_MAX_AGE'], d['CONN_HEALTH_CHECKS'])"
    )
    assert run_manage("shell", "--no-imports", "-c", show, **settings).stdout.split() == ["60", "True"]
    assert run_manage("shell", "--no-imports", "-c", show, DATABASE_CONN_MAX_AGE="0", **settings).stdout.split() == [
        "0",
        "True",
    ]


def test_the_production_image_compresses_static_files_and_make_run_does_not():
    """Issue 30: make run's collectstatic compressed 32 MB of third-party files with Brotli (3.5 minutes under
    load); only the production image needs the compressed copies."""
    show = "from django.conf import settings; print(settings.STORAGES['staticfiles']['BACKEND'])"
    production = run_manage("shell", "--no-imports", "-c", show, DJANGO_SECRET_KEY="a-production-secret-" + "x7" * 30,
                            DJANGO_ALLOWED_HOSTS="x.org")
    assert production.stdout.strip() == "whitenoise.storage.CompressedManifestStaticFilesStorage", production.stderr
    local = run_manage("shell", "--no-imports", "-c", show, DJANGO_SETTINGS_MODULE="config.settings.local")
    assert local.stdout.strip() == "django.contrib.staticfiles.storage.ManifestStaticFilesStorage", local.stderr
