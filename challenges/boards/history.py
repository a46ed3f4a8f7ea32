"""History: the challenges so far with a player's own score and rank, and a player's
record across challenges (their page and its charts)."""

from __future__ import annotations

import uuid
from dataclasses import dataclass
from datetime import datetime

from django.db import connection
from django.utils import timezone

from challenges.boards.leaderboards import PageOutOfRange, pages_of
from challenges.boards.score_table import score_tables_at
from challenges.compiled_queries import CompiledQuery
from challenges.models import Challenge, Entry, EntryQuerySet

# --- history ---------------------------------------------------------------------------


@dataclass(frozen=True)
class HistoryRow:
    challenge: Challenge
    entries: int
    top_score: int | None
    own_score: int | None
    own_rank: int | None
    own_run_id: uuid.UUID | None
    own_status: str | None = None
    """The status of the player's entry, whatever it is (``own_score`` is a live one's)."""
    own_entry_score: int | None = None
    """Its score: a held entry's waits for review, a void one's counts nowhere."""


@dataclass(frozen=True)
class HistoryPage:
    rows: tuple[HistoryRow, ...]
    page: int
    num_pages: int
    count: int
    size: int

    @property
    def has_next(self) -> bool:
        return self.page < self.num_pages

    @property
    def has_previous(self) -> bool:
        return self.page > 1


def challenge_history(
    *,
    player_id: int | None = None,
    page: int = 1,
    size: int = 30,
    now: datetime | None = None,
) -> HistoryPage:
    """Challenges opened so far, newest first, with the player's own score and rank.

    Three challenges a day keep this list short, so plain page offsets are fine here.
    Raises ``PageOutOfRange`` past the last page.
    """
    if page < 1 or size < 1:
        raise ValueError("page and size start at 1")
    now = now or timezone.now()
    opened = Challenge.objects.filter(opens_at__lte=now)
    count = opened.count()
    num_pages = pages_of(count=count, size=size)
    if page > num_pages:
        raise PageOutOfRange(page=page, num_pages=num_pages)
    challenges = list(opened.order_by("-number")[(page - 1) * size : page * size])
    mine: dict[int, Entry] = {}
    if player_id is not None:
        mine = {
            e.challenge_id: e
            for e in Entry.objects.filter(
                player_id=player_id, challenge__in=[c.pk for c in challenges]
            )
        }
    own = {pk: entry for pk, entry in mine.items() if entry.status == Entry.Status.LIVE}
    tables = score_tables_at(
        boards={(c.pk, c.created_at, c.board_version) for c in challenges if c.pk in own}
    )
    rows = []
    for challenge in challenges:
        entry = own.get(challenge.pk)
        rows.append(
            HistoryRow(
                challenge=challenge,
                entries=challenge.entry_count,
                top_score=challenge.top_score,
                own_score=entry.score if entry else None,
                own_rank=tables[challenge.pk].rank_of(entry.score) if entry else None,
                own_run_id=entry.run_id if entry else None,
                own_status=mine[challenge.pk].status if challenge.pk in mine else None,
                own_entry_score=mine[challenge.pk].score if challenge.pk in mine else None,
            )
        )
    return HistoryPage(rows=tuple(rows), page=page, num_pages=num_pages, count=count, size=size)


def player_entries_off_board(*, player_id: int, limit: int = 10) -> list[Entry]:
    """The player's own entries that are on no board: held for review, or voided; the
    newest first. Their owner reads what became of them (nobody else does)."""
    off = Entry.objects.filter(player_id=player_id).exclude(status=Entry.Status.LIVE)
    return list(off.select_related("challenge").order_by("-submitted_at")[:limit])


def challenge_history_version(*, now: datetime | None = None) -> str:
    """What the history shows of every challenge, in one short string: a submit, a void
    or an approval moves a board's version (and with it its entries and top score), the
    solver sets a par, a slot opens. One aggregate over the challenges' rows (three a
    day), read instead of the page's rows when the page is cached; plain SQL, since the
    ORM's compiling of it cost more than the database's answer."""
    return _stamp(_HISTORY_VERSION_SQL, [now or timezone.now()])


_HISTORY_VERSION_SQL = (
    "SELECT COUNT(*), SUM(board_version), MAX(number), COUNT(par), SUM(par)"
    f" FROM {Challenge._meta.db_table} WHERE opens_at <= %s"
)


def player_boards_version(*, player_id: int) -> str:
    """What a player's page shows of the boards they entered, in one short string: a
    submit, a void or an approval on any of them moves their rank or its field. The
    boards they never entered change nothing of their page, so they are not in it."""
    return _stamp(_PLAYER_BOARDS_VERSION_SQL, [player_id])


def _stamp(sql: str, params: list[int | datetime]) -> str:
    """The one row of an aggregate, as one short string."""
    with connection.cursor() as cursor:
        cursor.execute(sql, params)
        found = cursor.fetchone()
    return ":".join(str(value) for value in found or ())


_PLAYER_BOARDS_VERSION_SQL = (
    "SELECT COUNT(*), SUM(c.board_version)"
    f" FROM {Entry._meta.db_table} e JOIN {Challenge._meta.db_table} c"
    f" ON c.{Challenge._meta.pk.column} = e.challenge_id WHERE e.player_id = %s"
)


@dataclass(frozen=True)
class PlayerHistoryRow:
    challenge_id: int
    number: int
    opens_at: datetime
    score: int
    rank: int
    entries: int
    run_id: uuid.UUID


def player_history(*, player_id: int) -> list[PlayerHistoryRow]:
    """The player's live entries, oldest challenge first, with rank and field size."""
    rows = _PLAYER_HISTORY.rows(limit=_HISTORY_MOST, player_id=player_id)
    tables = score_tables_at(boards={(row[0], row[6], row[7]) for row in rows})
    return [
        PlayerHistoryRow(
            challenge_id=challenge_id,
            number=number,
            opens_at=opens_at,
            score=score,
            rank=tables[challenge_id].rank_of(score),
            entries=entries,
            run_id=run_id,
        )
        for challenge_id, number, opens_at, score, entries, run_id, _, _ in rows
    ]


# A player page's first read compiled this queryset each time: most of its CPU. The
# ranks come from the boards' score tables, each read once per version.
_PLAYER_HISTORY = CompiledQuery(
    lambda player_id: (
        Entry.objects.filter(EntryQuerySet.LIVE, player_id=player_id)
        .order_by("challenge__number")
        .values_list(
            "challenge_id",
            "challenge__number",
            "challenge__opens_at",
            "score",
            # The live entries, as every submit and void keeps them on the challenge.
            "challenge__entry_count",
            "run_id",
            "challenge__created_at",
            "challenge__board_version",
        )
    ),
    player_id=-7_000_301,
)
# Three challenges a day for a century: every entry a player can have.
_HISTORY_MOST = 3 * 366 * 100
