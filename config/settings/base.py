"""Settings shared by every environment; each value is switched by an environment variable.

With no DATABASE_URL the app runs on a SQLite file, and with no CELERY_BROKER_URL Celery runs
tasks eagerly in-process: that is the embedded default `make run` relies on.
"""

from django.utils.translation import gettext_lazy as _

from config.env import BASE_DIR, env

SECRET_KEY = env("DJANGO_SECRET_KEY", default="insecure-local-development-key-change-me")
DEBUG = env.bool("DJANGO_DEBUG", default=False)
ALLOWED_HOSTS = env.list("DJANGO_ALLOWED_HOSTS", default=["127.0.0.1", "localhost"])
CSRF_TRUSTED_ORIGINS = env.list("DJANGO_CSRF_TRUSTED_ORIGINS", default=[])

INSTALLED_APPS = [
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "whitenoise.runserver_nostatic",
    "django.contrib.staticfiles",
    "rest_framework",
    "drf_spectacular",
    "drf_spectacular_sidecar",
    "django_htmx",
    "axes",
    # Bottom up: scoring imports no app; the core (tournaments) imports only scoring; the apps above
    # import the core, never the reverse; the demo data sits on top of them all.
    "scoring",
    "tournaments",
    "prints",
    "staff",
    "api_tokens",
    "roster",
    "archive",
    "reports",
    "seating",
    "penalties",
    "appeals",
    "pin_ranking",
    "entries",
    "privacy",
    "config.demo",
    "config.apps.WiringConfig",  # the API's contract for strings (config/api_errors.py)
]

MIDDLEWARE = [
    # Content-Security-Policy and Permissions-Policy on every answer, the health checks' too
    # (config/security_headers.py): outermost, it only adds headers.
    "config.security_headers.SecurityHeadersMiddleware",
    # /health/ and /health/ready/ answered first: before the HTTPS redirect and the host check.
    "config.health.HealthCheckMiddleware",
    # A request that contradicts DJANGO_PROXY_COUNT is noted once, in the log and on /health/.
    "config.client_ip.ProxyCheckMiddleware",
    "django.middleware.security.SecurityMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.locale.LocaleMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "staff.middleware.PasswordChangeDueMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "django_htmx.middleware.HtmxMiddleware",
    # A tournament's pages show times in its own time zone (Tournament.time_zone).
    "tournaments.middleware.TournamentTimeZoneMiddleware",
    # The object store failing during a request: 503 "try again", not 500 (tournaments/store.py).
    "tournaments.store.StoreUnavailableMiddleware",
    # Login throttling (django-axes): last, as its documentation asks, to answer a locked-out login.
    "axes.middleware.AxesMiddleware",
]

ROOT_URLCONF = "config.urls"
WSGI_APPLICATION = "config.wsgi.application"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.template.context_processors.i18n",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
            ],
        },
    },
]

DATABASES = {
    "default": env.db("DATABASE_URL", default=f"sqlite:///{BASE_DIR / 'var' / 'db.sqlite3'}"),
}
DATABASES["default"]["ATOMIC_REQUESTS"] = False
# With kept connections (CONN_MAX_AGE, production), PostgreSQL prepares the statement that locks a score
# sheet, asked for by every hand (tournaments/locks.py). Off behind a pooler in transaction mode
# (PgBouncer before 1.21), where a prepared statement can vanish between two transactions.
DATABASE_PREPARED_LOCK = env.bool("DATABASE_PREPARED_LOCK", default=True)
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]
# Login throttling with django-axes (issue 16): every password login goes through authenticate()
# (/accounts/login/, /admin/login/; the API has no login of its own: it uses the session cookie),
# and AxesStandaloneBackend refuses it while the username, from that address, is locked out.
# Failures are kept in the database (axes' database handler): the same count for every worker, and
# with Redis down. Locked out by the pair username + address, not by address alone: at a venue every
# tablet and phone leaves through one Wi-Fi router, and one player's typing must not lock the
# organizer out. A success does not reset the count; the lock lifts after the cool-off.
AUTHENTICATION_BACKENDS = [
    "axes.backends.AxesStandaloneBackend",
    "django.contrib.auth.backends.ModelBackend",
]
AXES_FAILURE_LIMIT = env.int("DJANGO_LOGIN_FAILURE_LIMIT", default=5)
AXES_COOLOFF_TIME = env.int("DJANGO_LOGIN_COOLOFF_MINUTES", default=15) / 60  # hours, as axes takes a number
AXES_LOCKOUT_PARAMETERS = [["username", "ip_address"]]
AXES_RESET_ON_SUCCESS = False
AXES_LOCKOUT_CALLABLE = "staff.views.login_locked_out"
# Behind reverse proxies the client's address is the one the outermost proxy appended to
# X-Forwarded-For: DJANGO_PROXY_COUNT says how many proxies stand in front (0: none, REMOTE_ADDR).
PROXY_COUNT = env.int("DJANGO_PROXY_COUNT", default=0)
# /health/ready/ answers the loopback (the orchestrator's check inside a container) and a request carrying this
# token in X-Health-Token; anyone else gets 404 (it costs a second of a worker and names the services).
HEALTH_TOKEN = env.str("DJANGO_HEALTH_TOKEN", default="")
# A personal API token works this many days after it is made (api_tokens; revoked at any time before).
API_TOKEN_DAYS = env.int("DJANGO_API_TOKEN_DAYS", default=90)
# A staff account's one-time password works once, within this many hours of being made (issue 28).
STAFF_OTP_HOURS = env.int("DJANGO_STAFF_OTP_HOURS", default=72)
# Mail (entries' confirmations and offers, staff invitations): DJANGO_EMAIL_URL, e.g.
# smtp+tls://user:password@smtp.example.org:587 (django-environ's form). Without it mail is printed to the
# console (`make run`); production defaults to SMTP on localhost, which counts as "not configured".
vars().update(env.email_url("DJANGO_EMAIL_URL", default="consolemail://"))
DEFAULT_FROM_EMAIL = env("DJANGO_DEFAULT_FROM_EMAIL", default="MCR tournaments <noreply@localhost>")
EMAIL_TIMEOUT = env.int("DJANGO_EMAIL_TIMEOUT", default=10)
# The address mailed links start with (a mail is written by the worker, away from any request).
SITE_URL = env("DJANGO_SITE_URL", default="http://127.0.0.1:8000")
AXES_CLIENT_IP_CALLABLE = "config.client_ip.client_ip"
AXES_VERBOSE = False

# `manage.py seed_demo` (make run, make demo-data) creates a superuser with the README's password:
# allowed here and in development, off in production (config/settings/production.py).
DEMO_DATA_ALLOWED = env.bool("DJANGO_DEMO_DATA_ALLOWED", default=True)

LOGIN_URL = "login"
LOGIN_REDIRECT_URL = "home"
LOGOUT_REDIRECT_URL = "home"

# The three languages of the rulebook; the Chinese text governs the rules (preface).
LANGUAGE_CODE = "en"
LANGUAGES = [
    ("en", _("English")),
    ("zh-hans", _("Simplified Chinese")),
    ("ja", _("Japanese")),
]
LOCALE_PATHS = [BASE_DIR / "locale"]
USE_I18N = True
TIME_ZONE = env("DJANGO_TIME_ZONE", default="UTC")
USE_TZ = True

STATIC_URL = "/static/"
STATICFILES_DIRS = [BASE_DIR / "static"]
STATIC_ROOT = env("DJANGO_STATIC_ROOT", default=str(BASE_DIR / "var" / "staticfiles"))
# Uploaded files kept (a Pin application's signed paper form): private, served only through the views that
# check who may read them (never under a public URL).
MEDIA_ROOT = env("DJANGO_MEDIA_ROOT", default=str(BASE_DIR / "var" / "media"))
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {"BACKEND": "whitenoise.storage.CompressedManifestStaticFilesStorage"},
}
# More than one host (issue 31): the files every process must see (big documents, Pin application forms,
# backups) on an S3-compatible object store (django-storages) when DJANGO_S3_BUCKET is set; else MEDIA_ROOT,
# a folder (`make run`; compose's `media` volume). The files are read back through the app, which checks who may
# have them: the store needs no public access (`querystring_auth`, no ACL).
S3_STORAGE = None
# A store that stalls must not stall the site (issue 43, tournaments/store.py): short timeouts on every call (one
# retry), a circuit that refuses calls for STORE_CIRCUIT_SECONDS after a failure, and downloads handed to nginx
# (X-Accel-Redirect to the store, deploy/nginx/mcr.conf) so that no web worker waits on the store.
STORE_CONNECT_TIMEOUT = env.float("DJANGO_STORE_CONNECT_TIMEOUT", default=2.0)
STORE_READ_TIMEOUT = env.float("DJANGO_STORE_READ_TIMEOUT", default=10.0)
STORE_CIRCUIT_SECONDS = env.int("DJANGO_STORE_CIRCUIT_SECONDS", default=30)
STORE_DOWNLOADS_VIA_NGINX = env.bool("DJANGO_STORE_DOWNLOADS_VIA_NGINX", default=False)
if env("DJANGO_S3_BUCKET", default=""):
    from botocore.config import Config

    S3_STORAGE = {"BACKEND": "tournaments.store.GuardedS3Storage", "OPTIONS": {
        "bucket_name": env("DJANGO_S3_BUCKET"),
        "endpoint_url": env("DJANGO_S3_ENDPOINT_URL", default="") or None,  # MinIO, Garage, Ceph ...: their URL
        "region_name": env("DJANGO_S3_REGION", default="") or None,
        "access_key": env("DJANGO_S3_ACCESS_KEY", default="") or None,
        "secret_key": env("DJANGO_S3_SECRET_KEY", default="") or None,
        "location": env("DJANGO_S3_PREFIX", default=""),
        "default_acl": None, "querystring_auth": True, "file_overwrite": False,
        "client_config": Config(connect_timeout=STORE_CONNECT_TIMEOUT, read_timeout=STORE_READ_TIMEOUT,
                                retries={"max_attempts": 2, "mode": "standard"}),
    }}
    STORAGES["default"] = S3_STORAGE

# Uploaded rosters are read in memory; keep them bounded.
DATA_UPLOAD_MAX_MEMORY_SIZE = 5 * 1024 * 1024
FILE_UPLOAD_MAX_MEMORY_SIZE = 5 * 1024 * 1024

SESSION_COOKIE_HTTPONLY = True
SESSION_COOKIE_SAMESITE = "Lax"
CSRF_COOKIE_SAMESITE = "Lax"
X_FRAME_OPTIONS = "DENY"
SECURE_CONTENT_TYPE_NOSNIFF = True
SECURE_REFERRER_POLICY = "same-origin"

REST_FRAMEWORK = {
    # Every error in one shape, documented on every operation: see config/api_errors.py.
    "DEFAULT_SCHEMA_CLASS": "config.api_schema.ApiAutoSchema",
    "EXCEPTION_HANDLER": "config.api_errors.api_exception_handler",
    "DEFAULT_AUTHENTICATION_CLASSES": [
        "rest_framework.authentication.SessionAuthentication",
        # Clients that are not a browser: a personal token, `Authorization: Bearer mcr_...` (api_tokens).
        "api_tokens.authentication.TokenAuthentication",
    ],
    "DEFAULT_PERMISSION_CLASSES": ["rest_framework.permissions.IsAuthenticatedOrReadOnly"],
    "DEFAULT_RENDERER_CLASSES": ["rest_framework.renderers.JSONRenderer"],
    # JSON in, as the tablet sends it: a form-encoded body (DRF's HTML-form booleans, lists) answers 415.
    "DEFAULT_PARSER_CLASSES": ["rest_framework.parsers.JSONParser"],
}
SPECTACULAR_SETTINGS = {
    "TITLE": "MCR Tournament API",
    "DESCRIPTION": (
        "Chinese Official Mahjong (MCR) tournaments: players, sessions, scoring and standings.\n\n"
        "A client that is not a browser signs in with `POST /api/auth/token/` and sends the token it gets as "
        "`Authorization: Bearer <token>` (`tokenAuth`); writes signed so need no CSRF token. A browser keeps its "
        "session cookie (`cookieAuth`) and sends Django's CSRF token (`X-CSRFToken`) with each write. Operations "
        "whose security lists `{}` answer anyone. Every error comes in one shape, `ErrorOutput` (409: "
        "`ConflictOutput`)."
    ),
    "VERSION": "1.0.0",
    "SERVE_INCLUDE_SCHEMA": False,
    # Served from our own static files: venues often have no internet.
    "SWAGGER_UI_DIST": "SIDECAR",
    "SWAGGER_UI_FAVICON_HREF": "SIDECAR",
    "REDOC_DIST": "SIDECAR",
    "ENUM_NAME_OVERRIDES": {
        "TournamentStatusEnum": "tournaments.models.Tournament.Status",
        "SessionStatusEnum": "tournaments.models.Session.Status",
        "SheetStatusEnum": "tournaments.models.ScoreSheet.Status",
        "CompetitionClassEnum": "pin_ranking.engine.classes.CompetitionClass",
        "ImportStatusEnum": "roster.models.ImportJob.Status",
        "WindEnum": "scoring.calculator.WINDS",
        "ScoringModeEnum": "tournaments.models.core.ScoringMode",
        "RuleSetEnum": "scoring.rule_sets.RuleSet",
        "EntryKindEnum": "entries.models.Entry.Kind",
        "EntryStateEnum": "entries.models.Entry.State",
        "DataRequestKindEnum": "privacy.models.DataRequest.Kind",
        "DataRequestStateEnum": "privacy.models.DataRequest.State",
    },
}

CACHES = {"default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"}}
REDIS_URL = env("REDIS_URL", default="")
if REDIS_URL:
    # Degrade, don't fail: with Redis down a cache read is a miss and a write is dropped, both
    # logged (config/cache.py); nothing the app needs to stay correct lives only in the cache.
    CACHES = {
        "default": {
            "BACKEND": "config.cache.TolerantRedisCache",
            "LOCATION": REDIS_URL,
            "OPTIONS": {"socket_connect_timeout": 0.5, "socket_timeout": 1},
        }
    }
# Sessions live in the database (the default engine, said here on purpose): a Redis outage must not
# log out every tablet or answer 500 to every logged-in page (cached_db read Redis first and raised).
SESSION_ENGINE = "django.contrib.sessions.backends.db"

_BROKER = env("CELERY_BROKER_URL", default="")
# No broker configured: run tasks in-process, the embedded default for demos.
CELERY_TASK_ALWAYS_EAGER = not _BROKER
CELERY_BROKER_URL = _BROKER or "memory://"
# No result backend: nothing reads a task's return value (the tasks write the database), and a
# result backend on an unreachable Redis made every enqueue retry for seconds, then raise.
CELERY_RESULT_BACKEND = env("CELERY_RESULT_BACKEND", default=None)
CELERY_TASK_IGNORE_RESULT = not CELERY_RESULT_BACKEND
CELERY_TASK_EAGER_PROPAGATES = True
CELERY_TASK_SERIALIZER = "json"
CELERY_ACCEPT_CONTENT = ["json"]
CELERY_TASK_ACKS_LATE = True
# A worker killed mid-task (OOM, a deploy) leaves its message to be handed out again: the tasks
# are idempotent (tournaments/tasks.py).
CELERY_TASK_REJECT_ON_WORKER_LOST = True
CELERY_WORKER_PREFETCH_MULTIPLIER = 1
CELERY_BROKER_CONNECTION_RETRY_ON_STARTUP = True
# Enqueuing happens after a write committed (tournaments.tasks.enqueue): with the broker down it
# must give up in about a second, not hold the request (it took 19 s, then answered 500). One
# retry, a 1 s connect timeout; the beat sweep re-queues what was not sent.
CELERY_BROKER_CONNECTION_TIMEOUT = 1
CELERY_TASK_PUBLISH_RETRY_POLICY = {"max_retries": 1, "interval_start": 0, "interval_step": 0.2, "interval_max": 0.2}
# Redis hands an unacknowledged message out again after the visibility timeout: it must exceed the
# longest task's hard time limit (else a running task is handed out twice), and it bounds how long a
# message of a killed worker waits (the standings do not wait for it: the sweep re-queues them).
# Tasks with an ETA further away than this are handed out again too; they are idempotent.
CELERY_BROKER_TRANSPORT_OPTIONS = {
    "visibility_timeout": 960,  # tournaments.tasks.LONGEST_TASK_SECONDS (900) plus a minute
    "socket_connect_timeout": 1,
    "socket_timeout": 5,
}
# Big documents (the prints app) on a queue of their own: the compose service `documents` consumes it at the
# idle CPU priority, so printing a session's 150 score sheets never slows the tablets (issue 30).
CELERY_TASK_ROUTES = {
    "prints.tasks.print_job_start_task": {"queue": "documents"},
    "prints.tasks.print_part_render_task": {"queue": "documents"},
}
# Celery beat (compose service `beat`): the standings sweep re-queues every tournament whose
# standings are behind (the outbox, tournaments.models.StandingsChange).
STANDINGS_SWEEP_SECONDS = env.float("STANDINGS_SWEEP_SECONDS", default=30.0)
# The documents a killed worker had taken are started again by this sweep (prints.services.print_jobs_restart_lost:
# a worker process unheard of for 10 s is gone), so a document comes within about half a minute of the kill.
DOCUMENTS_SWEEP_SECONDS = env.float("DOCUMENTS_SWEEP_SECONDS", default=10.0)
CELERY_BEAT_SCHEDULE = {
    "standings-sweep": {
        "task": "tournaments.tasks.standings_sweep_task",
        "schedule": STANDINGS_SWEEP_SECONDS,
        "options": {"expires": STANDINGS_SWEEP_SECONDS},  # a sweep not run in time is replaced by the next
    },
    "privacy-retention": {
        "task": "privacy.tasks.retention_task",
        "schedule": 86400,
        "options": {"expires": 3600},
    },
    "documents-sweep": {
        "task": "prints.tasks.print_jobs_sweep_task",
        "schedule": DOCUMENTS_SWEEP_SECONDS,
        "options": {"expires": DOCUMENTS_SWEEP_SECONDS},
    },
}

# Retention (privacy.services.retention_run, docs/privacy.md "How long"): registrations' contacts and the
# entries' e-mails are deleted this many days after a finished tournament's last day, unless the person keeps an
# account; a Pin application's ID number, contact and signed form this many years after its decision. A federation
# sets its own (its law, its register's rules).
PRIVACY_CONTACT_DAYS = env.int("PRIVACY_CONTACT_DAYS", default=180)
PRIVACY_PIN_FORM_YEARS = env.int("PRIVACY_PIN_FORM_YEARS", default=5)

# Database backups (tournaments/backup.py, docs/deployment.md): a pg_dump at each session's end, by the
# worker, into BACKUP_DIR (compose: the `backups` volume, which its `backup` service also fills on a
# schedule), the newest BACKUP_KEEP files kept.
BACKUP_DIR = env("BACKUP_DIR", default=str(BASE_DIR / "var" / "backups"))
BACKUP_ON_SESSION_END = env.bool("BACKUP_ON_SESSION_END", default=True)
BACKUP_KEEP = env.int("BACKUP_KEEP", default=200)
# More than one host (issue 31): each dump copied to the default storage too (`backups/`, the newest BACKUP_KEEP
# kept there), so it outlives the worker's host. On by default with the object store (DJANGO_S3_BUCKET).
BACKUP_TO_STORAGE = env.bool("DJANGO_BACKUP_TO_STORAGE", default=bool(S3_STORAGE))

LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "handlers": {"console": {"class": "logging.StreamHandler"}},
    "root": {"handlers": ["console"], "level": env("DJANGO_LOG_LEVEL", default="INFO")},
    # WeasyPrint logs every layout step of the results PDF at INFO.
    "loggers": {"weasyprint": {"level": "WARNING"}, "fontTools": {"level": "WARNING"}},
}

# Limits (docs/limits.md): each protects the server shared by every tournament on it.
MCR_MAX_PLAYERS_PER_TOURNAMENT = env.int("MCR_MAX_PLAYERS_PER_TOURNAMENT", default=2000)
