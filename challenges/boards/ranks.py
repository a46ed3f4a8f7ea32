"""Competition ranks (1, 2, 2, 4): the one way every in-memory board ranks its rows.

The challenge's own board ranks by counting the scores above (``ScoreTable.rank_of``),
which gives the same numbers without holding the rows."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from typing import TypeVar

Row = TypeVar("Row")


def competition_ranked(
    rows: Iterable[Row], *, score: Callable[[Row], int]
) -> Iterator[tuple[int, Row]]:
    """``(rank, row)`` for rows already ordered best first: ties share the rank of the
    first of them, and the next rank skips as many as shared it."""
    rank, previous = 0, None
    for index, row in enumerate(rows):
        value = score(row)
        if index == 0 or value != previous:
            rank = index + 1
        previous = value
        yield rank, row
