"""A run: one timed attempt at a challenge, its moves as they arrived, its verdict."""

from __future__ import annotations

import uuid
from collections.abc import Mapping
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from typing import Any

from django.conf import settings
from django.db import models
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from challenges.engine import RULESET, RUN_SPAN
from challenges.models.challenge import Challenge


@dataclass(frozen=True)
class RunFault:
    """Why a run was rejected, or why a valid run may not enter a leaderboard: the move
    at fault (None when the whole log or the clock is), a stable code, the engine's
    English sentence (a record), and the figures it holds by name (``late_ms``...), from
    which the pages word it in their reader's language (challenges/fault_words.py).

    Stored as JSON on the run (``error``, ``ineligible``); read through this type."""

    move: int | None
    code: str
    detail: str
    values: Mapping[str, int] = field(default_factory=dict)

    @classmethod
    def from_json(cls, data: Any) -> RunFault | None:
        if not isinstance(data, dict):
            return None
        move = data.get("move")
        return cls(
            move=move if isinstance(move, int) else None,
            code=str(data.get("code", "")),
            detail=str(data.get("detail", "")),
            values={
                name: value
                for name, value in data.items()
                if name not in _FAULT_FIELDS and type(value) is int
            },
        )

    def to_json(self) -> dict[str, object]:
        return {"move": self.move, "code": self.code, "detail": self.detail, **self.values}


_FAULT_FIELDS = frozenset({"move", "code", "detail"})


class Run(models.Model):
    """One timed attempt at a challenge; the server's clock decides when it started."""

    class Status(models.TextChoices):
        STARTED = "started", _("Started")
        FINISHED = "finished", _("Finished (valid)")
        REJECTED = "rejected", _("Rejected")
        # Never finished, and past the moment a finish is taken (runs_expire).
        EXPIRED = "expired", _("Expired (never finished)")

    id = models.UUIDField(primary_key=True, default=uuid.uuid4, editable=False)
    player = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.CASCADE,
        related_name="runs",
        verbose_name=_("player"),
    )
    challenge = models.ForeignKey(
        Challenge, on_delete=models.CASCADE, related_name="runs", verbose_name=_("challenge")
    )
    started_at = models.DateTimeField(_("started at"))
    finished_at = models.DateTimeField(_("finished at"), null=True, blank=True)
    log = models.JSONField(
        _("log"), null=True, blank=True, help_text=_("The run log as the client sent it.")
    )
    status = models.CharField(
        _("status"), max_length=10, choices=Status.choices, default=Status.STARTED
    )
    score = models.IntegerField(
        _("score"),
        null=True,
        blank=True,
        help_text=_("Total of the replayed moves (the valid prefix if rejected)."),
    )
    move_results = models.JSONField(_("move results"), default=list, blank=True)
    error = models.JSONField(_("rejection"), null=True, blank=True)
    # Witnessing (RULES.md "Leaderboard eligibility"): when each held move of ``log``
    # reached the server, in ms since ``started_at`` on the server's clock.
    arrivals = models.JSONField(_("arrivals (ms)"), default=list, blank=True)
    # The replay's position after the held moves, so the next batch goes on from it
    # (the engine's ReplayPosition); cleared once the run is finished.
    position = models.JSONField(_("position"), null=True, blank=True, editable=False)
    # Why the run may not enter a leaderboard ({"move", "code", "detail"}), or null.
    ineligible = models.JSONField(_("ineligible"), null=True, blank=True)
    # Hard mode: no fit highlights and no auto-turn, chosen at the start and kept for the
    # run; its entry is marked on the board and in the share.
    hard = models.BooleanField(_("hard mode"), default=False, db_default=False)
    # Where the run was started: a keyed hash of the network (never the address;
    # docs/trust.md), so runs on one network in play at once meet in the overlap check.
    network = models.CharField(
        _("network (hash)"), max_length=32, blank=True, default="", db_default=""
    )

    # Not columns: set by ``run_start``, as a queryset's annotation would be: how many
    # runs of the challenge the player had started, and their best finished one then.
    runs_before: int | None = None
    best_before: Run | None = None

    class Meta:
        verbose_name = _("run")
        verbose_name_plural = _("runs")
        ordering = ["-started_at"]
        indexes = [
            models.Index(
                fields=["challenge", "player", "status"], name="run_challenge_player_status"
            ),
            models.Index(fields=["player", "-started_at"], name="run_player_started"),
            models.Index(fields=["challenge", "network"], name="run_challenge_network"),
        ]

    def __str__(self) -> str:
        return gettext("Run %(run)s by %(player)s on #%(challenge)s (%(status)s)") % {
            "run": self.id,
            "player": self.player_id,
            "challenge": self.challenge_id,
            "status": self.get_status_display(),
        }

    @property
    def deadline(self) -> datetime:
        """When the run's two minutes are over: the play deadline."""
        return self.started_at + timedelta(milliseconds=RULESET.time_limit_ms)

    @property
    def finish_by(self) -> datetime:
        """The last moment its finish is taken: the play deadline plus the network grace."""
        return self.started_at + RUN_SPAN

    @property
    def is_valid(self) -> bool:
        return self.status == self.Status.FINISHED

    @property
    def rejection(self) -> RunFault | None:
        """Why the run was rejected (the first bad move, a late finish, not a log)."""
        return RunFault.from_json(self.error)

    @property
    def ineligibility(self) -> RunFault | None:
        """Why a valid run may not enter a leaderboard (not witnessed, too fast)."""
        return RunFault.from_json(self.ineligible)

    @property
    def is_eligible(self) -> bool:
        """Finished, valid, witnessed and paced: a run that may enter a leaderboard."""
        return self.is_valid and self.ineligible is None

    @property
    def held_moves(self) -> list[object]:
        """The moves the server holds so far (trimmed to RULES.md's fields)."""
        log = self.log
        moves = log.get("moves") if isinstance(log, dict) else None
        return list(moves) if isinstance(moves, list) else []
