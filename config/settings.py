"""Settings, all from environment variables.

Development needs nothing: SQLite, no Redis (Celery runs tasks eagerly, the cache is
local memory). Production (DJANGO_ENV=production) refuses to start on default secrets.
"""

from __future__ import annotations

from datetime import timedelta
from pathlib import Path

import environ
from django.core.exceptions import ImproperlyConfigured

from config import csp_settings, schema_settings, vapid

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


# Django's `check --deploy` (security.W009) warns below 50 characters or 5 distinct ones.
SECRET_MIN_LENGTH = 50


def _require_real_secret(name: str, value: str, default: str) -> str:
    if PRODUCTION and (
        not value or value == default or len(value) < SECRET_MIN_LENGTH or len(set(value)) < 5
    ):
        raise ImproperlyConfigured(
            f"{name} must be set to a real secret of at least {SECRET_MIN_LENGTH} characters "
            "in production"
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
    # First, so that `runserver` serves ASGI (the live tables' sockets) in development.
    "daphne",
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

REDIS_URL = env.str("REDIS_URL", default="")
if PRODUCTION and not REDIS_URL:
    # Without it every web process keeps its own cache and throttle counts, and Celery
    # has no broker: the site would run, wrongly. Refuse, as for the secrets.
    raise ImproperlyConfigured("REDIS_URL must be set in production")
# Redis is a cache, never the truth: wait at most this long for it, then go without.
REDIS_TIMEOUT_SECONDS = env.float("REDIS_TIMEOUT_SECONDS", default=0.2)
if REDIS_URL:
    CACHES = {
        "shared": {
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
    CACHES = {"shared": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"}}
# The site's cache ("default") is two levels (config/near_cache.py): the bytes this
# process read last under keys that name all they hold, kept a moment, in front of the
# shared cache above. The board's reads are versioned by their board; a shared page's
# key names everything it shows.
CACHES["default"] = {
    "BACKEND": "config.near_cache.NearCache",
    "LOCATION": "shared",
    "OPTIONS": {
        "KEY_PREFIXES": ["leaderboard:", "page:"],
        "MAX_BYTES": env.int("NEAR_CACHE_BYTES", default=24 * 1024 * 1024),
    },
}


def _next_redis_database(url: str) -> str:
    """``url`` with the database after its own (redis://host:6379/1 -> .../2)."""
    head, _, tail = url.partition("://")
    host, _, rest = tail.partition("/")
    number, query_mark, query = rest.partition("?")
    following = int(number) + 1 if number.isdigit() else 1
    return f"{head}://{host}/{following}{query_mark}{query}"


# The limits (throttles, log-in lock-outs) count in a store of their own that no cached
# read can evict (config.limit_store): their own Redis database, which falls back to a
# table while Redis is down; without Redis, the table alone. Give that Redis
# `maxmemory-policy noeviction` (or no maxmemory, Redis's default).
LIMITS_REDIS_URL = env.str(
    "LIMITS_REDIS_URL", default=_next_redis_database(REDIS_URL) if REDIS_URL else ""
)
if LIMITS_REDIS_URL:
    CACHES["limits"] = {
        "BACKEND": "config.resilient_cache.ResilientRedisCache",
        "LOCATION": LIMITS_REDIS_URL,
        "KEY_PREFIX": env.str("CACHE_KEY_PREFIX", default="tod"),
        "OPTIONS": {
            "socket_connect_timeout": REDIS_TIMEOUT_SECONDS,
            "socket_timeout": REDIS_TIMEOUT_SECONDS,
            "circuit_open_seconds": env.float("REDIS_CIRCUIT_OPEN_SECONDS", default=5.0),
            "fallback": "database",
        },
    }
else:
    CACHES["limits"] = {"BACKEND": "config.limit_store.DatabaseLimitStore"}

# Celery: with no broker, tasks run in-process so development needs no worker.
CELERY_BROKER_URL = env.str("CELERY_BROKER_URL", default=REDIS_URL or "memory://")
# No result store: the site reads no task's result, and a web process that publishes
# with one configured waits on it (Redis's result backend retried for 20 s when Redis
# was down). Requests do not publish at all: they write the outbox (schedule/outbox.py).
# Only a test's own worker sets one, to read what its tasks returned.
CELERY_RESULT_BACKEND = env.str("CELERY_RESULT_BACKEND", default="") or None
CELERY_TASK_IGNORE_RESULT = CELERY_RESULT_BACKEND is None
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
OUTBOX_DRAIN_SECONDS = env.int("OUTBOX_DRAIN_SECONDS", default=10)
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
    # The puzzle of the day, stored a day ahead (a request that finds none makes it).
    "puzzles-daily": {
        "task": "challenges.tasks.puzzles_daily_ensure",
        "schedule": timedelta(hours=1),
        "options": {"expires": 3000},
    },
    # Every hold ends by results_at: the undecided ones are settled by the policy.
    "holds-settle": {
        "task": "challenges.tasks.holds_settle_due",
        "schedule": timedelta(minutes=5),
        "options": {"expires": 240},
    },
    # Unfinished classic games nobody touched in CLASSIC_ABANDONED_DAYS go.
    "classic-abandoned": {
        "task": "challenges.tasks.classic_games_expire_abandoned",
        "schedule": timedelta(hours=1),
        "options": {"expires": 3000},
    },
    # Guests nobody claimed within a week go, with their runs.
    "guests-purge": {
        "task": "challenges.tasks.guests_purge_unclaimed",
        "schedule": timedelta(hours=1),
        "options": {"expires": 3000},
    },
    # Live tables: the rated pool's waves, seats out of time, tables nobody filled.
    "tables-pairing": {
        "task": "challenges.tasks.tables_pairing_wave",
        "schedule": timedelta(seconds=3),
        "options": {"expires": 3},
    },
    "tables-clocks": {
        "task": "challenges.tasks.tables_clocks_settle",
        "schedule": timedelta(seconds=5),
        "options": {"expires": 5},
    },
    # Reminders: a round starts when its moment comes (a slot opens; an hour before it
    # closes); the task finds it due and starts it once.
    "reminders-due": {
        "task": "challenges.tasks.reminders_due",
        "schedule": timedelta(seconds=env.int("REMINDERS_CHECK_SECONDS", default=10)),
        "options": {"expires": 10},
    },
    # The work requests asked for (the outbox): a row waits at most this long.
    "outbox-drain": {
        "task": "challenges.tasks.outbox_drain",
        "schedule": timedelta(seconds=OUTBOX_DRAIN_SECONDS),
        "options": {"expires": OUTBOX_DRAIN_SECONDS},
    },
    # Makes up for a par no outbox row asks for (challenges made before the outbox).
    "challenges-par": {
        "task": "challenges.tasks.challenges_par_missing",
        "schedule": timedelta(minutes=env.int("PAR_MISSING_MINUTES", default=10)),
        "options": {"expires": 540},
    },
}

# Par (schedule/par.py): how a challenge's par is solved off the request path.
# "celery": a task on the worker; "thread": one background thread in this process (the
# embedded default, no worker: eager tasks would solve in the request); "off": only the
# `challenges_par` command. The budget is the solver's nodes (~7 s of one core).
PAR_SOLVE = env.str("PAR_SOLVE", default="thread" if CELERY_TASK_ALWAYS_EAGER else "celery")
if PAR_SOLVE not in {"celery", "thread", "off"}:
    raise ImproperlyConfigured(f"PAR_SOLVE must be celery, thread or off, not {PAR_SOLVE!r}")
PAR_SOLVER_NODES = env.int("PAR_SOLVER_NODES", default=360_000)
# A solver's claim on a challenge older than this is taken over (it died mid-solve).
PAR_CLAIM_SECONDS = env.int("PAR_CLAIM_SECONDS", default=300)

# The review of runs no person plays (rules/review.py): an entry beyond any of these is
# held for a moderator. Defaults from tests/benchmarks/review_calibration.py (docs/solver.md).
REVIEW_PAR_RATIO = env.float("REVIEW_PAR_RATIO", default=0.85)
REVIEW_SOLVER_MATCH = env.float("REVIEW_SOLVER_MATCH", default=0.95)
REVIEW_SOLVER_MATCH_CHOICES = env.int("REVIEW_SOLVER_MATCH_CHOICES", default=8)
REVIEW_SOLVER_LIKE = env.float("REVIEW_SOLVER_LIKE", default=1.6)
REVIEW_MEDIAN_GAP_MS = env.int("REVIEW_MEDIAN_GAP_MS", default=800)
REVIEW_MIN_GAP_MS = env.int("REVIEW_MIN_GAP_MS", default=0)
REVIEW_PACE_PLACEMENTS = env.int("REVIEW_PACE_PLACEMENTS", default=10)

# Trust across runs (triominos/trust.py, docs/trust.md): what holds a score at the top of a
# board for a person. Defaults from tests/benchmarks/trust_calibration.py.
TRUST_TOP = env.int("TRUST_TOP", default=10)
TRUST_TOP_SHARE = env.float("TRUST_TOP_SHARE", default=0.01)
TRUST_GUARD_SHARE = env.float("TRUST_GUARD_SHARE", default=0.70)
TRUST_PROVISIONAL_CHALLENGES = env.int("TRUST_PROVISIONAL_CHALLENGES", default=5)
TRUST_FORM_MARGIN = env.float("TRUST_FORM_MARGIN", default=0.20)
TRUST_FORM_MARGIN_CAP = env.float("TRUST_FORM_MARGIN_CAP", default=0.35)
TRUST_FORM_SPREAD_Z = env.float("TRUST_FORM_SPREAD_Z", default=2.5)
TRUST_FORM_WINDOW = env.int("TRUST_FORM_WINDOW", default=20)
TRUST_FORM_STEP = env.float("TRUST_FORM_STEP", default=0.05)
TRUST_NEAR_COPY_SHARE = env.float("TRUST_NEAR_COPY_SHARE", default=0.7)
TRUST_OVERLAPPING_RUNS = env.bool("TRUST_OVERLAPPING_RUNS", default=True)
# A network made more accounts than this is shared (a carrier's CGNAT address): it
# links no one by itself.
TRUST_LINK_NETWORK_ACCOUNTS = env.int("TRUST_LINK_NETWORK_ACCOUNTS", default=3)
# Shown at the desk only: entries' paces this close at every quartile (ms).
TRUST_LINK_PACE_MS = env.int("TRUST_LINK_PACE_MS", default=60)

if DJANGO_ENV == "test":
    # Tests create many users; the real hashers are slow on purpose.
    PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]
# The log-in limits (accounts/throttle.py, the forms' and the token API's): failed
# log-ins per (user name, address) pair; per name across addresses (not at an address
# where the name logged in within LOGIN_KNOWN_DAYS); per address across names (past it,
# no second guess at a name), in a window of the given seconds. docs/security.md.
LOGIN_FAILURES_LIMIT = env.int("LOGIN_FAILURES_LIMIT", default=10)
LOGIN_NAME_FAILURES_LIMIT = env.int("LOGIN_NAME_FAILURES_LIMIT", default=50)
LOGIN_CLIENT_FAILURES_LIMIT = env.int("LOGIN_CLIENT_FAILURES_LIMIT", default=30)
LOGIN_KNOWN_DAYS = env.int("LOGIN_KNOWN_DAYS", default=30)
LOGIN_FAILURES_WINDOW_SECONDS = env.int("LOGIN_FAILURES_WINDOW_SECONDS", default=900)
SIGNUPS_LIMIT = env.int("SIGNUPS_LIMIT", default=1000 if DJANGO_ENV == "test" else 20)
SIGNUPS_WINDOW_SECONDS = env.int("SIGNUPS_WINDOW_SECONDS", default=3600)
SIGNUPS_PER_DAY_LIMIT = env.int(
    "SIGNUPS_PER_DAY_LIMIT", default=5000 if DJANGO_ENV == "test" else 50
)

# API tokens a player keeps of each kind: those exchanged for the password (the least
# recently used retires when one more is made) and those made on the settings page
# (one more is refused until the player revokes one). accounts.services.api_token_create.
API_TOKENS_PER_USER = env.int("API_TOKENS_PER_USER", default=20)

# Live tables (docs/tables.md). The channel layer carries the pushes to the sockets:
# Redis when there is one (every ASGI process sees every table), else this process's
# memory (`make run`: one process). A push is a hint, so waiting on it is bounded.
if REDIS_URL:
    CHANNEL_LAYERS = {
        "default": {
            "BACKEND": "channels_redis.core.RedisChannelLayer",
            "CONFIG": {
                "hosts": [REDIS_URL],
                "prefix": env.str("CACHE_KEY_PREFIX", default="tod") + ":asgi",
                "capacity": 500,
                "expiry": 30,
            },
        }
    }
else:
    CHANNEL_LAYERS = {"default": {"BACKEND": "channels.layers.InMemoryChannelLayer"}}
TABLE_PUSH_TIMEOUT = env.float("TABLE_PUSH_TIMEOUT", default=0.5)
# The clocks: a live bank and its increment and cap, a correspondence move's time.
TABLE_LIVE_BANK_SECONDS = env.int("TABLE_LIVE_BANK_SECONDS", default=90)
TABLE_LIVE_INCREMENT_SECONDS = env.int("TABLE_LIVE_INCREMENT_SECONDS", default=20)
TABLE_LIVE_BANK_CAP_SECONDS = env.int("TABLE_LIVE_BANK_CAP_SECONDS", default=150)
TABLE_CORRESPONDENCE_MOVE_SECONDS = env.int("TABLE_CORRESPONDENCE_MOVE_SECONDS", default=86400)
# A seat to move unseen this long shows as away; this long away, it may be claimed.
TABLE_AWAY_SECONDS = env.int("TABLE_AWAY_SECONDS", default=5)
TABLE_CLAIM_AWAY_SECONDS = env.int("TABLE_CLAIM_AWAY_SECONDS", default=40)
# A table waits this long for its players (and its invitation lasts as long).
TABLE_OPEN_MINUTES = env.int("TABLE_OPEN_MINUTES", default=30)
TABLE_CORRESPONDENCE_OPEN_DAYS = env.int("TABLE_CORRESPONDENCE_OPEN_DAYS", default=7)
# Tables one waits at before they start: a player, a guest.
TABLES_OPEN_PER_PLAYER = env.int("TABLES_OPEN_PER_PLAYER", default=3)
TABLES_OPEN_PER_GUEST = env.int("TABLES_OPEN_PER_GUEST", default=1)
# The rated pool: ratings shown this far apart at first, widening by as much for every
# so many seconds waited; a wave at most this often from requests.
TABLE_PAIRING_SPREAD = env.int("TABLE_PAIRING_SPREAD", default=100)
TABLE_PAIRING_WIDEN_SECONDS = env.int("TABLE_PAIRING_WIDEN_SECONDS", default=15)
TABLE_PAIRING_WAVE_SECONDS = env.int("TABLE_PAIRING_WAVE_SECONDS", default=2)
TABLE_PROVISIONAL_GAMES = env.int("TABLE_PROVISIONAL_GAMES", default=5)

# A player follows at most this many others (challenges.players.follows.follow_add).
FOLLOWS_LIMIT = env.int("FOLLOWS_LIMIT", default=500)

# Classic games (challenges/classic/services.py, docs/classic.md): unfinished games a
# player keeps at once; those of the guests made on one network, together; and the days
# without an action after which an unfinished game is removed (beat and command).
CLASSIC_OPEN_GAMES_LIMIT = env.int("CLASSIC_OPEN_GAMES_LIMIT", default=5)
CLASSIC_GUEST_OPEN_GAMES_LIMIT = env.int("CLASSIC_GUEST_OPEN_GAMES_LIMIT", default=20)
CLASSIC_ABANDONED_DAYS = env.int("CLASSIC_ABANDONED_DAYS", default=7)

# Reminders by Web Push (challenges/reminders/, docs/reminders.md) -----------------------
# The VAPID pair signs every push (config/vapid.py: production refuses to start without
# it; development makes its own at first use, never committed). The subject is who the
# push services write to about this site's pushes.
VAPID_PRIVATE_KEY, VAPID_PUBLIC_KEY = vapid.vapid_keys(
    private=env.str("VAPID_PRIVATE_KEY", default=""),
    public=env.str("VAPID_PUBLIC_KEY", default=""),
    production=PRODUCTION,
    local_file=BASE_DIR / ".vapid-dev-key",
)
VAPID_SUBJECT = env.str("VAPID_SUBJECT", default="" if PRODUCTION else "mailto:dev@localhost")
if PRODUCTION and not VAPID_SUBJECT.startswith(("mailto:", "https://")):
    raise ImproperlyConfigured("VAPID_SUBJECT must be a mailto: or https: address in production")
# The push services a subscription may name (host suffixes: Chrome's, Firefox's, Edge's,
# Safari's). Nothing else is ever sent a request: an endpoint is a URL a client gives.
PUSH_SERVICE_HOSTS = env.list(
    "PUSH_SERVICE_HOSTS",
    default=[
        "fcm.googleapis.com",
        "push.services.mozilla.com",
        "notify.windows.com",
        "push.apple.com",
    ],
)
# A fan-out's chunk (one task); a push's answer waited for; pushes that failed (not
# 404/410) tried again this many times, this many seconds apart (then times two).
REMINDERS_CHUNK = env.int("REMINDERS_CHUNK", default=250)
REMINDERS_PUSH_TIMEOUT = env.float("REMINDERS_PUSH_TIMEOUT", default=10.0)
REMINDERS_RETRIES = env.int("REMINDERS_RETRIES", default=3)
REMINDERS_RETRY_SECONDS = env.int("REMINDERS_RETRY_SECONDS", default=60)

# A player starts at most this many runs of one challenge (a person plays dozens in the
# 8 hours; a script filling the disk, thousands).
RUNS_PER_CHALLENGE_LIMIT = env.int("RUNS_PER_CHALLENGE_LIMIT", default=300)
# No request needs more: a run log of 103 moves is under 10 kB. Larger bodies get a 413.
DATA_UPLOAD_MAX_MEMORY_SIZE = 64 * 1024

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

# Trusted proxies in front of the site (nginx: 1). With none, the client's address is
# the socket's and X-Forwarded-For is ignored (config.client_address): every limit,
# the forms' and the API's, counts by that one address.
NUM_PROXIES = env.int("NUM_PROXIES", default=0 if not PRODUCTION else 1)

REST_FRAMEWORK = {
    # Token first: an anonymous call then gets 401 with "WWW-Authenticate: Token",
    # telling a script how to authenticate (the browser's session works either way).
    "DEFAULT_AUTHENTICATION_CLASSES": [
        "accounts.authentication.HashedTokenAuthentication",
        "config.csrf.CsrfSessionAuthentication",
    ],
    "DEFAULT_PERMISSION_CLASSES": ["rest_framework.permissions.AllowAny"],
    "DEFAULT_RENDERER_CLASSES": ["config.json_api.OrjsonRenderer"],
    "DEFAULT_PARSER_CLASSES": ["config.json_api.OrjsonParser"],
    "DEFAULT_CONTENT_NEGOTIATION_CLASS": "config.json_api.JsonFirstNegotiation",
    "DEFAULT_SCHEMA_CLASS": "drf_spectacular.openapi.AutoSchema",
    "EXCEPTION_HANDLER": "challenges.api.errors.api_exception_handler",
    "DEFAULT_THROTTLE_RATES": {
        "run_start": env.str("RUN_START_THROTTLE", default="30/min"),
        # An archive run's rank (a replay): a run lasts seconds, so a person asks a few a minute.
        "archive_rank": env.str("ARCHIVE_RANK_THROTTLE", default="30/min"),
        # A run sends a batch every 3 s or so (20 a minute); retries and a second tab fit.
        "run_moves": env.str("RUN_MOVES_THROTTLE", default="120/min"),
        "auth": env.str("AUTH_THROTTLE", default="20/min"),
        # Reports of entries: a player reads a board and reports a few, not hundreds.
        "entry_report": env.str("ENTRY_REPORT_THROTTLE", default="10/hour"),
        # New guests per client address: each guest is throttled like a player, so a
        # script making guests by the hundred would get round the run limits.
        "guest_start": env.str("GUEST_START_THROTTLE", default="30/hour"),
        # Following and unfollowing (the API and the player page's button): a person
        # follows a few players at a time, a script hundreds a minute.
        "follow": env.str("FOLLOW_THROTTLE", default="30/min"),
        # Classic games: a turn is a request; a quick player makes a few a second at most.
        "classic_start": env.str("CLASSIC_START_THROTTLE", default="30/min"),
        "classic_turn": env.str("CLASSIC_TURN_THROTTLE", default="240/min"),
        # Saving a solved puzzle (a locked row write): a person solves one in tens of
        # seconds at the quickest; a script, dozens a second.
        "puzzle_solve": env.str("PUZZLE_SOLVE_THROTTLE", default="20/min"),
        # Tables: making and joining them, the pool; a reaction is a click, not a chat.
        "table_make": env.str("TABLE_MAKE_THROTTLE", default="30/min"),
        "table_react": env.str("TABLE_REACT_THROTTLE", default="20/min"),
        # Turning reminders on and off: a person does it a few times, from a few browsers.
        "reminders": env.str("REMINDERS_THROTTLE", default="30/hour"),
    },
    "NUM_PROXIES": NUM_PROXIES,
}

# The API schema (drf-spectacular): config/schema_settings.py.
SPECTACULAR_SETTINGS = schema_settings.SPECTACULAR_SETTINGS

# A run's time limit, its finish grace, the clock slack and the results time are rules:
# they live in the engine's Ruleset (triominos/ruleset.py), not here.
LEADERBOARD_CACHE_SECONDS = env.int("LEADERBOARD_CACHE_SECONDS", default=30)
# A closed challenge's page, as readers not logged in see it, may be served by nginx's
# cache this long before it asks again (with its ETag: a 304 costs Django one query).
# Only a moderator's decision changes such a page: it shows within this time.
CLOSED_PAGE_MAX_AGE = env.int("CLOSED_PAGE_MAX_AGE", default=60)

# Content-Security-Policy (django-csp), on every response: config/csp_settings.py.
CONTENT_SECURITY_POLICY = csp_settings.CONTENT_SECURITY_POLICY

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

if PRODUCTION:
    SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
    SECURE_SSL_REDIRECT = env.bool("SECURE_SSL_REDIRECT", default=True)
    SECURE_HSTS_SECONDS = env.int("SECURE_HSTS_SECONDS", default=31_536_000)
    SECURE_HSTS_INCLUDE_SUBDOMAINS = True
    SECURE_HSTS_PRELOAD = True
    SESSION_COOKIE_SECURE = True
    LANGUAGE_COOKIE_SECURE = True
    CSRF_COOKIE_SECURE = True
    SECURE_CONTENT_TYPE_NOSNIFF = True
    SECURE_REFERRER_POLICY = "same-origin"
