"""Reminders by Web Push (challenges/reminders/, docs/reminders.md)."""

from __future__ import annotations

from django.core.exceptions import ImproperlyConfigured

from config import vapid
from config.settings.environment import BASE_DIR, PRODUCTION, env

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
