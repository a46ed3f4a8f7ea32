"""An archive run's score: a log played on a closed challenge's deal, replayed by the
engine and never stored (challenges/schedule/archive.py says why nothing is kept)."""

from __future__ import annotations

from datetime import datetime

from django.utils.translation import gettext

from challenges import engine
from challenges.errors import ChallengeNotFound, ResultsNotOut
from challenges.models import Challenge


def archive_challenge(*, challenge_id: int, now: datetime) -> Challenge:
    """The challenge ``challenge_id`` if its results are out: its deal is public then."""
    challenge = Challenge.objects.filter(pk=challenge_id).first()
    if challenge is None:
        raise ChallengeNotFound(gettext("There is no challenge #%(id)s.") % {"id": challenge_id})
    if not challenge.results_out(now):
        raise ResultsNotOut(
            gettext(
                "Challenge #%(number)s is still being played; its archive opens at its results."
            )
            % {"number": challenge.number}
        )
    return challenge


def archive_replay(*, challenge: Challenge, log: object) -> engine.ReplayResult:
    """The engine's verdict on ``log`` played on the closed ``challenge``'s deal."""
    return engine.log_replay(
        tray=challenge.tray, well=challenge.well, log=log, rules_version=challenge.rules_version
    )
