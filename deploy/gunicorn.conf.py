"""Gunicorn settings, all overridable from the environment.

Replays take well under a millisecond, so a request is mostly database round trips:
a few synchronous workers per core, each with a couple of threads, keep the CPU busy.
"""

import multiprocessing
import os

_port = os.environ.get("PORT", "8000")
bind = os.environ.get("GUNICORN_BIND", f"127.0.0.1:{_port}")
workers = int(os.environ.get("WEB_CONCURRENCY", 2 * multiprocessing.cpu_count() + 1))
threads = int(os.environ.get("GUNICORN_THREADS", "2"))
worker_class = "gthread" if threads > 1 else "sync"
timeout = int(os.environ.get("GUNICORN_TIMEOUT", "30"))
graceful_timeout = 30
keepalive = 5
# Recycle workers now and then so a slow leak can never grow without bound.
max_requests = int(os.environ.get("GUNICORN_MAX_REQUESTS", "2000"))
max_requests_jitter = max_requests // 10
# Behind nginx on the same host: trust its X-Forwarded-* headers, nobody else's.
forwarded_allow_ips = os.environ.get("FORWARDED_ALLOW_IPS", "127.0.0.1")
# A request line or header this large is not from our clients.
limit_request_line = 4096
limit_request_fields = 100
accesslog = os.environ.get("GUNICORN_ACCESS_LOG", "-") or None  # "" turns it off
errorlog = "-"
loglevel = os.environ.get("LOG_LEVEL", "info").lower()
proc_name = "triominos-web"
