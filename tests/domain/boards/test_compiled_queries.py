"""Queries compiled once (challenges/compiled_queries.py) answer as their ORM twins."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.db import connection
from django.db.models import Count, IntegerField, OuterRef, Q, Subquery, Value
from django.db.models.functions import Coalesce

from challenges.boards.history import player_history
from challenges.boards.leaderboards import _TIES_BEFORE, _rows_forward
from challenges.boards.standing import _ENTRY_PLACED, entry_get
from challenges.compiled_queries import CompiledQuery
from challenges.models import Challenge, Entry
from challenges.moderation.entries import challenge_entry_stats_refresh
from tests.factories import ChallengeFactory, EntryFactory, UserFactory, at

pytestmark = pytest.mark.django_db

T0 = at("2026-11-21T08:30:00")


def _ties_before_orm(entry: Entry) -> int:
    return (
        Entry.objects.live()
        .filter(challenge_id=entry.challenge_id, score=entry.score)
        .filter(
            Q(submitted_at__lt=entry.submitted_at)
            | Q(submitted_at=entry.submitted_at, id__lt=entry.pk)
        )
        .count()
    )


def test_ties_before_counts_as_the_orm(challenge: Challenge) -> None:
    # Ties at one score, two at the very same moment (the id breaks the tie), one void.
    entries = [
        EntryFactory(challenge=challenge, score=score, submitted_at=T0 + timedelta(seconds=s))
        for score, s in [(50, 3), (50, 1), (50, 1), (50, 2), (70, 0), (50, 5)]
    ]
    Entry.objects.filter(pk=entries[3].pk).update(status="void")
    for entry in Entry.objects.filter(challenge=challenge):
        compiled = _TIES_BEFORE.count(
            challenge_id=challenge.pk,
            score=entry.score,
            at=entry.submitted_at,
            entry_id=entry.pk,
        )
        assert compiled == _ties_before_orm(entry)
    assert {_ties_before_orm(e) for e in Entry.objects.filter(score=50)} == {0, 1, 2, 3}


def test_the_entry_of_a_player_reads_as_the_orm(challenge: Challenge) -> None:
    entry = EntryFactory(challenge=challenge, score=12, hold_reasons=["near_par"])
    read = entry_get(challenge=challenge, player=entry.player)
    orm = Entry.objects.get(pk=entry.pk)
    fields = [f.attname for f in Entry._meta.concrete_fields]
    assert read is not None
    assert [getattr(read, f) for f in fields] == [getattr(orm, f) for f in fields]
    assert entry_get(challenge=challenge, player=UserFactory()) is None


def test_a_sentinel_the_compiling_loses_takes_the_orm_path(challenge: Challenge) -> None:
    """A query whose sentinel does not come through as a parameter (here: none at all)
    is run by the ORM, with the same answers."""
    EntryFactory(challenge=challenge, score=5)
    lost = CompiledQuery(
        lambda score: Entry.objects.filter(challenge_id=challenge.pk), score=-7_999_999
    )
    assert lost.count(score=5) == 1
    first = lost.first(Entry, score=5)
    assert first is not None and first.score == 5
    assert lost._statements == {"default": None}
    # Nothing to embed in a larger statement: its caller takes its ORM twin.
    with pytest.raises(ValueError, match="does not compile"):
        lost.embedded(score=5)
    with pytest.raises(ValueError, match="does not compile"):
        lost.columns()


def test_an_embedded_query_reads_back_as_first_does(challenge: Challenge) -> None:
    """A compiled query read inside a larger statement: its SQL and parameters, its
    columns' count, and its share of the row back as the instance ``first()`` gives
    (None for a row of NULLs: a LEFT JOIN that found nothing)."""
    entry = EntryFactory(challenge=challenge, score=31, hold_reasons=["near_par"])
    query = CompiledQuery(
        lambda score: Entry.objects.filter(challenge_id=challenge.pk, score=score), score=-7_999_998
    )
    sql, params = query.embedded(score=31)
    _, no_row = query.embedded(score=32)
    width = query.columns()
    assert width == len(Entry._meta.concrete_fields)
    with connection.cursor() as cursor:
        cursor.execute(f"SELECT 1, q.* FROM ({sql}) q", params)
        row = cursor.fetchone()
        cursor.execute(f"SELECT 1, q.* FROM (SELECT 1) one LEFT JOIN ({sql}) q ON TRUE", no_row)
        empty = cursor.fetchone()
    read = query.from_row(Entry, row[1 : 1 + width])
    first = query.first(Entry, score=31)
    fields = [f.attname for f in Entry._meta.concrete_fields]
    assert [getattr(read, f) for f in fields] == [getattr(first, f) for f in fields]
    assert read.pk == entry.pk and read.hold_reasons == ["near_par"]
    assert query.from_row(Entry, empty[1 : 1 + width]) is None


def test_a_page_by_number_reads_the_rows_the_orm_reads(challenge: Challenge) -> None:
    for n, score in enumerate([90, 50, 50, 50, 40, 40, 10, 50, 90]):
        EntryFactory(challenge=challenge, score=score, submitted_at=T0 + timedelta(seconds=n % 4))
    Entry.objects.filter(challenge=challenge, score=40).order_by("id").first().delete()
    always = Q(id__gt=0)  # a tie filter that keeps every row: the ORM's path
    for score in (90, 50, 40, 10):
        for skip, size in [(0, 1), (0, 3), (1, 2), (2, 9), (5, 5)]:
            compiled = _rows_forward(challenge, score, Q(), skip, size)
            orm = _rows_forward(challenge, score, always, skip, size)
            assert compiled == orm, (score, skip, size)
            assert all(row.keys() == orm[0].keys() for row in compiled)


def test_an_integer_no_column_can_hold_matches_no_row_as_with_the_orm(
    challenge: Challenge,
) -> None:
    """A client may send any number (a URL's challenge number); SQLite's driver cannot
    even send one beyond 64 bits. The ORM answers such a lookup with no rows."""
    huge = 10**30
    by_number = CompiledQuery(lambda number: Challenge.objects.filter(pk=number), number=-7_000_003)
    assert by_number.first(Challenge, number=huge) is None
    assert by_number.count(number=huge) == 0
    assert Challenge.objects.filter(pk=huge).first() is None
    numbers = CompiledQuery(
        lambda number: Challenge.objects.filter(pk=number).values_list("pk"), number=-7_000_004
    )
    assert numbers.rows(limit=5, number=huge) == []
    assert numbers.rows(limit=5, number=challenge.pk) == [(challenge.pk,)]


def test_a_players_history_reads_as_the_orm() -> None:
    """Their live entries, oldest challenge first, each with its rank and field size,
    the times and run ids converted as the ORM converts them; held and void left out."""
    player, rival = UserFactory(), UserFactory()
    challenges = [ChallengeFactory(number=900 + n) for n in (3, 1, 2)]
    for challenge, score in zip(challenges, (40, 70, 55), strict=True):
        EntryFactory(challenge=challenge, player=player, score=score)
        EntryFactory(challenge=challenge, player=rival, score=score + 5)
    EntryFactory(challenge=ChallengeFactory(number=899), player=player, status="held")
    EntryFactory(challenge=ChallengeFactory(number=898), player=player, status="void")
    for challenge in challenges:
        challenge_entry_stats_refresh(challenge=challenge)

    # The rank counted from the entries themselves, not from the boards' score counts.
    higher = (
        Entry.objects.live()
        .filter(challenge=OuterRef("challenge"), score__gt=OuterRef("score"))
        .order_by()
        .values("challenge")
        .annotate(n=Count("id"))
        .values("n")
    )
    orm = (
        Entry.objects.live()
        .filter(player=player)
        .annotate(higher=Coalesce(Subquery(higher, output_field=IntegerField()), Value(0)))
        .select_related("challenge")
        .order_by("challenge__number")
    )
    expected = [
        (e.challenge_id, e.challenge.number, e.challenge.opens_at, e.score, e.higher + 1,
         e.challenge.entry_count, e.run_id)
        for e in orm
    ]  # fmt: skip
    read = [
        (r.challenge_id, r.number, r.opens_at, r.score, r.rank, r.entries, r.run_id)
        for r in player_history(player_id=player.pk)
    ]
    assert read == expected
    assert [row[1] for row in read] == [901, 902, 903]
    assert [row[4] for row in read] == [2, 2, 2]
    assert player_history(player_id=UserFactory().pk) == []


def test_the_placed_entry_reads_as_the_orm_with_its_ties_ahead(challenge: Challenge) -> None:
    entries = [
        EntryFactory(challenge=challenge, score=score, submitted_at=T0 + timedelta(seconds=s))
        for score, s in [(50, 3), (50, 1), (50, 1), (50, 2), (70, 0), (50, 5)]
    ]
    Entry.objects.filter(pk=entries[3].pk).update(status="void")
    Entry.objects.filter(pk=entries[5].pk).update(status="held")
    fields = [f.attname for f in Entry._meta.concrete_fields]
    for entry in Entry.objects.filter(challenge=challenge):
        arguments = {"challenge_id": challenge.pk, "player_id": entry.player_id}
        compiled = _ENTRY_PLACED.first(Entry, **arguments)
        orm = _ENTRY_PLACED.build(**arguments).first()
        assert [getattr(compiled, f) for f in fields] == [getattr(orm, f) for f in fields]
        assert compiled.ties_ahead == orm.ties_ahead == _ties_before_orm(entry)
    # Every count of the group is met: the read does count, and in the board's order.
    placed = [
        _ENTRY_PLACED.first(Entry, challenge_id=challenge.pk, player_id=e.player_id)
        for e in entries
    ]
    assert [e.ties_ahead for e in placed] == [2, 0, 1, 2, 0, 3]
    assert _ENTRY_PLACED.first(Entry, challenge_id=challenge.pk, player_id=-1) is None
