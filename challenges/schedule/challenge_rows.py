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


def challenge_row(*, number: int, using: str = "default") -> Challenge | None:
    """The challenge numbered ``number``, as ``Challenge.objects.filter(pk=number).first()``
    with its par's log deferred."""
    challenge: Challenge | None = _BY_NUMBER.first(Challenge, using=using, number=number)
    return challenge
