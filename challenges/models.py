"""Challenges, the runs played on them, and the one entry per player per challenge."""

from __future__ import annotations

import uuid
from datetime import datetime, timedelta

from django.conf import settings
from django.db import models
from django.db.models import F, Q

from challenges.rules import DEFAULT_RULESET


class Challenge(models.Model):
    """One 8-hour slot's tiles. The stored row, not the generator, defines the challenge.

    The primary key equals the slot number, so ``/challenges/812/`` is challenge 812.
    """

    class GameKind(models.TextChoices):
        # Which game the row is played by (the API calls the field "ruleset"); the
        # numbers of that game live in the engine's Ruleset, not here.
        CHALLENGE = "challenge", "Challenge (single player, 2 minutes)"

    id = models.BigIntegerField(primary_key=True, editable=False)
    number = models.BigIntegerField(unique=True, editable=False)
    opens_at = models.DateTimeField()
    closes_at = models.DateTimeField()
    ruleset = models.CharField(max_length=20, choices=GameKind.choices, default=GameKind.CHALLENGE)
    tray = models.JSONField(help_text="The 9 tile ids everyone starts with.")
    well = models.JSONField(help_text="The other 47 tile ids, in drawing order.")
    seed = models.CharField(max_length=64, help_text="HMAC-SHA256 of the slot number, in hex.")
    created_at = models.DateTimeField(auto_now_add=True)
    # Kept by the entry services (in the submit's transaction), so lists of challenges
    # never count entries: counting 100,000 entries per row would make them O(entries).
    entry_count = models.PositiveIntegerField(default=0, editable=False)
    top_score = models.IntegerField(null=True, blank=True, editable=False)
    # Incremented in every transaction that changes the board; the leaderboard cache's
    # keys carry it (leaderboard_cache.py).
    board_version = models.PositiveBigIntegerField(default=0, editable=False)

    class Meta:
        ordering = ["-number"]
        constraints = [
            models.CheckConstraint(condition=Q(id=F("number")), name="challenge_id_is_number"),
            models.CheckConstraint(
                condition=Q(closes_at__gt=F("opens_at")), name="challenge_closes_after_opening"
            ),
        ]

    def __str__(self) -> str:
        return f"Challenge #{self.number}"

    def is_open(self, now: datetime) -> bool:
        return self.opens_at <= now < self.closes_at

    def is_closed(self, now: datetime) -> bool:
        return now >= self.closes_at

    @property
    def results_at(self) -> datetime:
        """The last moment a run started before the close can be finished and submitted;
        from then on the results are final and public (API.md "Results")."""
        return self.closes_at + timedelta(
            milliseconds=DEFAULT_RULESET.time_limit_ms + DEFAULT_RULESET.finish_grace_ms
        )

    def results_out(self, now: datetime) -> bool:
        return now >= self.results_at


class Run(models.Model):
    """One timed attempt at a challenge; the server's clock decides when it started."""

    class Status(models.TextChoices):
        STARTED = "started", "Started"
        FINISHED = "finished", "Finished (valid)"
        REJECTED = "rejected", "Rejected"
        # Never finished, and past the moment a finish is taken (runs_expire).
        EXPIRED = "expired", "Expired (never finished)"

    id = models.UUIDField(primary_key=True, default=uuid.uuid4, editable=False)
    player = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="runs"
    )
    challenge = models.ForeignKey(Challenge, on_delete=models.CASCADE, related_name="runs")
    started_at = models.DateTimeField()
    finished_at = models.DateTimeField(null=True, blank=True)
    log = models.JSONField(null=True, blank=True, help_text="The run log as the client sent it.")
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.STARTED)
    score = models.IntegerField(
        null=True,
        blank=True,
        help_text="Total of the replayed moves (the valid prefix if rejected).",
    )
    move_results = models.JSONField(default=list, blank=True)
    error = models.JSONField(null=True, blank=True)

    class Meta:
        ordering = ["-started_at"]
        indexes = [
            models.Index(
                fields=["challenge", "player", "status"], name="run_challenge_player_status"
            ),
            models.Index(fields=["player", "-started_at"], name="run_player_started"),
        ]

    def __str__(self) -> str:
        return f"Run {self.id} by {self.player_id} on #{self.challenge_id} ({self.status})"

    @property
    def deadline(self) -> datetime:
        """When the run's two minutes are over: the play deadline."""
        return self.started_at + timedelta(milliseconds=DEFAULT_RULESET.time_limit_ms)

    @property
    def finish_by(self) -> datetime:
        """The last moment its finish is taken: the play deadline plus the network grace."""
        return self.deadline + timedelta(milliseconds=DEFAULT_RULESET.finish_grace_ms)

    @property
    def is_valid(self) -> bool:
        return self.status == self.Status.FINISHED


class EntryQuerySet(models.QuerySet["Entry"]):
    # The one definition of a live entry: what boards, ranks, counts and histograms see.
    LIVE = Q(voided_at__isnull=True)

    def live(self) -> EntryQuerySet:
        return self.filter(self.LIVE)


class Entry(models.Model):
    """The run a player submitted for a challenge: at most one per player per challenge."""

    challenge = models.ForeignKey(Challenge, on_delete=models.CASCADE, related_name="entries")
    player = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="entries"
    )
    run = models.OneToOneField(Run, on_delete=models.PROTECT, related_name="entry")
    score = models.IntegerField()
    submitted_at = models.DateTimeField()
    voided_at = models.DateTimeField(null=True, blank=True)
    void_reason = models.TextField(blank=True)

    objects = EntryQuerySet.as_manager()

    class Meta:
        verbose_name_plural = "entries"
        ordering = ["challenge", "-score", "submitted_at", "id"]
        constraints = [
            # A voided entry still holds the slot: voiding disqualifies, it does not free a retry.
            models.UniqueConstraint(fields=["challenge", "player"], name="entry_one_per_player"),
        ]
        indexes = [
            # Leaderboard order and keyset seeks; only live entries are ever ranked.
            models.Index(
                F("challenge"),
                F("score").desc(),
                F("submitted_at").asc(),
                F("id").asc(),
                name="entry_leaderboard_order",
                condition=EntryQuerySet.LIVE,
            ),
        ]

    def __str__(self) -> str:
        return f"Entry {self.score} by {self.player_id} on #{self.challenge_id}"

    @property
    def is_voided(self) -> bool:
        return self.voided_at is not None


class ScoreCount(models.Model):
    """How many live entries of a challenge hold a score: the leaderboard's skeleton.

    Kept by the entry services in the submit's transaction, so a page number turns into
    a seek, and a rank into a sum, over a few hundred rows instead of every entry.
    """

    challenge = models.ForeignKey(Challenge, on_delete=models.CASCADE, related_name="score_counts")
    score = models.IntegerField()
    entries = models.PositiveIntegerField()

    class Meta:
        ordering = ["challenge", "-score"]
        constraints = [
            models.UniqueConstraint(
                fields=["challenge", "score"], name="score_count_one_per_score"
            ),
        ]

    def __str__(self) -> str:
        return f"#{self.challenge_id}: {self.entries} at {self.score}"
