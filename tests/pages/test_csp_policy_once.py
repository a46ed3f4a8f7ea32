"""The site's policy header, built once (config/csp_policy.py), is django-csp's own, and
every answer that asks for another policy still gets it from django-csp."""

from __future__ import annotations

from csp.constants import NONCE, SELF
from csp.utils import build_policy
from django.http import HttpRequest, HttpResponse
from django.test import RequestFactory, override_settings

from config.csp_policy import SitePolicyMiddleware


def _answer(request: HttpRequest, response: HttpResponse) -> HttpResponse:
    middleware = SitePolicyMiddleware(lambda _request: response)
    answered = middleware(request)
    assert isinstance(answered, HttpResponse)
    return answered


def test_a_plain_answer_gets_django_csps_own_header() -> None:
    response = _answer(RequestFactory().get("/"), HttpResponse("hi"))
    assert response["Content-Security-Policy"] == build_policy()
    assert "script-src 'self'" in response["Content-Security-Policy"]


def test_a_view_that_updates_the_policy_gets_its_update() -> None:
    updated = HttpResponse("hi")
    updated._csp_update = {"img-src": ["https://tiles.example"]}  # type: ignore[attr-defined]
    response = _answer(RequestFactory().get("/"), updated)
    assert "https://tiles.example" in response["Content-Security-Policy"]
    plain = _answer(RequestFactory().get("/"), HttpResponse("hi"))
    assert "https://tiles.example" not in plain["Content-Security-Policy"]


def test_an_exempt_answer_gets_no_header() -> None:
    exempt = HttpResponse("hi")
    exempt._csp_exempt = True  # type: ignore[attr-defined]
    assert "Content-Security-Policy" not in _answer(RequestFactory().get("/"), exempt)


@override_settings(
    CONTENT_SECURITY_POLICY={"DIRECTIVES": {"default-src": [SELF], "script-src": [SELF, NONCE]}}
)
def test_a_page_that_used_a_nonce_gets_it_in_its_header() -> None:
    """The site's policy asks for no nonce today; one that does gets each page's own."""
    request = RequestFactory().get("/")
    response = HttpResponse("hi")

    def view(asked: HttpRequest) -> HttpResponse:
        response.content = f"<script nonce='{asked.csp_nonce}'></script>".encode()  # type: ignore[attr-defined]
        return response

    answered = SitePolicyMiddleware(view)(request)
    nonce = request._csp_nonce  # type: ignore[attr-defined]
    assert f"script-src 'self' 'nonce-{nonce}'" in answered["Content-Security-Policy"]
    other = _answer(RequestFactory().get("/"), HttpResponse("hi"))
    assert "nonce" not in other["Content-Security-Policy"]


def test_a_changed_setting_changes_the_header_at_once() -> None:
    before = _answer(RequestFactory().get("/"), HttpResponse("hi"))["Content-Security-Policy"]
    with override_settings(CONTENT_SECURITY_POLICY={"DIRECTIVES": {"default-src": ["'none'"]}}):
        during = _answer(RequestFactory().get("/"), HttpResponse("hi"))
        assert during["Content-Security-Policy"] == "default-src 'none'"
    after = _answer(RequestFactory().get("/"), HttpResponse("hi"))["Content-Security-Policy"]
    assert after == before == build_policy()
