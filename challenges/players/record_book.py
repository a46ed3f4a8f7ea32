"""A player's record across challenges (``PlayerRecord``), kept by the writes that
change it: a submit adds to it in the submit's own transaction; an approval puts a held
entry's score in; a void (rare, a moderator's) rebuilds it from the entries.

The player's page and the social API read the row, never the player's entries: their
streaks and calendar are worked out from ``submissions`` (a few thousand numbers after
years of play), in the reader's time zone.
"""

from __future__ import annotations

from datetime import UTC, datetime

from django.db import transaction
from django.db.models import Count, F, Max, Q

from challenges.compiled_queries import CompiledQuery
from challenges.models import Entry, PlayerRecord


def _millis(at: datetime) -> int:
    return int(at.timestamp() * 1000)


def submissions_of(record: PlayerRecord, *, own: bool = False) -> list[tuple[int, datetime]]:
    """The record's submissions as (challenge number, submitted at): the live ones, as
    anyone sees them; ``own``: the held ones too, as the player sees them."""
    return [
        (number, datetime.fromtimestamp(ms / 1000, tz=UTC))
        for number, ms, live in record.submissions
        if own or live
    ]


def player_record_submitted(
    *, player_id: int, number: int, submitted_at: datetime, score: int, live: bool
) -> None:
    """A new entry of ``player_id`` on challenge ``number`` (live, or held for review),
    inside the submit's transaction."""
    pair = [[number, _millis(submitted_at), int(live)]]
    record: PlayerRecord | None = _RECORD_LOCKED.first(PlayerRecord, player_id=player_id)
    if record is None:
        # A first submit: the row made (or made meanwhile by another), then locked.
        PlayerRecord.objects.bulk_create([PlayerRecord(player_id=player_id)], ignore_conflicts=True)
        record = _RECORD_LOCKED.first(PlayerRecord, player_id=player_id)
        assert record is not None
    record.submissions = [*record.submissions, *pair]
    if live:
        record.played += 1
        record.best_score = score if record.best_score is None else max(record.best_score, score)
    record.version += 1
    record.save(update_fields=["submissions", "played", "best_score", "version"])


# Every submit's, inside its transaction: compiled once (docs/performance.md).
_RECORD_LOCKED = CompiledQuery(
    lambda player_id: PlayerRecord.objects.select_for_update().filter(player_id=player_id),
    player_id=-7_000_004,
)


def player_records_changed(*, player_ids: list[int]) -> None:
    """Something the player's page shows besides the entries changed (silver coins won):
    the records' versions move on, so that no page kept by the old one is shown."""
    PlayerRecord.objects.filter(player_id__in=player_ids).update(version=F("version") + 1)


def player_record_approved(*, player_id: int) -> None:
    """A held entry of ``player_id`` went live: the record is made again (a moderator's
    decision, rare; its submission changes from held to live)."""
    player_record_rebuild(player_id=player_id)


def player_record_rebuild(*, player_id: int) -> PlayerRecord:
    """The record made again from the player's entries (a void; the backfill; a row
    never made). Two reads of the player's entries, one write."""
    with transaction.atomic():
        # The row locked first: a submit meanwhile waits, then adds to what this writes.
        record, _ = PlayerRecord.objects.select_for_update().get_or_create(player_id=player_id)
        entries = Entry.objects.filter(player_id=player_id).exclude(status=Entry.Status.VOID)
        rows = sorted(entries.values_list("challenge__number", "submitted_at", "status"))
        live = entries.aggregate(
            played=Count("pk", filter=Q(status=Entry.Status.LIVE)),
            best=Max("score", filter=Q(status=Entry.Status.LIVE)),
        )
        record.submissions = [
            [number, _millis(at), int(status == Entry.Status.LIVE)] for number, at, status in rows
        ]
        record.played = live["played"]
        record.best_score = live["best"]
        record.version += 1
        record.save()
    return record


_RECORD = CompiledQuery(
    lambda player_id: PlayerRecord.objects.filter(player_id=player_id), player_id=-7_000_003
)


def player_record_get(*, player_id: int) -> PlayerRecord:
    """The player's record (made from their entries if it was never made)."""
    record: PlayerRecord | None = _RECORD.first(PlayerRecord, player_id=player_id)
    return record if record is not None else player_record_rebuild(player_id=player_id)


def player_records_backfill() -> int:
    """Every player with an entry gets their record made from their entries; returns
    how many (a deploy's first run: ``manage.py player_records_backfill``)."""
    made = 0
    players = Entry.objects.order_by().values_list("player_id", flat=True).distinct()
    for player_id in players.iterator():
        player_record_rebuild(player_id=player_id)
        made += 1
    return made
