"""What a challenge's board page shows one reader, and the keys its cached pieces go
under: the page's one read of the boards room."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from django.contrib.auth.models import User

from challenges.boards.cache import leaderboard_fragment_key
from challenges.boards.leaderboards import LeaderboardPageFrame, leaderboard_page_frame
from challenges.boards.standing import PlayerRank, entry_get, leaderboard_rank
from challenges.models import Challenge, Entry


@dataclass(frozen=True)
class BoardPageShown:
    """A board page as one reader sees it. The rows, the chart and the head are the bulk
    of rendering: the template caches each under its key, which names all it shows
    (the board's version, and the reader only where their own row or score is)."""

    challenge: Challenge
    frame: LeaderboardPageFrame
    you: PlayerRank | None
    """The reader's standing, if they have a live or held entry."""
    voided_entry: Entry | None
    """The reader's voided entry: it holds their slot without ranking."""
    is_open: bool
    closed: bool
    results_out: bool
    """Runs and replays are public: only a moderator changes the board from then on."""
    minutes_left: int | None
    """Whole minutes until an open board closes (what the countdown's words say)."""
    invitation: bool
    """An open board and a reader without an entry: the head invites them to play."""
    you_on_this_page: bool
    row_viewer: str | None
    """The reader's name where their row is on this page, else None."""
    rows_key: str
    chart_key: str
    head_key: str


def board_minutes_left(*, challenge: Challenge, now: datetime) -> int | None:
    """The whole minutes until an open ``challenge`` closes (None once it is not open):
    what the countdown's words say (``timeuntil`` shows no finer unit)."""
    if not challenge.is_open(now):
        return None
    return int((challenge.closes_at - now).total_seconds() // 60)


def leaderboard_page_shown(
    *, challenge: Challenge, viewer: User | None, page: int, size: int, now: datetime, language: str
) -> BoardPageShown:
    """Page ``page`` of ``challenge``'s board as ``viewer`` (None: not logged in) sees it
    in ``language``; ``PageOutOfRange`` past the last page."""
    you = leaderboard_rank(challenge=challenge, player=viewer) if viewer else None
    frame = leaderboard_page_frame(challenge=challenge, page=page, size=size)
    own_entry = entry_get(challenge=challenge, player=viewer) if viewer and not you else None
    voided_entry = own_entry if own_entry and own_entry.is_voided else None
    username = viewer.get_username() if viewer else None
    you_on_this_page = bool(you and you.page == frame.page)
    row_viewer = username if you_on_this_page else None
    is_open, closed = challenge.is_open(now), challenge.is_closed(now)
    results_out = challenge.results_out(now)
    minutes_left = board_minutes_left(challenge=challenge, now=now)
    invitation = is_open and not you and not voided_entry

    def key(*parts: object) -> str:
        return leaderboard_fragment_key(challenge=challenge, parts=[*parts, language])

    return BoardPageShown(
        challenge=challenge,
        frame=frame,
        you=you,
        voided_entry=voided_entry,
        is_open=is_open,
        closed=closed,
        results_out=results_out,
        minutes_left=minutes_left,
        invitation=invitation,
        you_on_this_page=you_on_this_page,
        row_viewer=row_viewer,
        rows_key=key(frame.page, frame.num_pages, row_viewer or "", results_out, challenge.par),
        # The chart is the same on every page of the board: one fragment for them all.
        chart_key=key("chart", username if you else "", challenge.par),
        # The head and stats are the same on every page for everyone (the count, top
        # score and par are the version's; the countdown's words, the minute's).
        head_key=key(
            "head", is_open, closed, challenge.par, minutes_left, invitation, viewer is not None
        ),
    )
