"""``/healthz``: what a load balancer and an operator ask of one web process.

200 while the database answers, whatever Redis does (the site works without it); the
cache block is the Redis breaker's metric for this process: is Redis up, how many
outages it has seen, how many cache calls it served without Redis.
"""

from __future__ import annotations

from django.conf import settings
from django.db import DatabaseError, connection
from django.http import HttpRequest, JsonResponse

from config.resilient_cache import CACHE_HEALTH


def healthz(request: HttpRequest) -> JsonResponse:
    try:
        with connection.cursor() as cursor:
            cursor.execute("SELECT 1")
        database = "ok"
    except DatabaseError:
        database = "down"
    cache: dict[str, object] = (
        {
            "redis_up": CACHE_HEALTH.redis_up,
            "outages": CACHE_HEALTH.outages,
            "fallbacks": CACHE_HEALTH.fallbacks,
        }
        if settings.CACHES["shared"]["BACKEND"] == "config.resilient_cache.ResilientRedisCache"
        else {"backend": settings.CACHES["shared"]["BACKEND"]}
    )
    body = {"database": database, "cache": cache}
    return JsonResponse(body, status=200 if database == "ok" else 503)
