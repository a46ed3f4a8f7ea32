"""What the play room's writes and hot reads return besides a run: typed values, so no
caller hangs answers on a model instance.

A batch or a finish reads these in the query that reads the run's head (``run_rows``),
a start in its one statement (``run_sql``) and a submit in the query that reads its run,
so their answers cost no query more.
"""

from __future__ import annotations

from dataclasses import dataclass

from challenges.models import Challenge, Run


@dataclass(frozen=True)
class ChallengeStanding:
    """The player's standing on the run's challenge, other than the run itself."""

    best_before: int | None
    """Their best score in another finished run of the challenge, or None."""
    submitted: bool
    """Whether they have an entry for the challenge."""


@dataclass(frozen=True)
class RunPlayed:
    """A run as a batch of its moves or its finish left it."""

    run: Run
    received: int
    """How many moves of the run the server holds (counted as they were taken, so the
    held moves are not read back)."""
    standing: ChallengeStanding | None = None
    """A finish's, read with the run: what the finish answer tells the player."""


@dataclass(frozen=True)
class RunStarting:
    """What a run's start found, read and written in one statement."""

    challenge: Challenge | None
    """The run's challenge (None: there is no such challenge)."""
    started_before: int
    """How many runs of it the player had started before."""
    inserted: bool
    """Whether the run was stored: its challenge is open and the player is under the limit."""
    best: Run | None = None
    """The player's best finished run of the challenge so far (``ghosts.best_run``), the
    ghost the new run races."""


@dataclass(frozen=True)
class RunSubmitting:
    """A run read for a submit, with what a submit asks first, in the same query."""

    run: Run
    guest: bool
    """Whether its player is a guest (who may not submit)."""
    submitted: bool
    """Whether its player already has an entry for its challenge."""
    own_runs_beside: bool
    """Whether its player has other runs that may have been in play beside it
    (``runs_beside``): without them, and with no device or network shared, nothing
    overlapped it, and trust reads no runs."""


def standing_best_score(*, run: Run, standing: ChallengeStanding) -> int | None:
    """The player's best finished score on the run's challenge, ``run`` counted."""
    best = standing.best_before
    if run.status == Run.Status.FINISHED and run.score is not None:
        best = run.score if best is None else max(best, run.score)
    return best
