from __future__ import annotations

from datetime import timedelta
from typing import Any

import pytest
from django.contrib.auth.models import AnonymousUser

from challenges import history, leaderboards, runs, schedule, services
from challenges.leaderboard_cache import leaderboard_cache_bump
from challenges.models import Challenge, Entry, Run
from tests.factories import (
    ChallengeFactory,
    EntryFactory,
    RunFactory,
    UserFactory,
    at,
    challenge_log,
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


def _rows(page: leaderboards.LeaderboardPage) -> list[tuple[int, str, int]]:
    return [(row.rank, row.player, row.score) for row in page.results]


def test_competition_ranks_and_ties_by_earlier_submission(challenge: Challenge) -> None:
    entries = _board(challenge, [300, 400, 300, 100])
    page = leaderboards.leaderboard_page(challenge=challenge)
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
    first = leaderboards.leaderboard_page(challenge=challenge, size=size)
    walked: list[tuple[int, str, int]] = []
    for number in range(1, first.num_pages + 1):
        page = leaderboards.leaderboard_page(challenge=challenge, page=number, size=size)
        assert page.page == number
        assert len(page.results) <= size
        walked += _rows(page)
    assert walked == _expected_order(entries)
    assert first.num_pages == -(-len(entries) // size)


def test_cursors_walk_forward_and_back(challenge: Challenge) -> None:
    entries = _board(challenge, [7, 7, 7, 9, 3, 7, 1, 9, 7, 5])
    expected = _expected_order(entries)
    page = leaderboards.leaderboard_page(challenge=challenge, size=3)
    forward = [_rows(page)]
    while page.next_cursor:
        page = leaderboards.leaderboard_page(challenge=challenge, cursor=page.next_cursor, size=3)
        forward.append(_rows(page))
    assert [row for rows in forward for row in rows] == expected
    assert page.page == len(forward)
    backward = [_rows(page)]
    while page.previous_cursor:
        page = leaderboards.leaderboard_page(
            challenge=challenge, cursor=page.previous_cursor, size=3
        )
        backward.append(_rows(page))
    assert [row for rows in reversed(backward) for row in rows] == expected
    assert page.page == 1


def test_a_page_past_the_end_is_out_of_range(challenge: Challenge) -> None:
    _board(challenge, [1, 2, 3])
    assert leaderboards.leaderboard_page(challenge=challenge, page=2, size=2).results
    with pytest.raises(leaderboards.PageOutOfRange) as missing:
        leaderboards.leaderboard_page(challenge=challenge, page=3, size=2)
    assert missing.value.num_pages == 2


def test_an_empty_board_has_one_empty_page(challenge: Challenge) -> None:
    page = leaderboards.leaderboard_page(challenge=challenge)
    assert (page.count, page.num_pages, page.results, page.next_cursor) == (0, 1, (), None)


@pytest.mark.parametrize("cursor", ["", "nonsense", "W10", "WyJ4IiwxLCJ4IiwxXQ", "eyJhIjoxfQ"])
def test_foreign_cursors_are_refused(challenge: Challenge, cursor: str) -> None:
    _board(challenge, [1])
    with pytest.raises(leaderboards.CursorInvalid):
        leaderboards.leaderboard_page(challenge=challenge, cursor=cursor or "=")


def test_voided_entries_leave_the_board_and_the_ranks(challenge: Challenge) -> None:
    entries = _board(challenge, [500, 400, 400, 100])
    services.entry_void(entry=entries[0], reason="cheating")
    page = leaderboards.leaderboard_page(challenge=challenge)
    assert _rows(page) == _expected_order([e for e in Entry.objects.all()])
    assert [row.rank for row in page.results] == [1, 1, 3]
    assert leaderboards.leaderboard_rank(challenge=challenge, player=entries[0].player) is None


def test_leaderboard_rank_percentile_and_page(challenge: Challenge) -> None:
    entries = _board(challenge, [90, 80, 80, 70, 60, 50, 40, 30, 20, 10])
    standing = leaderboards.leaderboard_rank(challenge=challenge, player=entries[2].player, size=2)
    assert standing is not None
    assert (standing.rank, standing.score, standing.count) == (2, 80, 10)
    assert standing.percentile == 90.0  # 9 of 10 entries score at most 80
    assert standing.page == 2  # 90, 80 | 80 (this one), 70
    assert standing.entry == entries[2]
    leader = leaderboards.leaderboard_rank(challenge=challenge, player=entries[0].player)
    last = leaderboards.leaderboard_rank(challenge=challenge, player=entries[-1].player)
    assert leader is not None and last is not None
    assert (leader.rank, leader.percentile) == (1, 100.0)
    assert (last.rank, last.percentile) == (10, 10.0)
    assert leaderboards.leaderboard_rank(challenge=challenge, player=UserFactory()) is None
    assert leaderboards.leaderboard_rank(challenge=challenge, player=AnonymousUser()) is None


def test_histogram_bins_every_entry_and_marks_the_player(challenge: Challenge) -> None:
    scores = [-10, 0, 5, 5, 17, 33, 50, 99, 120, 121]
    entries = _board(challenge, scores)
    histogram = leaderboards.leaderboard_histogram(
        challenge=challenge, bins=10, player=entries[5].player
    )
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
    assert leaderboards.leaderboard_histogram(challenge=challenge).counts == ()
    _board(challenge, [42, 42])
    leaderboard_cache_bump(challenge=challenge)  # the factory skipped the service
    histogram = leaderboards.leaderboard_histogram(challenge=challenge)
    # One score among empty neighbours, not one bar filling the chart.
    assert (histogram.edges, histogram.counts) == ((40, 41, 42, 43, 44, 45), (0, 0, 2, 0, 0))


def test_histogram_bins_suit_the_number_of_entries() -> None:
    assert leaderboards.histogram_bin_count(entries=1, most=20) == 5
    assert leaderboards.histogram_bin_count(entries=40, most=20) == 7
    assert leaderboards.histogram_bin_count(entries=100_000, most=20) == 20
    assert leaderboards.histogram_bin_count(entries=40, most=3) == 3, "never more than asked"


def test_a_submit_shows_at_once_despite_the_cache(
    challenge: Challenge, django_capture_on_commit_callbacks: Any
) -> None:
    _board(challenge, [100, 50])
    before = leaderboards.leaderboard_page(challenge=challenge)
    assert before.count == 2
    run = RunFactory(challenge=challenge, finished=True, started_at=challenge.opens_at)
    with django_capture_on_commit_callbacks(execute=True):
        services.entry_submit(run=run, now=challenge.opens_at + timedelta(minutes=5))
    after = leaderboards.leaderboard_page(challenge=challenge)
    assert after.count == 3
    assert run.player.username in [row.player for row in after.results]
    assert leaderboards.challenge_stats(challenge=challenge).entries == 3


def test_reads_are_served_from_the_cache_until_a_write(
    challenge: Challenge, django_assert_num_queries: Any
) -> None:
    entries = _board(challenge, [100, 50])
    leaderboards.leaderboard_page(challenge=challenge)
    leaderboards.leaderboard_histogram(challenge=challenge)
    # A cached read asks the database for the board's version only: one row by key.
    with django_assert_num_queries(2):
        leaderboards.leaderboard_page(challenge=challenge)
        leaderboards.leaderboard_histogram(challenge=challenge)
    services.entry_void(entry=entries[0], reason="test")
    assert leaderboards.leaderboard_page(challenge=challenge).count == 1


def test_challenge_history_newest_first_with_own_rank() -> None:
    now = at("2026-11-21T12:00:00")
    current = schedule.slot_number(at=now)
    old, mid, cur = (ChallengeFactory(number=n) for n in (current - 2, current - 1, current))
    ChallengeFactory(number=current + 1)  # not open yet: not history
    me = UserFactory()
    EntryFactory(challenge=mid, score=70)
    EntryFactory(challenge=mid, score=90)
    EntryFactory(challenge=mid, player=me, score=80)
    EntryFactory(challenge=cur, score=10)
    voided = EntryFactory(challenge=cur, score=999)
    services.entry_void(entry=voided, reason="test")
    page = history.challenge_history(player=me, now=now)
    assert [row.challenge.number for row in page.rows] == [cur.number, mid.number, old.number]
    by_number = {row.challenge.number: row for row in page.rows}
    assert (by_number[mid.number].entries, by_number[mid.number].top_score) == (3, 90)
    assert (by_number[mid.number].own_score, by_number[mid.number].own_rank) == (80, 2)
    assert (by_number[cur.number].entries, by_number[cur.number].top_score) == (1, 10)
    assert by_number[cur.number].own_rank is None
    assert (by_number[old.number].entries, by_number[old.number].top_score) == (0, None)
    anonymous = history.challenge_history(player=AnonymousUser(), now=now)
    assert all(row.own_score is None for row in anonymous.rows)


def test_challenge_history_pages() -> None:
    now = at("2026-11-21T12:00:00")
    current = schedule.slot_number(at=now)
    for n in range(current - 4, current + 1):
        ChallengeFactory(number=n)
    second = history.challenge_history(page=2, size=2, now=now)
    assert [row.challenge.number for row in second.rows] == [current - 2, current - 3]
    assert (second.num_pages, second.count, second.has_next, second.has_previous) == (
        3,
        5,
        True,
        True,
    )
    with pytest.raises(leaderboards.PageOutOfRange):
        history.challenge_history(page=4, size=2, now=now)


def test_player_history_oldest_first() -> None:
    me = UserFactory()
    first, second = ChallengeFactory(number=100), ChallengeFactory(number=101)
    EntryFactory(challenge=second, player=me, score=50)
    EntryFactory(challenge=second, score=60)
    EntryFactory(challenge=second, score=50)
    EntryFactory(challenge=first, player=me, score=10)
    rows = history.player_history(player=me)
    assert [(r.number, r.score, r.rank, r.entries) for r in rows] == [
        (100, 10, 1, 1),
        (101, 50, 2, 3),
    ]


def test_run_best_score_counts_only_valid_finished_runs(challenge: Challenge) -> None:
    me = UserFactory()
    assert runs.run_best_score(challenge=challenge, player=me) is None
    RunFactory(challenge=challenge, player=me, status=Run.Status.FINISHED, score=40)
    RunFactory(challenge=challenge, player=me, status=Run.Status.FINISHED, score=70)
    RunFactory(challenge=challenge, player=me, status=Run.Status.REJECTED, score=500)
    RunFactory(challenge=challenge, status=Run.Status.FINISHED, score=900)
    assert runs.run_best_score(challenge=challenge, player=me) == 70


def test_a_run_is_its_owners_until_the_results_are_out_then_public() -> None:
    now = at("2026-11-21T12:00:00")
    challenge = ChallengeFactory(number=schedule.slot_number(at=now))
    entry = EntryFactory(challenge=challenge)
    unsubmitted = RunFactory(challenge=challenge, finished=True)
    stranger = UserFactory()
    after_close = challenge.closes_at
    just_before = challenge.results_at - timedelta(milliseconds=1)
    assert runs.run_visible(run=entry.run, viewer=entry.player, now=now)
    assert runs.run_visible(run=entry.run, viewer=entry.player, now=just_before)
    # Between the close and the results a run started before the close may still be
    # submitted: a public log could be copied, so no one else sees it yet.
    for moment in (now, after_close, just_before):
        assert not runs.run_visible(run=entry.run, viewer=stranger, now=moment)
        assert not runs.run_visible(run=entry.run, viewer=AnonymousUser(), now=moment)
    assert runs.run_visible(run=entry.run, viewer=stranger, now=challenge.results_at)
    assert runs.run_visible(run=entry.run, viewer=AnonymousUser(), now=challenge.results_at)
    assert not runs.run_visible(run=unsubmitted, viewer=stranger, now=challenge.results_at)
    services.entry_void(entry=entry, reason="test")
    assert not runs.run_visible(run=entry.run, viewer=stranger, now=challenge.results_at)


def test_log_builder_is_valid_for_the_rules_engine(challenge: Challenge) -> None:
    run = services.run_start(player=UserFactory(), challenge=challenge)
    finished = services.run_finish(
        run=run,
        log=challenge_log(challenge, moves=20, step_ms=10),
        now=run.started_at + timedelta(seconds=60),
    )
    assert finished.status == Run.Status.FINISHED


def test_a_far_page_seeks_instead_of_skipping_rows(challenge: Challenge) -> None:
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    # Distinct scores except one tie group (positions 29-31) straddling page 7's start.
    scores = [*range(100, 71, -1), 69, 69, 69, *range(68, 50, -1)]
    _board(challenge, scores)
    with CaptureQueriesContext(connection) as queries:
        page = leaderboards.leaderboard_page(challenge=challenge, page=7, size=5)
    assert [row.score for row in page.results] == scores[30:35]
    offsets = [
        int(sql.split("OFFSET")[1].split()[0])
        for sql in (q["sql"] for q in queries.captured_queries)
        if "OFFSET" in sql
    ]
    assert offsets == [1]  # skips one row of the tie group, never the 30 rows above it
