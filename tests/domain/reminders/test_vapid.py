"""The VAPID pair: production refuses to start without a real one; development makes
its own once, private to this checkout and never committed (the settings' refusal:
tests/domain/test_settings_production.py)."""

from __future__ import annotations

import stat
import subprocess
from pathlib import Path

import pytest
from django.core.exceptions import ImproperlyConfigured

from config.vapid import private_new, public_of, vapid_keys

ROOT = Path(__file__).resolve().parents[3]


def test_production_refuses_to_start_without_keys(tmp_path: Path) -> None:
    with pytest.raises(ImproperlyConfigured, match="must be set in production"):
        vapid_keys(private="", public="", production=True, local_file=tmp_path / "k")
    assert not (tmp_path / "k").exists()


def test_a_pair_is_checked_whole() -> None:
    private = private_new()
    public = public_of(private)
    assert vapid_keys(
        private=private, public=public, production=True, local_file=Path("/nonexistent")
    ) == (private, public)
    with pytest.raises(ImproperlyConfigured, match="set together"):
        vapid_keys(private=private, public="", production=True, local_file=Path("/nonexistent"))
    with pytest.raises(ImproperlyConfigured, match="not VAPID_PRIVATE_KEY's public key"):
        vapid_keys(
            private=private, public=public_of(private_new()), production=True, local_file=Path("/x")
        )
    with pytest.raises(ImproperlyConfigured, match="not a raw P-256 key"):
        vapid_keys(private="c2hvcnQ", public=public, production=False, local_file=Path("/x"))


def test_development_makes_its_own_pair_once_readable_by_its_owner_only(tmp_path: Path) -> None:
    local = tmp_path / ".vapid-dev-key"
    first = vapid_keys(private="", public="", production=False, local_file=local)
    assert first == vapid_keys(private="", public="", production=False, local_file=local)
    assert stat.S_IMODE(local.stat().st_mode) == 0o600
    assert public_of(first[0]) == first[1]
    assert len(list(tmp_path.iterdir())) == 1  # no spare file left behind


def test_the_development_key_is_never_committed() -> None:
    ignored = subprocess.run(["git", "check-ignore", "-q", ".vapid-dev-key"], cwd=ROOT, check=False)
    assert ignored.returncode == 0
