from __future__ import annotations

import re
from datetime import timedelta
from typing import Any

import pytest
from django.contrib.auth.models import AnonymousUser

from challenges.boards.cache import leaderboard_cache_bump
from challenges.boards.leaderboards import (
    CursorInvalid,
    LeaderboardPage,
    PageOutOfRange,
    challenge_stats,
    histogram_bin_count,
    leaderboard_page,
    leaderboard_page_frame,
)
from challenges.boards.standing import leaderboard_histogram, leaderboard_rank
from challenges.models import Challenge, Entry
from challenges.moderation.entries import entry_submit, entry_void
from tests.factories import (
    EntryFactory,
    RunFactory,
    UserFactory,
    at,
)

pytestmark = pytest.mark.django_db


T0 = at("2026-11-21T09:00:00")


def _board(challenge: Challenge, scores: list[int]) -> list[Entry]:
    """Entries submitted one second apart, in the order given."""
    return [
        EntryFactory(challenge=challenge, score=score, submitted_at=T0 + timedelta(seconds=i))
        for i, score in enumerate(scores)
    ]


def _expected_order(entries: list[Entry]) -> list[tuple[int, str, int]]:
    """The board computed the slow, obvious way: (rank, player, score)."""
    live = sorted(
        (e for e in entries if e.voided_at is None), key=lambda e: (-e.score, e.submitted_at, e.pk)
    )
    return [(1 + sum(o.score > e.score for o in live), e.player.username, e.score) for e in live]


def _rows(page: LeaderboardPage) -> list[tuple[int, str, int]]:
    return [(row.rank, row.player, row.score) for row in page.results]


def test_competition_ranks_and_ties_by_earlier_submission(challenge: Challenge) -> None:
    entries = _board(challenge, [300, 400, 300, 100])
    page = leaderboard_page(challenge=challenge)
    assert [row.rank for row in page.results] == [1, 2, 2, 4]
    assert [row.player for row in page.results] == [
        entries[1].player.username,
        entries[0].player.username,  # submitted before entries[2]
        entries[2].player.username,
        entries[3].player.username,
    ]
    assert page.count == 4
    assert page.results[0].run_id == entries[1].run_id


@pytest.mark.parametrize("size", [1, 2, 3, 4, 7])
def test_numbered_pages_tile_the_board_across_tie_groups(challenge: Challenge, size: int) -> None:
    entries = _board(challenge, [50, 80, 80, 80, 20, 80, 50, 10, 80, 50, 50, 90, -5, 80])
    first = leaderboard_page(challenge=challenge, size=size)
    walked: list[tuple[int, str, int]] = []
    for number in range(1, first.num_pages + 1):
        page = leaderboard_page(challenge=challenge, page=number, size=size)
        assert page.page == number
        assert len(page.results) <= size
        walked += _rows(page)
    assert walked == _expected_order(entries)
    assert first.num_pages == -(-len(entries) // size)


def test_cursors_walk_forward_and_back(challenge: Challenge) -> None:
    entries = _board(challenge, [7, 7, 7, 9, 3, 7, 1, 9, 7, 5])
    expected = _expected_order(entries)
    page = leaderboard_page(challenge=challenge, size=3)
    forward = [_rows(page)]
    while page.next_cursor:
        page = leaderboard_page(challenge=challenge, cursor=page.next_cursor, size=3)
        forward.append(_rows(page))
    assert [row for rows in forward for row in rows] == expected
    assert page.page == len(forward)
    backward = [_rows(page)]
    while page.previous_cursor:
        page = leaderboard_page(challenge=challenge, cursor=page.previous_cursor, size=3)
        backward.append(_rows(page))
    assert [row for rows in reversed(backward) for row in rows] == expected
    assert page.page == 1


def test_a_page_past_the_end_is_out_of_range(challenge: Challenge) -> None:
    _board(challenge, [1, 2, 3])
    assert leaderboard_page(challenge=challenge, page=2, size=2).results
    with pytest.raises(PageOutOfRange) as missing:
        leaderboard_page(challenge=challenge, page=3, size=2)
    assert missing.value.num_pages == 2


@pytest.mark.parametrize("size", [1, 3, 4, 50])
def test_a_pages_frame_places_it_as_the_page_does(challenge: Challenge, size: int) -> None:
    entries = _board(challenge, [50, 80, 80, 80, 20, 80, 50, 10, 80, 50, 50, 90, -5, 80])
    entry_void(entry_id=entries[3].pk, reason="cheating")
    first = leaderboard_page(challenge=challenge, size=size, cached=False)
    for number in range(1, first.num_pages + 1):
        frame = leaderboard_page_frame(challenge=challenge, page=number, size=size)
        page = leaderboard_page(challenge=challenge, page=number, size=size, cached=False)
        assert (frame.count, frame.page, frame.num_pages) == (13, page.page, page.num_pages)
        assert frame.rows() == page.results
    with pytest.raises(PageOutOfRange) as beyond:
        leaderboard_page_frame(challenge=challenge, page=first.num_pages + 1, size=size)
    assert beyond.value.num_pages == first.num_pages


def test_an_empty_boards_frame_is_its_one_empty_page(challenge: Challenge) -> None:
    frame = leaderboard_page_frame(challenge=challenge, page=1, size=50)
    assert (frame.count, frame.num_pages, frame.rows()) == (0, 1, ())
    with pytest.raises(PageOutOfRange):
        leaderboard_page_frame(challenge=challenge, page=2, size=50)


def test_an_empty_board_has_one_empty_page(challenge: Challenge) -> None:
    page = leaderboard_page(challenge=challenge)
    assert (page.count, page.num_pages, page.results, page.next_cursor) == (0, 1, (), None)


@pytest.mark.parametrize("cursor", ["", "nonsense", "W10", "WyJ4IiwxLCJ4IiwxXQ", "eyJhIjoxfQ"])
def test_foreign_cursors_are_refused(challenge: Challenge, cursor: str) -> None:
    _board(challenge, [1])
    with pytest.raises(CursorInvalid):
        leaderboard_page(challenge=challenge, cursor=cursor or "=")


def test_voided_entries_leave_the_board_and_the_ranks(challenge: Challenge) -> None:
    entries = _board(challenge, [500, 400, 400, 100])
    entry_void(entry_id=entries[0].pk, reason="cheating")
    page = leaderboard_page(challenge=challenge)
    assert _rows(page) == _expected_order([e for e in Entry.objects.all()])
    assert [row.rank for row in page.results] == [1, 1, 3]
    assert leaderboard_rank(challenge=challenge, player=entries[0].player) is None


def test_leaderboard_rank_percentile_and_page(challenge: Challenge) -> None:
    entries = _board(challenge, [90, 80, 80, 70, 60, 50, 40, 30, 20, 10])
    standing = leaderboard_rank(challenge=challenge, player=entries[2].player, size=2)
    assert standing is not None
    assert (standing.rank, standing.score, standing.count) == (2, 80, 10)
    assert standing.percentile == 90.0  # 9 of 10 entries score at most 80
    assert standing.page == 2  # 90, 80 | 80 (this one), 70
    assert standing.entry == entries[2]
    leader = leaderboard_rank(challenge=challenge, player=entries[0].player)
    last = leaderboard_rank(challenge=challenge, player=entries[-1].player)
    assert leader is not None and last is not None
    assert (leader.rank, leader.percentile) == (1, 100.0)
    assert (last.rank, last.percentile) == (10, 10.0)
    assert leaderboard_rank(challenge=challenge, player=UserFactory()) is None
    assert leaderboard_rank(challenge=challenge, player=AnonymousUser()) is None


def test_histogram_bins_every_entry_and_marks_the_player(challenge: Challenge) -> None:
    scores = [-10, 0, 5, 5, 17, 33, 50, 99, 120, 121]
    entries = _board(challenge, scores)
    histogram = leaderboard_histogram(challenge=challenge, bins=10, player=entries[5].player)
    assert sum(histogram.counts) == len(scores)
    # Ten entries: five bars (about the square root, five at least), not ten thin ones.
    assert len(histogram.edges) == len(histogram.counts) + 1 == 6
    assert histogram.edges[0] == -10 and histogram.edges[-1] > 121
    for score in scores:
        index = next(
            i
            for i in range(len(histogram.counts))
            if histogram.edges[i] <= score < histogram.edges[i + 1]
        )
        assert histogram.counts[index] >= 1
    assert histogram.player_score == 33
    assert histogram.player_bin is not None
    assert histogram.edges[histogram.player_bin] <= 33 < histogram.edges[histogram.player_bin + 1]
    widths = {b - a for a, b in zip(histogram.edges, histogram.edges[1:], strict=False)}
    assert len(widths) == 1


def test_histogram_of_one_score_and_of_nothing(challenge: Challenge) -> None:
    assert leaderboard_histogram(challenge=challenge).counts == ()
    _board(challenge, [42, 42])
    leaderboard_cache_bump(challenge=challenge)  # the factory skipped the service
    histogram = leaderboard_histogram(challenge=challenge)
    # One score among empty neighbours, not one bar filling the chart.
    assert (histogram.edges, histogram.counts) == ((40, 41, 42, 43, 44, 45), (0, 0, 2, 0, 0))


def test_histogram_bins_suit_the_number_of_entries() -> None:
    assert histogram_bin_count(entries=1, most=20) == 5
    assert histogram_bin_count(entries=40, most=20) == 7
    assert histogram_bin_count(entries=100_000, most=20) == 20
    assert histogram_bin_count(entries=40, most=3) == 3, "never more than asked"


def test_a_submit_shows_at_once_despite_the_cache(
    challenge: Challenge, django_capture_on_commit_callbacks: Any
) -> None:
    _board(challenge, [100, 50])
    before = leaderboard_page(challenge=challenge)
    assert before.count == 2
    run = RunFactory(challenge=challenge, finished=True, started_at=challenge.opens_at)
    with django_capture_on_commit_callbacks(execute=True):
        entry_submit(
            run_id=run.pk, player_id=run.player_id, now=challenge.opens_at + timedelta(minutes=5)
        )
    after = leaderboard_page(challenge=challenge)
    assert after.count == 3
    assert run.player.username in [row.player for row in after.results]
    assert challenge_stats(challenge=challenge).entries == 3


def test_reads_are_served_from_the_cache_until_a_write(
    challenge: Challenge, django_assert_num_queries: Any
) -> None:
    entries = _board(challenge, [100, 50])
    leaderboard_page(challenge=challenge)
    leaderboard_histogram(challenge=challenge)
    # A cached read asks the database for the board's version only: one row by key.
    with django_assert_num_queries(2):
        leaderboard_page(challenge=challenge)
        leaderboard_histogram(challenge=challenge)
    entry_void(entry_id=entries[0].pk, reason="test")
    assert leaderboard_page(challenge=challenge).count == 1


def test_a_far_page_seeks_instead_of_skipping_rows(challenge: Challenge) -> None:
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    # Distinct scores except one tie group (positions 29-31) straddling page 7's start.
    scores = [*range(100, 71, -1), 69, 69, 69, *range(68, 50, -1)]
    _board(challenge, scores)
    with CaptureQueriesContext(connection) as queries:
        page = leaderboard_page(challenge=challenge, page=7, size=5)
    assert [row.score for row in page.results] == scores[30:35]
    offsets = [
        int(offset)
        for query in queries.captured_queries
        for offset in re.findall(r"OFFSET (\d+)", query["sql"])
    ]
    assert offsets == [1]  # skips one row of the tie group, never the 30 rows above it
