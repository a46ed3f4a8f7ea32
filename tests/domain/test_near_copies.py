"""A process's near copies: found by their whole key only, gone after their seconds,
and never more bytes in all than their bound, the oldest going first."""

from __future__ import annotations

import pytest

from config import near_copies
from config.near_copies import NearCopies


@pytest.fixture
def clock(monkeypatch: pytest.MonkeyPatch) -> list[float]:
    now = [1000.0]
    monkeypatch.setattr(near_copies.time, "monotonic", lambda: now[0])
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
