"""What every part of the settings reads: where the project is, which environment this
is, and Redis, the service the caches, Celery and the live tables share."""

from __future__ import annotations

from pathlib import Path

import environ
from django.core.exceptions import ImproperlyConfigured

BASE_DIR = Path(__file__).resolve().parent.parent.parent

env = environ.Env()

DJANGO_ENV = env.str("DJANGO_ENV", default="development")
if DJANGO_ENV not in {"development", "test", "production"}:
    raise ImproperlyConfigured(
        f"DJANGO_ENV must be development, test or production, not {DJANGO_ENV!r}"
    )
PRODUCTION = DJANGO_ENV == "production"

REDIS_URL = env.str("REDIS_URL", default="")
# Redis is a cache, never the truth: wait at most this long for it, then go without.
REDIS_TIMEOUT_SECONDS = env.float("REDIS_TIMEOUT_SECONDS", default=0.2)
