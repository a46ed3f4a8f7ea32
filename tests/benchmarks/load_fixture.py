"""The data of ``make load``: one open challenge with a board of many entries, players
with API tokens, and runs ready for each phase.

The board (100k or 1M entries, their runs and players) is written with
``INSERT ... SELECT generate_series`` in PostgreSQL: the ORM would take minutes for a
million rows. The runs that phases finish or submit go through the real services, so
they are what a player's would be.
"""

from __future__ import annotations

import hashlib
import itertools
import json
import secrets
from collections.abc import Iterator
from dataclasses import dataclass, field
from datetime import timedelta
from typing import Any

# A live entry of each run the WHERE that follows names, submitted as the run started
# (a millisecond apart per player, so that ties are as rare as on a real board).
_ENTRIES_OF_RUNS = """
INSERT INTO challenges_entry (challenge_id, player_id, run_id, score, submitted_at,
                              void_reason, hold_reasons, moves_hash, status, features,
                              placements)
SELECT r.challenge_id, r.player_id, r.id, r.score,
       r.started_at + (r.player_id %% 100000) * interval '1 millisecond',
       '', '[]', md5(r.id::text), 'live', '{}', ''
FROM challenges_run AS r WHERE """

# Scores spread like the issue's fixtures: every value from 0 to 399. The runs' logs are
# empty, and so are their entries' placements (kept at submit for the near-copy check).
_BOARD_SQL = (
    """
INSERT INTO auth_user (password, is_superuser, username, first_name, last_name, email,
                       is_staff, is_active, date_joined)
SELECT '!', false, 'board-' || n, '', '', '', false, true, %(at)s
FROM generate_series(1, %(entries)s) AS n;

INSERT INTO challenges_run (id, player_id, challenge_id, started_at, finished_at, log,
                            status, score, move_results, arrivals)
SELECT gen_random_uuid(), u.id, %(challenge)s, %(at)s, %(at)s, '{"moves": []}',
       'finished', (u.id::bigint * 7919) %% 400, '[]', '[]'
FROM auth_user AS u WHERE u.username LIKE 'board-%%';

"""
    + _ENTRIES_OF_RUNS
    + "r.challenge_id = %(challenge)s;"
)


# A closed challenge (three slots back) played by the first players of the board.
_CLOSED_SQL = (
    """
INSERT INTO challenges_run (id, player_id, challenge_id, started_at, finished_at, log,
                            status, score, move_results, arrivals)
SELECT gen_random_uuid(), u.id, %(closed)s, %(at)s, %(at)s, '{"moves": []}',
       'finished', (u.id::bigint * 104729) %% 400, '[]', '[]'
FROM auth_user AS u WHERE u.username LIKE 'board-%%' ORDER BY u.id LIMIT %(count)s;

"""
    + _ENTRIES_OF_RUNS
    + "r.challenge_id = %(closed)s;"
)


# The past of the players the phases use: each played about 60% of the challenges of
# the weeks before (``challenges`` of them), so that each page's calendar, charts and
# table are their own, and a fresh player page costs what a real player's does.
_PAST_SQL = (
    """
INSERT INTO challenges_run (id, player_id, challenge_id, started_at, finished_at, log,
                            status, score, move_results, arrivals)
SELECT gen_random_uuid(), u.id, c.number, c.opens_at + interval '1 hour',
       c.opens_at + interval '1 hour', '{"moves": []}', 'finished',
       (u.id::bigint * 7919 + c.number * 104729) %% 400, '[]', '[]'
FROM (SELECT id FROM auth_user WHERE username LIKE 'board-%%' ORDER BY id
      LIMIT %(players)s) AS u
CROSS JOIN challenges_challenge AS c
WHERE c.number >= %(first)s AND c.number < %(last)s AND c.number <> %(closed)s
  AND abs(hashtext(u.id || ':' || c.number)) %% 10 < 6;

"""
    + _ENTRIES_OF_RUNS
    + """r.challenge_id >= %(first)s AND r.challenge_id < %(last)s
  AND r.challenge_id <> %(closed)s;"""
)


@dataclass
class Player:
    id: int
    username: str
    token: str


@dataclass
class Fixture:
    challenge_id: int
    entries: int
    board_pages: int
    players: list[Player]
    closed_id: int = 0
    """A challenge whose results are out (its page has an ETag)."""
    """Players with an entry on the board and a token (``me``, player page)."""
    newcomers: list[Player] = field(default_factory=list)
    """Players without a run yet (run start, the slot-opening burst)."""
    log: dict[str, Any] = field(default_factory=dict)


# Every player's record (PlayerRecord) from their entries, as migration 0017 makes it.
_RECORDS_SQL = """
INSERT INTO challenges_playerrecord (player_id, submissions, played, best_score, version)
SELECT player_id,
       jsonb_agg(jsonb_build_array(challenge_id,
                 floor(extract(epoch FROM submitted_at) * 1000)::bigint,
                 (status = 'live')::int) ORDER BY challenge_id),
       count(*) FILTER (WHERE status = 'live'),
       max(score) FILTER (WHERE status = 'live'),
       1
FROM challenges_entry WHERE status <> 'void' GROUP BY player_id
"""


def tokens_issue(user_ids: list[tuple[int, str]]) -> list[Player]:
    """An API token for each (id, username), written in one insert."""
    from django.utils import timezone

    from accounts.models import ApiToken
    from accounts.services import api_token_digest

    made = []
    rows = []
    for user_id, username in user_ids:
        secret = "tod_" + secrets.token_urlsafe(32)
        prefix, digest = api_token_digest(secret=secret)
        rows.append(
            ApiToken(user_id=user_id, prefix=prefix, digest=digest, origin="settings",
                     created_at=timezone.now())
        )  # fmt: skip
        made.append(Player(id=user_id, username=username, token=secret))
    ApiToken.objects.bulk_create(rows, batch_size=2000)
    return made


def users_make(prefix: str, count: int) -> list[tuple[int, str]]:
    from django.contrib.auth import get_user_model

    users = get_user_model()
    made = users.objects.bulk_create(
        [users(username=f"{prefix}-{n}", password="!") for n in range(count)], batch_size=2000
    )
    return [(u.pk, u.username) for u in made]


def fixture_make(
    *, entries: int, players: int, newcomers: int, moves: int, history: int = 120
) -> Fixture:
    from django.core.cache import cache
    from django.db import connection
    from django.utils import timezone

    from challenges.moderation.entries import challenge_entry_stats_refresh
    from challenges.schedule.par import challenge_par_solve
    from challenges.schedule.services import challenge_current_ensure, challenge_ensure
    from tests.factories import challenge_log

    with connection.cursor() as cursor:
        cursor.execute(
            "TRUNCATE challenges_scorecount, challenges_entry, challenges_run,"
            " challenges_challenge, accounts_apitoken, accounts_usernamekey, auth_user"
            " RESTART IDENTITY CASCADE"
        )
    cache.clear()
    challenge = challenge_current_ensure()
    # Solved before the entries, as a worker does seconds after a slot opens: a board
    # without its par would have every read ask for it, as no real board does for long.
    challenge_par_solve(challenge_id=challenge.pk)
    at = max(challenge.opens_at, timezone.now() - timedelta(hours=1))
    with connection.cursor() as cursor:
        cursor.execute(_BOARD_SQL, {"entries": entries, "challenge": challenge.pk, "at": at})
        cursor.execute(
            "SELECT id, username FROM auth_user WHERE username LIKE 'board-%%'"
            " ORDER BY id LIMIT %s",
            [players],
        )
        on_board = cursor.fetchall()
    closed = challenge_ensure(number=challenge.pk - 3)
    challenge_par_solve(challenge_id=closed.pk)
    with connection.cursor() as cursor:
        cursor.execute(
            _CLOSED_SQL,
            {"closed": closed.pk, "at": closed.opens_at + timedelta(hours=1),
             "count": min(entries, 10_000)},
        )  # fmt: skip
    past = [challenge_ensure(number=n) for n in range(challenge.pk - history, challenge.pk)]
    with connection.cursor() as cursor:
        cursor.execute(
            _PAST_SQL,
            {"players": players, "first": challenge.pk - history, "last": challenge.pk,
             "closed": closed.pk},
        )  # fmt: skip
    for board in [challenge, *past]:
        challenge_entry_stats_refresh(challenge=board)  # the inserts skip it
    with connection.cursor() as cursor:
        cursor.execute(_RECORDS_SQL)  # as the migration's backfill makes them
    with connection.cursor() as cursor:
        # As autovacuum does after bulk inserts, before the phases: else its vacuum of the
        # new rows runs during them, its CPU counted as theirs.
        cursor.execute("VACUUM ANALYZE")
        # And the writes' dirty pages flushed now, not by the checkpointer during them.
        cursor.execute("CHECKPOINT")
    return Fixture(
        challenge_id=challenge.pk,
        entries=entries,
        board_pages=-(-entries // 50),
        closed_id=closed.pk,
        players=tokens_issue(on_board),
        newcomers=tokens_issue(users_make("new", newcomers)),
        log=challenge_log(challenge, moves=moves, start_ms=0, step_ms=1000),
    )


def runs_start(fixture: Fixture, players: list[Player], *, ago_seconds: float) -> list[str]:
    """Start a run for each player, ``ago_seconds`` ago (through the ORM: the phases time
    what comes after the start). Returns the runs' ids."""
    from django.utils import timezone

    from challenges.models import Run

    started = timezone.now() - timedelta(seconds=ago_seconds)
    made = Run.objects.bulk_create(
        [
            Run(player_id=p.id, challenge_id=fixture.challenge_id, started_at=started)
            for p in players
        ],
        batch_size=2000,
    )
    return [str(run.pk) for run in made]


def runs_played_to_the_end(
    fixture: Fixture, players: list[Player], *, left: int
) -> tuple[list[str], int]:
    """For each player, a run of the fixture's log whose moves but the last ``left``
    reached the server in witnessed batches, as a browser sends them; the rest is for
    the finish. The runs' clocks are set by :func:`runs_clock_set`. Returns the runs'
    ids and the index of the first move left."""
    from challenges.models import Run
    from challenges.play.services import run_moves_add
    from tests.playing import LATENCY_MS, log_batches

    moves = fixture.log["moves"]
    sent = moves[:-left]
    # Every 9 s (fewer batches to make than a browser's 3 s, each move still within
    # the witness's 10 s), then one with what was played since, just before the end.
    batches, tail = log_batches(sent, batch_every_ms=9_000)
    if tail < len(sent):
        batches.append((tail, sent[tail:], sent[-1]["t"]))
    started = _now() - timedelta(milliseconds=moves[-1]["t"] + 1_000)
    challenge_id = fixture.challenge_id
    runs = Run.objects.bulk_create(
        [Run(player_id=p.id, challenge_id=challenge_id, started_at=started) for p in players]
    )
    for run in runs:
        for start, batch, sent_at in batches:
            arrival = started + timedelta(milliseconds=sent_at + LATENCY_MS)
            played = run_moves_add(
                run_id=run.pk, player_id=run.player_id, start=start, moves=batch, now=arrival
            ).run
            assert played.status == Run.Status.STARTED and played.ineligible is None
    return [str(run.pk) for run in runs], len(sent)


def runs_clock_set(run_ids: list[str], *, ago_ms: int) -> None:
    """The runs started ``ago_ms`` ago (their moves' arrivals count from the start)."""
    from challenges.models import Run

    Run.objects.filter(pk__in=run_ids).update(started_at=_now() - timedelta(milliseconds=ago_ms))


def runs_eligible(run_ids: list[str]) -> int:
    """How many of the runs are finished, valid and eligible."""
    from challenges.models import Run

    return Run.objects.filter(
        pk__in=run_ids, status=Run.Status.FINISHED, ineligible__isnull=True
    ).count()


def logs_distinct(challenge_id: int, *, moves: int) -> Iterator[dict[str, Any]]:
    """Valid logs of ``challenge_id``, each playing moves that no other of them and no
    entry of the challenge played (a log's ``variant`` repeats another's when the log
    ends before the variant is spent)."""
    from challenges.engine import moves_sequence
    from challenges.models import Challenge, Entry
    from tests.factories import challenge_log

    challenge = Challenge.objects.get(pk=challenge_id)
    played: set[str] = set()
    for variant in itertools.count():
        log = challenge_log(challenge, moves=moves, start_ms=300, step_ms=900, variant=variant)
        # An entry's hash: of the sequence of its valid moves, all of this log's.
        moves_hash = digest(moves_sequence(log["moves"]))
        entered = Entry.objects.filter(challenge_id=challenge_id, moves_hash=moves_hash)
        if moves_hash not in played and not entered.exists():
            played.add(moves_hash)
            yield log


def runs_to_submit(
    fixture: Fixture,
    players: list[Player],
    *,
    moves: int,
    logs: Iterator[dict[str, Any]] | None = None,
) -> list[str]:
    """A finished, eligible run for each player, played through the services as a
    browser would (batches every 3 s), each with moves no other played (``logs``, by
    default ``logs_distinct``), so that no submit is held as a copy. Returns the runs'
    ids."""
    from challenges.models import Run
    from tests.playing import run_played

    if logs is None:
        logs = logs_distinct(fixture.challenge_id, moves=moves)
    ids = []
    for player, log in zip(players, logs, strict=False):
        span = timedelta(milliseconds=log["moves"][-1]["t"] + 5_000)
        run = Run.objects.create(
            player_id=player.id, challenge_id=fixture.challenge_id, started_at=_now() - span
        )
        played = run_played(run, log)
        assert played.status == Run.Status.FINISHED and played.is_eligible, played.error
        ids.append(str(run.pk))
    return ids


def _now() -> Any:
    from django.utils import timezone

    return timezone.now()


def log_json(log: dict[str, Any]) -> str:
    return json.dumps(log, separators=(",", ":"))


def digest(text: str) -> str:
    return hashlib.sha256(text.encode()).hexdigest()
