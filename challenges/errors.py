"""The refusals of the services, and the clock they read.

Each refusal carries a human ``detail`` and a stable ``code``; the API maps each class
to an HTTP status (``challenges/api/errors.py``). The ``code`` is English and stable;
the ``detail`` is in the language of the request (docs/i18n.md): the defaults are lazy,
and the services word their own details with gettext as they raise.
"""

from __future__ import annotations

from datetime import datetime
from typing import TYPE_CHECKING

from django.utils import timezone
from django.utils.functional import Promise
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

if TYPE_CHECKING:
    from challenges.models import Run


def service_now(now: datetime | None) -> datetime:
    """``now`` if the caller gave one (tests, replays of the past), else the clock."""
    return now if now is not None else timezone.now()


class ServiceError(Exception):
    """A request the service refuses; ``detail`` is for people, ``code`` for programs."""

    code = "refused"
    default_detail: str | Promise = _("The request was refused.")

    def __init__(self, detail: str | None = None) -> None:
        self.detail: str = detail or str(self.default_detail)
        super().__init__(self.detail)


class ChallengeNotFound(ServiceError):
    """No challenge has this number."""

    code = "not_found"
    default_detail = "There is no such challenge."


class ChallengeNotOpen(ServiceError):
    code = "challenge_not_open"
    default_detail = _("This challenge is not open.")


class ResultsNotOut(ServiceError):
    """A challenge whose results are not public yet: no archive play of it."""

    code = "results_not_out"
    default_detail = _("This challenge's results are not out yet.")


class RunsLimitReached(ServiceError):
    code = "too_many_runs"
    default_detail = _("You have started as many runs of this challenge as a player may.")


class RunNotFound(ServiceError):
    """The player has no run with this id (or it is someone else's)."""

    code = "not_found"
    default_detail = _("You have no run with this id.")


class RunAlreadyFinished(ServiceError):
    code = "run_finished"
    default_detail = _("This run has already been finished.")


class RunClockRunning(ServiceError):
    """The run's clock cannot start again: the server holds a move of it already."""

    code = "clock_running"
    default_detail = _("This run's clock is running already: its moves have reached the server.")


class RunDeadlinePassed(ServiceError):
    code = "deadline_passed"
    default_detail = _("This run's time is up.")

    def __init__(self, detail: str | None = None, *, run: Run) -> None:
        super().__init__(detail)
        self.run = run


class MovesConflict(ServiceError):
    """A batch that leaves a gap after, or rewrites, the moves the server holds."""

    code = "moves_conflict"
    default_detail = _("These moves do not follow the ones the server holds.")

    def __init__(self, detail: str | None = None, *, received: int) -> None:
        super().__init__(detail)
        self.received = received


class RunNotSubmittable(ServiceError):
    code = "run_not_valid"
    default_detail = _("Only a finished, valid run can be submitted.")


class RunNotEligible(ServiceError):
    """A valid run that was not witnessed or not paced: practice, not an entry. Its code
    is the run's reason (``not_witnessed``, ``too_fast``); ``ineligible`` the reason with
    its figures, as the finish answered it."""

    code = "not_eligible"
    default_detail = _("This run cannot enter the leaderboard.")

    def __init__(
        self, detail: str | None = None, *, code: str, ineligible: dict[str, object] | None = None
    ) -> None:
        super().__init__(detail)
        self.code = code
        self.ineligible = ineligible


class EntryAlreadySubmitted(ServiceError):
    code = "already_submitted"
    default_detail = _("You have already submitted a run for this challenge.")


class EntriesClosed(ServiceError):
    code = "entries_closed"
    default_detail = _("This challenge no longer takes entries.")


class EntryNotFound(ServiceError):
    """No entry was submitted with this run."""

    code = "not_found"
    default_detail = "No entry was submitted with this run."


class EntryNotHeld(ServiceError):
    code = "entry_not_held"
    default_detail = _("Only a held entry can be approved.")


class EntryNotReportable(ServiceError):
    code = "not_reportable"
    default_detail = _("This entry cannot be reported.")


class EntryAlreadyReported(ServiceError):
    code = "already_reported"
    default_detail = _("You have already reported this entry.")


class FollowSelf(ServiceError):
    code = "follow_self"
    default_detail = _("You cannot follow yourself: your own entries are on every board you see.")


class FollowsLimitReached(ServiceError):
    code = "too_many_follows"

    def __init__(self, limit: int) -> None:
        super().__init__(
            gettext(
                "You follow %(limit)s players, as many as one may: unfollow one to follow another."
            )
            % {"limit": limit}
        )


class GuestRunNotSubmittable(ServiceError):
    """A guest's run: it reaches a board only once an account claims it."""

    code = "sign_up_to_submit"

    def __init__(self, detail: str | None = None) -> None:
        super().__init__(
            detail
            or gettext("Sign up or log in to submit this run: guests never appear on a board.")
        )


class GuestAlreadyPlayer(ServiceError):
    """A logged-in player asked to play as a guest: they play as themselves."""

    code = "already_logged_in"

    def __init__(self, detail: str | None = None) -> None:
        super().__init__(
            detail or gettext("You are logged in: your runs are your own, no guest needed.")
        )


class PuzzleNotFound(ServiceError):
    code = "puzzle_not_found"
    default_detail = _("There is no such puzzle.")


class PuzzleLocked(ServiceError):
    """A puzzle of the series opens when the one before it is solved."""

    code = "puzzle_locked"
    default_detail = _("Solve the puzzle before this one to open it.")


class PuzzleTooFast(ServiceError):
    """A time no person fills the puzzle in (``engine.puzzle_time_floor_ms``)."""

    code = "too_fast"

    def __init__(self, *, pieces: int, floor_ms: int) -> None:
        super().__init__(
            gettext(
                "No one fills %(pieces)s cells that fast: placing one piece takes at least "
                "%(gap)s ms, so this puzzle takes at least %(floor)s ms."
            )
            % {"pieces": pieces, "gap": floor_ms // max(pieces, 1), "floor": floor_ms}
        )


class PuzzleNotSolved(ServiceError):
    """The pieces sent do not fill the puzzle legally: ``code`` is the rule broken
    (docs/puzzles.md) and ``index`` the piece that broke it."""

    code = "shape_not_filled"
    default_detail = _("These pieces do not fill the puzzle.")

    def __init__(self, detail: str | None = None, *, code: str, index: int) -> None:
        super().__init__(detail)
        self.code = code
        self.index = index


class RemindersNotOffered(ServiceError):
    """Reminders are offered after a player's first finished run (docs/reminders.md)."""

    code = "reminders_not_offered"
    http_status = 403
    default_detail = _("Reminders are offered once you have finished a run.")


class PushServiceUnknown(ServiceError):
    """A subscription whose endpoint is no push service of the site's list: the server
    sends requests to endpoints, so it sends them to known push services only."""

    code = "push_service_unknown"
    http_status = 400
    default_detail = _("This browser's push service is not one reminders can use.")


class SubscriptionInvalid(ServiceError):
    code = "subscription_invalid"
    http_status = 400
    default_detail = _("This subscription is not one reminders can use.")
