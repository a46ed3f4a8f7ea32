"""Production settings refuse default secrets and pass ``check --deploy`` with real ones."""

from __future__ import annotations

import os
import secrets
import subprocess
import sys
from pathlib import Path

import pytest

from config.vapid import private_new, public_of

ROOT = Path(__file__).resolve().parents[2]
SETUP = "import django; django.setup()"


# What a deployment would not have: the test run's own secrets and switches (the
# browser tests set DJANGO_ALLOW_ASYNC_UNSAFE in this process for live_server).
_NOT_IN_PRODUCTION = {
    "SECRET_KEY",
    "CHALLENGE_SECRET",
    "DEBUG",
    "ALLOWED_HOSTS",
    "DJANGO_ALLOW_ASYNC_UNSAFE",
    "REDIS_URL",
}


def _run(args: list[str], **env: str) -> subprocess.CompletedProcess[str]:
    clean = {k: v for k, v in os.environ.items() if k not in _NOT_IN_PRODUCTION}
    clean.update(DJANGO_SETTINGS_MODULE="config.settings", DJANGO_ENV="production", **env)
    return subprocess.run(
        [sys.executable, *args], cwd=ROOT, env=clean, capture_output=True, text=True, timeout=120
    )


REAL = {
    "SECRET_KEY": secrets.token_urlsafe(50),
    "CHALLENGE_SECRET": secrets.token_urlsafe(40),
    "ALLOWED_HOSTS": "triominos.example.org",
    "REDIS_URL": "redis://127.0.0.1:6379/9",
    "VAPID_PRIVATE_KEY": (_VAPID := private_new()),
    "VAPID_PUBLIC_KEY": public_of(_VAPID),
    "VAPID_SUBJECT": "mailto:ops@triominos.example.org",
}
_WITHOUT_VAPID = {k: v for k, v in REAL.items() if not k.startswith("VAPID_")}


@pytest.mark.parametrize(
    ("missing", "message"),
    [
        ({}, "SECRET_KEY"),
        ({"SECRET_KEY": REAL["SECRET_KEY"], "ALLOWED_HOSTS": "x.org"}, "CHALLENGE_SECRET"),
        (
            {**REAL, "SECRET_KEY": "dev-only-secret-key-not-for-production-use-0123456789abcdef"},
            "SECRET_KEY",
        ),
        ({**REAL, "CHALLENGE_SECRET": "short"}, "CHALLENGE_SECRET"),
        ({**REAL, "DEBUG": "true"}, "DEBUG"),
        ({k: v for k, v in REAL.items() if k != "REDIS_URL"}, "REDIS_URL"),
        # Web Push's keys: none (a pair made at start would orphan every subscriber),
        # half a pair, or no address for the push services to write to.
        (_WITHOUT_VAPID, "VAPID_PRIVATE_KEY and VAPID_PUBLIC_KEY must be set in production"),
        ({**REAL, "VAPID_PUBLIC_KEY": ""}, "VAPID_PRIVATE_KEY and VAPID_PUBLIC_KEY"),
        ({**REAL, "VAPID_SUBJECT": ""}, "VAPID_SUBJECT"),
        (
            {"SECRET_KEY": REAL["SECRET_KEY"], "CHALLENGE_SECRET": REAL["CHALLENGE_SECRET"]},
            "ALLOWED_HOSTS",
        ),
    ],
)
def test_production_refuses_to_start_without_real_settings(
    missing: dict[str, str], message: str
) -> None:
    result = _run(["-c", SETUP], **missing)
    assert result.returncode != 0
    assert "ImproperlyConfigured" in result.stderr
    assert message in result.stderr


def test_production_with_real_secrets_passes_check_deploy() -> None:
    result = _run(["manage.py", "check", "--deploy", "--fail-level", "WARNING"], **REAL)
    assert result.returncode == 0, result.stdout + result.stderr
    assert "System check identified no issues" in result.stdout
    assert "WARNINGS" not in result.stdout + result.stderr
