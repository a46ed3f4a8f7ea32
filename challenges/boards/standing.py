"""A player's place on a board: their entry, its rank, percentile and page, and their
bar in the board's histogram. The ranks come from the score table (score_table.py),
the one rank function, and the tie group's count (leaderboards.py)."""

from __future__ import annotations

from dataclasses import dataclass, replace

from django.contrib.auth.models import AnonymousUser, User
from django.db import connections
from django.db.models import F, Func, OuterRef, Subquery

from challenges.boards.cache import leaderboard_cache_version, leaderboard_cached
from challenges.boards.leaderboards import ahead_in_tie, ties_before
from challenges.boards.score_table import Histogram, histogram_of, leaderboard_score_table
from challenges.compiled_queries import CompiledQuery
from challenges.models import Challenge, Entry, ScoreCount

# The player's entry and, in the same statement, the live entries of its score ahead of
# it on the board (submitted first, then lower id): the rank's one row read.
_ENTRY_PLACED = CompiledQuery(
    lambda challenge_id, player_id: Entry.objects.filter(
        challenge_id=challenge_id, player_id=player_id
    ).annotate(
        ties_ahead=Subquery(
            Entry.objects.live()
            .filter(challenge_id=OuterRef("challenge_id"), score=OuterRef("score"))
            .filter(ahead_in_tie(at=OuterRef("submitted_at"), entry_id=OuterRef("id")))
            .order_by()
            .annotate(ahead=Func(F("id"), function="COUNT"))
            .values("ahead")
        )
    ),
    challenge_id=-7_000_106,
    player_id=-7_000_107,
)
_ENTRY_OF = CompiledQuery(
    lambda challenge_id, player_id: Entry.objects.filter(
        challenge_id=challenge_id, player_id=player_id
    ),
    challenge_id=-7_000_104,
    player_id=-7_000_105,
)


@dataclass(frozen=True)
class PlayerRank:
    """A player's standing.

    ``percentile`` is the share of live entries (the player's own included) scoring
    at most the player's score, 0-100 with one decimal: the leader has 100, and a
    player alone at the bottom of 200 entries has 0.5.
    """

    rank: int
    score: int
    percentile: float
    count: int
    entry: Entry
    page: int


def entry_get(*, challenge: Challenge, player: User | AnonymousUser) -> Entry | None:
    """The player's entry for the challenge, voided or not."""
    return _player_entry(_ENTRY_OF, challenge_id=challenge.pk, player=player)


def _player_entry(
    query: CompiledQuery, *, challenge_id: int, player: User | AnonymousUser
) -> Entry | None:
    """The player's entry by ``query`` (``_ENTRY_OF``, ``_ENTRY_PLACED``), or None."""
    if not player.is_authenticated:
        return None
    entry: Entry | None = query.first(Entry, challenge_id=challenge_id, player_id=player.pk)
    if entry is not None and isinstance(player, User):
        entry.player = player  # the player asked for, already at hand: no query for it
    return entry


@dataclass(frozen=True)
class _Standing:
    """What a rank is made of: live entries scoring higher, all live entries, those of
    the same score, and those of the same score ahead on the board."""

    higher: int
    live: int
    same_score: int
    ties_before: int


def _standing_counts_sql() -> str:
    """The one statement that counts an entry's standing from the score counts and its
    tie group: live entries scoring higher, all of them, those of its score, and those
    of its score behind it on the board (submitted later, or at the same moment with a
    higher id). Parameters: ``challenge``, ``score``, ``at`` and ``entry_id``."""
    counts, entries = ScoreCount._meta.db_table, Entry._meta.db_table
    columns = f"""
        COALESCE(SUM(entries) FILTER (WHERE score > %(score)s), 0),
        COALESCE(SUM(entries), 0),
        COALESCE(SUM(entries) FILTER (WHERE score = %(score)s), 0),
        (SELECT COUNT(*) FROM {entries}
          WHERE challenge_id = %(challenge)s AND status = '{Entry.Status.LIVE.value}'
            AND score = %(score)s
            AND (submitted_at > %(at)s OR (submitted_at = %(at)s AND id > %(entry_id)s)))"""
    return f"SELECT {columns} FROM {counts} WHERE challenge_id = %(challenge)s"


_STANDING_READ_SQL = _standing_counts_sql()


def _standing_read(entry: Entry) -> _Standing:
    """``entry``'s standing after its commit, in one statement. The ties ahead of a
    live entry are its score's live count less itself and the ties behind it: an entry
    just submitted has next to none behind it, where a million-entry board puts
    thousands ahead of it (one snapshot: the counts agree)."""
    connection = connections[Entry.objects.db]
    params = {
        "challenge": entry.challenge_id,
        "score": entry.score,
        "at": connection.ops.adapt_datetimefield_value(entry.submitted_at),
        "entry_id": entry.pk,
    }
    with connection.cursor() as cursor:
        cursor.execute(_STANDING_READ_SQL, params)
        higher, live, same_score, behind = cursor.fetchone()
    ahead = int(same_score) - 1 - int(behind) if entry.is_live else 0
    return _Standing(
        higher=int(higher), live=int(live), same_score=int(same_score), ties_before=ahead
    )


def leaderboard_rank(
    *,
    challenge: Challenge,
    player: User | AnonymousUser,
    size: int = 50,
    entry: Entry | None = None,
    just_submitted: bool = False,
) -> PlayerRank | None:
    """Where the player's entry stands: a live one's rank, a held one's rank once
    approved (API.md); None without an entry, or for a void one. ``entry``: the
    player's entry when the caller has it at hand; ``just_submitted``: this request
    has just made it (and so changed the board)."""
    ahead: int | None = None  # its live ties ahead of it, when read with the entry
    if entry is None:
        entry = _player_entry(_ENTRY_PLACED, challenge_id=challenge.pk, player=player)
        ahead = getattr(entry, "ties_ahead", None)
    if entry is None or entry.is_voided:
        return None
    if just_submitted:
        # The version this request just made is in no cache yet: one statement counts
        # what the cached table and the ties' count would give.
        standing = _standing_read(entry)
    else:
        # The cached score table answers "how many score higher" without counting rows;
        # every submit and void replaces it, so it agrees with the database.
        table = leaderboard_score_table(challenge=challenge)
        if entry.is_held:
            ahead = 0
        elif ahead is None:
            key = (entry.score, entry.submitted_at, entry.pk)
            ahead = ties_before(challenge_id=challenge.pk, key=key)
        standing = _Standing(
            higher=table.rank_of(entry.score) - 1,
            live=table.count,
            same_score=table.count_of(entry.score),
            ties_before=ahead,
        )
    higher = standing.higher
    if entry.is_held:
        # Not on the board: placed as if approved now, after the live entries of its score.
        count = standing.live + 1
        position = higher + standing.same_score
    else:
        count = max(standing.live, higher + 1)
        position = higher + standing.ties_before
    return PlayerRank(
        rank=higher + 1,
        score=entry.score,
        percentile=round(100 * (count - higher) / count, 1),
        count=count,
        entry=entry,
        page=position // size + 1,
    )


def leaderboard_histogram(
    *,
    challenge: Challenge,
    bins: int = 20,
    player: User | AnonymousUser | None = None,
) -> Histogram:
    """Scores of the live entries in at most ``bins`` equal bins; marks the player's bin."""
    if bins < 1:
        raise ValueError("bins must be at least 1")
    version = leaderboard_cache_version(challenge=challenge)
    histogram = leaderboard_cached(
        challenge,
        f"histogram:{bins}",
        lambda: histogram_of(leaderboard_score_table(challenge=challenge, version=version), bins),
        version,
    )
    entry = entry_get(challenge=challenge, player=player) if player is not None else None
    if entry is None or not entry.is_live or not histogram.edges:
        return histogram
    index = min(
        (entry.score - histogram.edges[0]) // (histogram.edges[1] - histogram.edges[0]),
        len(histogram.counts) - 1,
    )
    return replace(histogram, player_bin=index, player_score=entry.score)
