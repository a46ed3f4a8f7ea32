"""How runs and entries are judged: the review of runs no person plays, and trust
across a player's runs."""

from __future__ import annotations

from config.settings.environment import env

# The review of runs no person plays (rules/review.py): an entry beyond any of these is
# held for a moderator. Defaults from tests/benchmarks/review_calibration.py (docs/solver.md).
REVIEW_PAR_RATIO = env.float("REVIEW_PAR_RATIO", default=0.85)
REVIEW_SOLVER_MATCH = env.float("REVIEW_SOLVER_MATCH", default=0.95)
REVIEW_SOLVER_MATCH_CHOICES = env.int("REVIEW_SOLVER_MATCH_CHOICES", default=8)
REVIEW_SOLVER_LIKE = env.float("REVIEW_SOLVER_LIKE", default=1.6)
REVIEW_MEDIAN_GAP_MS = env.int("REVIEW_MEDIAN_GAP_MS", default=800)
REVIEW_MIN_GAP_MS = env.int("REVIEW_MIN_GAP_MS", default=0)
REVIEW_PACE_PLACEMENTS = env.int("REVIEW_PACE_PLACEMENTS", default=10)

# Trust across runs (triominos/trust.py, docs/trust.md): what holds a score at the top of a
# board for a person. Defaults from tests/benchmarks/trust_calibration.py.
TRUST_TOP = env.int("TRUST_TOP", default=10)
TRUST_TOP_SHARE = env.float("TRUST_TOP_SHARE", default=0.01)
TRUST_GUARD_SHARE = env.float("TRUST_GUARD_SHARE", default=0.70)
TRUST_PROVISIONAL_CHALLENGES = env.int("TRUST_PROVISIONAL_CHALLENGES", default=5)
TRUST_FORM_MARGIN = env.float("TRUST_FORM_MARGIN", default=0.20)
TRUST_FORM_MARGIN_CAP = env.float("TRUST_FORM_MARGIN_CAP", default=0.35)
TRUST_FORM_SPREAD_Z = env.float("TRUST_FORM_SPREAD_Z", default=2.5)
TRUST_FORM_WINDOW = env.int("TRUST_FORM_WINDOW", default=20)
TRUST_FORM_STEP = env.float("TRUST_FORM_STEP", default=0.05)
TRUST_NEAR_COPY_SHARE = env.float("TRUST_NEAR_COPY_SHARE", default=0.7)
TRUST_OVERLAPPING_RUNS = env.bool("TRUST_OVERLAPPING_RUNS", default=True)
# A network made more accounts than this is shared (a carrier's CGNAT address): it
# links no one by itself.
TRUST_LINK_NETWORK_ACCOUNTS = env.int("TRUST_LINK_NETWORK_ACCOUNTS", default=3)
# Shown at the desk only: entries' paces this close at every quartile (ms).
TRUST_LINK_PACE_MS = env.int("TRUST_LINK_PACE_MS", default=60)
# Timing as evidence (triominos/timing.py): a guarded entry whose think times spread less
# than this (log scale) over at least TRUST_TIMING_PLACEMENTS placements is held; 0: off.
TRUST_TIMING_SPREAD = env.float("TRUST_TIMING_SPREAD", default=0.25)
TRUST_TIMING_PLACEMENTS = env.int("TRUST_TIMING_PLACEMENTS", default=15)
