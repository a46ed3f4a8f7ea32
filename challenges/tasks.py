"""Celery tasks: thin wrappers over services, safe to run twice or at once."""

from __future__ import annotations

from datetime import date, datetime, timedelta
from typing import Any

from celery import Task, shared_task
from django.conf import settings
from django.urls import reverse

from challenges.classic.services import classic_games_abandoned_remove
from challenges.moderation.services import holds_settle
from challenges.play.services import runs_expire, runs_expired_purge
from challenges.players.services import guests_unclaimed_purge
from challenges.puzzles.services import puzzles_daily_ahead
from challenges.reminders import services as reminders
from challenges.schedule import services as schedule
from challenges.schedule.services import challenge_ensure, challenges_ensure_ahead
from challenges.tables import selectors as tables_selectors
from challenges.tables import services as tables_services


@shared_task(name="challenges.tasks.challenges_ensure_upcoming", acks_late=True)
def challenges_ensure_upcoming() -> list[int]:
    """Keep the current and the next challenge made; returns their numbers.

    Idempotent (``challenge_ensure`` is), so a missed tick, a second beat or a
    redelivered message changes nothing.
    """
    return [challenge.number for challenge in challenges_ensure_ahead(ahead=1)]


@shared_task(name="challenges.tasks.runs_expire_abandoned", acks_late=True)
def runs_expire_abandoned() -> dict[str, int]:
    """Expire the runs nobody finished in time, and purge the week-old expired ones.

    Idempotent: a second run at once finds nothing left to do."""
    return {
        "expired": runs_expire(),
        "purged": runs_expired_purge(older_than=timedelta(days=7)),
    }


@shared_task(name="challenges.tasks.challenge_par_solve", acks_late=True)
def challenge_par_solve(challenge_id: int) -> int | None:
    """Solve a challenge's par (asked for when the challenge is made); returns the par.

    Safe to run twice or at once: the service claims the row, and a par once stored is
    never solved again."""
    challenge = schedule.challenge_par_solve(challenge_id=challenge_id)
    return challenge.par if challenge is not None else None


@shared_task(name="challenges.tasks.outbox_drain", acks_late=True)
def outbox_drain() -> int:
    """The beat's drain of the outbox: the work requests asked for (a par), done here;
    returns how many jobs were done. Safe to run twice or at once: each row is claimed."""
    return schedule.outbox_drain(limit=20)


@shared_task(name="challenges.tasks.challenges_par_missing", acks_late=True)
def challenges_par_missing() -> list[int]:
    """The beat's make-up: solve up to three missing pars (a task lost while the broker
    was down, challenges made before par existed); returns their numbers."""
    return schedule.challenges_par_missing_solve(limit=3)


@shared_task(name="challenges.tasks.guests_purge_unclaimed", acks_late=True)
def guests_purge_unclaimed() -> int:
    """Delete the guests nobody claimed within a week, with their runs; returns how many.

    Idempotent: a second run at once finds none left."""
    return guests_unclaimed_purge()


@shared_task(name="challenges.tasks.classic_games_expire_abandoned", acks_late=True)
def classic_games_expire_abandoned() -> int:
    """Remove the unfinished classic games nobody touched in ``CLASSIC_ABANDONED_DAYS``;
    returns how many. Idempotent: a second run at once finds none left."""
    return classic_games_abandoned_remove()


@shared_task(name="challenges.tasks.puzzles_daily_ensure", acks_late=True)
def puzzles_daily_ensure() -> list[str]:
    """Store today's and tomorrow's puzzles of the day. Idempotent: a stored day's
    puzzle is kept as it is."""
    return [day.isoformat() for day in puzzles_daily_ahead(days=1)]


@shared_task(name="challenges.tasks.holds_settle_due", acks_late=True)
def holds_settle_due() -> int:
    """Settle the holds no moderator decided by their challenge's results (the policy,
    docs/trust.md). Idempotent: a settled hold is not settled again."""
    return holds_settle()


@shared_task(name="challenges.tasks.tables_pairing_wave", acks_late=True)
def tables_pairing_wave() -> int:
    """A wave of the rated pool; returns how many tables it seated. Safe at once: the
    wave locks the waiting tickets."""
    return tables_services.pairing_wave()


@shared_task(name="challenges.tasks.tables_clocks_settle", acks_late=True)
def tables_clocks_settle() -> dict[str, int]:
    """Computers take the seats of people out of time or away too long at tables of
    three or four, live or a day a move, and tables nobody filled in time close."""
    return {
        "taken_over": sum(
            tables_services.table_timeouts_settle(table_id=table_id)
            for table_id in tables_selectors.tables_clock_due_ids()
        ),
        "expired": tables_services.tables_expire(),
    }


def _same_queue(task: Task[Any, Any]) -> str:
    """The queue this task came from: the tasks it sends go to the same workers (the
    default queue when it came from none: run eagerly, or called directly)."""
    queue = (task.request.delivery_info or {}).get("routing_key")
    return str(queue or task.app.conf.task_default_queue)


@shared_task(name="challenges.tasks.reminders_due", bind=True, acks_late=True)
def reminders_due(self: Task[Any, Any], at: str | None = None) -> dict[str, int]:
    """The beat's check: start each reminder's round when its moment comes (a slot
    opens; an hour before it closes), one task a chunk of subscribers; returns how many
    each round started reaches. Safe twice or at once: a round starts once. ``at``: the
    moment to act as of (tests), else now."""
    now = datetime.fromisoformat(at) if at else None
    started: dict[str, int] = {}
    for kind in reminders.Reminder:
        slot = reminders.reminder_round_start(kind=kind, now=now)
        if slot is None:
            continue
        challenge_ensure(number=slot)  # the page a reminder opens has its challenge
        chunks = reminders.reminder_round_chunks(kind=kind, slot=slot, now=now)
        for chunk in chunks:
            reminders_send.apply_async(
                kwargs={
                    "kind": kind.value,
                    "slot": slot,
                    "ids": chunk.ids,
                    "day": chunk.day.isoformat(),
                    "at": at,
                },
                queue=_same_queue(self),
            )
        started[kind.value] = sum(len(chunk.ids) for chunk in chunks)
    return started


@shared_task(name="challenges.tasks.reminders_send", bind=True, acks_late=True)
def reminders_send(
    self: Task[Any, Any],
    kind: str,
    slot: int,
    ids: list[int],
    day: str,
    attempt: int = 0,
    at: str | None = None,
) -> dict[str, int]:
    """Push one chunk of a round. What failed (not 404/410) is sent again later, at most
    ``REMINDERS_RETRIES`` times, each pause twice the one before."""
    outcome = reminders.reminders_deliver(
        kind=reminders.Reminder(kind),
        slot=slot,
        ids=ids,
        day=date.fromisoformat(day),
        url=reverse("challenges:play"),
        claimed=attempt > 0,
        now=datetime.fromisoformat(at) if at else None,
    )
    if outcome.failed and attempt < settings.REMINDERS_RETRIES:
        reminders_send.apply_async(
            kwargs={
                "kind": kind,
                "slot": slot,
                "ids": outcome.failed,
                "day": day,
                "attempt": attempt + 1,
                "at": at,
            },
            countdown=settings.REMINDERS_RETRY_SECONDS * 2**attempt,
            queue=_same_queue(self),
        )
    return {"sent": outcome.sent, "gone": outcome.gone, "failed": len(outcome.failed)}
