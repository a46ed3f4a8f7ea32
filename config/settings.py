"""Settings, all from environment variables.

Development needs nothing: SQLite, no Redis (Celery runs tasks eagerly, the cache is
local memory). Production (DJANGO_ENV=production) refuses to start on default secrets.
"""

from __future__ import annotations

from datetime import timedelta
from pathlib import Path

import environ
from django.core.exceptions import ImproperlyConfigured

BASE_DIR = Path(__file__).resolve().parent.parent

env = environ.Env()

DJANGO_ENV = env.str("DJANGO_ENV", default="development")
if DJANGO_ENV not in {"development", "test", "production"}:
    raise ImproperlyConfigured(
        f"DJANGO_ENV must be development, test or production, not {DJANGO_ENV!r}"
    )
PRODUCTION = DJANGO_ENV == "production"

# Development-only values; production refuses them (see _require_real_secret).
_DEV_SECRET_KEY = "dev-only-secret-key-not-for-production-use-0123456789abcdef"
_DEV_CHALLENGE_SECRET = "dev-only-challenge-secret"


def _require_real_secret(name: str, value: str, default: str) -> str:
    if PRODUCTION and (not value or value == default or len(value) < 32):
        raise ImproperlyConfigured(
            f"{name} must be set to a real secret of at least 32 characters in production"
        )
    return value


SECRET_KEY = _require_real_secret(
    "SECRET_KEY", env.str("SECRET_KEY", default=_DEV_SECRET_KEY), _DEV_SECRET_KEY
)
# Seeds the tile order of every challenge; whoever knows it knows tomorrow's well.
CHALLENGE_SECRET = _require_real_secret(
    "CHALLENGE_SECRET",
    env.str("CHALLENGE_SECRET", default=_DEV_CHALLENGE_SECRET),
    _DEV_CHALLENGE_SECRET,
)

DEBUG = env.bool("DEBUG", default=not PRODUCTION)
if PRODUCTION and DEBUG:
    raise ImproperlyConfigured("DEBUG must be off in production")

ALLOWED_HOSTS = env.list(
    "ALLOWED_HOSTS", default=[] if PRODUCTION else ["127.0.0.1", "localhost", "[::1]", "testserver"]
)
if PRODUCTION and not ALLOWED_HOSTS:
    raise ImproperlyConfigured("ALLOWED_HOSTS must be set in production")
CSRF_TRUSTED_ORIGINS = env.list("CSRF_TRUSTED_ORIGINS", default=[])
CSRF_FAILURE_VIEW = "config.csrf.csrf_failure"

INSTALLED_APPS = [
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "whitenoise.runserver_nostatic",
    "django.contrib.staticfiles",
    "rest_framework",
    "rest_framework.authtoken",
    "drf_spectacular",
    "drf_spectacular_sidecar",
    "accounts",
    "challenges",
]

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
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
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
            ],
        },
    },
]

DATABASES = {"default": env.db("DATABASE_URL", default=f"sqlite:///{BASE_DIR / 'db.sqlite3'}")}
DATABASES["default"].setdefault("CONN_MAX_AGE", env.int("CONN_MAX_AGE", default=0))
if DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3":
    # SQLite serialises writers; wait for the lock instead of failing a submit.
    DATABASES["default"].setdefault("OPTIONS", {}).setdefault("timeout", 20)
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

REDIS_URL = env.str("REDIS_URL", default="")
if PRODUCTION and not REDIS_URL:
    # Without it every web process keeps its own cache and throttle counts, and Celery
    # has no broker: the site would run, wrongly. Refuse, as for the secrets.
    raise ImproperlyConfigured("REDIS_URL must be set in production")
# Redis is a cache, never the truth: wait at most this long for it, then go without.
REDIS_TIMEOUT_SECONDS = env.float("REDIS_TIMEOUT_SECONDS", default=0.2)
if REDIS_URL:
    CACHES = {
        "default": {
            "BACKEND": "config.resilient_cache.ResilientRedisCache",
            "LOCATION": REDIS_URL,
            "KEY_PREFIX": env.str("CACHE_KEY_PREFIX", default="tod"),
            "OPTIONS": {
                "socket_connect_timeout": REDIS_TIMEOUT_SECONDS,
                "socket_timeout": REDIS_TIMEOUT_SECONDS,
                "circuit_open_seconds": env.float("REDIS_CIRCUIT_OPEN_SECONDS", default=5.0),
            },
        }
    }
else:
    CACHES = {"default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"}}

# Celery: with no broker, tasks run in-process so development needs no worker.
CELERY_BROKER_URL = env.str("CELERY_BROKER_URL", default=REDIS_URL or "memory://")
CELERY_RESULT_BACKEND = env.str("CELERY_RESULT_BACKEND", default=REDIS_URL or None)
CELERY_TASK_ALWAYS_EAGER = env.bool("CELERY_TASK_ALWAYS_EAGER", default=not REDIS_URL)
CELERY_TASK_EAGER_PROPAGATES = True
CELERY_TASK_ACKS_LATE = True
CELERY_TASK_REJECT_ON_WORKER_LOST = True
CELERY_WORKER_PREFETCH_MULTIPLIER = 1
CELERY_TIMEZONE = "UTC"
# Publishing a task must not hang a request when the broker is down: fail fast (the
# callers catch it; the beat task makes up for anything not published).
CELERY_BROKER_CONNECTION_TIMEOUT = REDIS_TIMEOUT_SECONDS
CELERY_BROKER_CONNECTION_RETRY_ON_STARTUP = True
CELERY_BROKER_TRANSPORT_OPTIONS = {
    # No read timeout here: a worker's blocking wait for tasks must not time out.
    "socket_connect_timeout": REDIS_TIMEOUT_SECONDS,
    "max_retries": 0,
}
CELERY_BEAT_SCHEDULE = {
    "challenges-ensure": {
        "task": "challenges.tasks.challenges_ensure_upcoming",
        "schedule": timedelta(minutes=env.int("CHALLENGE_ENSURE_MINUTES", default=5)),
        "options": {"expires": 240},
    },
    "runs-expire": {
        "task": "challenges.tasks.runs_expire_abandoned",
        "schedule": timedelta(minutes=10),
        "options": {"expires": 540},
    },
}

if DJANGO_ENV == "test":
    # Tests create many users; the real hashers are slow on purpose.
    PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]
# The HTML forms' own limits (accounts/throttle.py): failed log-ins per client and per
# user name, and accounts made per client, in a window of the given seconds.
# Per (user name, address) pair; the address alone gets a higher limit across names.
LOGIN_FAILURES_LIMIT = env.int("LOGIN_FAILURES_LIMIT", default=10)
LOGIN_CLIENT_FAILURES_LIMIT = env.int("LOGIN_CLIENT_FAILURES_LIMIT", default=30)
LOGIN_FAILURES_WINDOW_SECONDS = env.int("LOGIN_FAILURES_WINDOW_SECONDS", default=900)
SIGNUPS_LIMIT = env.int("SIGNUPS_LIMIT", default=1000 if DJANGO_ENV == "test" else 20)
SIGNUPS_WINDOW_SECONDS = env.int("SIGNUPS_WINDOW_SECONDS", default=3600)
SIGNUPS_PER_DAY_LIMIT = env.int(
    "SIGNUPS_PER_DAY_LIMIT", default=5000 if DJANGO_ENV == "test" else 50
)

LOGIN_URL = "accounts:login"
LOGIN_REDIRECT_URL = "/"
LOGOUT_REDIRECT_URL = "/"

LANGUAGE_CODE = "en-us"
TIME_ZONE = "UTC"
USE_I18N = True
USE_TZ = True

STATIC_URL = "static/"
STATIC_ROOT = BASE_DIR / "staticfiles"
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {
        "BACKEND": "whitenoise.storage.CompressedManifestStaticFilesStorage"
        if PRODUCTION
        else "django.contrib.staticfiles.storage.StaticFilesStorage"
    },
}

REST_FRAMEWORK = {
    # Token first: an anonymous call then gets 401 with "WWW-Authenticate: Token",
    # telling a script how to authenticate (the browser's session works either way).
    "DEFAULT_AUTHENTICATION_CLASSES": [
        "rest_framework.authentication.TokenAuthentication",
        "rest_framework.authentication.SessionAuthentication",
    ],
    "DEFAULT_PERMISSION_CLASSES": ["rest_framework.permissions.AllowAny"],
    "DEFAULT_RENDERER_CLASSES": ["rest_framework.renderers.JSONRenderer"],
    "DEFAULT_PARSER_CLASSES": ["rest_framework.parsers.JSONParser"],
    "DEFAULT_SCHEMA_CLASS": "drf_spectacular.openapi.AutoSchema",
    "EXCEPTION_HANDLER": "challenges.api.errors.api_exception_handler",
    "DEFAULT_THROTTLE_RATES": {
        "run_start": env.str("RUN_START_THROTTLE", default="30/min"),
        "auth": env.str("AUTH_THROTTLE", default="20/min"),
    },
    "NUM_PROXIES": env.int("NUM_PROXIES", default=0 if not PRODUCTION else 1),
}

SPECTACULAR_SETTINGS = {
    "TITLE": "Tri-Ominos Daily API",
    "DESCRIPTION": "A shared Tri-Ominos challenge every 8 hours; every run replayed by the server.",
    "VERSION": "1.0.0",
    "SERVE_INCLUDE_SCHEMA": False,
    "SWAGGER_UI_DIST": "SIDECAR",
    "SWAGGER_UI_FAVICON_HREF": "SIDECAR",
    "REDOC_DIST": "SIDECAR",
}

# A run's time limit, its finish grace, the clock slack and the results time are rules:
# they live in the engine's Ruleset (challenges/rules/ruleset.py), not here.
LEADERBOARD_CACHE_SECONDS = env.int("LEADERBOARD_CACHE_SECONDS", default=30)

LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "formatters": {"plain": {"format": "%(asctime)s %(levelname)s %(name)s %(message)s"}},
    "handlers": {"console": {"class": "logging.StreamHandler", "formatter": "plain"}},
    "root": {"handlers": ["console"], "level": env.str("LOG_LEVEL", default="INFO")},
}

if PRODUCTION:
    SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
    SECURE_SSL_REDIRECT = env.bool("SECURE_SSL_REDIRECT", default=True)
    SECURE_HSTS_SECONDS = env.int("SECURE_HSTS_SECONDS", default=31_536_000)
    SECURE_HSTS_INCLUDE_SUBDOMAINS = True
    SECURE_HSTS_PRELOAD = True
    SESSION_COOKIE_SECURE = True
    CSRF_COOKIE_SECURE = True
    SECURE_CONTENT_TYPE_NOSNIFF = True
    SECURE_REFERRER_POLICY = "same-origin"
