"""Writes: making challenges, starting and finishing runs, submitting and voiding entries.

Every function takes keyword arguments only and an optional ``now`` so that the clock
is the caller's to control. Refusals raise a ``ServiceError`` subclass carrying a
human ``detail`` and a stable ``code``; the API maps each class to an HTTP status.
A finished run that breaks a rule is not a refusal: it is stored as rejected and
returned, because rejected runs are kept with their reason.
"""

from __future__ import annotations

import hashlib
import hmac
import json
import math
from datetime import datetime, timedelta
from typing import Any

from django.conf import settings
from django.contrib.auth.models import User
from django.db import IntegrityError, transaction
from django.db.models import Count, F, Max, Value
from django.db.models.functions import Coalesce, Greatest
from django.utils import timezone

from challenges import schedule
from challenges.game import RULESET, log_replay, run_clock_reach_ms
from challenges.leaderboard_cache import leaderboard_cache_bump
from challenges.models import Challenge, Entry, Run, ScoreCount
from challenges.rules import deal_shuffle


class ServiceError(Exception):
    """A request the service refuses; ``detail`` is for people, ``code`` for programs."""

    code = "refused"
    default_detail = "The request was refused."

    def __init__(self, detail: str | None = None) -> None:
        self.detail = detail or self.default_detail
        super().__init__(self.detail)


class ChallengeNotOpen(ServiceError):
    code = "challenge_not_open"
    default_detail = "This challenge is not open."


class RunAlreadyFinished(ServiceError):
    code = "run_finished"
    default_detail = "This run has already been finished."


class RunDeadlinePassed(ServiceError):
    code = "deadline_passed"
    default_detail = "This run's time is up."

    def __init__(self, detail: str | None = None, *, run: Run) -> None:
        super().__init__(detail)
        self.run = run


class RunNotSubmittable(ServiceError):
    code = "run_not_valid"
    default_detail = "Only a finished, valid run can be submitted."


class EntryAlreadySubmitted(ServiceError):
    code = "already_submitted"
    default_detail = "You have already submitted a run for this challenge."


class EntriesClosed(ServiceError):
    code = "entries_closed"
    default_detail = "This challenge no longer takes entries."


def _now(now: datetime | None) -> datetime:
    return now if now is not None else timezone.now()


def challenge_seed(*, number: int) -> str:
    """The secret, reproducible seed of slot ``number`` (hex HMAC-SHA256)."""
    key = settings.CHALLENGE_SECRET.encode()
    return hmac.new(key, f"challenge:{number}".encode(), hashlib.sha256).hexdigest()


def challenge_tiles_deal(*, seed: str) -> tuple[list[str], list[str]]:
    """Shuffle the 56 tiles with ``seed``: the first 9 are the tray, the rest the well."""
    deal = deal_shuffle(int(seed, 16))
    return list(deal.tray), list(deal.well)


def challenge_ensure(*, number: int) -> Challenge:
    """The challenge of slot ``number``, made if missing. Idempotent and race-safe.

    Two processes may both miss the row and both insert; ``UNIQUE(number)`` lets one
    win, and the loser (its insert in a savepoint) reads the winner's row.
    """
    existing = Challenge.objects.filter(number=number).first()
    if existing is not None:
        return existing
    seed = challenge_seed(number=number)
    tray, well = challenge_tiles_deal(seed=seed)
    slot = schedule.slot_get(number=number)
    try:
        with transaction.atomic():
            return Challenge.objects.create(
                id=number,
                number=number,
                opens_at=slot.opens_at,
                closes_at=slot.closes_at,
                ruleset=Challenge.GameKind.CHALLENGE,
                tray=tray,
                well=well,
                seed=seed,
            )
    except IntegrityError:
        return Challenge.objects.get(number=number)


def challenge_current_ensure(*, now: datetime | None = None) -> Challenge:
    """The challenge open at ``now``, made on the spot if the scheduler has not made it."""
    return challenge_ensure(number=schedule.slot_number(at=_now(now)))


def challenges_ensure_ahead(*, ahead: int = 1, now: datetime | None = None) -> list[Challenge]:
    """The current challenge and the next ``ahead`` ones, made where missing."""
    if ahead < 0:
        raise ValueError("ahead must be zero or more")
    current = schedule.slot_number(at=_now(now))
    return [challenge_ensure(number=n) for n in range(current, current + ahead + 1)]


def run_start(*, player: User, challenge: Challenge, now: datetime | None = None) -> Run:
    """Start a run on an open challenge; the server's clock is the run's start."""
    now = _now(now)
    if now < challenge.opens_at:
        raise ChallengeNotOpen(f"Challenge #{challenge.number} has not opened yet.")
    if challenge.is_closed(now):
        raise ChallengeNotOpen(
            f"Challenge #{challenge.number} closed at {challenge.closes_at:%Y-%m-%d %H:%M} UTC; "
            "play the current challenge instead."
        )
    return Run.objects.create(player=player, challenge=challenge, started_at=now)


def _clean_text(text: str) -> str:
    # Lone surrogates cannot be UTF-8; NUL cannot be in a PostgreSQL text or jsonb value.
    return text.encode("utf-8", "replace").decode("utf-8").replace("\x00", "\ufffd")


def _log_storable(log: object) -> object:
    """``log`` as jsonb accepts it: the client's JSON may hold what PostgreSQL refuses.

    Lone surrogates and NUL in strings become U+FFFD, non-finite numbers null. The
    walk is iterative because a client decides how deep the JSON nests.
    """
    try:
        text = json.dumps(log, ensure_ascii=False, allow_nan=False)
        text.encode("utf-8")
        if "\x00" not in text and "\\u0000" not in text:
            return log
    except (ValueError, UnicodeEncodeError):
        pass
    root: list[object] = [log]
    pending: list[tuple[Any, Any]] = [(root, 0)]
    while pending:
        container, key = pending.pop()
        item = container[key]
        if isinstance(item, str):
            container[key] = _clean_text(item)
        elif isinstance(item, float) and not math.isfinite(item):
            container[key] = None
        elif isinstance(item, list):
            copied = list(item)
            container[key] = copied
            pending.extend((copied, index) for index in range(len(copied)))
        elif isinstance(item, dict):
            cleaned = {_clean_text(str(k)): v for k, v in item.items()}
            container[key] = cleaned
            pending.extend((cleaned, k) for k in cleaned)
    return root[0]


def run_finish(*, run: Run, log: object, now: datetime | None = None) -> Run:
    """Replay ``log`` on the run's challenge and keep the outcome, valid or rejected.

    Raises ``RunAlreadyFinished`` for a run that is not in progress, and
    ``RunDeadlinePassed`` (after storing the run as rejected) once the deadline is over.
    """
    now = _now(now)
    with transaction.atomic():
        # The row lock makes two simultaneous finishes of one run resolve to one.
        locked = Run.objects.select_for_update().select_related("challenge").get(pk=run.pk)
        if locked.status == Run.Status.EXPIRED:
            raise RunDeadlinePassed(
                f"Too late: this run started at {locked.started_at:%H:%M:%S} UTC and was "
                "never finished in time.",
                run=locked,
            )
        if locked.status != Run.Status.STARTED:
            raise RunAlreadyFinished(
                f"This run was already finished at {locked.finished_at:%H:%M:%S} UTC "
                f"({locked.get_status_display().lower()}); start a new run to play again."
            )
        deadline = locked.finish_by
        locked.finished_at = now
        locked.log = _log_storable(log)
        if now > deadline:
            detail = (
                f"Too late: this run started at {locked.started_at:%H:%M:%S} UTC and finishes "
                f"were accepted until {deadline:%H:%M:%S} UTC "
                f"({RULESET.time_limit_ms // 1000} s plus {RULESET.finish_grace_ms // 1000} s "
                "grace)."
            )
            locked.status = Run.Status.REJECTED
            locked.error = {"move": None, "code": RunDeadlinePassed.code, "detail": detail}
            locked.save(update_fields=["finished_at", "log", "status", "error"])
            expired: RunDeadlinePassed | None = RunDeadlinePassed(detail, run=locked)
        else:
            expired = None
            _run_replay_store(run=locked, log=log, now=now)
    if expired is not None:
        raise expired
    return locked


def runs_expire(*, now: datetime | None = None) -> int:
    """Mark the runs nobody finished in time as expired; returns how many.

    A started run whose finish can no longer be taken is abandoned (a closed tab, a
    script that gave up). Expiring it keeps "started" meaning "may still finish".
    """
    now = _now(now)
    too_old = now - timedelta(milliseconds=RULESET.time_limit_ms + RULESET.finish_grace_ms)
    return Run.objects.filter(status=Run.Status.STARTED, started_at__lt=too_old).update(
        status=Run.Status.EXPIRED
    )


def runs_expired_purge(*, older_than: timedelta, now: datetime | None = None) -> int:
    """Delete expired runs started longer ago than ``older_than``; returns how many.

    An expired run holds no log, score or entry, so no history, board or replay needs
    it: only the row, which a script starting runs in a loop would pile up.
    """
    cutoff = _now(now) - older_than
    deleted, _ = Run.objects.filter(status=Run.Status.EXPIRED, started_at__lt=cutoff).delete()
    return deleted


def _run_replay_store(*, run: Run, log: object, now: datetime) -> None:
    challenge = run.challenge
    result = log_replay(
        tray=challenge.tray,
        well=challenge.well,
        log=log,
        max_t=run_clock_reach_ms(started_at=run.started_at, at=now),
    )
    run.score = result.score
    run.move_results = [{"points": m.points, "bonus": m.bonus} for m in result.moves]
    if result.valid:
        run.status = Run.Status.FINISHED
        run.error = None
    else:
        assert result.error is not None
        run.status = Run.Status.REJECTED
        run.error = {
            "move": result.error.move,
            "code": result.error.code,
            "detail": result.error.detail,
        }
    run.save(update_fields=["finished_at", "log", "status", "score", "move_results", "error"])


def entry_submit(*, run: Run, now: datetime | None = None) -> Entry:
    """Make a finished valid run its player's one entry for the challenge.

    ``UNIQUE(challenge, player)`` decides between simultaneous submits: exactly one
    insert wins, the others get ``EntryAlreadySubmitted``.
    """
    now = _now(now)
    if run.status != Run.Status.FINISHED:
        if run.status == Run.Status.STARTED:
            raise RunNotSubmittable("Finish this run before submitting it.")
        raise RunNotSubmittable("This run was rejected, so it cannot be submitted.")
    challenge = run.challenge
    if now > challenge.results_at:
        raise EntriesClosed(
            f"Challenge #{challenge.number} stopped taking entries at "
            f"{challenge.results_at:%Y-%m-%d %H:%M:%S} UTC."
        )
    assert run.score is not None
    if Entry.objects.filter(challenge=challenge, player_id=run.player_id).exists():
        raise EntryAlreadySubmitted()
    score = run.score
    try:
        with transaction.atomic():
            entry = Entry.objects.create(
                challenge=challenge,
                player_id=run.player_id,
                run=run,
                score=score,
                submitted_at=now,
            )
            _challenge_entry_stats_add(challenge=challenge, score=score)
            leaderboard_cache_bump(challenge=challenge)
    except IntegrityError as error:
        # Only the entry's UNIQUE(challenge, player) can fail here; the stats absorb
        # their own races.
        raise EntryAlreadySubmitted() from error
    return entry


def _challenge_entry_stats_add(*, challenge: Challenge, score: int) -> None:
    """Count one more live entry at ``score``: the row's totals and the score count."""
    Challenge.objects.filter(pk=challenge.pk).update(
        entry_count=F("entry_count") + 1,
        top_score=Greatest(Coalesce(F("top_score"), Value(score)), Value(score)),
    )
    same_score = ScoreCount.objects.filter(challenge=challenge, score=score)
    if same_score.update(entries=F("entries") + 1):
        return
    try:
        with transaction.atomic():
            ScoreCount.objects.create(challenge=challenge, score=score, entries=1)
    except IntegrityError:
        # Another submit made the row first; it is committed now, so add to it.
        same_score.update(entries=F("entries") + 1)


def entry_void(*, entry: Entry, reason: str, now: datetime | None = None) -> Entry:
    """Take an entry off the leaderboards, keeping it (and its reason) for the record."""
    reason = reason.strip()
    if not reason:
        raise ValueError("a voided entry needs a reason")
    entry.voided_at = entry.voided_at or _now(now)
    entry.void_reason = reason
    with transaction.atomic():
        entry.save(update_fields=["voided_at", "void_reason"])
        challenge_entry_stats_refresh(challenge=entry.challenge)
    return entry


def challenge_entry_stats_refresh(*, challenge: Challenge) -> None:
    """Recount a challenge's live entries, top score and score counts from the entries.

    Submits keep these up to date incrementally; a void (rare) recounts, and so may an
    operator after writing entries by hand.
    """
    live = Entry.objects.live().filter(challenge=challenge)
    with transaction.atomic():
        ScoreCount.objects.filter(challenge=challenge).delete()
        counts = live.order_by().values("score").annotate(n=Count("id")).values_list("score", "n")
        ScoreCount.objects.bulk_create(
            ScoreCount(challenge=challenge, score=score, entries=n) for score, n in counts
        )
        totals = live.aggregate(count=Count("id"), top=Max("score"))
        Challenge.objects.filter(pk=challenge.pk).update(
            entry_count=totals["count"], top_score=totals["top"]
        )
        leaderboard_cache_bump(challenge=challenge)
