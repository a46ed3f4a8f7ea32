"""The leaderboard page's tabs: everyone (the challenge's own board, leaderboards.py),
the players the reader follows, the day's board and the week's (period_boards.py).
Each tab is ``?board=NAME``; everything but the chosen tab's rows stays as it is."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.contrib.auth.models import AnonymousUser, User
from django.utils.functional import lazy
from django.utils.translation import gettext, ngettext
from django.utils.translation import gettext_lazy as _

from challenges.boards.selectors import BEST_OF, following_board, period_board, period_slot_count
from challenges.game_words import slot_openings_words
from challenges.models import Challenge

EVERYONE = "everyone"
FOLLOWING = "following"
TABS = (
    (EVERYONE, _("Everyone")),
    (FOLLOWING, _("Following")),
    ("day", _("Today's board")),
    ("week", _("This week")),
)
# A day's or week's board lists its leaders and the reader.
PERIOD_ROWS_SHOWN = 100


# The periods' numbers come from the schedule and period_boards, in the reader's language.
def _day_explained() -> str:
    return gettext(
        "The day's %(slots)s challenges (%(openings)s UTC), each player's entries added up."
    ) % {"slots": period_slot_count(period="day"), "openings": slot_openings_words()}


def _week_explained() -> str:
    return gettext(
        "The week's %(slots)s challenges from Monday 00:00 UTC: each player's best %(best)s "
        "entries added up. The best %(best)s, not all %(slots)s, so that playing once a day "
        "competes with playing every slot, and the board ranks the best play rather than "
        "the most."
    ) % {
        "slots": period_slot_count(period="week"),
        "best": BEST_OF["week"],
    }


EXPLAINED = {
    FOLLOWING: _(
        "This challenge's entries of the players you follow, and yours: the rank among "
        "them first, the rank on the whole board beside it."
    ),
    "day": lazy(_day_explained, str)(),
    "week": lazy(_week_explained, str)(),
}


@dataclass(frozen=True)
class TabRow:
    rank: int
    player: str
    score: int
    is_you: bool
    # On the following tab: the rank on the whole board; on a period: entries counted.
    detail: str


def tab_of(raw: str | None) -> str:
    names = [name for name, _ in TABS]
    return raw if raw in names else EVERYONE


def tab_context(*, challenge: Challenge, viewer: User | AnonymousUser, tab: str) -> dict[str, Any]:
    """What the page needs for ``tab``: the tab list, and the rows of any tab but everyone."""
    context: dict[str, Any] = {
        "tabs": TABS,
        "tab": tab,
        "tab_explained": EXPLAINED.get(tab, ""),
        "tab_rows": [],
        "tab_needs_login": False,
    }
    you = viewer.pk if viewer.is_authenticated else None
    if tab == FOLLOWING:
        if not isinstance(viewer, User):
            context["tab_needs_login"] = True
            return context
        board = following_board(challenge=challenge, player=viewer)
        context["tab_following"] = board.following
        context["tab_rows"] = [
            TabRow(
                row.rank,
                row.player,
                row.score,
                row.is_you,
                gettext("#%(rank)s overall") % {"rank": row.board_rank},
            )
            for row in board.rows
        ]
    elif tab in BEST_OF:
        period = period_board(period=tab, at=challenge.opens_at)
        shown = [
            row
            for index, row in enumerate(period.rows)
            if index < PERIOD_ROWS_SHOWN or row.player_id == you
        ]
        context["tab_period"] = period
        context["tab_rows"] = [
            TabRow(
                row.rank,
                row.player,
                row.score,
                row.player_id == you,
                gettext("%(counted)s of %(entered)s counted")
                % {"counted": row.counted, "entered": row.entered}
                if row.entered > row.counted
                else ngettext("%(count)s entry", "%(count)s entries", row.entered)
                % {"count": row.entered},
            )
            for row in shown
        ]
    return context
