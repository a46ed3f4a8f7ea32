"""Puzzles (docs/puzzles.md) and each player's progress on them.

A puzzle is a stored row: the series' puzzles and each puzzle of the day are made
once, and the row, not the generator, is the puzzle from then on. Nothing updates a
puzzle's cells or tray once written.
"""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _


class Puzzle(models.Model):
    """One puzzle: of the series (``number``, its place, and ``series_key``, its name)
    or of a day (``day``), never both."""

    number = models.PositiveIntegerField(_("number in the series"), null=True, unique=True)
    # The engine's name for a puzzle of the series: the number is its place in the
    # series' order by grade, which moves as puzzles are added; the key never does.
    # NULL for a puzzle of a day: UNIQUE allows many NULLs, not many empty strings.
    series_key = models.CharField(  # noqa: DJ001
        _("key in the series"), max_length=16, null=True, unique=True
    )
    day = models.DateField(_("day"), null=True, unique=True)
    cells = models.JSONField(_("cells"))
    tray = models.JSONField(_("tray"))
    # The filling the puzzle was built from: for support and tests, never sent to players.
    solution = models.JSONField(_("solution"))
    solutions = models.PositiveIntegerField(_("solutions"))
    # The grade (one of the engine's PUZZLE_GRADES) and the measures it comes from;
    # rows made before the grading have no measures until `puzzles_make` grades them.
    difficulty = models.CharField(_("grade"), max_length=8)
    forced = models.PositiveSmallIntegerField(_("forced placements"), null=True)
    decoys = models.PositiveSmallIntegerField(_("decoys"), null=True)
    created_at = models.DateTimeField(_("made at"))

    class Meta:
        verbose_name = _("puzzle")
        verbose_name_plural = _("puzzles")
        ordering = ["number", "day"]
        constraints = [
            models.CheckConstraint(
                condition=Q(number__isnull=False, series_key__isnull=False, day__isnull=True)
                | Q(number__isnull=True, series_key__isnull=True, day__isnull=False),
                name="puzzle_series_or_day",
            ),
        ]

    def __str__(self) -> str:
        if self.number is not None:
            return gettext("Puzzle %(number)s") % {"number": self.number}
        return gettext("Puzzle of %(day)s") % {"day": self.day}

    @property
    def size(self) -> int:
        return len(self.cells)


class PuzzleProgress(models.Model):
    """A player's best on one puzzle: the stars, the time, the filling that earned them."""

    player = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.CASCADE,
        related_name="puzzle_progress",
        verbose_name=_("player"),
    )
    puzzle = models.ForeignKey(
        Puzzle, on_delete=models.CASCADE, related_name="progress", verbose_name=_("puzzle")
    )
    stars = models.PositiveSmallIntegerField(_("best stars"))
    best_ms = models.PositiveIntegerField(_("best time (ms)"))
    pieces = models.JSONField(_("best filling"))
    solves = models.PositiveIntegerField(_("times solved"), default=1)
    first_solved_at = models.DateTimeField(_("first solved at"))
    last_solved_at = models.DateTimeField(_("last solved at"))

    class Meta:
        verbose_name = _("puzzle progress")
        verbose_name_plural = _("puzzle progress")
        constraints = [
            models.UniqueConstraint(fields=["player", "puzzle"], name="puzzle_progress_once"),
            models.CheckConstraint(condition=Q(stars__gte=1, stars__lte=3), name="puzzle_stars"),
        ]

    def __str__(self) -> str:
        return f"{self.player_id} on {self.puzzle_id}: {self.stars}"
