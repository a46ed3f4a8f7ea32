"""Writes: making challenges and solving their par, starting runs and taking their
moves, finishing them, submitting entries (and reviewing them against the solver),
players' reports, and a moderator's decisions.

Every function takes keyword arguments only and an optional ``now`` so that the clock
is the caller's to control. Refusals raise a ``ServiceError`` subclass carrying a
human ``detail`` and a stable ``code``; the API maps each class to an HTTP status.
A finished run that breaks a rule is not a refusal: it is stored as rejected and
returned, because rejected runs are kept with their reason.
"""

from challenges.services.challenges import (
    challenge_current_ensure,
    challenge_ensure,
    challenge_seed,
    challenge_tiles_deal,
    challenges_ensure_ahead,
)
from challenges.services.entries import (
    challenge_entry_stats_refresh,
    entry_approve,
    entry_reports_resolve,
    entry_submit,
    entry_void,
    run_moves_hash,
)
from challenges.services.errors import (
    ChallengeNotOpen,
    EntriesClosed,
    EntryAlreadyReported,
    EntryAlreadySubmitted,
    EntryNotHeld,
    EntryNotReportable,
    FollowSelf,
    GuestAlreadyPlayer,
    GuestRunNotSubmittable,
    MovesConflict,
    RunAlreadyFinished,
    RunDeadlinePassed,
    RunNotEligible,
    RunNotFound,
    RunNotSubmittable,
    RunsLimitReached,
    ServiceError,
)
from challenges.services.follows import follow_add, follow_remove
from challenges.services.guests import guest_create, guest_runs_claim, guests_unclaimed_purge
from challenges.services.par import (
    challenge_par_request,
    challenge_par_solve,
    challenges_par_missing_solve,
    challenges_par_request,
)
from challenges.services.reports import entry_report, entry_reports_dismiss
from challenges.services.review import RunReview, review_thresholds, run_review
from challenges.services.runs import (
    run_finish,
    run_moves_add,
    run_start,
    runs_expire,
    runs_expired_purge,
)

__all__ = [
    "ChallengeNotOpen",
    "EntriesClosed",
    "EntryAlreadyReported",
    "EntryAlreadySubmitted",
    "EntryNotHeld",
    "EntryNotReportable",
    "FollowSelf",
    "GuestAlreadyPlayer",
    "GuestRunNotSubmittable",
    "MovesConflict",
    "RunAlreadyFinished",
    "RunDeadlinePassed",
    "RunNotEligible",
    "RunNotFound",
    "RunNotSubmittable",
    "RunReview",
    "RunsLimitReached",
    "ServiceError",
    "challenge_current_ensure",
    "challenge_ensure",
    "challenge_entry_stats_refresh",
    "challenge_par_request",
    "challenge_par_solve",
    "challenge_seed",
    "challenge_tiles_deal",
    "challenges_ensure_ahead",
    "challenges_par_missing_solve",
    "challenges_par_request",
    "entry_approve",
    "entry_report",
    "entry_reports_dismiss",
    "entry_reports_resolve",
    "entry_submit",
    "entry_void",
    "follow_add",
    "follow_remove",
    "guest_create",
    "guest_runs_claim",
    "guests_unclaimed_purge",
    "review_thresholds",
    "run_finish",
    "run_moves_add",
    "run_moves_hash",
    "run_review",
    "run_start",
    "runs_expire",
    "runs_expired_purge",
]
