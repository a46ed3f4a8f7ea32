"""A board page's rows as HTML, written in Python: the same markup the template wrote
(50 rows, each with its links, times and words), at a fraction of the template
engine's cost. A page not cached renders them once; the page's fragment keeps them.

Every value is escaped; the words are the catalog's, translated once per page.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from django.template.defaultfilters import floatformat
from django.urls import reverse
from django.utils import dateformat
from django.utils.formats import date_format
from django.utils.html import escape
from django.utils.safestring import SafeString, mark_safe
from django.utils.timezone import localtime
from django.utils.translation import gettext

_RUN = "00000000-0000-0000-0000-000000000000"


def board_rows_html(rows: Iterable[dict[str, Any]]) -> SafeString:
    """The ``<tr>`` of each row (``leaderboards._row``'s dictionaries)."""
    you_tag = f'<span class="you-tag">{escape(gettext("you"))}</span>'
    watch = escape(gettext("Watch"))
    points = gettext("points: watch %(player)s's run")
    replay = reverse("challenges:replay", args=[_RUN])
    you_row = ' id="you" class="is-you" aria-current="true"'
    html = []
    for row in rows:
        player = escape(row["player"])
        is_you = row["is_you"]
        at = localtime(row["submitted_at"])
        score = escape(row["score"])
        rank_class = "n rank rank--1" if row["rank"] == 1 else "n rank"
        profile = escape(reverse("challenges:player", args=[row["player"]]))
        if row["replay_visible"]:
            href = replay.replace(_RUN, escape(row["run_id"]))
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
            f'<td class="{rank_class}">{floatformat(row["rank"], "g")}</td>'
            f'<th scope="row"><a href="{profile}">{player}</a>{you_tag if is_you else ""}</th>'
            f'<td class="n"><strong>{shown}</strong></td>'
            f'<td class="hide-narrow nowrap"><time datetime="{dateformat.format(at, "c")}"'
            f' data-local="short">{escape(date_format(at, "SHORT_DATETIME_FORMAT"))}</time></td>'
            f'<td class="hide-narrow">{watch_cell}</td></tr>'
        )
    return mark_safe("\n".join(html))  # every value above is escaped
