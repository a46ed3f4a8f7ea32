"""A board page's rows, written in Python, say what Django's own helpers would: the
player's address as ``reverse`` makes it, the rank as ``floatformat:"g"`` groups it,
the time as ``date_format`` and ``localtime`` write it, in every language and zone."""

from __future__ import annotations

import re
import uuid
from datetime import UTC, datetime, timedelta
from zoneinfo import ZoneInfo

import pytest
from django.template.defaultfilters import floatformat
from django.urls import reverse
from django.utils import dateformat, timezone, translation
from django.utils.formats import date_format
from django.utils.html import escape

from challenges.views.board_rows import board_rows_html
from tests.languages import LANGUAGES

NAMES = ["ada", "zoë_ü", "o'brien+1@x.y", "名前", "a b", "<b>&amp;"]
RANKS = [1, 7, 999, 1000, 12_345, 1_000_000]
START = datetime(2026, 11, 26, 23, 59, 30, 123456, tzinfo=UTC)
# Two in one minute, one a second later, the next minute, noon and midnight (the English
# short time says those in words).
ATS = [
    START,
    START.replace(second=1),
    START.replace(second=59, microsecond=999999),
    START + timedelta(seconds=30),
    datetime(2026, 11, 26, 12, 0, 5, tzinfo=UTC),
    datetime(2026, 11, 27, 0, 0, 59, tzinfo=UTC),
]


def _rows() -> list[dict[str, object]]:
    return [
        {
            "rank": rank,
            "player": name,
            "score": 300 - n,
            "submitted_at": ATS[n],
            "run_id": str(uuid.UUID(int=n + 1)),
            "is_you": n == 2,
            "replay_visible": n % 2 == 0,
            "hard": n == 1,
        }
        for n, (rank, name) in enumerate(zip(RANKS, NAMES, strict=True))
    ]


def _cells(html: str, pattern: str) -> list[str]:
    return re.findall(pattern, html)


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("zone", ["UTC", "Pacific/Chatham", "America/St_Johns"])
def test_rows_say_what_djangos_helpers_say(language: str, zone: str) -> None:
    with translation.override(language), timezone.override(ZoneInfo(zone)):
        html = board_rows_html(_rows())
        ats = [timezone.localtime(at) for at in ATS]
        assert _cells(html, r'<td class="n rank[^"]*">([^<]*)</td>') == [
            floatformat(rank, "g") for rank in RANKS
        ]
        assert _cells(html, r'<th scope="row"><a href="([^"]*)">') == [
            escape(reverse("challenges:player", args=[name])) for name in NAMES
        ]
        assert _cells(html, r'<time datetime="([^"]*)"') == [
            dateformat.format(at, "c") for at in ats
        ]
        assert _cells(html, r'data-local="short">([^<]*)</time>') == [
            escape(date_format(at, "SHORT_DATETIME_FORMAT")) for at in ats
        ]
    # The grouping differs between the languages: the test would see a missed one.
    assert floatformat(12_345, "g") != "12345"


def test_a_hard_mode_entry_is_marked_and_said() -> None:
    with translation.override("fr"):
        rows = re.findall(r"<tr.*?</tr>", board_rows_html(_rows()), re.S)
    assert ['class="hard-mark"' in row for row in rows] == [n == 1 for n in range(len(rows))]
    assert "(Mode difficile)" in rows[1]
