"""Migration 0027 on a deployment made before the grades: each stored puzzle of the
series gets its key from its number, a puzzle of a day none, and nothing else moves."""

from __future__ import annotations

import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor
from django.utils import timezone

pytestmark = pytest.mark.django_db(transaction=True)

BEFORE = [("challenges", "0026_live_tables")]
AFTER = [("challenges", "0027_puzzle_grades")]


def test_stored_series_puzzles_are_named_by_their_number() -> None:
    executor = MigrationExecutor(connection)
    executor.migrate(BEFORE)
    old = executor.loader.project_state(BEFORE).apps.get_model("challenges", "Puzzle")
    common = {"cells": [[0, 0]], "tray": ["0-0-0"], "solution": [], "solutions": 1}
    for number in (1, 7):
        old.objects.create(number=number, difficulty="hard", created_at=timezone.now(), **common)
    old.objects.create(day="2026-11-20", difficulty="easy", created_at=timezone.now(), **common)
    try:
        executor = MigrationExecutor(connection)
        executor.migrate(AFTER)
        new = executor.loader.project_state(AFTER).apps.get_model("challenges", "Puzzle")
        rows = sorted(
            new.objects.values_list("number", "series_key", "difficulty", "forced"), key=str
        )
        assert rows == [
            (1, "climb:1", "hard", None),
            (7, "climb:7", "hard", None),
            (None, None, "easy", None),
        ]
    finally:
        MigrationExecutor(connection).migrate(
            MigrationExecutor(connection).loader.graph.leaf_nodes()
        )
