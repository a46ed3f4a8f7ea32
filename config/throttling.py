"""API rate limits counted atomically, one cache increment per request.

DRF's own throttles keep a list of request times: read it, trim it, write it back.
Requests that arrive together all read the same list and all pass (35 got through a
30/min limit). Here each request increments one counter per fixed window (Redis
``INCR``, or the local cache's locked increment) and is allowed while the count it gets
back is within the limit, so exactly N pass however many arrive at once. A fixed
window lets a client that times its bursts at a window's edge make up to 2N requests
across that edge; for limits meant to stop scripts, not to meter, that is the fair price
of atomicity without a script in Redis.

With Redis, the counter is made and incremented in one round trip (a pipeline of
``SET NX EX`` and ``INCR``: ``ResilientRedisCache.window_count``); other caches (the
tests' local memory) take an ``add`` and an ``incr``.

The counters live in the limits' own store (the ``"limits"`` cache alias,
config.limit_store): no cached read evicts them, and while Redis is down they count in
the database, so the limits hold across processes. The client's address is the one
every limit uses (config.client_address): the socket's, unless trusted proxies are
configured.
"""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any

from django.core.cache import caches
from django.http import HttpRequest
from rest_framework.request import Request
from rest_framework.throttling import ScopedRateThrottle

from config.client_address import client_address
from config.resilient_cache import window_count_local


class AtomicScopedRateThrottle(ScopedRateThrottle):
    def get_ident(self, request: Request) -> str:
        return client_address(request._request)

    def allow_request(self, request: Request, view: Any) -> bool:
        # The limits' own store, looked up per request (so a test's CACHES take effect).
        self.cache = caches["limits"]
        self.scope = getattr(view, self.scope_attr, None)
        if not self.scope:
            return True
        self.rate = self.get_rate()
        self.num_requests, self.duration = self.parse_rate(self.rate)
        limit, duration = self.num_requests, self.duration
        key = self.get_cache_key(request, view)
        if limit is None or duration is None or key is None:
            return True
        self.now = self.timer()
        window = int(self.now // duration)
        self.window_ends_at = float((window + 1) * duration)
        counter = f"{key}:{window}"
        # The counter lives one second past its window, then expires by itself.
        window_count = getattr(self.cache, "window_count", None)
        if window_count is not None:
            count = int(window_count(counter, duration + 1))
        else:
            count = window_count_local(self.cache, counter, duration + 1)
        return bool(count <= limit)

    def wait(self) -> float:
        return max(0.0, self.window_ends_at - self.now)


def page_allows(request: HttpRequest, *, scope: str) -> bool:
    """Count a page's request (a form's POST) against the API throttle ``scope``, in the
    same counter as the API's calls: a button is no way round an API limit."""
    wrapped = Request(request)
    wrapped.user = request.user
    return AtomicScopedRateThrottle().allow_request(wrapped, SimpleNamespace(throttle_scope=scope))
