"""Live tables: two to four people (and computers) at one classic game.

A table gathers its people first (``open``), then plays one ``ClassicGame``
(``playing``) until it is over (``finished``); a table nobody filled in time is
``expired``. Every action at a table is a ``TableEvent`` numbered per table (``seq``):
the engine's events of the game and the table's own (a seat taken, a seat left, a
claim). An event's body is the whole truth; what a seat may see of it is shaped when
it is read (challenges/tables/selectors.py).
"""

from __future__ import annotations

import uuid

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _

from challenges.models.classic import ClassicGame


class LiveTable(models.Model):
    class Status(models.TextChoices):
        OPEN = "open", _("waiting for players")
        PLAYING = "playing", _("playing")
        FINISHED = "finished", _("finished")
        EXPIRED = "expired", _("expired")

    class Pace(models.TextChoices):
        LIVE = "live", _("live")
        CORRESPONDENCE = "correspondence", _("correspondence")

    id = models.UUIDField(primary_key=True, default=uuid.uuid4, editable=False)
    host = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.CASCADE,
        null=True,
        blank=True,
        related_name="hosted_tables",
        verbose_name=_("host"),
    )
    seats = models.PositiveSmallIntegerField(_("seats"))
    computers = models.PositiveSmallIntegerField(_("computers"), default=0)
    strength = models.CharField(_("computers' strength"), max_length=8, default="medium")
    rounds = models.PositiveSmallIntegerField(
        _("rounds"), null=True, blank=True, help_text=_("Empty: the game is played to 400.")
    )
    pace = models.CharField(_("pace"), max_length=16, choices=Pace.choices, default=Pace.LIVE)
    rated = models.BooleanField(_("rated"), default=False)
    listed = models.BooleanField(_("in the lobby"), default=True)
    status = models.CharField(
        _("status"), max_length=10, choices=Status.choices, default=Status.OPEN
    )
    invite_token = models.CharField(_("invitation"), max_length=32, unique=True)
    invited = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="table_invitations",
        verbose_name=_("invited player"),
    )
    expires_at = models.DateTimeField(_("expires"))
    game = models.OneToOneField(
        ClassicGame,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="table",
        verbose_name=_("game"),
    )
    seq = models.PositiveIntegerField(_("last event"), default=0)
    # The clocks: each seat's bank in milliseconds, and when the seat to move began.
    clocks = models.JSONField(_("clocks"), default=list)
    turn_since = models.DateTimeField(_("turn began"), null=True, blank=True)
    reactions = models.JSONField(_("latest reactions"), default=list)
    # What the readers need of the game as of event ``seq``, kept by each write so that
    # a read does not replay the game's log (challenges/tables/game_facts.py).
    game_facts = models.JSONField(_("game as of the last event"), null=True, blank=True)
    created_at = models.DateTimeField(_("made"))
    started_at = models.DateTimeField(_("started"), null=True, blank=True)
    finished_at = models.DateTimeField(_("finished"), null=True, blank=True)

    class Meta:
        verbose_name = _("live table")
        verbose_name_plural = _("live tables")
        ordering = ["-created_at"]
        indexes = [models.Index(fields=["status", "listed", "created_at"], name="table_lobby")]

    def __str__(self) -> str:
        return f"table {self.id} ({self.status})"


class TableMember(models.Model):
    """A person's seat at a table, and how the table ended for them."""

    class Result(models.TextChoices):
        WON = "won", _("won")
        LOST = "lost", _("lost")
        LEFT = "left", _("left")

    table = models.ForeignKey(
        LiveTable, on_delete=models.CASCADE, related_name="members", verbose_name=_("table")
    )
    seat = models.PositiveSmallIntegerField(_("seat"))
    player = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.CASCADE,
        related_name="table_seats",
        verbose_name=_("player"),
    )
    joined_at = models.DateTimeField(_("joined"))
    seen_at = models.DateTimeField(_("last seen"))
    result = models.CharField(_("result"), max_length=8, choices=Result.choices, blank=True)
    rank = models.PositiveSmallIntegerField(_("place"), null=True, blank=True)
    rating_before = models.IntegerField(_("rating before"), null=True, blank=True)
    rating_after = models.IntegerField(_("rating after"), null=True, blank=True)
    coins = models.PositiveSmallIntegerField(_("silver coins"), default=0)

    class Meta:
        verbose_name = _("table seat")
        verbose_name_plural = _("table seats")
        ordering = ["table", "seat"]
        constraints = [
            models.UniqueConstraint(fields=["table", "seat"], name="table_member_seat_once"),
            models.UniqueConstraint(fields=["table", "player"], name="table_member_player_once"),
        ]
        indexes = [models.Index(fields=["player", "table"], name="table_member_player")]

    def __str__(self) -> str:
        return f"seat {self.seat} of {self.table_id}: player {self.player_id}"


class TableEvent(models.Model):
    """Event ``seq`` of a table, whole; read through the seat's shaping only."""

    table = models.ForeignKey(
        LiveTable, on_delete=models.CASCADE, related_name="events", verbose_name=_("table")
    )
    seq = models.PositiveIntegerField(_("number"))
    body = models.JSONField(_("event"))
    created_at = models.DateTimeField(_("when"))

    class Meta:
        verbose_name = _("table event")
        verbose_name_plural = _("table events")
        ordering = ["table", "seq"]
        constraints = [
            models.UniqueConstraint(fields=["table", "seq"], name="table_event_once"),
        ]

    def __str__(self) -> str:
        return f"event {self.seq} of {self.table_id}"


class PlayerRating(models.Model):
    """A player's rating at tables of people (openskill's Plackett-Luce: mu, sigma)."""

    player = models.OneToOneField(
        settings.AUTH_USER_MODEL,
        on_delete=models.CASCADE,
        related_name="table_rating",
        verbose_name=_("player"),
    )
    mu = models.FloatField(_("mu"))
    sigma = models.FloatField(_("sigma"))
    games = models.PositiveIntegerField(_("rated games"), default=0)
    updated_at = models.DateTimeField(_("updated"))

    class Meta:
        verbose_name = _("table rating")
        verbose_name_plural = _("table ratings")

    def __str__(self) -> str:
        return f"rating of player {self.player_id}: {self.mu:.1f} ± {self.sigma:.1f}"


class PairingTicket(models.Model):
    """A player waiting in the rated pool for a table of ``seats``."""

    player = models.OneToOneField(
        settings.AUTH_USER_MODEL,
        on_delete=models.CASCADE,
        related_name="pairing_ticket",
        verbose_name=_("player"),
    )
    seats = models.PositiveSmallIntegerField(_("seats"))
    rounds = models.PositiveSmallIntegerField(_("rounds"), null=True, blank=True)
    rating = models.FloatField(_("rating"))
    created_at = models.DateTimeField(_("waiting since"))
    table = models.ForeignKey(
        LiveTable,
        on_delete=models.CASCADE,
        null=True,
        blank=True,
        related_name="+",
        verbose_name=_("table"),
    )

    class Meta:
        verbose_name = _("pairing ticket")
        verbose_name_plural = _("pairing tickets")

    def __str__(self) -> str:
        return f"player {self.player_id} waiting for {self.seats} seats"
