"""The moderators' review queue in a real browser: each row's buttons decide that row.

Django's changelist is one <form>; a form nested in it is dropped by the browser, so a
row's button once posted the list itself and the first row's Approve did nothing.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from challenges.models import Entry
from tests.factories import EntryFactory

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def moderator_page(
    page: Any, make_player: Callable[..., tuple[Any, str]], site_url: str, open_challenge: Any
) -> Any:
    user, password = make_player()
    user.is_staff = user.is_superuser = True
    user.save()
    page.goto(f"{site_url}/admin/login/?next=/admin/challenges/heldentry/")
    page.fill("input[name=username]", user.username)
    page.fill("input[name=password]", password)
    with page.expect_navigation():
        page.locator("input[type=submit]").click()
    return page


def _held(challenge: Any, score: int) -> Entry:
    return EntryFactory(challenge=challenge, score=score, status="held", hold_reasons=["reported"])


def _in_row(text: str, entries: list[Entry]) -> tuple[Entry, Entry]:
    """The entry a row shows, then the other one."""
    shown = next(entry for entry in entries if entry.player.username in text)
    return shown, next(entry for entry in entries if entry is not shown)


def test_the_first_rows_approve_puts_that_entry_live(
    moderator_page: Any, open_challenge: Any, site_url: str
) -> None:
    entries = [_held(open_challenge, 10), _held(open_challenge, 20)]
    page = moderator_page
    page.goto(f"{site_url}/admin/challenges/heldentry/")
    row = page.locator("#result_list tbody tr").nth(0)
    first, second = _in_row(row.inner_text(), entries)
    with page.expect_navigation():
        row.get_by_role("button", name="Approve").click()
    first.refresh_from_db()
    second.refresh_from_db()
    assert (first.status, second.status) == (Entry.Status.LIVE, Entry.Status.HELD)
    assert "Approved" in page.locator(".messagelist").inner_text()


def test_a_rows_void_asks_first_then_voids_that_entry(
    moderator_page: Any, open_challenge: Any, site_url: str
) -> None:
    entries = [_held(open_challenge, 10), _held(open_challenge, 20)]
    page = moderator_page
    page.goto(f"{site_url}/admin/challenges/heldentry/")
    row = page.locator("#result_list tbody tr").nth(0)
    second, first = _in_row(row.inner_text(), entries)
    with page.expect_navigation():
        row.get_by_role("button", name="Void").click()
    first.refresh_from_db()
    second.refresh_from_db()
    assert (first.status, second.status) == (Entry.Status.HELD, Entry.Status.HELD), "asked first"
    with page.expect_navigation():
        page.get_by_role("button", name="Yes, void").click()
    first.refresh_from_db()
    second.refresh_from_db()
    assert (first.status, second.status) == (Entry.Status.HELD, Entry.Status.VOID)
