"""The site's Content-Security-Policy header, built once per process.

django-csp builds the header from the settings on every response, a tenth of a
cached API read's CPU (docs/performance.md). This site's policy is the
same for every answer unless something asks otherwise: a view's ``csp_update`` or
``csp_exempt`` decorator, a template that uses ``request.csp_nonce``, a report-only
policy, excluded URL prefixes, or ``DEBUG``'s error pages. Those answers go through
django-csp unchanged; the rest get the same string, built once (and again if a test
changes the setting).
"""

from __future__ import annotations

from functools import cache

from csp.constants import HEADER
from csp.middleware import CheckableLazyObject, CSPMiddleware
from csp.utils import build_policy
from django.conf import settings
from django.core.signals import setting_changed
from django.dispatch import receiver
from django.http import HttpRequest, HttpResponseBase

# What a view or decorator sets on a response to change its policy (django-csp's names).
_RESPONSE_CHANGES = (
    "_csp_config",
    "_csp_update",
    "_csp_replace",
    "_csp_exempt",
    "_csp_config_ro",
    "_csp_update_ro",
    "_csp_replace_ro",
    "_csp_exempt_ro",
)


@cache
def site_policy() -> str:
    return build_policy()


@cache
def _policy_is_plain() -> bool:
    """The settings ask for nothing but one policy on every answer."""
    policy = getattr(settings, "CONTENT_SECURITY_POLICY", None) or {}
    return not (
        getattr(settings, "CONTENT_SECURITY_POLICY_REPORT_ONLY", None)
        or policy.get("EXCLUDE_URL_PREFIXES")
    )


@receiver(setting_changed)
def _forget_policy(*, setting: str, **kwargs: object) -> None:
    if setting.startswith("CONTENT_SECURITY_POLICY") or setting == "DEBUG":
        site_policy.cache_clear()
        _policy_is_plain.cache_clear()


class SitePolicyMiddleware(CSPMiddleware):
    """django-csp's middleware, with the site's unchanging header built once."""

    def process_response(
        self, request: HttpRequest, response: HttpResponseBase
    ) -> HttpResponseBase:
        if (
            settings.DEBUG
            or not _policy_is_plain()
            or getattr(request, "_csp_nonce", None) is not None
            or any(hasattr(response, name) for name in _RESPONSE_CHANGES)
        ):
            return super().process_response(request, response)
        if HEADER not in response:
            response[HEADER] = site_policy()
        # As django-csp does: a nonce asked for after the header is written is an error.
        request.csp_nonce = CheckableLazyObject(self._csp_nonce_post_response)  # type: ignore[attr-defined]
        return response
