"""The cache's near level (config/near_cache.py): copies found by their whole key only,
gone after their seconds, never more bytes in all than their bound, the oldest going
first; and kept only for the keys the settings name, behind the cache's own API."""

from __future__ import annotations

import pytest
from django.core.cache import cache, caches

from config import near_cache
from config.near_cache import NearCopies


@pytest.fixture
def clock(monkeypatch: pytest.MonkeyPatch) -> list[float]:
    now = [1000.0]
    monkeypatch.setattr(near_cache.time, "monotonic", lambda: now[0])
    return now


def test_a_copy_is_found_by_its_key_until_its_seconds_are_out(clock: list[float]) -> None:
    copies = NearCopies(seconds=2.0, max_bytes=100)
    copies.keep("board:v1:page", b"first")
    assert copies.get("board:v1:page") == b"first"
    assert copies.get("board:v2:page") is None
    clock[0] += 1.9
    assert copies.get("board:v1:page") == b"first"
    clock[0] += 0.1
    assert copies.get("board:v1:page") is None


def test_keeping_a_key_again_restarts_its_seconds_and_counts_its_bytes_once(
    clock: list[float],
) -> None:
    copies = NearCopies(seconds=2.0, max_bytes=10)
    copies.keep("a", b"12345")
    clock[0] += 1.5
    copies.keep("a", b"67890")
    copies.keep("b", b"12345")  # 10 bytes in all: both stay
    clock[0] += 1.5
    assert copies.get("a") == b"67890" and copies.get("b") == b"12345"


def test_the_oldest_copies_go_first_when_the_bytes_are_over_the_bound(clock: list[float]) -> None:
    copies = NearCopies(seconds=60.0, max_bytes=10)
    for key in ("a", "b", "c"):
        copies.keep(key, b"1234")
    assert copies.get("a") is None
    assert copies.get("b") == copies.get("c") == b"1234"
    copies.keep("big", b"x" * 11)  # larger than the bound: not kept, and nothing goes
    assert copies.get("big") is None and copies.get("b") == b"1234"
    copies.clear()
    assert copies.get("b") is None and copies.get("c") is None


def test_the_sites_cache_keeps_named_keys_bytes_near_and_nothing_else(
    clock: list[float],
) -> None:
    """A board's bytes read once are served by the process until their seconds are
    out, even once the shared cache lost them; other keys and other values never are."""
    shared = caches["shared"]
    cache.clear()
    cache.set("page:board:v1", b"<html>", 60)
    cache.set("api-token:abc", b"secret", 60)
    cache.set("leaderboard:1:0:v1:rows", ["not", "bytes"], 60)
    for key in ("page:board:v1", "api-token:abc", "leaderboard:1:0:v1:rows"):
        cache.get(key)
    shared.clear()  # as if another process or an eviction took them
    assert cache.get("page:board:v1") == b"<html>"
    assert cache.get("api-token:abc") is None  # not a key that names its bytes
    assert cache.get("leaderboard:1:0:v1:rows") is None  # not bytes
    clock[0] += near_cache.NEAR_SECONDS
    assert cache.get("page:board:v1") is None


def test_a_delete_or_a_clear_forgets_the_near_copy(clock: list[float]) -> None:
    cache.clear()
    cache.set("page:history:v1", b"a", 60)
    assert cache.get("page:history:v1") == b"a"
    cache.delete("page:history:v1")
    assert cache.get("page:history:v1") is None
    cache.set("page:history:v2", b"b", 60)
    assert cache.get("page:history:v2") == b"b"
    cache.clear()
    assert cache.get("page:history:v2") is None
