"""Reads about runs: a player's best score on a challenge, who may see a run, the
analysis of a run (the best move of every position), and the solver's run of a
challenge (its par)."""

from __future__ import annotations

import uuid
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from django.contrib.auth.models import AnonymousUser, User
from django.core.cache import cache
from django.db.models import DateTimeField, Exists, Max, OuterRef, Q, QuerySet
from django.db.models.functions import Coalesce
from django.utils import timezone

from challenges import engine
from challenges.compiled_queries import CompiledQuery
from challenges.models import Challenge, Entry, Guest, Run

# Re-exported: the room's door for the faces.
from challenges.play.archive import archive_challenge as archive_challenge
from challenges.play.archive import archive_replay as archive_replay
from challenges.play.examples import how_to_play_pictures as how_to_play_pictures
from challenges.play.ghosts import MEDALS as MEDALS
from challenges.play.ghosts import RunGhosts as RunGhosts
from challenges.play.ghosts import run_ghosts as run_ghosts
from challenges.play.outcomes import ChallengeStanding, RunSubmitting

# --- runs ------------------------------------------------------------------------------


def run_best_score(*, challenge_id: int, player_id: int | None) -> int | None:
    """The player's best finished valid run on the challenge so far (None for no one)."""
    if player_id is None:
        return None
    best: int | None = Run.objects.filter(
        challenge_id=challenge_id, player_id=player_id, status=Run.Status.FINISHED
    ).aggregate(best=Max("score"))["best"]
    return best


def challenge_standing(
    *, run_id: uuid.UUID, challenge_id: int, player_id: int
) -> ChallengeStanding:
    """The player's standing on the challenge besides run ``run_id``: what a finish
    reads with the run it locks (``RunPlayed.standing``), for an answer whose run was
    read without it (a batch that rejected its run)."""
    best: int | None = (
        Run.objects.filter(
            challenge_id=challenge_id, player_id=player_id, status=Run.Status.FINISHED
        )
        .exclude(pk=run_id)
        .aggregate(best=Max("score"))["best"]
    )
    submitted = Entry.objects.filter(challenge_id=challenge_id, player_id=player_id).exists()
    return ChallengeStanding(best_before=best, submitted=submitted)


def _in_play_beside(*, started: Any, until: Any) -> Q:
    """Runs that may have been in play beside a run started at ``started`` and played
    until ``until``: started within a run's span before it and before ``until``, and not
    finished by ``started`` (a finish is a run's last arrival). Values, or expressions
    of an outer run."""
    return Q(started_at__gt=started - engine.RUN_SPAN, started_at__lt=until) & (
        Q(finished_at__isnull=True) | Q(finished_at__gt=started)
    )


def runs_beside(
    *,
    players: Sequence[int],
    run_id: uuid.UUID,
    started: datetime,
    until: datetime,
    challenge_id: int | None = None,
    network: str = "",
) -> QuerySet[Run]:
    """The runs but ``run_id`` that may have been in play beside a run started at
    ``started`` and played until ``until`` (trust's overlap check reads their arrivals):
    those of ``players``, and with a ``network``, anyone's on challenge ``challenge_id``
    started from that network."""
    whose = Q(player_id__in=players)
    if network:
        whose |= Q(challenge_id=challenge_id, network=network)
    beside = _in_play_beside(started=started, until=until)
    return Run.objects.filter(beside, whose).exclude(pk=run_id).order_by()


def _run_submitting(*, run_id: uuid.UUID, player_id: int) -> QuerySet[Run]:
    # Played until its finish, else for as long as its finish is taken.
    until = Coalesce(
        OuterRef("finished_at"),
        OuterRef("started_at") + engine.RUN_SPAN,
        output_field=DateTimeField(),
    )
    own_beside = Run.objects.filter(
        _in_play_beside(started=OuterRef("started_at"), until=until),
        player_id=OuterRef("player_id"),
    ).exclude(pk=OuterRef("pk"))
    return (
        Run.objects.filter(pk=run_id, player_id=player_id)
        # The challenge without its par's log, as ``challenge_row`` reads it.
        .select_related("challenge")
        .defer("challenge__par_log")
        .annotate(
            guest=Exists(Guest.objects.filter(user_id=OuterRef("player_id"))),
            submitted=Exists(
                Entry.objects.filter(
                    challenge_id=OuterRef("challenge_id"), player_id=OuterRef("player_id")
                )
            ),
            beside=Exists(own_beside),
        )
    )


# Every submit's first read, compiled once (docs/performance.md).
_RUN_SUBMITTING = CompiledQuery(
    lambda run_id, player_id: _run_submitting(run_id=run_id, player_id=player_id),
    run_id=uuid.UUID(int=7_400_001),
    player_id=-7_400_002,
)


def run_for_submit(*, run_id: uuid.UUID, player_id: int) -> RunSubmitting | None:
    """The player's run ``run_id`` with its challenge, and whether they are a guest,
    already have an entry and have other runs that may have been in play beside it
    (what ``entry_submit`` asks first); None if they have no such run. One read,
    compiled once: building the joined queryset cost a submit more than a millisecond."""
    found: Run | None = _RUN_SUBMITTING.first(Run, run_id=run_id, player_id=player_id)
    if found is None:
        return None
    return RunSubmitting(
        run=found,
        guest=found.guest,  # type: ignore[attr-defined]
        submitted=found.submitted,  # type: ignore[attr-defined]
        own_runs_beside=found.beside,  # type: ignore[attr-defined]
    )


def run_keepable(
    *, run_id: uuid.UUID, player_id: int | None, now: datetime | None = None
) -> Run | None:
    """The player's run ``run_id`` if they may still submit it: theirs (an account's, not
    a guest's), finished and valid, of a challenge still taking entries, with no entry
    of theirs for that challenge yet. What the play page offers after a guest signs up."""
    if player_id is None or Guest.objects.filter(user_id=player_id).exists():
        return None
    run = (
        Run.objects.select_related("challenge")
        .filter(pk=run_id, player_id=player_id, status=Run.Status.FINISHED)
        .first()
    )
    if run is None or run.challenge.results_out(now or timezone.now()):
        return None
    if Entry.objects.filter(challenge_id=run.challenge_id, player_id=player_id).exists():
        return None
    return run


@dataclass(frozen=True)
class RunSeen:
    """A run its viewer may see, with its challenge and player."""

    run: Run
    analysis: dict[str, object] | None
    """Asked for and the run finished: every move beside the best move of its position
    (``engine.log_analysis``), the misses biggest first."""


def run_seen(
    *,
    run_id: uuid.UUID,
    viewer: User | AnonymousUser,
    analysed: bool = False,
    now: datetime | None = None,
) -> RunSeen | None:
    """The run ``run_id`` if ``viewer`` (the request's user: their permissions count) may
    see it, and with ``analysed`` its analysis; None otherwise. Owners and moderators
    always see a run; anyone sees a live entry's run once its challenge's results are
    out (``results_at``: no run can be submitted any more, so none copied)."""
    run = Run.objects.select_related("challenge", "player").filter(pk=run_id).first()
    if run is None or not _run_visible(run=run, viewer=viewer, now=now):
        return None
    analysis = None
    if analysed and run.status == Run.Status.FINISHED:
        challenge = run.challenge
        analysis = engine.log_analysis(
            tray=challenge.tray,
            well=challenge.well,
            log=run_valid_log(run=run),
            rules_version=challenge.rules_version,
        )
    return RunSeen(run=run, analysis=analysis)


def _run_visible(*, run: Run, viewer: User | AnonymousUser, now: datetime | None) -> bool:
    if viewer.is_authenticated and viewer.pk == run.player_id:
        return True
    # Moderators watch a held entry's run before deciding on it.
    if viewer.is_authenticated and viewer.is_staff and viewer.has_perm("challenges.change_entry"):
        return True
    if not run.challenge.results_out(now or timezone.now()):
        return False
    return Entry.objects.live().filter(run=run).exists()


@dataclass(frozen=True)
class ParRun:
    """The solver's run of a challenge (its par), as the replay viewer plays it."""

    challenge: Challenge
    score: int
    moves: list[object]
    results: list[dict[str, object]]
    """The engine's points for each move."""


def par_run(*, challenge_id: int, now: datetime | None = None) -> ParRun | None:
    """The solver's run of challenge ``challenge_id`` (its par). Public once the results
    are out (before that it would be the answer to the open challenge); None before,
    while it is unsolved, or for no such challenge."""
    challenge = Challenge.objects.filter(pk=challenge_id).first()
    if (
        challenge is None
        or challenge.par is None
        or not challenge.results_out(now or timezone.now())
    ):
        return None
    log = challenge.par_log if isinstance(challenge.par_log, dict) else {"moves": []}
    replayed = engine.log_replay(
        tray=challenge.tray, well=challenge.well, log=log, rules_version=challenge.rules_version
    )
    return ParRun(
        challenge=challenge,
        score=replayed.score,
        moves=list(log.get("moves", []))[: len(replayed.moves)],
        results=[outcome.to_json() for outcome in replayed.moves],
    )


# How long the count of a challenge's players is kept at most: a player's first run
# of the challenge drops it at once (``challenge_players_changed``).
PLAYERS_CACHE_SECONDS = 60


def _players_key(challenge_id: int) -> str:
    return f"home:players:{challenge_id}"


def challenge_players_count(*, challenge_id: int) -> int:
    """How many players (not guests) have started a run of the challenge."""
    key = _players_key(challenge_id)
    players = cache.get(key)
    if players is None:
        # Guests left out by their ids, not by a join through every user: PostgreSQL
        # misjudged that join's anti-join (minutes at a million runs); this walks the
        # (challenge, player) index alone (0.16 s there).
        players = (
            Run.objects.filter(challenge_id=challenge_id)
            .exclude(player_id__in=Guest.objects.values("user_id"))
            .values("player_id")
            .distinct()
            .count()
        )
        cache.set(key, players, PLAYERS_CACHE_SECONDS)
    return int(players)


def challenge_players_changed(*, challenge_id: int) -> None:
    """A player started their first run of the challenge: the next read counts again."""
    cache.delete(_players_key(challenge_id))


def run_replay(*, run: Run) -> engine.ReplayResult:
    """A stored run replayed exactly as its finish was: same tiles, log and clock."""
    at = run.finished_at or run.started_at
    return engine.log_replay(
        tray=run.challenge.tray,
        well=run.challenge.well,
        log=run.log,
        max_t=engine.run_clock_reach_ms(started_at=run.started_at, at=at),
        rules_version=run.challenge.rules_version,
    )


def run_valid_log(*, run: Run) -> dict[str, object]:
    """The moves of ``run`` that replayed valid (all of a finished run's), as a log."""
    return {"moves": run.held_moves[: len(run.move_results)]}
