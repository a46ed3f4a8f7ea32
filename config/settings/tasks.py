"""Celery: its broker, how tasks run and the beat's schedule; and where a challenge's
par is solved."""

from __future__ import annotations

from datetime import timedelta

from django.core.exceptions import ImproperlyConfigured

from config.settings.environment import REDIS_TIMEOUT_SECONDS, REDIS_URL, env

# Celery: with no broker, tasks run in-process so development needs no worker.
CELERY_BROKER_URL = env.str("CELERY_BROKER_URL", default=REDIS_URL or "memory://")
# No result store: the site reads no task's result, and a web process that publishes
# with one configured waits on it (Redis's result backend retried for 20 s when Redis
# was down). Requests do not publish at all: they write the outbox (schedule/outbox.py).
# Only a test's own worker sets one, to read what its tasks returned.
CELERY_RESULT_BACKEND = env.str("CELERY_RESULT_BACKEND", default="") or None
CELERY_TASK_IGNORE_RESULT = CELERY_RESULT_BACKEND is None
CELERY_TASK_ALWAYS_EAGER = env.bool("CELERY_TASK_ALWAYS_EAGER", default=not REDIS_URL)
CELERY_TASK_EAGER_PROPAGATES = True
CELERY_TASK_ACKS_LATE = True
CELERY_TASK_REJECT_ON_WORKER_LOST = True
CELERY_WORKER_PREFETCH_MULTIPLIER = 1
CELERY_TIMEZONE = "UTC"
# Publishing a task must not hang a request when the broker is down: fail fast (the
# callers catch it; the beat task makes up for anything not published).
CELERY_BROKER_CONNECTION_TIMEOUT = REDIS_TIMEOUT_SECONDS
CELERY_BROKER_CONNECTION_RETRY_ON_STARTUP = True
CELERY_BROKER_TRANSPORT_OPTIONS = {
    # No read timeout here: a worker's blocking wait for tasks must not time out.
    "socket_connect_timeout": REDIS_TIMEOUT_SECONDS,
    "max_retries": 0,
}
OUTBOX_DRAIN_SECONDS = env.int("OUTBOX_DRAIN_SECONDS", default=10)
CELERY_BEAT_SCHEDULE = {
    "challenges-ensure": {
        "task": "challenges.tasks.challenges_ensure_upcoming",
        "schedule": timedelta(minutes=env.int("CHALLENGE_ENSURE_MINUTES", default=5)),
        "options": {"expires": 240},
    },
    "runs-expire": {
        "task": "challenges.tasks.runs_expire_abandoned",
        "schedule": timedelta(minutes=10),
        "options": {"expires": 540},
    },
    # The puzzle of the day, stored a day ahead (a request that finds none makes it).
    "puzzles-daily": {
        "task": "challenges.tasks.puzzles_daily_ensure",
        "schedule": timedelta(hours=1),
        "options": {"expires": 3000},
    },
    # Every hold ends by results_at: the undecided ones are settled by the policy.
    "holds-settle": {
        "task": "challenges.tasks.holds_settle_due",
        "schedule": timedelta(minutes=5),
        "options": {"expires": 240},
    },
    # Unfinished classic games nobody touched in CLASSIC_ABANDONED_DAYS go.
    "classic-abandoned": {
        "task": "challenges.tasks.classic_games_expire_abandoned",
        "schedule": timedelta(hours=1),
        "options": {"expires": 3000},
    },
    # Guests nobody claimed within a week go, with their runs.
    "guests-purge": {
        "task": "challenges.tasks.guests_purge_unclaimed",
        "schedule": timedelta(hours=1),
        "options": {"expires": 3000},
    },
    # Live tables: the rated pool's waves, seats out of time, tables nobody filled.
    "tables-pairing": {
        "task": "challenges.tasks.tables_pairing_wave",
        "schedule": timedelta(seconds=3),
        "options": {"expires": 3},
    },
    "tables-clocks": {
        "task": "challenges.tasks.tables_clocks_settle",
        "schedule": timedelta(seconds=5),
        "options": {"expires": 5},
    },
    # Reminders: a round starts when its moment comes (a slot opens; an hour before it
    # closes); the task finds it due and starts it once.
    "reminders-due": {
        "task": "challenges.tasks.reminders_due",
        "schedule": timedelta(seconds=env.int("REMINDERS_CHECK_SECONDS", default=10)),
        "options": {"expires": 10},
    },
    # The work requests asked for (the outbox): a row waits at most this long.
    "outbox-drain": {
        "task": "challenges.tasks.outbox_drain",
        "schedule": timedelta(seconds=OUTBOX_DRAIN_SECONDS),
        "options": {"expires": OUTBOX_DRAIN_SECONDS},
    },
    # Makes up for a par no outbox row asks for (challenges made before the outbox).
    "challenges-par": {
        "task": "challenges.tasks.challenges_par_missing",
        "schedule": timedelta(minutes=env.int("PAR_MISSING_MINUTES", default=10)),
        "options": {"expires": 540},
    },
}

# Par (schedule/par.py): how a challenge's par is solved off the request path.
# "celery": a task on the worker; "thread": one background thread in this process (the
# embedded default, no worker: eager tasks would solve in the request); "off": only the
# `challenges_par` command. The budget is the solver's nodes (~7 s of one core).
PAR_SOLVE = env.str("PAR_SOLVE", default="thread" if CELERY_TASK_ALWAYS_EAGER else "celery")
if PAR_SOLVE not in {"celery", "thread", "off"}:
    raise ImproperlyConfigured(f"PAR_SOLVE must be celery, thread or off, not {PAR_SOLVE!r}")
PAR_SOLVER_NODES = env.int("PAR_SOLVER_NODES", default=360_000)
# A solver's claim on a challenge older than this is taken over (it died mid-solve).
PAR_CLAIM_SECONDS = env.int("PAR_CLAIM_SECONDS", default=300)
