"""The caches: the shared one (Redis, else this process's memory), the near copies in
front of it, the limits' own store, and the channel layer of the live tables' pushes."""

from __future__ import annotations

from config.settings.environment import REDIS_TIMEOUT_SECONDS, REDIS_URL, env


def _redis_cache(location: str, **options: object) -> dict[str, object]:
    """A cache in the Redis at ``location`` that waits for it at most
    ``REDIS_TIMEOUT_SECONDS`` and then goes without (config/resilient_cache.py)."""
    return {
        "BACKEND": "config.resilient_cache.ResilientRedisCache",
        "LOCATION": location,
        "KEY_PREFIX": env.str("CACHE_KEY_PREFIX", default="tod"),
        "OPTIONS": {
            "socket_connect_timeout": REDIS_TIMEOUT_SECONDS,
            "socket_timeout": REDIS_TIMEOUT_SECONDS,
            "circuit_open_seconds": env.float("REDIS_CIRCUIT_OPEN_SECONDS", default=5.0),
            **options,
        },
    }


if REDIS_URL:
    CACHES = {"shared": _redis_cache(REDIS_URL)}
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
    CACHES["limits"] = _redis_cache(LIMITS_REDIS_URL, fallback="database")
else:
    CACHES["limits"] = {"BACKEND": "config.limit_store.DatabaseLimitStore"}

# Live tables (docs/tables.md). The channel layer carries the pushes to the sockets:
# Redis when there is one (every ASGI process sees every table), else this process's
# memory (`make run`: one process).
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

# A board's pages and fragments are kept this long in the cache.
LEADERBOARD_CACHE_SECONDS = env.int("LEADERBOARD_CACHE_SECONDS", default=30)
# A closed challenge's page, as readers not logged in see it, may be served by nginx's
# cache this long before it asks again (with its ETag: a 304 costs Django one query).
# Only a moderator's decision changes such a page: it shows within this time.
CLOSED_PAGE_MAX_AGE = env.int("CLOSED_PAGE_MAX_AGE", default=60)
