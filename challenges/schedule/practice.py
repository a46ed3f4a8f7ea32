"""Untimed practice: which challenge's deal a player may practise without the clock.

A practice run lives in the browser only. The practice page plays it through the rules
port (the one engine's port, held to it by the golden vectors) with no clock, and never
sends it: it has no Run row, no witness, no submit, so it can reach no leaderboard by
construction, not by a flag every reader must remember to check.

Its deal is a finished challenge's, never the open one's. A finished challenge's tray
and well are public from ``results_at`` on (its runs and replays are), so practising
them gives nobody anything; an untimed run on the open deal would let a player work out
its best line at leisure and then play that line against the clock.

Before any challenge's results are out (a new install), practice deals tiles of its
own, from a seed no challenge has (a challenge's is a secret HMAC): the page the home
and how-to-play pages advertise is never a dead end.
"""

from __future__ import annotations

import hashlib
from datetime import datetime
from functools import cache

from challenges.engine import deal_shuffle
from challenges.models import Challenge

# The results of the challenge closed last come out a run's length after its close: the
# one before it is always out. Two candidates are enough.
_CANDIDATES = 2


def practice_challenge_get(*, now: datetime, number: int | None = None) -> Challenge | None:
    """The challenge whose deal may be practised: challenge ``number`` if its results are
    out at ``now``, else None; without ``number``, the latest challenge whose results
    are out (None before any is)."""
    closed = Challenge.objects.filter(closes_at__lte=now)
    if number is not None:
        closed = closed.filter(number=number)
    for challenge in closed.order_by("-number")[:_CANDIDATES]:
        if challenge.results_out(now):
            return challenge
    return None


_PRACTICE_SEED = hashlib.sha256(b"tri-ominos daily: practice").hexdigest()


@cache
def practice_deal_get() -> tuple[list[str], list[str]]:
    """The practice's own deal, ``(tray, well)``: the same for everyone, and no
    challenge's."""
    deal = deal_shuffle(int(_PRACTICE_SEED, 16))
    return list(deal.tray), list(deal.well)
