"""A player's own record, as the end screen shows it after a run: their bests before
it (today, this week, all time), where the run stands on the board, and their runs of
the challenge, best first, each with whether it can still be submitted.

"Today" and "this week" are the player's own (their time zone, weeks from Monday);
scores of every challenge count, as in any daily game's personal bests.
"""

from __future__ import annotations

import uuid
from dataclasses import dataclass
from datetime import UTC, datetime, time, timedelta, tzinfo

from django.contrib.auth.models import User
from django.db.models import Max, Q
from django.utils import timezone

from challenges.boards.score_table import leaderboard_score_table
from challenges.boards.standing import PlayerRank, leaderboard_rank
from challenges.models import Challenge, Entry, Run


@dataclass(frozen=True)
class Bests:
    """The best finished valid score in each span (None: no run in it)."""

    today: int | None
    week: int | None
    all_time: int | None


@dataclass(frozen=True)
class Place:
    rank: int
    count: int


@dataclass(frozen=True)
class RunStanding:
    """Where one finished run stands, for its player."""

    run_id: uuid.UUID
    score: int
    # The player's bests from runs started before this one.
    before: Bests
    # The spans in which this run is a new best ("today", "week", "all_time").
    new_bests: tuple[str, ...]
    # This run is the player's entry: its place on the board (None while held).
    entry: Place | None
    # This run may still be submitted: where it would land now.
    would_be: Place | None
    submittable: bool
    par: int | None


@dataclass(frozen=True)
class OwnRun:
    run_id: uuid.UUID
    score: int
    started_at: datetime
    eligible: bool
    submitted: bool
    submittable: bool
    best: bool


def challenge_par(challenge: Challenge) -> int | None:
    """The challenge's par (the solver's best score), once it is known: None until the
    solver has run (the pages say "par: soon")."""
    return challenge.par


def _span_starts(now: datetime, tz: tzinfo) -> tuple[datetime, datetime]:
    local = now.astimezone(tz)
    day = datetime.combine(local.date(), time(), tzinfo=tz)
    week = day - timedelta(days=local.weekday())
    return day.astimezone(UTC), week.astimezone(UTC)


def player_bests(
    *, player: User, tz: tzinfo = UTC, now: datetime | None = None, before: datetime | None = None
) -> Bests:
    """The player's best finished valid scores today, this week and ever, in ``tz``;
    ``before``: only runs started before then."""
    now = now or timezone.now()
    today, week = _span_starts(now, tz)
    runs = Run.objects.filter(player=player, status=Run.Status.FINISHED)
    if before is not None:
        runs = runs.filter(started_at__lt=before)
    found = runs.aggregate(
        today=Max("score", filter=Q(started_at__gte=today)),
        week=Max("score", filter=Q(started_at__gte=week)),
        all_time=Max("score"),
    )
    return Bests(today=found["today"], week=found["week"], all_time=found["all_time"])


def _new_bests(score: int, before: Bests) -> tuple[str, ...]:
    """The spans ``score`` beats: higher than the best before, or the first run of the
    span with points (a first run at 0 or below is no best to celebrate)."""
    spans = (("today", before.today), ("week", before.week), ("all_time", before.all_time))
    return tuple(name for name, best in spans if score > (0 if best is None else best))


def _submittable(run: Run, entry: Entry | None, now: datetime) -> bool:
    return run.is_eligible and entry is None and now <= run.challenge.results_at


def _would_be(challenge: Challenge, score: int) -> Place:
    table = leaderboard_score_table(challenge=challenge)
    return Place(rank=table.rank_of(score), count=table.count + 1)


def _entry_place(rank: PlayerRank | None, run: Run) -> Place | None:
    if rank is None or rank.entry.run_id != run.pk or not rank.entry.is_live:
        return None
    return Place(rank=rank.rank, count=rank.count)


def run_standing(*, run: Run, tz: tzinfo = UTC, now: datetime | None = None) -> RunStanding:
    """The end screen's facts about the player's finished valid ``run``."""
    now = now or timezone.now()
    assert run.score is not None, "only finished runs have a standing"
    challenge = run.challenge
    before = player_bests(player=run.player, tz=tz, now=now, before=run.started_at)
    entry = Entry.objects.filter(challenge=challenge, player=run.player).first()
    submittable = _submittable(run, entry, now)
    return RunStanding(
        run_id=run.pk,
        score=run.score,
        before=before,
        new_bests=_new_bests(run.score, before) if run.is_valid else (),
        entry=_entry_place(leaderboard_rank(challenge=challenge, player=run.player), run),
        would_be=_would_be(challenge, run.score) if submittable else None,
        submittable=submittable,
        par=challenge_par(challenge),
    )


def own_runs(*, challenge_id: int, player_id: int, now: datetime | None = None) -> list[OwnRun]:
    """The player's finished valid runs of the challenge, best first (then earliest)."""
    now = now or timezone.now()
    entry = Entry.objects.filter(challenge_id=challenge_id, player_id=player_id).first()
    runs = list(
        Run.objects.filter(
            challenge_id=challenge_id, player_id=player_id, status=Run.Status.FINISHED
        )
        .select_related("challenge")
        .order_by("-score", "started_at")
    )
    best_eligible = next((run.pk for run in runs if run.is_eligible), None)
    return [
        OwnRun(
            run_id=run.pk,
            score=run.score or 0,
            started_at=run.started_at,
            eligible=run.is_eligible,
            submitted=entry is not None and entry.run_id == run.pk,
            submittable=_submittable(run, entry, now),
            best=run.pk == best_eligible,
        )
        for run in runs
    ]
