"""The site's secrets, hosts and cookies, its log-in limits, and what production
refuses to start with."""

from __future__ import annotations

from django.core.exceptions import ImproperlyConfigured

from config.settings.environment import DJANGO_ENV, PRODUCTION, REDIS_URL, env

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

if PRODUCTION and not REDIS_URL:
    # Without it every web process keeps its own cache and throttle counts, and Celery
    # has no broker: the site would run, wrongly. Refuse, as for the secrets.
    raise ImproperlyConfigured("REDIS_URL must be set in production")

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

# Trusted proxies in front of the site (nginx: 1). With none, the client's address is
# the socket's and X-Forwarded-For is ignored (config.client_address): every limit,
# the forms' and the API's, counts by that one address.
NUM_PROXIES = env.int("NUM_PROXIES", default=0 if not PRODUCTION else 1)

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
