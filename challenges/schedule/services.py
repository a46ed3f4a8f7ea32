"""Writes about challenges: the secret seed of a slot, its deal, and its row (whose par
is asked for as it is made)."""

from __future__ import annotations

import hashlib
import hmac
from datetime import datetime

from django.conf import settings
from django.db import IntegrityError, transaction

from challenges.engine import deal_shuffle
from challenges.errors import service_now
from challenges.models import Challenge
from challenges.schedule.outbox import outbox_drain as outbox_drain
from challenges.schedule.par import PAR_STORED_JOB as PAR_STORED_JOB

# Re-exported: the room's door for the faces.
from challenges.schedule.par import challenge_par_request as challenge_par_request
from challenges.schedule.par import challenge_par_solve as challenge_par_solve
from challenges.schedule.par import challenges_par_missing_solve as challenges_par_missing_solve
from challenges.schedule.par import challenges_par_request as challenges_par_request
from challenges.schedule.par import par_solve_ask
from challenges.slots import slot_get, slot_number


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
    win, and the loser (its insert in a savepoint) reads the winner's row. The winner
    asks for the new challenge's par in the same transaction (``par.py``, an outbox row).
    """
    existing = Challenge.objects.filter(number=number).first()
    if existing is not None:
        return existing
    seed = challenge_seed(number=number)
    tray, well = challenge_tiles_deal(seed=seed)
    slot = slot_get(number=number)
    try:
        with transaction.atomic():
            made = Challenge.objects.create(
                number=number,
                opens_at=slot.opens_at,
                closes_at=slot.closes_at,
                ruleset=Challenge.GameKind.CHALLENGE,
                tray=tray,
                well=well,
                seed=seed,
            )
            # Its par is asked for with the row itself: both commit, or neither.
            par_solve_ask(challenge_id=made.pk)
            return made
    except IntegrityError:
        return Challenge.objects.get(number=number)


def challenge_current_ensure(*, now: datetime | None = None) -> Challenge:
    """The challenge open at ``now``, made on the spot if the scheduler has not made it."""
    return challenge_ensure(number=slot_number(at=service_now(now)))


def challenges_ensure_ahead(*, ahead: int = 1, now: datetime | None = None) -> list[Challenge]:
    """The current challenge and the next ``ahead`` ones, made where missing."""
    if ahead < 0:
        raise ValueError("ahead must be zero or more")
    current = slot_number(at=service_now(now))
    return [challenge_ensure(number=n) for n in range(current, current + ahead + 1)]
