"""Development on one machine: `make run` (SQLite and in-process Celery unless configured)."""

from config.settings.base import *  # noqa: F403
from config.settings.base import env

DEBUG = env.bool("DJANGO_DEBUG", default=True)

# `make run` on a fresh clone: collectstatic hashes the files but does not compress them (issue 30: Brotli over
# 32 MB of third-party files took 3.5 minutes on a loaded machine). The production image compresses
# (base.py's CompressedManifestStaticFilesStorage, Dockerfile).
STORAGES = {**STORAGES, "staticfiles": {"BACKEND": "django.contrib.staticfiles.storage.ManifestStaticFilesStorage"}}  # noqa: F405
