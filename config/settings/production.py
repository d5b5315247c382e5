"""Production only tightens what base sets; every secret comes from the environment."""

from config.settings.base import *  # noqa: F403
from config.settings.base import env

DEBUG = False
SECRET_KEY = env("DJANGO_SECRET_KEY")
ALLOWED_HOSTS = env.list("DJANGO_ALLOWED_HOSTS")

vars().update(env.email_url("DJANGO_EMAIL_URL", default="smtp://localhost:25"))
SITE_URL = env("DJANGO_SITE_URL", default=f"https://{ALLOWED_HOSTS[0]}")

# Never the demo superuser on a live server, unless a demonstration server asks for it by name.
DEMO_DATA_ALLOWED = env.bool("DJANGO_DEMO_DATA_ALLOWED", default=False)

SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
SECURE_SSL_REDIRECT = env.bool("DJANGO_SECURE_SSL_REDIRECT", default=True)
SECURE_HSTS_SECONDS = env.int("DJANGO_SECURE_HSTS_SECONDS", default=60 * 60 * 24 * 365)
# HSTS for this host only by default: a venue that serves the app under a sub-domain of its club's
# domain must not commit every sibling sub-domain to HTTPS for a year, nor ask browsers to preload
# it. Turn them on once every sub-domain is served over HTTPS (issue 16, F14).
SECURE_HSTS_INCLUDE_SUBDOMAINS = env.bool("DJANGO_SECURE_HSTS_INCLUDE_SUBDOMAINS", default=False)
SECURE_HSTS_PRELOAD = env.bool("DJANGO_SECURE_HSTS_PRELOAD", default=False)
# Django's deploy check asks for both (W005, W021): off by default here on purpose, see above.
SILENCED_SYSTEM_CHECKS = [
    check for check, on in (("security.W005", SECURE_HSTS_INCLUDE_SUBDOMAINS), ("security.W021", SECURE_HSTS_PRELOAD))
    if not on
]
SESSION_COOKIE_SECURE = True
CSRF_COOKIE_SECURE = True
SESSION_COOKIE_NAME = "__Secure-sessionid"
CSRF_COOKIE_NAME = "__Secure-csrftoken"
# Shared tablets at the tables: sessions end with the playing day.
SESSION_COOKIE_AGE = 60 * 60 * 12

# Persistent database connections, checked before reuse: each gunicorn worker keeps one open
# instead of making PostgreSQL start a backend process for every request. bench/submission.py
# measures both ways (with 50 tablets, hand submission p95 roughly halves).
DATABASES["default"]["CONN_MAX_AGE"] = env.int("DATABASE_CONN_MAX_AGE", default=60)  # noqa: F405
DATABASES["default"]["CONN_HEALTH_CHECKS"] = True  # noqa: F405
