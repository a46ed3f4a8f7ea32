"""The desk's two pictures, as SVG geometry the templates draw: a player's form over
time (share of par per challenge) and the spread of a run's gaps between placements.
The geometry is plain numbers (the template writes it unlocalised); the labels are in
the reader's language."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from django.utils.formats import number_format

from challenges.moderation.selectors import DeskEntry
from challenges.views.desk_words import status_label

FORM_SIZE = (420, 160)
FORM_PADDING = (34, 10, 10, 20)
PACE_SIZE = (420, 120)
PACE_PADDING = (24, 10, 8, 20)


@dataclass(frozen=True)
class FormDot:
    x: float
    y: float
    share: float
    status: str
    status_words: str
    counted: bool
    challenge_id: int
    is_this: bool


@dataclass(frozen=True)
class FormChart:
    width: int
    height: int
    left: float
    right: float
    top: float
    baseline: float
    dots: list[FormDot]
    path: str
    form_y: float | None
    ticks: list[tuple[float, str]]


def form_chart(desk: DeskEntry) -> FormChart | None:
    """Share of par per challenge, oldest first (0 to 1 up the side); the counted ones
    joined by a line, the form as a dashed level; ``None`` with no share yet."""
    points = [point for point in desk.form_points if point.share is not None]
    if not points:
        return None
    (width, height), (pl, pr, pt, pb) = FORM_SIZE, FORM_PADDING
    left, right, top, baseline = pl, width - pr, pt, height - pb
    top_share = max(1.0, *(point.share or 0 for point in points))

    def y_of(share: float) -> float:
        return round(baseline - (share / top_share) * (baseline - top), 1)

    step = (right - left) / max(len(points) - 1, 1)
    dots = [
        FormDot(
            x=round(left + index * step if len(points) > 1 else (left + right) / 2, 1),
            y=y_of(point.share or 0),
            share=point.share or 0,
            status=point.status,
            status_words=status_label(point.status),
            counted=point.counted,
            challenge_id=point.challenge_id,
            is_this=point.challenge_id == desk.entry.challenge_id,
        )
        for index, point in enumerate(points)
    ]
    counted = [dot for dot in dots if dot.counted]
    path = " ".join(f"{'M' if i == 0 else 'L'}{d.x},{d.y}" for i, d in enumerate(counted))
    return FormChart(
        width=width,
        height=height,
        left=left,
        right=right,
        top=top,
        baseline=baseline,
        dots=dots,
        path=path,
        form_y=y_of(desk.form.level) if desk.form is not None else None,
        ticks=[(y_of(share), number_format(share, 1)) for share in (0.0, 0.5, 1.0)],
    )


@dataclass(frozen=True)
class PaceBar:
    x: float
    y: float
    width: float
    height: float
    count: int
    low_ms: int


@dataclass(frozen=True)
class PaceChart:
    width: int
    height: int
    left: float
    right: float
    baseline: float
    bars: list[PaceBar]
    labels: list[tuple[float, str]]


def pace_chart(bins: Sequence[int], *, bin_ms: int) -> PaceChart | None:
    """How many gaps between placements fell in each ``bin_ms`` (a script's metronome
    is one tall bar, a person's a spread)."""
    if not any(bins):
        return None
    (width, height), (pl, pr, pt, pb) = PACE_SIZE, PACE_PADDING
    left, right, top, baseline = pl, width - pr, pt, height - pb
    slot = (right - left) / len(bins)
    tallest = max(bins)
    bars = [
        PaceBar(
            x=round(left + index * slot + 1, 1),
            y=round(baseline - count / tallest * (baseline - top), 1),
            width=round(slot - 2, 1),
            height=round(count / tallest * (baseline - top), 1),
            count=count,
            low_ms=index * bin_ms,
        )
        for index, count in enumerate(bins)
    ]
    labels = [
        (round(left + index * slot, 1), f"{index * bin_ms / 1000:g} s")
        for index in range(0, len(bins), 4)
    ]
    return PaceChart(
        width=width, height=height, left=left, right=right, baseline=baseline, bars=bars,
        labels=labels,
    )  # fmt: skip
