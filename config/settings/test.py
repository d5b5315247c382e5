"""The test suite: `make test` points DATABASE_URL at a throwaway PostgreSQL and REDIS_URL at Redis.

With neither, pytest runs on an in-memory SQLite database and an in-memory cache: the inner loop,
`pytest -m "not postgres and not browser and not worker"` (README.md, the testing paragraph).
"""

from config.settings.base import *  # noqa: F403
from config.settings.base import env

PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
if DATABASES["default"]["ENGINE"] == "django.db.backends.postgresql":  # noqa: F405
    # Django's, emptying the tables between transactional tests with DELETE (testing/postgresql).
    DATABASES["default"]["ENGINE"] = "testing.postgresql"  # noqa: F405
# Tests enqueue through on-commit hooks and run tasks in-process; the Celery round-trip test
# switches eager mode off to send its task through a real worker on the real Redis.
CELERY_TASK_ALWAYS_EAGER = env.bool("CELERY_TASK_ALWAYS_EAGER", default=True)  # false: a beat started by a test
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.InMemoryStorage"},
    "staticfiles": {"BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"},
}
if env("DJANGO_TEST_MEDIA_ROOT", default=""):  # a live worker's files, read by the test (conftest.py)
    STORAGES["default"] = {"BACKEND": "django.core.files.storage.FileSystemStorage",
                           "OPTIONS": {"location": env("DJANGO_TEST_MEDIA_ROOT")}}
if S3_STORAGE:  # noqa: F405  (the object store of the two-servers test, started by the test)
    STORAGES["default"] = S3_STORAGE  # noqa: F405
# Static files come from the app folders (finders); no collectstatic in tests. WhiteNoise finds each
# file when it is asked for (autorefresh) instead of listing every file when its middleware is made:
# Django's test client makes the middleware anew for each client, and the listing took ~30 ms each time.
STATIC_ROOT = None
WHITENOISE_USE_FINDERS = True
WHITENOISE_AUTOREFRESH = True
# A row lock taken against the order of tournaments/locks.py raises (LockOrderError).
LOCK_ORDER_CHECK = True
# Sessions end in many tests: no dump for each (config/tests/test_backup.py turns it on).
BACKUP_ON_SESSION_END = False

# pytest-xdist runs the suite in several processes (pyproject.toml, `-n auto`), each on its own test
# database (`test_<name>_gw<n>`). The cache must be its own too: a test clearing it (the PIN pauses),
# or a cached document keyed by a tournament's id, must not reach another process's test. On Redis
# each process takes its own database number (1, 2, ...: the broker keeps 0).
_XDIST_WORKER = env("PYTEST_XDIST_WORKER", default="")
if _XDIST_WORKER and REDIS_URL:  # noqa: F405
    import urllib.parse as _url

    _cache_db = 1 + int(_XDIST_WORKER.removeprefix("gw") or 0) % 15
    CACHES["default"]["LOCATION"] = _url.urlunsplit(  # noqa: F405
        _url.urlsplit(REDIS_URL)._replace(path=f"/{_cache_db}")  # noqa: F405
    )
    CACHES["default"]["KEY_PREFIX"] = _XDIST_WORKER  # noqa: F405  (past 15 processes, databases are shared)
