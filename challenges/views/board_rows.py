"""A board page's rows as HTML, written in Python: the same markup the template wrote
(50 rows, each with its links, times and words), at a fraction of the template
engine's cost. A page not cached renders them once; the page's fragment keeps them.

Every value is escaped; the words, the formats and the addresses are looked up once
per page, not once per row (they were most of a fresh page's CPU).
"""

from __future__ import annotations

import html as html_module
from collections.abc import Callable, Iterable
from datetime import datetime
from functools import lru_cache
from typing import Any
from urllib.parse import quote

from django.urls import reverse
from django.utils import dateformat, numberformat
from django.utils.formats import get_format
from django.utils.html import escape
from django.utils.http import RFC3986_SUBDELIMS
from django.utils.safestring import SafeString, mark_safe
from django.utils.timezone import get_current_timezone
from django.utils.translation import get_language, gettext

from challenges.players.selectors import HARD_MARK

_RUN = "00000000-0000-0000-0000-000000000000"
_PLAYER = "player-name-placeholder"
# What ``reverse`` leaves unquoted in a path.
_PATH_SAFE = RFC3986_SUBDELIMS + "/~:@"


def address_maker(viewname: str, stand_in: object) -> Callable[[object], str]:
    """``reverse(viewname, args=[value])``, escaped, for many values at the cost of one
    ``reverse``: each value goes where ``stand_in`` (which ``reverse`` writes as it is)
    came out."""
    address, shown = reverse(viewname, args=[stand_in]), str(stand_in)
    return lambda value: escaped(address.replace(shown, str(value)))


def replay_addresses() -> Callable[[object], str]:
    """A run's replay address, by its id."""
    return address_maker("challenges:replay", _RUN)


def board_rows_html(rows: Iterable[dict[str, Any]]) -> SafeString:
    """The ``<tr>`` of each row (``leaderboards._row``'s dictionaries)."""
    you_tag = f'<span class="you-tag">{escape(gettext("you"))}</span>'
    # A hard-mode entry: its mark, and the words for those who do not see it.
    hard_tag = (
        f'<span class="hard-mark" title="{escape(gettext("Hard mode"))}" aria-hidden="true">'
        f"{HARD_MARK}</span>"
        f'<span class="visually-hidden"> ({escape(gettext("Hard mode"))})</span>'
    )
    watch = escape(gettext("Watch"))
    points = gettext("points: watch %(player)s's run")
    replay_of = replay_addresses()
    profile_of = address_maker("challenges:player", _PLAYER)
    rank_of = rank_formatter()
    stamp = get_format("SHORT_DATETIME_FORMAT")
    language = get_language()
    zone = get_current_timezone()
    you_row = ' id="you" class="is-you" aria-current="true"'
    html = []
    for row in rows:
        player = escaped(row["player"])
        is_you = row["is_you"]
        at = row["submitted_at"].astimezone(zone)
        score = escaped(str(row["score"]))
        rank_class = "n rank rank--1" if row["rank"] == 1 else "n rank"
        profile = profile_of(quote(row["player"], safe=_PATH_SAFE))
        if row["replay_visible"]:
            href = replay_of(row["run_id"])
            hidden = points % {"player": player}
            shown = (
                f'<a class="score-link" href="{href}">{score}'
                f'<span class="visually-hidden"> {hidden}</span></a>'
            )
            watch_cell = f'<a href="{href}" aria-hidden="true" tabindex="-1">{watch}</a>'
        else:
            shown, watch_cell = score, ""
        html.append(
            f"<tr{you_row if is_you else ''}>"
            f'<td class="{rank_class}">{rank_of(row["rank"])}</td>'
            f'<th scope="row"><a href="{profile}">{player}</a>{hard_tag if row["hard"] else ""}'
            f"{you_tag if is_you else ''}</th>"
            f'<td class="n"><strong>{shown}</strong></td>'
            f'<td class="hide-narrow nowrap"><time datetime="{at.isoformat()}"'
            f' data-local="short">{minute_stamp(at, stamp, language)}</time></td>'
            f'<td class="hide-narrow">{watch_cell}</td></tr>'
        )
    return mark_safe("\n".join(html))  # every value above is escaped


def escaped(text: str) -> str:
    """``escape`` without its lazy-text wrapper (a third of its cost, 200 calls a page):
    the same characters, the same entities."""
    return html_module.escape(text, quote=True)


def rank_formatter() -> Callable[[int], str]:
    """A rank grouped by thousands in the active language, as ``floatformat:"g"`` says
    it, with the language's separators read once."""
    decimal = get_format("DECIMAL_SEPARATOR")
    grouping = get_format("NUMBER_GROUPING")
    thousands = get_format("THOUSAND_SEPARATOR")

    def rank_of(rank: int) -> str:
        if rank < 1000:
            return str(rank)
        if grouping == 3:  # every language of the site: Python's own grouping is the same
            return format(rank, ",").replace(",", thousands)
        return numberformat.format(
            rank, decimal, grouping=grouping, thousand_sep=thousands, force_grouping=True
        )

    return rank_of


# Format characters that show less than a minute (seconds, microseconds, the epoch's
# seconds, and the ISO and RFC forms that carry seconds).
_BELOW_MINUTE = frozenset("sucrU")


def minute_stamp(at: datetime, stamp: str, language: str) -> str:
    """``dateformat.format(at, stamp)``, escaped. A board's entries fall in its 8 hours,
    and every player's history in the same slots' openings: the same minutes come back
    on every page, so a stamp that shows minutes at most is written once per minute
    (the language says its words)."""
    if _BELOW_MINUTE.intersection(stamp):
        return escape(dateformat.format(at, stamp))
    return _stamp_of_minute(at.replace(second=0, microsecond=0), at.tzinfo, stamp, language)


@lru_cache(maxsize=8192)
def _stamp_of_minute(minute: datetime, zone: object, stamp: str, language: str) -> str:
    # ``zone`` is in the key: equal instants in two zones show two times.
    return escape(dateformat.format(minute, stamp))
