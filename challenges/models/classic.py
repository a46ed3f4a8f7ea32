"""The classic game against the computer: a game is a row with its log of actions,
and a seat per player at its table.

The engine rebuilds the game from ``seed``, ``rounds`` and ``log`` (the deal comes from
the seed; every action, a person's or a computer's, is in the log), so the row never
holds a position that could disagree with its log. A seat is a person (``player``) or
a computer (``strength``): the same turn API serves several people at one table later.
"""

from __future__ import annotations

import uuid

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _

from challenges.engine import rules_version_current


class ClassicGame(models.Model):
    class Status(models.TextChoices):
        PLAYING = "playing", _("playing")
        FINISHED = "finished", _("finished")
        RESIGNED = "resigned", _("resigned")

    id = models.UUIDField(primary_key=True, default=uuid.uuid4, editable=False)
    seed = models.CharField(_("seed"), max_length=32)
    rounds = models.PositiveSmallIntegerField(
        _("rounds"), null=True, blank=True, help_text=_("Empty: the game is played to 400.")
    )
    strength = models.CharField(_("computers' strength"), max_length=8)
    # The rules the game is played and replayed by, for ever (as a challenge's).
    rules_version = models.PositiveSmallIntegerField(
        _("rules version"), default=rules_version_current, editable=False
    )
    log = models.JSONField(_("log"), default=list)
    status = models.CharField(
        _("status"), max_length=10, choices=Status.choices, default=Status.PLAYING
    )
    turn = models.PositiveSmallIntegerField(_("seat to move"), null=True, blank=True)
    scores = models.JSONField(_("scores"), default=list)
    round = models.PositiveSmallIntegerField(_("round"), default=1)
    created_at = models.DateTimeField(_("started"))
    updated_at = models.DateTimeField(_("last action"))
    finished_at = models.DateTimeField(_("finished"), null=True, blank=True)

    class Meta:
        verbose_name = _("classic game")
        verbose_name_plural = _("classic games")
        ordering = ["-created_at"]

    def __str__(self) -> str:
        return f"classic game {self.id} ({self.status})"


class ClassicSeat(models.Model):
    """One player's place at a classic game's table: a person or a computer."""

    game = models.ForeignKey(
        ClassicGame, on_delete=models.CASCADE, related_name="seats", verbose_name=_("game")
    )
    seat = models.PositiveSmallIntegerField(_("seat"))
    player = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.CASCADE,
        null=True,
        blank=True,
        related_name="classic_seats",
        verbose_name=_("player"),
    )
    strength = models.CharField(_("strength"), max_length=8, blank=True)
    # The outcome, once the game is over.
    score = models.IntegerField(_("score"), null=True, blank=True)
    won = models.BooleanField(_("won"), null=True, blank=True)
    best_round = models.IntegerField(_("best round"), null=True, blank=True)

    class Meta:
        verbose_name = _("classic seat")
        verbose_name_plural = _("classic seats")
        ordering = ["game", "seat"]
        constraints = [
            models.UniqueConstraint(fields=["game", "seat"], name="classic_seat_once"),
            models.CheckConstraint(
                condition=Q(player__isnull=True, strength__gt="")
                | Q(player__isnull=False, strength=""),
                name="classic_seat_person_or_computer",
            ),
        ]
        indexes = [models.Index(fields=["player", "game"], name="classic_seat_player")]

    def __str__(self) -> str:
        who = self.strength or f"player {self.player_id}"
        return f"seat {self.seat} of {self.game_id}: {who}"
