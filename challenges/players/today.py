"""Reads for the home page: the open challenge's figures, the last finished
challenge's top three and best board, and a player's state today.

Each answers through the domain's own reads (leaderboards, runs, examples) and is
cached briefly: the home page is the site's busiest and its figures move slowly.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import Any

from django.contrib.auth.models import AnonymousUser, User
from django.core.cache import cache
from django.utils import timezone

from challenges import engine
from challenges.boards import leaderboards
from challenges.boards.standing import PlayerRank, entry_get, leaderboard_rank
from challenges.models import Challenge, Run
from challenges.play import selectors as runs
from challenges.play.examples import BoardPicture, board_picture, example_sample_run
from challenges.play.selectors import challenge_players_count

# The last finished challenge changes once every 8 hours; its board never changes
# once its results are out, so its answer is kept until the next one is out.
FINISHED_CACHE_SECONDS = 600
TOP = 3


@dataclass(frozen=True)
class ChallengeToday:
    challenge: Challenge
    players: int
    """Accounts that started a run of it; guests are not counted (docs/first_visit.md)."""
    par: int | None
    next_at: datetime
    """When the next challenge opens: the open one's close."""


@dataclass(frozen=True)
class FinishedChallenge:
    challenge: Challenge
    top: tuple[leaderboards.LeaderboardRow, ...]


@dataclass(frozen=True)
class SampleRun:
    """A finished run to draw: the best entry of the last finished challenge, or the
    fixed example when no finished challenge has one. ``player`` and ``challenge_number``
    are None for the example."""

    picture: BoardPicture
    player: str | None
    challenge_number: int | None

    def to_json(self) -> dict[str, Any]:
        return {
            **self.picture.to_json(),
            "player": self.player,
            "challenge": self.challenge_number,
        }


@dataclass(frozen=True)
class PlayerToday:
    """A logged-in player's state on the open challenge."""

    played: bool
    best_score: int | None
    submitted: bool
    standing: PlayerRank | None
    # The entry's status (live, held or void) and score, when there is one: a held entry
    # is not on the board yet, and a voided one never will be.
    entry_status: str | None = None
    entry_score: int | None = None


def challenge_today(*, challenge: Challenge) -> ChallengeToday:
    """The open challenge's figures: players so far (cached a minute, and counted again
    after anyone's first run of it), par, next slot."""
    players = challenge_players_count(challenge_id=challenge.pk)
    return ChallengeToday(
        challenge=challenge, players=int(players), par=challenge.par, next_at=challenge.closes_at
    )


def challenge_last_finished(*, now: datetime | None = None) -> Challenge | None:
    """The newest challenge whose results are out (``results_at`` passed)."""
    now = now or timezone.now()
    return (
        Challenge.objects.filter(closes_at__lte=now - engine.RUN_SPAN).order_by("-number").first()
    )


def finished_top(*, challenge: Challenge) -> FinishedChallenge:
    """The top three of a finished challenge (the leaderboard's own cached page)."""
    page = leaderboards.leaderboard_page(challenge=challenge, page=1, size=TOP)
    return FinishedChallenge(challenge=challenge, top=page.results)


def sample_run(*, finished: Challenge | None) -> SampleRun:
    """The board of the best entry of ``finished`` (public: its results are out), else
    the fixed example run; replayed by the engine either way."""
    if finished is None or finished.entry_count == 0:
        return SampleRun(picture=example_sample_run(), player=None, challenge_number=None)
    key = f"home:sample:{finished.pk}:{finished.board_version}"
    cached = cache.get(key)
    if isinstance(cached, SampleRun):
        return cached
    top = leaderboards.leaderboard_page(challenge=finished, page=1, size=1).results
    run = Run.objects.filter(pk=top[0].run_id).first() if top else None
    if run is None:
        return SampleRun(picture=example_sample_run(), player=None, challenge_number=None)
    picture = board_picture(
        tray=finished.tray, well=finished.well, moves=run.held_moves[: len(run.move_results)]
    )
    if not picture.placements:
        # A best run of draws alone (or an entry written by hand): nothing to draw.
        return SampleRun(picture=example_sample_run(), player=None, challenge_number=None)
    sample = SampleRun(picture=picture, player=top[0].player, challenge_number=finished.number)
    cache.set(key, sample, FINISHED_CACHE_SECONDS)
    return sample


def player_today(*, challenge: Challenge, player: User | AnonymousUser) -> PlayerToday | None:
    """What a logged-in player did on the open challenge; None for a visitor."""
    if not player.is_authenticated:
        return None
    best = runs.run_best_score(challenge_id=challenge.pk, player_id=player.pk)
    played = best is not None or Run.objects.filter(challenge=challenge, player=player).exists()
    entry = entry_get(challenge=challenge, player=player)
    standing = leaderboard_rank(challenge=challenge, player=player)
    return PlayerToday(
        played=played,
        best_score=best,
        submitted=entry is not None,
        # Only a live entry has a place on the board.
        standing=standing if entry is not None and entry.is_live else None,
        entry_status=None if entry is None else entry.status,
        entry_score=None if entry is None else entry.score,
    )
