"""A challenge's row by its number, read with SQL compiled once per process.

Every read of a board, of the current challenge or of one challenge starts with this
row (it 404s an unknown number and carries the board's version, which keys every
cached read). Building the statement with the ORM costs several times what the
database takes to answer it, so it is compiled once (compiled_queries.py).
"""

from __future__ import annotations

from challenges.compiled_queries import CompiledQuery
from challenges.models import Challenge

# Without the par's log: the row's largest column, which only the par's replay reads
# (and a read of it loads it); every board read decoded it for nothing.
_BY_NUMBER = CompiledQuery(
    lambda number: Challenge.objects.filter(pk=number).defer("par_log"), number=-7_000_001
)


# What a hit on a cached board read needs of the row: its cache key (the number, when it
# was made, the board's version) and whether its results are out. The tray, the well and
# the rest cost their decoding on every read of the day's busiest URL.
_BOARD_HEAD = CompiledQuery(
    lambda number: Challenge.objects.filter(pk=number).only(
        "number", "created_at", "board_version", "closes_at"
    ),
    number=-7_000_002,
)


def challenge_row(*, number: int, using: str = "default") -> Challenge | None:
    """The challenge numbered ``number``, as ``Challenge.objects.filter(pk=number).first()``
    with its par's log deferred."""
    challenge: Challenge | None = _BY_NUMBER.first(Challenge, using=using, number=number)
    return challenge


def challenge_board_head(*, number: int) -> Challenge | None:
    """The challenge numbered ``number`` with only what keys its cached board reads
    (see ``_BOARD_HEAD``); any other field loads from the database when read."""
    challenge: Challenge | None = _BOARD_HEAD.first(Challenge, number=number)
    return challenge
