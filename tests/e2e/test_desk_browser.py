"""The moderators' desk in a real Chromium: approve in one click, void with a
confirmation, and void a linked group at once; every decision recorded. Screenshots in
test-artifacts/screenshots/."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from django.contrib.auth.models import Permission
from playwright.sync_api import Page, expect

from challenges.models import Challenge, Entry, EntryDecision, PlayerForm
from tests.factories import EntryFactory, UserFactory, player_history

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

Screenshot = Callable[..., Path]


def _held(challenge: Challenge, score: int, reasons: list[str], player: Any = None) -> Entry:
    extra = {"player": player} if player is not None else {}
    return EntryFactory(
        challenge=challenge, score=score, status="held", hold_reasons=reasons, **extra
    )


def test_the_desk_approves_voids_with_confirmation_and_voids_a_linked_group(
    page: Page,
    open_challenge: Challenge,
    make_player: Callable[..., tuple[Any, str]],
    login: Callable[[Any, str, str], None],
    site_url: str,
    screenshot: Screenshot,
) -> None:
    moderator, password = make_player("moderator")
    moderator.is_staff = True
    moderator.save()
    moderator.user_permissions.add(Permission.objects.get(codename="change_entry"))
    EntryFactory(challenge=open_challenge, score=200)
    newcomer = _held(open_challenge, 380, ["provisional"])
    script = _held(open_challenge, 300, ["near_par", "solver_like"])
    sybil_one, sybil_two = UserFactory(), UserFactory()
    for sybil in (sybil_one, sybil_two):
        player_history(sybil, [0.3, 0.32, 0.35])
        PlayerForm.objects.filter(player=sybil).update(signup_network="same-network")
    linked = _held(open_challenge, 420, ["linked_accounts"], player=sybil_one)
    partner = _held(open_challenge, 410, ["linked_accounts"], player=sybil_two)

    login(page, moderator.username, password)
    page.goto(f"{site_url}/desk/")
    rows = page.locator("[data-testid=desk-queue] tbody tr")
    expect(rows).to_have_count(4)
    # What would take the top of the board comes first.
    expect(rows.first).to_have_attribute("data-entry", str(linked.pk))
    screenshot(page, "desk-queue")

    # Approve: one click, and the entry is on the board.
    page.locator(f"tr[data-entry='{newcomer.pk}'] a").click()
    expect(
        page.get_by_test_id("form-chart").or_(page.get_by_test_id("desk-status"))
    ).to_be_visible()
    page.get_by_test_id("approve").click()
    expect(page.locator(".messages")).to_contain_text(f"Entry {newcomer.pk} approved")
    assert Entry.objects.get(pk=newcomer.pk).status == "live"
    expect(rows).to_have_count(3)

    # Void: the button asks first; nothing is voided until confirmed with a reason.
    page.locator(f"tr[data-entry='{script.pk}'] a").click()
    page.get_by_test_id("void").click()
    expect(page.get_by_test_id("confirm-void")).to_be_visible()
    assert Entry.objects.get(pk=script.pk).status == "held"
    page.fill("#void-reason", "the solver's moves at a person's pace")
    page.get_by_test_id("confirm-void-button").click()
    expect(page.locator(".messages")).to_contain_text(f"Entry {script.pk} voided")
    assert Entry.objects.get(pk=script.pk).status == "void"

    # A linked group: both accounts' entries voided at once.
    page.locator(f"tr[data-entry='{linked.pk}'] a").click()
    expect(page.get_by_test_id("desk-linked")).to_contain_text(sybil_two.username)
    screenshot(page, "desk-entry-linked")
    page.get_by_test_id("void-group").click()
    expect(page.get_by_test_id("void-entries").locator("li")).to_have_count(2)
    page.fill("#void-reason", "one person, two accounts")
    page.get_by_test_id("confirm-void-button").click()
    expect(page.locator(".messages")).to_contain_text("2 entries voided")
    assert {Entry.objects.get(pk=pk).status for pk in (linked.pk, partner.pk)} == {"void"}
    expect(page.get_by_test_id("desk-empty")).to_be_visible()

    decisions = EntryDecision.objects.order_by("decided_at")
    assert [(d.entry_id, d.verdict) for d in decisions] == [
        (newcomer.pk, "approve"),
        (script.pk, "void"),
        (linked.pk, "void"),
        (partner.pk, "void"),
    ]
    assert {d.decided_by_id for d in decisions} == {moderator.pk}
