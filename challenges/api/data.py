"""The JSON of the API's hot resources, each built in one place.

A challenge, a started run, a batch's and a finish's answers and a board page are read
or written by every player of a slot. Their bodies are plain dicts built here, typed,
and used by both the DRF views and the plain fast path (``hot_reads.py``): DRF's
serializer fields cost more than the reads. The serializers of ``serializers.py``
document the same shapes for the schema, and every API response the tests see is held
to that schema (``tests/schema_check.py``).
"""

from __future__ import annotations

from datetime import datetime
from typing import NotRequired, TypedDict

from challenges.api.common import iso
from challenges.boards.selectors import LeaderboardPage, LeaderboardRow, PlayerRank
from challenges.engine import RULESET
from challenges.fault_words import ineligible_json, rejection_json
from challenges.models import Challenge, Entry, Run, RunFault
from challenges.moderation.selectors import entry_review_class, review_sentence
from challenges.play.outcomes import ChallengeStanding, RunPlayed, standing_best_score
from challenges.play.selectors import RunGhosts


class ChallengeData(TypedDict):
    id: int
    number: int
    opens_at: str
    closes_at: str
    results_at: str
    ruleset: str
    rules_version: int
    tray_size: int
    well_size: int
    time_limit_ms: int
    entries: int
    top_score: int | None
    is_open: bool
    tray: list[str] | None
    well: list[str] | None
    par: int | None


def challenge_data(challenge: Challenge, *, now: datetime) -> ChallengeData:
    """A challenge as ``ChallengeSerializer`` documents it."""
    closed = challenge.is_closed(now)
    return {
        "id": challenge.pk,
        "number": challenge.number,
        "opens_at": iso(challenge.opens_at),
        "closes_at": iso(challenge.closes_at),
        "results_at": iso(challenge.results_at),
        "ruleset": challenge.ruleset,
        "rules_version": challenge.rules_version,
        "tray_size": len(challenge.tray),
        "well_size": len(challenge.well),
        "time_limit_ms": RULESET.time_limit_ms,
        # The submit and void services keep these on the row that was just read.
        "entries": challenge.entry_count,
        "top_score": challenge.top_score,
        "is_open": challenge.is_open(now),
        "tray": list(challenge.tray) if closed else None,
        "well": list(challenge.well) if closed else None,
        # Solved hours ahead, but it tells how good the next deal is: public once it opens.
        "par": challenge.par if now >= challenge.opens_at else None,
    }


class RunStartedData(TypedDict):
    id: str
    challenge: int
    status: str
    started_at: str
    deadline: str
    finish_by: str
    tray: list[str]
    well: list[str]
    time_limit_ms: int
    grace_ms: int
    ghosts: dict[str, object]
    hard: bool


def run_started_data(run: Run, *, ghosts: RunGhosts) -> RunStartedData:
    """A run just started (``run_start``'s, holding its challenge), with what it races,
    as ``RunStartedSerializer`` documents it."""
    challenge = run.challenge
    return {
        "id": str(run.id),
        "challenge": run.challenge_id,
        "status": run.status,
        "started_at": iso(run.started_at),
        "deadline": iso(run.deadline),
        "finish_by": iso(run.finish_by),
        "tray": challenge.tray,
        "well": challenge.well,
        "time_limit_ms": RULESET.time_limit_ms,
        "grace_ms": RULESET.finish_grace_ms,
        "ghosts": ghosts.to_json(),
        "hard": run.hard,
    }


# Why a run was rejected, or why a valid one may not enter a board: the move, the code
# and its figures (``late_ms``...), and a ``detail`` in the reader's language.
FaultData = dict[str, object]


def rejection_data(fault: RunFault) -> FaultData:
    return rejection_json(fault.to_json())


def ineligible_data(fault: RunFault) -> FaultData:
    return ineligible_json(fault.to_json())


class MovesReceivedData(TypedDict):
    received: int
    score: int
    valid: bool
    eligible: bool
    ineligible: NotRequired[FaultData]


def moves_received_data(played: RunPlayed) -> MovesReceivedData:
    """A batch's answer for a run still played, as ``MovesReceivedSerializer``
    documents it."""
    run = played.run
    ineligibility = run.ineligibility
    data: MovesReceivedData = {
        "received": played.received,
        "score": run.score or 0,
        "valid": True,
        "eligible": ineligibility is None,
    }
    if ineligibility is not None:
        data["ineligible"] = ineligible_data(ineligibility)
    return data


class RunFinishedData(TypedDict):
    id: str
    status: str
    valid: bool
    score: int
    moves: list[dict[str, object]]
    error: FaultData | None
    best_score: int | None
    submitted: bool
    eligible: bool
    received: int
    ineligible: NotRequired[FaultData]
    detail: NotRequired[str]
    code: NotRequired[str]


def run_finished_data(played: RunPlayed, *, standing: ChallengeStanding) -> RunFinishedData:
    """A finished or rejected run's answer, as ``RunFinishedSerializer`` documents it
    (without the ``detail`` and ``code`` of a rejection, which the view words)."""
    run = played.run
    fault = run.rejection
    data: RunFinishedData = {
        "id": str(run.id),
        "status": run.status,
        "valid": run.status == Run.Status.FINISHED,
        "score": run.score or 0,
        "moves": run.move_results,
        "error": rejection_data(fault) if fault is not None else None,
        "best_score": standing_best_score(run=run, standing=standing),
        "submitted": standing.submitted,
        "eligible": run.is_eligible,
        "received": played.received,
    }
    ineligibility = run.ineligibility
    if ineligibility is not None and run.status == Run.Status.FINISHED:
        data["ineligible"] = ineligible_data(ineligibility)
    return data


class LeaderboardRowData(TypedDict):
    rank: int
    player: str
    score: int
    submitted_at: str
    run: str
    hard: bool


def leaderboard_row_data(row: LeaderboardRow) -> LeaderboardRowData:
    """A row of a board page, as ``LeaderboardRowSerializer`` documents it."""
    return {
        "rank": row.rank,
        "player": row.player,
        "score": row.score,
        "submitted_at": iso(row.submitted_at),
        "run": str(row.run_id),
        "hard": row.hard,
    }


class LeaderboardPageData(TypedDict):
    challenge: int
    count: int
    page: int
    num_pages: int
    next: str | None
    previous: str | None
    next_cursor: str | None
    previous_cursor: str | None
    results: list[LeaderboardRowData]


def leaderboard_page_data(
    board: LeaderboardPage, *, next_url: str | None, previous_url: str | None
) -> LeaderboardPageData:
    """A board page, as ``LeaderboardPageSerializer`` documents it; ``next_url`` and
    ``previous_url`` are the links of its cursors (None without one)."""
    return {
        "challenge": board.challenge_id,
        "count": board.count,
        "page": board.page,
        "num_pages": board.num_pages,
        "next": next_url,
        "previous": previous_url,
        "next_cursor": board.next_cursor,
        "previous_cursor": board.previous_cursor,
        "results": [leaderboard_row_data(row) for row in board.results],
    }


class EntryReviewData(TypedDict):
    code: str
    detail: str


def entry_review_data(entry: Entry) -> EntryReviewData | None:
    """What the owner of a held entry reads of its review: one plain class of why, in
    their language; never a measure, a threshold or the rank it would have."""
    if not entry.is_held:
        return None
    code = entry_review_class(hold_reasons=entry.hold_reasons)
    return {"code": code, "detail": review_sentence(code)}


class PlayerRankData(TypedDict):
    challenge: int
    run: str
    status: str
    player: str
    score: int
    submitted_at: str
    count: int
    reasons: list[str]
    review: EntryReviewData | None
    rank: int | None
    percentile: float | None
    page: int | None


def player_rank_data(standing: PlayerRank) -> PlayerRankData:
    """A player's entry and place (``PlayerRankSerializer``), as "me" answers it. A
    held entry's place is not told."""
    entry = standing.entry
    review = entry_review_data(entry)
    held = review is not None
    return {
        "challenge": entry.challenge_id,
        "run": str(entry.run_id),
        "status": entry.status,
        "player": entry.player.get_username(),
        "score": entry.score,
        "submitted_at": iso(entry.submitted_at),
        "count": standing.count,
        "reasons": [review["code"]] if review else [],
        "review": review,
        "rank": None if held else standing.rank,
        "percentile": None if held else standing.percentile,
        "page": None if held else standing.page,
    }


class EntrySubmittedData(PlayerRankData):
    id: int


def entry_submitted_data(standing: PlayerRank) -> EntrySubmittedData:
    """A submit's answer (``standing``: the new entry's), as ``EntrySubmittedSerializer``
    documents it: the entry's place, and its id."""
    return {"id": standing.entry.pk, **player_rank_data(standing)}
