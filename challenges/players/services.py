"""Writes about guests: making one, an account claiming its runs, and
purging the guests nobody claimed."""

from __future__ import annotations

import uuid
from datetime import datetime, timedelta

from django.conf import settings
from django.contrib.auth import get_user_model
from django.db import transaction
from django.db.models import Case, Count, Exists, F, OuterRef, QuerySet, When

from challenges.engine import RUN_SPAN
from challenges.errors import service_now
from challenges.models import ClassicGame, ClassicSeat, Guest, Run

# Re-exported: the room's door for the faces.
from challenges.players.follows import follow_add as follow_add
from challenges.players.follows import follow_remove as follow_remove
from challenges.players.guests import GUEST_KEPT, GUEST_NAME_PREFIX
from challenges.players.record_book import player_record_approved as player_record_approved
from challenges.players.record_book import player_record_rebuild as player_record_rebuild
from challenges.players.record_book import player_record_submitted as player_record_submitted
from challenges.players.record_book import player_records_backfill as player_records_backfill
from challenges.players.record_book import player_records_changed as player_records_changed
from challenges.puzzles.services import puzzle_progress_claim

_PURGE_BATCH = 500


def guest_create(*, now: datetime | None = None) -> Guest:
    """A new guest and its stand-in user: no e-mail, no password anyone can use."""
    now = service_now(now)
    with transaction.atomic():
        user = get_user_model()(username=f"{GUEST_NAME_PREFIX}{uuid.uuid4().hex}")
        user.set_unusable_password()
        user.save()
        return Guest.objects.create(user=user, created_at=now)


def guest_runs_claim(*, guest_id: uuid.UUID, player_id: int, now: datetime | None = None) -> int:
    """Give the guest's runs, puzzle progress and classic games to ``player_id`` (who
    signed up or logged in), then forget the guest; returns how many runs moved.

    Only the runs of challenges still taking entries move (``results_at`` not reached):
    those the player can still submit. The others, practice on a challenge whose results
    are out, go with the guest. One transaction: the runs move and the guest goes
    together, or neither.
    """
    now = service_now(now)
    with transaction.atomic():
        locked = Guest.objects.select_for_update().filter(pk=guest_id).first()
        if locked is None or locked.user_id == player_id:
            return 0  # claimed or purged meanwhile, or the guest is the player
        # The player's own row is locked too: a run started meanwhile would count twice.
        get_user_model().objects.select_for_update().filter(pk=player_id).first()
        # Of a challenge whose results are not out: results_at = closes_at + RUN_SPAN.
        claimable = Run.objects.filter(
            player_id=locked.user_id, challenge__closes_at__gt=now - RUN_SPAN
        )
        moved = Run.objects.filter(
            pk__in=_within_runs_limit(claimable=claimable, player_id=player_id)
        ).update(player_id=player_id)
        # Puzzle progress is the guest's own, whatever its age: all of it carries over.
        puzzle_progress_claim(from_player_id=locked.user_id, to_player_id=player_id)
        # Classic games are the player's for good: all of them move, finished or not.
        ClassicSeat.objects.filter(player_id=locked.user_id).update(player_id=player_id)
        # The stand-in goes, and with it the guest and the runs that did not move.
        get_user_model().objects.filter(pk=locked.user_id).delete()
    return moved


def _within_runs_limit(*, claimable: QuerySet[Run], player_id: int) -> list[uuid.UUID]:
    """The ids of the claimable runs that keep ``player_id`` within the runs limit of each
    challenge (``RUNS_PER_CHALLENGE_LIMIT``, as if they had started them): the best
    first (finished before the rest, the higher score, the later start)."""
    limit: int = settings.RUNS_PER_CHALLENGE_LIMIT
    challenge_ids = set(claimable.values_list("challenge_id", flat=True))
    held = dict(
        Run.objects.filter(player_id=player_id, challenge_id__in=challenge_ids)
        .values_list("challenge_id")
        .annotate(count=Count("id"))
        .values_list("challenge_id", "count")
    )
    kept: list[uuid.UUID] = []
    for challenge_id in challenge_ids:
        room = max(0, limit - held.get(challenge_id, 0))
        best = claimable.filter(challenge_id=challenge_id).order_by(
            Case(When(status=Run.Status.FINISHED, then=0), default=1),
            F("score").desc(nulls_last=True),
            "-started_at",
        )
        kept.extend(best.values_list("pk", flat=True)[:room])
    return kept


def guests_unclaimed_purge(
    *, older_than: timedelta = GUEST_KEPT, now: datetime | None = None
) -> int:
    """Delete the guests made longer ago than ``older_than`` that nobody claimed, with
    their stand-ins, runs and classic games (the computers' seats too); returns how many
    guests went. A claimed guest is already
    gone (``guest_runs_claim``), so every guest left is unclaimed."""
    cutoff = service_now(now) - older_than
    purged = 0
    while True:
        # In batches: a week of guests may be many, and each batch is its own
        # transaction, so a purge never holds the runs table for long.
        batch = list(
            Guest.objects.filter(created_at__lt=cutoff).values_list("user_id", flat=True)[
                :_PURGE_BATCH
            ]
        )
        if not batch:
            return purged
        with transaction.atomic():
            _classic_games_of_only(batch).delete()
            get_user_model().objects.filter(pk__in=batch, guest__isnull=False).delete()
        purged += len(batch)


def _classic_games_of_only(player_ids: list[int]) -> QuerySet[ClassicGame]:
    """The classic games at which every person is one of ``player_ids``: deleting them
    takes the computers' seats too. A table shared with someone else stays theirs (the
    guest's seat alone goes, with the guest)."""
    someone_else = ClassicSeat.objects.filter(game=OuterRef("pk"), player__isnull=False).exclude(
        player_id__in=player_ids
    )
    return ClassicGame.objects.filter(seats__player_id__in=player_ids).exclude(Exists(someone_else))
