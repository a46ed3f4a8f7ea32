"""The Content-Security-Policy header on every kind of answer, and the sources kept to it:
no inline script, style or event handler in a template, no eval in the site's scripts.
(tests/e2e/test_csp_browser.py shows the same in Chromium, page by page.)"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from django.test import Client

from tests.factories import ChallengeFactory, UserFactory

pytestmark = pytest.mark.django_db

ROOT = Path(__file__).resolve().parents[2]
TEMPLATES = sorted(
    path
    for folder in ("templates", "accounts", "challenges", "config")
    for path in (ROOT / folder).rglob("*.html")
)
SCRIPTS = sorted(
    path
    for folder in ("accounts", "challenges")
    for path in (ROOT / folder).rglob("static/**/*.js")
)

EXPECTED = {
    "default-src": "'self'",
    "script-src": "'self'",
    "style-src": "'self'",
    "img-src": "'self' data:",
    "connect-src": "'self'",
    "object-src": "'none'",
    "base-uri": "'none'",
    "form-action": "'self'",
    "frame-ancestors": "'none'",
}


def _policy(header: str) -> dict[str, str]:
    directives = (part.strip().split(None, 1) for part in header.split(";") if part.strip())
    return {name: value for name, value in directives}


@pytest.mark.parametrize(
    "path",
    [
        "/",
        "/play/",
        "/how-to-play/",
        "/challenges/",
        "/accounts/login/",
        "/accounts/signup/",
        "/accounts/settings/",
        "/api/challenges/",
        "/api/docs/",
        "/api/docs/?script=",
        "/api/nowhere/",
        "/no-such-page/",
        "/admin/login/",
        "/healthz",
    ],
)
def test_every_answer_carries_the_policy(path: str) -> None:
    ChallengeFactory()
    browser = Client()
    browser.force_login(UserFactory())
    response = browser.get(path)
    assert response.status_code in {200, 302, 404}, path
    policy = _policy(response["Content-Security-Policy"])
    assert {name: policy.get(name) for name in EXPECTED} == EXPECTED
    assert "unsafe" not in response["Content-Security-Policy"]


def test_a_page_showing_a_new_token_carries_it_too() -> None:
    player = UserFactory()
    browser = Client()
    browser.force_login(player)
    response = browser.post("/accounts/settings/tokens/", {"name": "x"})
    assert response.status_code == 200
    assert _policy(response["Content-Security-Policy"])["script-src"] == "'self'"
    assert player.api_tokens.count() == 1


def test_templates_have_no_inline_script_style_or_handler() -> None:
    assert len(TEMPLATES) >= 12
    problems = []
    for path in TEMPLATES:
        text = path.read_text()
        where = path.relative_to(ROOT)
        for tag in re.findall(r"<script\b[^>]*>", text):
            if "src=" not in tag and 'type="application/json"' not in tag:
                problems.append(f"{where}: inline script {tag}")
        if re.search(r"<style\b", text):
            problems.append(f"{where}: a <style> element")
        for attribute in re.findall(r"""[\s"'](?:style|on[a-z]+)\s*=""", text):
            problems.append(f"{where}: attribute {attribute.strip()}")
        if "javascript:" in text:
            problems.append(f"{where}: a javascript: URL")
    assert problems == []


def test_the_sites_scripts_use_no_eval_or_style_attributes() -> None:
    assert SCRIPTS
    forbidden = re.compile(
        r"\beval\(|new Function\(|set(?:Timeout|Interval)\(\s*[\"'`]|"
        r"setAttribute\(\s*[\"']style|style=|\bon[a-z]+\s*=\s*[\"'`]"
    )
    problems = [
        f"{path.relative_to(ROOT)}:{number}: {line.strip()}"
        for path in SCRIPTS
        for number, line in enumerate(path.read_text().splitlines(), 1)
        if forbidden.search(line)
    ]
    assert problems == []
