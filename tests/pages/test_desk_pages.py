"""The moderators' desk, server side: who may use it, the queue's order, what one entry
shows, and that void asks first."""

from __future__ import annotations

import re
from typing import Any

import pytest
from django.contrib.auth.models import Permission
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from challenges.models import Challenge, Entry, EntryDecision, PlayerForm, Run
from challenges.moderation.wording import APPROVED_AFTER_REVIEW
from tests.e2e.english_left import english_left_in_html
from tests.factories import (
    EntryFactory,
    RunFactory,
    UserFactory,
    player_history,
    submitted_run,
)

pytestmark = pytest.mark.django_db


def moderator() -> Any:
    user = UserFactory(username="moderator", is_staff=True)
    user.user_permissions.add(Permission.objects.get(codename="change_entry"))
    return user


def _client(user: Any) -> Client:
    client = Client()
    client.force_login(user)
    return client


def test_only_staff_who_may_change_entries_use_the_desk() -> None:
    desk = reverse("challenges:desk")
    assert Client().get(desk).status_code == 302
    assert _client(UserFactory()).get(desk).status_code == 403
    assert _client(UserFactory(username="staff", is_staff=True)).get(desk).status_code == 403
    assert _client(moderator()).get(desk).status_code == 200


def test_the_queue_puts_what_changes_the_top_most_first(challenge: Challenge) -> None:
    for score in (300, 200, 100):
        EntryFactory(challenge=challenge, score=score)
    low = EntryFactory(challenge=challenge, score=50, status="held", hold_reasons=["fast_pace"])
    top = EntryFactory(challenge=challenge, score=400, status="held", hold_reasons=["provisional"])
    middle = EntryFactory(challenge=challenge, score=250, status="held", hold_reasons=["near_copy"])
    page = _client(moderator()).get(reverse("challenges:desk")).content.decode()
    order = [page.index(f'data-entry="{entry.pk}"') for entry in (top, middle, low)]
    assert order == sorted(order)


def test_one_entry_shows_form_links_and_pace_and_void_asks_first(challenge: Challenge) -> None:
    player, twin = UserFactory(), UserFactory()
    player_history(player, [0.3, 0.35, 0.4])
    PlayerForm.objects.filter(player=player).update(signup_network="n1", device="d1")
    PlayerForm.objects.create(player=twin, signup_network="n1", device="d2")
    held = EntryFactory(
        challenge=challenge, player=player, score=420, status="held",
        hold_reasons=["linked_accounts"], features={"par_ratio": 0.84},
    )  # fmt: skip
    twins = EntryFactory(challenge=challenge, player=twin, score=410)
    client = _client(moderator())
    page = client.get(reverse("challenges:desk-entry", args=[held.pk])).content.decode()
    for part in ("form-chart", "desk-linked", "void-group", "approve", "0.84"):
        assert part in page, part
    assert twin.username in page and "network" in page

    # The void link only asks; a POST without the confirmation asks again.
    asked = client.get(reverse("challenges:desk-void", args=[held.pk]))
    assert asked.status_code == 200 and b"confirm-void" in asked.content
    client.post(reverse("challenges:desk-void", args=[held.pk]), {"reason": "script"})
    assert Entry.objects.get(pk=held.pk).status == "held"
    client.post(
        reverse("challenges:desk-void-group", args=[held.pk]),
        {"reason": "one person, two accounts", "confirm": "yes"},
    )
    assert set(
        Entry.objects.filter(pk__in=[held.pk, twins.pk]).values_list("status", flat=True)
    ) == {"void"}
    assert EntryDecision.objects.filter(verdict="void").count() == 2
    assert PlayerForm.objects.get(player=twin).voided == 1


def test_trust_is_granted_and_withdrawn(challenge: Challenge) -> None:
    held = EntryFactory(challenge=challenge, score=420, status="held", hold_reasons=["provisional"])
    client = _client(moderator())
    url = reverse("challenges:desk-trust", args=[held.pk])
    client.post(url, {"trust": "granted"})
    assert PlayerForm.objects.get(player=held.player).trust == "granted"
    client.post(url, {"trust": "withdrawn"})
    assert PlayerForm.objects.get(player=held.player).trust == "withdrawn"
    assert client.post(url, {"trust": "everything"}).status_code == 404


def test_a_german_moderator_reads_the_desk_in_german(challenge: Challenge) -> None:
    """The reasons, the moves, what links two accounts, their entries' status and the
    recorded notes, all in German; no code or engine notation left."""
    player, twin = UserFactory(), UserFactory()
    player_history(player, [0.3, 0.35, 0.4])
    PlayerForm.objects.filter(player=player).update(signup_network="n1")
    PlayerForm.objects.create(player=twin, signup_network="n1")
    run = submitted_run(challenge, player=player, moves=8)
    held = Entry.objects.get(run=run)
    held.status, held.hold_reasons = "held", ["linked_accounts", "near_par"]
    held.save(update_fields=["status", "hold_reasons"])
    EntryFactory(challenge=challenge, player=twin, score=410, status="held")
    EntryDecision.objects.create(
        entry=held, verdict="approve", decided_at=timezone.now(), reason=APPROVED_AFTER_REVIEW
    )
    client = _client(moderator())
    queue = client.get(reverse("challenges:desk"), HTTP_ACCEPT_LANGUAGE="de").content.decode()
    page = client.get(
        reverse("challenges:desk-entry", args=[held.pk]), HTTP_ACCEPT_LANGUAGE="de"
    ).content.decode()

    for code in ("linked_accounts", "near_par"):
        assert code not in queue and code not in page, code
    assert "auf Zeile 0, Spalte 0" in page
    assert not re.search(r"\d-\d-\d at -?\d+,-?\d+ rotation", page), "engine notation"
    assert "Anmeldenetz" in page and ">network<" not in page and "network," not in page
    assert "(Zur Prüfung zurückgehalten)" in page and "(held)" not in page
    assert "Nach Prüfung freigegeben." in page and APPROVED_AFTER_REVIEW not in page
    assert english_left_in_html(queue, "de") == []
    assert english_left_in_html(page, "de") == []


def test_the_desk_says_a_strangers_run_came_from_the_same_network_in_german(
    challenge: Challenge,
) -> None:
    """A run another player started from the same network while the entry's run was in
    play is listed with whose it is and where it came from, in the reader's language."""
    run = submitted_run(challenge, player=UserFactory(), moves=8)
    Run.objects.filter(pk=run.pk).update(network="n9")
    held = Entry.objects.get(run=run)
    held.status, held.hold_reasons = "held", ["overlapping_runs"]
    held.save(update_fields=["status", "hold_reasons"])
    beside = RunFactory(challenge=challenge, finished=True, started_at=run.started_at, network="n9")
    elsewhere = RunFactory(
        challenge=challenge, finished=True, started_at=run.started_at, network="n8"
    )
    page = (
        _client(moderator())
        .get(reverse("challenges:desk-entry", args=[held.pk]), HTTP_ACCEPT_LANGUAGE="de")
        .content.decode()
    )
    listed = page[page.index('data-testid="desk-overlapping"') :]
    listed = listed[: listed.index("</ul>")]
    assert str(beside.pk) in listed and str(elsewhere.pk) not in listed
    assert "Runde eines anderen Spielers" in listed
    assert "aus demselben Netz gestartet" in listed
    assert english_left_in_html(page, "de") == []


def test_the_desk_shows_the_times_and_their_distance_in_the_readers_language(
    challenge: Challenge,
) -> None:
    """A hold for a machine's pace: the reason, the times and the distance from the
    player's own earlier entries (four thought 1.2 s a placement), said in German (the
    player is told none of it)."""
    player = UserFactory()
    player_history(player, [0.3, 0.35, 0.4, 0.38])
    for earlier in Entry.objects.filter(player=player):
        earlier.features = {"timing": {"placements": 20, "think_median_ms": 1200}}
        earlier.save(update_fields=["features"])
    held = EntryFactory(
        challenge=challenge, player=player, score=420, status="held",
        hold_reasons=["mechanical_pace"],
        features={"timing": {"placements": 21, "first_read_ms": 3120, "think_median_ms": 1480,
                             "think_spread": 0.18, "effort": None}},
    )  # fmt: skip
    page = (
        _client(moderator())
        .get(reverse("challenges:desk-entry", args=[held.pk]), HTTP_ACCEPT_LANGUAGE="de")
        .content.decode()
    )
    assert "Bedenkzeiten so gleichmäßig wie die einer Maschine" in page
    timing = re.search(r'data-testid="desk-timing">([^<]*)<', page)
    assert timing is not None
    assert "3120 ms zum Lesen der Ablage" in timing.group(1)
    assert "1480 ms" in timing.group(1) and "0,18" in timing.group(1)
    distance = re.search(r'data-testid="desk-timing-distance">([^<]*)<', page)
    # ln(1480 / 1200) over the least spread across runs (0.1): 2.1.
    assert distance is not None and "2,1 ihrer eigenen Streuung" in distance.group(1)
    assert "mechanical_pace" not in page
    assert english_left_in_html(page, "de") == []


@pytest.mark.parametrize("language", ["de", "nl", "fr"])
def test_the_desk_charts_write_their_numbers_as_svg_reads_them(
    challenge: Challenge, language: str
) -> None:
    player = UserFactory()
    player_history(player, [0.35, 0.525, 0.4])
    run = submitted_run(challenge, player=player, moves=14)
    held = Entry.objects.get(run=run)
    page = _client(moderator()).get(
        reverse("challenges:desk-entry", args=[held.pk]), HTTP_ACCEPT_LANGUAGE=language
    )
    assert page["Content-Language"] == language
    html = page.content.decode()
    charts = re.findall(r"<svg[^>]*desk-chart.*?</svg>", html, flags=re.S)
    assert len(charts) == 2, "the form and the pace charts"
    numbers = re.findall(r'\s(?:x|y|x1|x2|y1|y2|cx|cy|r|width|height)="([^"]*)"', "".join(charts))
    assert numbers and all(re.fullmatch(r"-?\d+(\.\d+)?", value) for value in numbers), numbers
    # The labels a person reads stay in their language: 0,5 in German, Dutch and French.
    assert ">0,5<" in charts[0]
