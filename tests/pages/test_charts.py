"""Chart geometry: bars in proportion to counts, lines through every challenge."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date, timedelta

from django.conf import settings
from django.utils import translation

from challenges.charts import (
    HISTOGRAM_PADDING,
    HISTOGRAM_SIZE,
    LINE_CHART_SIZE,
    calendar_chart,
    histogram_chart,
    line_chart,
)


@dataclass(frozen=True)
class Row:
    challenge_id: int
    number: int
    score: int


def test_histogram_bars_are_in_proportion_and_mark_the_players_band() -> None:
    chart = histogram_chart(edges=[0, 10, 20, 30], counts=[4, 2, 0], player_bin=1, you_score=15)
    assert chart is not None
    heights = [bar.height for bar in chart.bars]
    assert heights[0] == chart.baseline - chart.top
    assert heights[1] == heights[0] / 2
    assert heights[2] == 0
    assert [bar.is_you for bar in chart.bars] == [False, True, False]
    assert [(bar.low, bar.high) for bar in chart.bars] == [(0, 9), (10, 19), (20, 29)]
    assert chart.left == HISTOGRAM_PADDING[0]
    assert chart.right == HISTOGRAM_SIZE[0] - HISTOGRAM_PADDING[1]
    assert chart.left < chart.you_x < chart.right
    assert chart.you_label_anchor == "middle"


def test_histogram_has_nothing_to_draw_without_entries() -> None:
    assert histogram_chart(edges=[0, 10], counts=[0], player_bin=None, you_score=None) is None
    assert histogram_chart(edges=[], counts=[], player_bin=None, you_score=None) is None


def test_line_chart_draws_higher_values_higher_in_challenge_order() -> None:
    rows = [Row(challenge_id=n, number=n, score=s) for n, s in ((7, 10), (8, 50), (9, 30))]
    chart = line_chart(rows, value=lambda row: row.score, label=lambda row: f"#{row.number}")
    assert chart is not None
    xs = [point.x for point in chart.points]
    ys = [point.y for point in chart.points]
    assert xs == sorted(xs) and xs[0] == chart.left and xs[-1] == chart.right
    assert ys[1] < ys[2] < ys[0]  # 50 above 30 above 10 (SVG y grows downward)
    assert chart.path.startswith(f"M{xs[0]} {ys[0]}") and chart.path.count("L") == 2
    assert [label for _, label in chart.x_ticks] == ["#7", "#9"]
    assert chart.width == LINE_CHART_SIZE[0]


def test_line_chart_with_a_fixed_range_places_its_ends_on_the_frame() -> None:
    rows = [Row(challenge_id=1, number=1, score=0)]
    chart = line_chart(rows, value=lambda row: row.score, label=str, fixed_range=(-100, 0))
    assert chart is not None
    assert chart.points[0].y == chart.top
    assert chart.points[0].x == (chart.left + chart.right) / 2
    assert line_chart([], value=lambda row: 0.0, label=str) is None


@dataclass(frozen=True)
class Day:
    day: date
    entries: int


def test_the_calendars_months_are_told_apart_in_every_language() -> None:
    """A year's month labels, in each language: twelve different names (French "M"
    had June and July as "Jui" and "Jul")."""
    year = [Day(date(2026, 1, 5) + timedelta(days=n), 0) for n in range(364)]
    for code, _ in settings.LANGUAGES:
        with translation.override(code):
            labels = [text for _, text in calendar_chart(year).months]
        assert len(labels) == 12 and len(set(labels)) == 12, (code, labels)
    with translation.override("fr"):
        labels = [text for _, text in calendar_chart(year).months]
    assert labels[5:7] == ["juin", "juil."]
