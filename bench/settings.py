"""Settings for bench/submission.py's gunicorn: the test settings plus the bench-only URLs.

The reference endpoint lives in bench/urls.py and is served only under these settings: it is not
part of config.urls, so no deployment serves it.
"""

import os

from config.settings.test import *  # noqa: F403

DEBUG = False
LOCK_ORDER_CHECK = False  # as deployed: the lock-order check is for the tests (tournaments/locks.py)
ROOT_URLCONF = "bench.urls"
ALLOWED_HOSTS = ["127.0.0.1"]
LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "handlers": {"console": {"class": "logging.StreamHandler"}},
    "root": {"handlers": ["console"], "level": "WARNING"},
}

# bench/submission.py measures both ways of holding database connections: "persistent" as
# config/settings/production.py does, "per-request" as Django does by default.
if os.environ.get("MCR_BENCH_CONNECTIONS", "persistent") == "persistent":
    DATABASES["default"]["CONN_MAX_AGE"] = 60  # noqa: F405
    DATABASES["default"]["CONN_HEALTH_CHECKS"] = True  # noqa: F405
else:
    DATABASES["default"]["CONN_MAX_AGE"] = 0  # noqa: F405
