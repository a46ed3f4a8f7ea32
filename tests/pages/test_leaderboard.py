"""The leaderboard page: rows, ranks, the reader's row, pagination, the histogram, 404s."""

from __future__ import annotations

import re
from datetime import timedelta

import pytest
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from challenges.models import Challenge, Entry
from challenges.slots import slot_number
from tests.factories import ChallengeFactory, EntryFactory, UserFactory

pytestmark = pytest.mark.django_db

BAR = re.compile(
    r'<rect class="bar( is-you)?"[^>]*data-count="(\d+)" data-low="(-?\d+)" data-high="(-?\d+)"'
)


def _closed_challenge() -> Challenge:
    return ChallengeFactory(number=slot_number(at=timezone.now()) - 2)


def _board(challenge: Challenge, scores: list[int]) -> list[Entry]:
    start = challenge.opens_at + timedelta(minutes=1)
    return [
        EntryFactory(challenge=challenge, score=score, submitted_at=start + timedelta(seconds=i))
        for i, score in enumerate(scores)
    ]


def _url(challenge: Challenge) -> str:
    return reverse("challenges:leaderboard", args=[challenge.pk])


def _signed_in(user: object) -> Client:
    browser = Client()
    browser.force_login(user)
    return browser


def test_rows_show_competition_ranks_players_and_scores(challenge: Challenge) -> None:
    entries = _board(challenge, [80, 120, 80, 15])
    response = Client().get(_url(challenge))
    assert response.status_code == 200
    rows = [(row["rank"], row["player"], row["score"]) for row in response.context["rows"]()]
    assert rows == [
        (1, entries[1].player.username, 120),
        (2, entries[0].player.username, 80),
        (2, entries[2].player.username, 80),
        (4, entries[3].player.username, 15),
    ]
    body = response.content.decode()
    assert body.count('<tr id="you"') == 0  # nobody is signed in
    for entry in entries:
        assert reverse("challenges:player", args=[entry.player.username]) in body
    assert '<th scope="col" class="n">Rank</th>' in body
    assert 'data-testid="entry-count">4<' in body


def test_signed_in_players_row_is_highlighted_with_a_summary_card(challenge: Challenge) -> None:
    entries = _board(challenge, [300, 200, 100])
    me = entries[1].player
    response = _signed_in(me).get(_url(challenge))
    body = response.content.decode()
    highlighted = re.findall(r'<tr id="you" class="is-you"[^>]*>(.*?)</tr>', body, re.S)
    assert len(highlighted) == 1
    assert f">{me.username}</a>" in highlighted[0]
    # Rank 2 of 3 is in no top half: no "top 67%".
    assert "You: rank 2 of 3</h2>" in body
    assert "?page=1#you" in body


def test_far_down_row_is_reachable_by_jump_link_and_redirect(challenge: Challenge) -> None:
    scores = list(range(1000, 1000 - 120, -1))  # 120 distinct scores, best first
    entries = _board(challenge, scores)
    me = entries[110].player  # rank 111: the third page of 50
    browser = _signed_in(me)

    first_page = browser.get(_url(challenge))
    assert first_page.context["you"].page == 3
    assert 'href="?page=3#you"' in first_page.content.decode()
    assert '<tr id="you"' not in first_page.content.decode()
    assert "You: rank 111 of 120</h2>" in first_page.content.decode()

    jump = browser.get(_url(challenge), {"page": "mine"})
    assert jump.status_code == 302
    assert jump["Location"] == f"{_url(challenge)}?page=3#you"

    third_page = browser.get(_url(challenge), {"page": 3})
    body = third_page.content.decode()
    assert body.count('<tr id="you" class="is-you"') == 1
    assert [row["rank"] for row in third_page.context["rows"]()] == list(range(101, 121))


def test_my_page_without_an_entry_goes_to_the_first_page(challenge: Challenge) -> None:
    _board(challenge, [10])
    response = _signed_in(UserFactory()).get(_url(challenge), {"page": "mine"})
    assert response.status_code == 302
    assert response["Location"] == _url(challenge)


def test_pages_hold_fifty_rows_and_out_of_range_pages_redirect(challenge: Challenge) -> None:
    _board(challenge, [500 - i for i in range(51)])
    browser = Client()
    first = browser.get(_url(challenge))
    assert len(first.context["rows"]()) == 50
    assert 'href="?page=2"' in first.content.decode()

    second = browser.get(_url(challenge), {"page": 2})
    assert [row["rank"] for row in second.context["rows"]()] == [51]

    beyond = browser.get(_url(challenge), {"page": 9})
    assert beyond.status_code == 302
    assert beyond["Location"] == f"{_url(challenge)}?page=2"

    unreadable = browser.get(_url(challenge), {"page": "-3"})
    assert unreadable.status_code == 200
    assert unreadable.context["board"].page == 1


def test_histogram_bars_count_every_score_and_mark_the_reader(challenge: Challenge) -> None:
    scores = [-20, 3, 3, 15, 40, 41, 41, 77, 150, 151]
    entries = _board(challenge, scores)
    me = entries[4].player  # scored 40
    body = _signed_in(me).get(_url(challenge)).content.decode()
    bars = [
        (bool(you), int(count), int(low), int(high)) for you, count, low, high in BAR.findall(body)
    ]
    assert bars, "the histogram was not drawn"
    assert sum(count for _, count, _, _ in bars) == len(scores)
    for _, count, low, high in bars:
        assert count == sum(low <= score <= high for score in scores)
    assert bars[0][2] == -20
    assert bars[-1][2] <= 151 <= bars[-1][3]
    marked = [(low, high) for you, _, low, high in bars if you]
    assert len(marked) == 1
    assert marked[0][0] <= 40 <= marked[0][1]
    assert 'data-testid="histogram-you"' in body
    assert "You · 40" in body


def test_the_histograms_text_gives_the_lowest_and_highest_scores_not_bin_edges(
    challenge: Challenge,
) -> None:
    _board(challenge, [38, 100, 180, 258])
    body = Client().get(_url(challenge)).content.decode()
    desc = re.search(r'<desc id="hist-desc">(.*?)</desc>', body, re.S)
    assert desc is not None
    assert "scores from 38 to 258." in desc.group(1)


def test_empty_board_invites_the_first_run(challenge: Challenge) -> None:
    response = Client().get(_url(challenge))
    assert response.status_code == 200
    body = response.content.decode()
    assert "No entries yet" in body
    assert 'data-testid="histogram"' not in body


def test_open_challenge_counts_down_and_keeps_its_tiles_and_replays_secret(
    challenge: Challenge,
) -> None:
    entries = _board(challenge, [90, 70])
    me = entries[1].player
    body = _signed_in(me).get(_url(challenge)).content.decode()
    assert "data-countdown" in body
    assert f'datetime="{challenge.closes_at.isoformat()}"' in body
    assert "open now" in body
    assert 'data-testid="tray"' not in body
    for tile_id in challenge.tray:
        assert f'aria-label="{tile_id}"' not in body
    # Only the reader's own run can be replayed while the challenge is open.
    assert reverse("challenges:replay", args=[entries[1].run_id]) in body
    assert reverse("challenges:replay", args=[entries[0].run_id]) not in body


def test_closed_challenge_reveals_tray_well_and_every_replay() -> None:
    challenge = _closed_challenge()
    entries = _board(challenge, [90, 70])
    body = Client().get(_url(challenge)).content.decode()
    assert "data-countdown" not in body
    assert ">closed<" in body
    tray = re.search(r'data-testid="tray">(.*?)</ul>', body, re.S)
    well = re.search(r'data-testid="well">(.*?)</ol>', body, re.S)
    assert tray and well
    assert re.findall(r'aria-label="(\d-\d-\d)"', tray.group(1)) == list(challenge.tray)
    assert re.findall(r'aria-label="\d+: (\d-\d-\d)"', well.group(1)) == list(challenge.well)
    for entry in entries:
        assert reverse("challenges:replay", args=[entry.run_id]) in body
    assert "Replays:" in body


def test_voided_entries_are_not_listed(challenge: Challenge) -> None:
    kept, voided = _board(challenge, [50, 60])
    Entry.objects.filter(pk=voided.pk).update(
        status="void", voided_at=timezone.now(), void_reason="test"
    )
    response = Client().get(_url(challenge))
    assert [row["player"] for row in response.context["rows"]()] == [kept.player.username]


def test_a_player_whose_entry_was_voided_is_told_so(challenge: Challenge) -> None:
    _kept, voided = _board(challenge, [50, 60])
    Entry.objects.filter(pk=voided.pk).update(
        status="void", voided_at=timezone.now(), void_reason="bot play"
    )
    body = _signed_in(voided.player).get(_url(challenge)).content.decode()
    assert "Your entry was removed from this board" in body
    # The moderator's words, quoted as typed: not glued into a sentence (no "..").
    quoted = r"<figcaption>The moderator's reason:</figcaption>\s*<blockquote>bot play</blockquote>"
    assert re.search(quoted, body)
    assert "Reason:" not in body
    assert "You haven't submitted a run yet" not in body
    assert '<tr id="you"' not in body


def test_unknown_challenge_is_the_styled_404_page() -> None:
    response = Client().get(reverse("challenges:leaderboard", args=[987654]))
    assert response.status_code == 404
    assert "No tile fits here" in response.content.decode()
    assert "site.css" in response.content.decode()


def test_a_challenge_that_has_not_opened_is_not_found() -> None:
    upcoming = ChallengeFactory(number=slot_number(at=timezone.now()) + 1)
    assert Client().get(_url(upcoming)).status_code == 404
