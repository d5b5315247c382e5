"""Development on one machine: `make run` (SQLite and in-process Celery unless configured)."""

from config.settings.base import *  # noqa: F403
from config.settings.base import env

DEBUG = env.bool("DJANGO_DEBUG", default=True)
