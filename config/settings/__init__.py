"""Settings, all from environment variables: the module Django loads.

Development needs nothing: SQLite, no Redis (Celery runs tasks eagerly, the cache is
local memory). Production (DJANGO_ENV=production) refuses to start on default secrets.

This file is Django's core: the apps, middleware, templates, database, languages and
static files. Each other concern is a file beside it, taken in whole: ``environment``,
``security`` (and what production refuses), ``caches``, ``tasks`` (Celery, par),
``trust``, ``play``, ``api``, ``schema``, ``csp``. A new setting goes in its concern's file.
"""

from __future__ import annotations

# Each concern's settings, every name of it: Django reads this module's names.
from config.settings.api import *  # noqa: F403
from config.settings.caches import *  # noqa: F403
from config.settings.csp import *  # noqa: F403
from config.settings.environment import *  # noqa: F403
from config.settings.environment import BASE_DIR, PRODUCTION, env
from config.settings.play import *  # noqa: F403
from config.settings.reminders import *  # noqa: F403
from config.settings.schema import *  # noqa: F403
from config.settings.security import *  # noqa: F403
from config.settings.tasks import *  # noqa: F403
from config.settings.trust import *  # noqa: F403

INSTALLED_APPS = [
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "whitenoise.runserver_nostatic",
    "django.contrib.staticfiles",
    "rest_framework",
    "csp",
    "drf_spectacular",
    "drf_spectacular_sidecar",
    "channels",
    "accounts",
    "challenges",
]

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    "config.csp_policy.SitePolicyMiddleware",
    # The hottest cached reads, answered before the middleware they do not use.
    "challenges.lanes.FastLane",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    # The reader's language: the switcher's cookie, else the browser's Accept-Language.
    "django.middleware.locale.LocaleMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    # Drops a guest's cookie once an account claimed its runs.
    "challenges.views.guest_cookie.GuestCookieMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    # In development, the site's own 404 page rather than Django's technical one.
    "config.not_found_page.SiteNotFoundPage",
    # The database away: a 503, or the last copy of a public read (innermost, so it
    # sees the view's exception first and its answer still gets every header above).
    "config.database_outage.DatabaseOutageMiddleware",
]

ROOT_URLCONF = "config.urls"
WSGI_APPLICATION = "config.wsgi.application"
ASGI_APPLICATION = "config.asgi.application"

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
                "django.template.context_processors.i18n",
                "challenges.context_processors.game_numbers",
            ],
        },
    },
]

DATABASES = {"default": env.db("DATABASE_URL", default=f"sqlite:///{BASE_DIR / 'db.sqlite3'}")}
DATABASES["default"].setdefault("CONN_MAX_AGE", env.int("CONN_MAX_AGE", default=0))
# A kept connection is checked before a request uses it, so the first request after the
# database restarted reconnects instead of failing on the dead connection.
DATABASES["default"].setdefault("CONN_HEALTH_CHECKS", True)
if DATABASES["default"]["ENGINE"] == "django.db.backends.postgresql":
    # The same backend, its health check a look at the socket (config/postgresql).
    DATABASES["default"]["ENGINE"] = "config.postgresql"
if DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3":
    # The embedded default takes a crowd (docs/security.md, "Holding when parts fail"):
    # WAL lets readers go on while one writer writes; IMMEDIATE takes the write lock
    # when a transaction begins, so two transactions never both read and then fail to
    # upgrade ("database is locked" at once, whatever the timeout); and a writer waits
    # its turn for up to `timeout` seconds instead of failing a batch of moves.
    _sqlite = DATABASES["default"].setdefault("OPTIONS", {})
    _sqlite.setdefault("timeout", 20)
    _sqlite.setdefault("transaction_mode", "IMMEDIATE")
    _sqlite.setdefault("init_command", "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL;")
    # The score counts' rank index covers their entries on PostgreSQL; SQLite has no
    # covering index, builds it on the key alone, and would say so at every migrate.
    SILENCED_SYSTEM_CHECKS = ["models.W040"]
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

LOGIN_URL = "accounts:login"
LOGIN_REDIRECT_URL = "/"
LOGOUT_REDIRECT_URL = "/"

# Languages (docs/i18n.md): English, French, Dutch and German. The language is the
# footer switcher's choice (a cookie), else the browser's Accept-Language, else English.
# The catalogs are locale/<code>/LC_MESSAGES/django.po and djangojs.po; `make install`
# compiles them. API errors keep an English `code` and translate their `detail`.
LANGUAGE_CODE = "en"
LANGUAGES = [
    ("en", "English"),
    ("fr", "Français"),
    ("nl", "Nederlands"),
    ("de", "Deutsch"),
]
LOCALE_PATHS = [BASE_DIR / "locale"]
LANGUAGE_COOKIE_AGE = 365 * 24 * 60 * 60
LANGUAGE_COOKIE_SAMESITE = "Lax"
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

LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "formatters": {"plain": {"format": "%(asctime)s %(levelname)s %(name)s %(message)s"}},
    "handlers": {"console": {"class": "logging.StreamHandler", "formatter": "plain"}},
    "root": {"handlers": ["console"], "level": env.str("LOG_LEVEL", default="INFO")},
    # Django's own default gives the "django" logger a console handler of its own while
    # DEBUG is on; its records also reach the root's, so `make run` printed each twice.
    # Without it they are printed once, by the root.
    "loggers": {"django": {"handlers": [], "propagate": True}},
}
