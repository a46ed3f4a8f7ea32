"""Writes about par: solving a challenge's par (the solver's best run), asking for it off
the request path, and filling in the pars that are missing.

Solving takes seconds of CPU (``PAR_SOLVER_NODES``, about 7 s), so no request ever
solves. A new challenge asks for its par with an outbox row written in the transaction
that makes it (``outbox.py``); the beat's drain task solves it on a worker, or, with no
worker (the embedded default), this process's background thread, which solves in a
child process (``background.py``). A page that finds no par asks again (at most once
per ``PAR_CLAIM_SECONDS``), and the beat's ``challenges_par_missing`` makes up for
anything else. Whatever asks, a solver claims the row before solving, so a challenge
is solved once however many ask.

The work after par is the moderation room's: the entries submitted before it was known
are reviewed against it (``moderation/par_review.py``), asked for with an outbox row
in the transaction that stores the par.
"""

from __future__ import annotations

import logging
from collections.abc import Iterable
from datetime import datetime, timedelta

from django.conf import settings
from django.core.cache import cache
from django.db import transaction
from django.db.models import Q

from challenges import engine
from challenges.errors import service_now
from challenges.models import Challenge
from challenges.schedule.background import background_compute
from challenges.schedule.outbox import outbox_add, outbox_job

logger = logging.getLogger(__name__)

PAR_JOB = "challenge_par_solve"
# The work after par, done by the room it belongs to (moderation/par_review.py).
PAR_STORED_JOB = "entries_review_par"


def challenge_par_solve(
    *, challenge_id: int, max_nodes: int | None = None, now: datetime | None = None
) -> Challenge | None:
    """Solve the par of challenge ``challenge_id`` and store it with the solver's log,
    unless it has one or another solver holds a fresh claim on it; a par stored asks
    for the review of the entries submitted before it was known (``PAR_STORED_JOB``).
    Returns the row as it is then (None if there is no such challenge).

    Safe to run twice or at once: the claim (one UPDATE) lets one solver in; the store
    writes only a missing par.
    """
    now = service_now(now)
    stale = now - timedelta(seconds=settings.PAR_CLAIM_SECONDS)
    claimed = (
        Challenge.objects.filter(pk=challenge_id, par__isnull=True)
        .filter(Q(par_claimed_at__isnull=True) | Q(par_claimed_at__lt=stale))
        .update(par_claimed_at=now)
    )
    if not claimed:
        return Challenge.objects.filter(pk=challenge_id).first()
    challenge = Challenge.objects.get(pk=challenge_id)
    budget = max_nodes if max_nodes is not None else settings.PAR_SOLVER_NODES
    deal = {"tray": challenge.tray, "well": challenge.well, "max_nodes": budget}
    if settings.PAR_SOLVE == "thread":
        solved = background_compute(engine.par_solve, **deal)
    else:
        solved = engine.par_solve(**deal)
    with transaction.atomic():
        stored = Challenge.objects.filter(pk=challenge_id, par__isnull=True).update(
            par=solved.score,
            par_log=solved.log,
            par_solved_at=service_now(None),
            par_claimed_at=None,
        )
        if stored:
            key = f"par-stored:{challenge_id}"
            outbox_add(name=PAR_STORED_JOB, key=key, kwargs={"challenge_id": challenge_id})
    challenge.refresh_from_db()
    logger.info(
        "par of challenge #%s: %s (%s nodes, %.1f s)",
        challenge.number,
        solved.score,
        solved.nodes,
        solved.seconds,
    )
    return challenge


def challenge_par_request(*, challenge: Challenge) -> bool:
    """Ask for the par of ``challenge`` off the request path, if it has none yet and
    nobody asked from this cache in the last ``PAR_CLAIM_SECONDS``. Returns whether it
    asked.

    The ask is a row in the outbox (one INSERT, nothing if one waits already): no
    broker, no result store, so no request waits on Redis, and an ask made while Redis
    is down is done once a worker drains the outbox again."""
    if challenge.par is not None or settings.PAR_SOLVE == "off":
        return False
    key = f"par-requested:{challenge.pk}"
    if not cache.add(key, True, timeout=settings.PAR_CLAIM_SECONDS):
        return False
    par_solve_ask(challenge_id=challenge.pk)
    return True


def par_solve_ask(*, challenge_id: int) -> None:
    """The outbox row asking for the par of ``challenge_id`` (in the caller's
    transaction: the challenge's own, when it is being made)."""
    if settings.PAR_SOLVE != "off":
        outbox_add(name=PAR_JOB, key=f"par:{challenge_id}", kwargs={"challenge_id": challenge_id})


@outbox_job(PAR_JOB)
def _par_job(*, challenge_id: int) -> None:
    challenge_par_solve(challenge_id=challenge_id)


def challenges_par_request(*, challenges: Iterable[Challenge]) -> int:
    """Ask for the par of each of ``challenges`` that has none; returns how many asked."""
    return sum(challenge_par_request(challenge=challenge) for challenge in challenges)


def challenges_par_missing_solve(
    *, limit: int = 3, max_nodes: int | None = None, now: datetime | None = None
) -> list[int]:
    """Solve, here and now, the missing pars of challenges opening before a day from
    ``now`` (the next slot's, the current one, then the past ones), newest first, at most
    ``limit`` of them. Returns the numbers solved. The beat's make-up for a par whose
    task was lost, and how challenges made before par existed get theirs."""
    now = service_now(now)
    stale = now - timedelta(seconds=settings.PAR_CLAIM_SECONDS)
    missing = (
        Challenge.objects.filter(par__isnull=True, opens_at__lte=now + timedelta(days=1))
        .filter(Q(par_claimed_at__isnull=True) | Q(par_claimed_at__lt=stale))
        .order_by("-number")
        .values_list("pk", flat=True)[:limit]
    )
    solved = []
    for challenge_id in list(missing):
        challenge = challenge_par_solve(challenge_id=challenge_id, max_nodes=max_nodes, now=now)
        if challenge is not None and challenge.par is not None:
            solved.append(challenge.number)
    return solved
