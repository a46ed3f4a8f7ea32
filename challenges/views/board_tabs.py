"""The leaderboard page's tabs: everyone (the challenge's own board, leaderboards.py),
the players the reader follows, and a board for each period (boards/periods.py).
Each tab is ``?board=NAME``; everything but the chosen tab's rows stays as it is."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.contrib.auth.models import AnonymousUser, User
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext, ngettext
from django.utils.translation import gettext_lazy as _

from challenges.boards.selectors import PERIODS, following_board, period_board, period_explained
from challenges.models import Challenge
from challenges.views.board_rows import escaped

EVERYONE = "everyone"
FOLLOWING = "following"
TABS = (
    (EVERYONE, _("Everyone")),
    (FOLLOWING, _("Following")),
    *((name, period.label) for name, period in PERIODS.items()),
)
# A period's board lists its leaders and the reader.
PERIOD_ROWS_SHOWN = 100
FOLLOWING_EXPLAINED = _(
    "This challenge's entries of the players you follow, and yours: the rank among "
    "them first, the rank on the whole board beside it."
)


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


def board_tabs_html(tab: str) -> SafeString:
    """The tab links, ``tab`` marked as the one shown: written in Python, as five links
    through the template engine cost a tenth of a fresh board page."""
    current = ' aria-current="page"'
    links = "".join(
        f'<a href="?board={name}" class="board-tabs__tab"{current if name == tab else ""}'
        f' data-board="{name}">{escaped(str(label))}</a>'
        for name, label in TABS
    )
    label = escaped(gettext("Boards"))
    return mark_safe(  # the names are ours, the words escaped
        f'<nav class="board-tabs section" aria-label="{label}"'
        f' data-testid="board-tabs">\n  {links}\n</nav>'
    )


def tab_context(*, challenge: Challenge, viewer: User | AnonymousUser, tab: str) -> dict[str, Any]:
    """What the page needs for ``tab``: the tab list, and the rows of any tab but everyone."""
    context: dict[str, Any] = {
        "tabs_html": board_tabs_html(tab),
        "tab": tab,
        "tab_explained": FOLLOWING_EXPLAINED if tab == FOLLOWING else "",
        "tab_rows": [],
        "tab_needs_login": False,
    }
    you = viewer.pk if viewer.is_authenticated else None
    if tab == FOLLOWING:
        if not isinstance(viewer, User):
            context["tab_needs_login"] = True
            return context
        board = following_board(challenge=challenge, player_id=viewer.pk)
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
    elif tab in PERIODS:
        period = period_board(period=tab, at=challenge.opens_at)
        context["tab_explained"] = period_explained(board=period)
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
