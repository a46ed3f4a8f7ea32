"""How far the near-copy check reaches, pinned by what it finds (challenges/moderation/
near_copy.py): a submit is compared with the sixty entries nearest its score, on
SQLite's walks and on PostgreSQL's statement alike. The number is written here as a
figure, never read from the module: a test that adds to the module's constant passes
whatever it is."""

from __future__ import annotations

from typing import Any

import pytest
from django.db import connection

from challenges.models import Challenge, Entry
from challenges.moderation.near_copy import near_copy_of, run_placements, sequence_turned
from tests.factories import EntryFactory, RunFactory, challenge_log

pytestmark = pytest.mark.django_db

COMPARED = 60


@pytest.mark.parametrize("below", [0, 29], ids=["all-above", "either-side"])
def test_the_sixtieth_nearest_entry_is_compared_and_the_sixty_first_is_not(
    challenge: Challenge, below: int
) -> None:
    """59 entries a point from the score, then a copy two points away: the copy is the
    60th nearest and is found. One entry more a point away pushes it to the 61st, out.
    With some of the nearer entries below the score, both walks fill, and the cut of
    their union is what leaves the copy out."""
    copier = RunFactory(challenge=challenge, finished=True, log=challenge_log(challenge, moves=6))
    score = copier.score
    assert score is not None and score > 10  # the band reaches a point below
    for n in range(COMPARED - 1):
        EntryFactory(challenge=challenge, score=score - 1 if n < below else score + 1,
                     placements="")  # fmt: skip
    copy = EntryFactory(
        challenge=challenge, score=score + 2, placements=";".join(run_placements(run=copier))
    )
    assert near_copy_of(run=copier, score=score, moves_hash="the copy") == (1.0, copy.pk)
    EntryFactory(challenge=challenge, score=score - 1 if below else score + 1, placements="")
    assert Entry.objects.filter(challenge=challenge).count() == COMPARED + 1
    assert near_copy_of(run=copier, score=score, moves_hash="the copy") == (0.0, None)


def test_the_nearest_entries_and_their_placements_come_in_one_statement_on_postgresql(
    challenge: Challenge, django_assert_num_queries: Any
) -> None:
    """On PostgreSQL one statement walks both ways and reads a log only where an entry
    kept no placements (``_NEAREST_SQL``); SQLite's twin takes a statement for each walk
    and one for what is compared. Both find the copy kept only in its run's log."""
    copier = RunFactory(challenge=challenge, finished=True, log=challenge_log(challenge, moves=6))
    score = copier.score
    assert score is not None and score > 10
    placements = run_placements(run=copier)
    EntryFactory(challenge=challenge, score=score - 1, placements=";".join(placements[:3]))
    EntryFactory(challenge=challenge, score=score + 1, placements="")
    logged = RunFactory(challenge=challenge, finished=True, log=challenge_log(challenge, moves=6))
    copy = EntryFactory(challenge=challenge, run=logged, player=logged.player, score=score + 2,
                        placements=None)  # fmt: skip
    with django_assert_num_queries(1 if connection.vendor == "postgresql" else 3):
        found = near_copy_of(run=copier, score=score, moves_hash="x", placements=placements)
    assert found == (1.0, copy.pk)


def test_a_sequence_is_turned_placement_by_placement_keeping_its_draws() -> None:
    """The moves hash is the least of the three turned sequences' hashes: the text of
    each is what a stored entry's hash was made of, so it must not change."""
    sequence = "0-0-0@0,0r0;draw;0-0-1@0,1r2"
    assert sequence_turned(sequence, 0) == sequence
    assert sequence_turned(sequence, 1) == "0-0-0@0,0r2;draw;0-0-1@1,0r1"
    assert sequence_turned(sequence, 2) == "0-0-0@0,0r1;draw;0-0-1@0,-1r0"
