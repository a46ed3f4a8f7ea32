"""Challenges, the runs played on them, and the one entry per player per challenge."""

from __future__ import annotations

import uuid
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any

from django.conf import settings
from django.db import models
from django.db.models import F, Q
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from challenges.rules import DEFAULT_RULESET


class Challenge(models.Model):
    """One 8-hour slot's tiles. The stored row, not the generator, defines the challenge.

    The primary key is the slot number, so ``/challenges/812/`` is challenge 812. The
    API still calls it ``id`` too (API.md); in the code it is ``number`` (or ``pk``).
    """

    class GameKind(models.TextChoices):
        # Which game the row is played by (the API calls the field "ruleset"); the
        # numbers of that game live in the engine's Ruleset, not here.
        CHALLENGE = "challenge", _("Challenge (single player, 2 minutes)")

    number = models.BigIntegerField(_("number"), primary_key=True, editable=False)
    opens_at = models.DateTimeField(_("opens at"))
    closes_at = models.DateTimeField(_("closes at"))
    ruleset = models.CharField(
        _("game"), max_length=20, choices=GameKind.choices, default=GameKind.CHALLENGE
    )
    tray = models.JSONField(_("tray"), help_text=_("The 9 tile ids everyone starts with."))
    well = models.JSONField(_("well"), help_text=_("The other 47 tile ids, in drawing order."))
    seed = models.CharField(
        _("seed"), max_length=64, help_text=_("HMAC-SHA256 of the slot number, in hex.")
    )
    created_at = models.DateTimeField(_("created at"), auto_now_add=True)
    # Kept by the entry services (in the submit's transaction), so lists of challenges
    # never count entries: counting 100,000 entries per row would make them O(entries).
    entry_count = models.PositiveIntegerField(_("entries"), default=0, editable=False)
    top_score = models.IntegerField(_("top score"), null=True, blank=True, editable=False)
    # Incremented in every transaction that changes the board; the leaderboard cache's
    # keys carry it (leaderboard_cache.py).
    board_version = models.PositiveBigIntegerField(_("board version"), default=0, editable=False)
    # Par (issue 8): the best score the solver found, and its run log (a human-paced
    # log that replays through the normal path). Null until solved (services/par.py).
    par = models.IntegerField(_("par"), null=True, blank=True, editable=False)
    par_log = models.JSONField(_("par's run log"), null=True, blank=True, editable=False)
    par_solved_at = models.DateTimeField(_("par solved at"), null=True, blank=True, editable=False)
    # Who is solving it now: a solver claims the row first, so two never solve one
    # challenge at once; a claim older than PAR_CLAIM_SECONDS is taken over.
    par_claimed_at = models.DateTimeField(
        _("par claimed at"), null=True, blank=True, editable=False
    )

    class Meta:
        verbose_name = _("challenge")
        verbose_name_plural = _("challenges")
        ordering = ["-number"]
        constraints = [
            models.CheckConstraint(
                condition=Q(closes_at__gt=F("opens_at")), name="challenge_closes_after_opening"
            ),
        ]

    def __str__(self) -> str:
        return gettext("Challenge #%(number)s") % {"number": self.number}

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


@dataclass(frozen=True)
class RunFault:
    """Why a run was rejected, or why a valid run may not enter a leaderboard: the move
    at fault (None when the whole log or the clock is), a stable code, a sentence.

    Stored as JSON on the run (``error``, ``ineligible``); read through this type."""

    move: int | None
    code: str
    detail: str

    @classmethod
    def from_json(cls, data: Any) -> RunFault | None:
        if not isinstance(data, dict):
            return None
        move = data.get("move")
        return cls(
            move=move if isinstance(move, int) else None,
            code=str(data.get("code", "")),
            detail=str(data.get("detail", "")),
        )

    def to_json(self) -> dict[str, object]:
        return {"move": self.move, "code": self.code, "detail": self.detail}


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

    class Meta:
        verbose_name = _("run")
        verbose_name_plural = _("runs")
        ordering = ["-started_at"]
        indexes = [
            models.Index(
                fields=["challenge", "player", "status"], name="run_challenge_player_status"
            ),
            models.Index(fields=["player", "-started_at"], name="run_player_started"),
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
        return self.started_at + timedelta(milliseconds=DEFAULT_RULESET.time_limit_ms)

    @property
    def finish_by(self) -> datetime:
        """The last moment its finish is taken: the play deadline plus the network grace."""
        return self.deadline + timedelta(milliseconds=DEFAULT_RULESET.finish_grace_ms)

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


class EntryQuerySet(models.QuerySet["Entry"]):
    # The one definition of a live entry: what boards, ranks, counts and histograms see.
    LIVE = Q(status="live")

    def live(self) -> EntryQuerySet:
        return self.filter(self.LIVE)


class Entry(models.Model):
    """The run a player submitted for a challenge: at most one per player per challenge.

    Live entries are on the boards; a held one waits for a moderator (its reasons say
    why); a void one is off them for good, and still holds the player's one slot.
    """

    class Status(models.TextChoices):
        LIVE = "live", _("Live")
        HELD = "held", _("Held for review")
        VOID = "void", _("Void")

    class HoldReason(models.TextChoices):
        DUPLICATE_LOG = "duplicate_log", _("The same moves as an earlier entry")
        # The review of runs no person plays (services/review.py, docs/solver.md).
        NEAR_PAR = "near_par", _("A score near par (the solver's best)")
        SOLVER_MOVES = "solver_moves", _("Placements matching the solver's first choice")
        SOLVER_LIKE = "solver_like", _("A score and placements close to the solver's together")
        FAST_PACE = "fast_pace", _("Placements quicker than people place tiles")

    challenge = models.ForeignKey(
        Challenge, on_delete=models.CASCADE, related_name="entries", verbose_name=_("challenge")
    )
    player = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.CASCADE,
        related_name="entries",
        verbose_name=_("player"),
    )
    run = models.OneToOneField(
        Run, on_delete=models.PROTECT, related_name="entry", verbose_name=_("run")
    )
    score = models.IntegerField(_("score"))
    submitted_at = models.DateTimeField(_("submitted at"))
    status = models.CharField(
        _("status"), max_length=4, choices=Status.choices, default=Status.LIVE
    )
    hold_reasons = models.JSONField(_("hold reasons"), default=list, blank=True)
    # SHA-256 of the run's places and draws without their times (duplicate_log).
    moves_hash = models.CharField(_("moves hash"), max_length=64, blank=True, editable=False)
    voided_at = models.DateTimeField(_("voided at"), null=True, blank=True)
    void_reason = models.TextField(_("void reason"), blank=True)
    # What the review of runs measured at submit (rules/review.py RunFeatures.to_json).
    features = models.JSONField(_("measured"), default=dict, blank=True, editable=False)

    objects = EntryQuerySet.as_manager()

    class Meta:
        verbose_name = _("entry")
        verbose_name_plural = _("entries")
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
            models.Index(fields=["challenge", "moves_hash"], name="entry_moves_hash"),
            models.Index(fields=["submitted_at"], name="entry_held", condition=Q(status="held")),
        ]

    def __str__(self) -> str:
        return gettext("Entry %(score)s by %(player)s on #%(challenge)s") % {
            "score": self.score,
            "player": self.player_id,
            "challenge": self.challenge_id,
        }

    @property
    def is_voided(self) -> bool:
        return self.status == self.Status.VOID

    @property
    def is_live(self) -> bool:
        return self.status == self.Status.LIVE

    @property
    def is_held(self) -> bool:
        return self.status == self.Status.HELD


class HeldEntry(Entry):
    """The moderators' review queue: entries held with their reasons (admin only)."""

    class Meta:
        proxy = True
        verbose_name = _("held entry (review queue)")
        verbose_name_plural = _("held entries (review queue)")


class EntryDecision(models.Model):
    """A moderator's decision on an entry: who, when, what and why (the review record)."""

    class Verdict(models.TextChoices):
        APPROVE = "approve", _("Approved (live)")
        VOID = "void", _("Voided")

    entry = models.ForeignKey(
        Entry, on_delete=models.CASCADE, related_name="decisions", verbose_name=_("entry")
    )
    verdict = models.CharField(_("verdict"), max_length=7, choices=Verdict.choices)
    decided_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        related_name="+",
        verbose_name=_("decided by"),
    )
    decided_at = models.DateTimeField(_("decided at"))
    reason = models.TextField(_("reason"))

    class Meta:
        verbose_name = _("decision")
        verbose_name_plural = _("decisions")
        ordering = ["-decided_at"]

    def __str__(self) -> str:
        return gettext("%(verdict)s: entry %(entry)s at %(when)s") % {
            "verdict": self.get_verdict_display(),
            "entry": self.entry_id,
            "when": f"{self.decided_at:%Y-%m-%d %H:%M}",
        }


class EntryReport(models.Model):
    """A player's report of an entry on a board whose results are out: it puts the entry
    in the review queue (it stays on the board until a moderator decides)."""

    class Reason(models.TextChoices):
        NOT_HUMAN = "not_human", _("Played by a program, not a person")
        COPIED = "copied", _("Copied from another player's run")
        OTHER = "other", _("Something else")

    entry = models.ForeignKey(
        Entry, on_delete=models.CASCADE, related_name="reports", verbose_name=_("entry")
    )
    reporter = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.CASCADE,
        related_name="entry_reports",
        verbose_name=_("reported by"),
    )
    reason = models.CharField(_("reason"), max_length=10, choices=Reason.choices)
    detail = models.TextField(_("detail"), blank=True)
    reported_at = models.DateTimeField(_("reported at"))
    # Set by the moderator's decision on the entry (approve keeps it, void removes it).
    resolved_at = models.DateTimeField(_("resolved at"), null=True, blank=True)

    class Meta:
        verbose_name = _("report")
        verbose_name_plural = _("reports")
        ordering = ["-reported_at"]
        constraints = [
            # Once per entry and player: a second report of the same entry adds nothing.
            models.UniqueConstraint(fields=["entry", "reporter"], name="entry_report_once"),
        ]
        indexes = [
            models.Index(
                fields=["reported_at"], name="entry_report_open", condition=Q(resolved_at=None)
            ),
        ]

    def __str__(self) -> str:
        return gettext("Report of entry %(entry)s by %(reporter)s (%(reason)s)") % {
            "entry": self.entry_id,
            "reporter": self.reporter_id,
            "reason": self.get_reason_display(),
        }


class ScoreCount(models.Model):
    """How many live entries of a challenge hold a score: the leaderboard's skeleton.

    Kept by the entry services in the submit's transaction, so a page number turns into
    a seek, and a rank into a sum, over a few hundred rows instead of every entry.
    """

    challenge = models.ForeignKey(
        Challenge,
        on_delete=models.CASCADE,
        related_name="score_counts",
        verbose_name=_("challenge"),
    )
    score = models.IntegerField(_("score"))
    entries = models.PositiveIntegerField(_("entries"))

    class Meta:
        verbose_name = _("score count")
        verbose_name_plural = _("score counts")
        ordering = ["challenge", "-score"]
        constraints = [
            models.UniqueConstraint(
                fields=["challenge", "score"], name="score_count_one_per_score"
            ),
        ]

    def __str__(self) -> str:
        return f"#{self.challenge_id}: {self.entries} at {self.score}"


class Follow(models.Model):
    """One player following another: the followed player's entries show on the
    follower's "following" boards, beside the follower's own."""

    follower = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.CASCADE,
        related_name="follows",
        verbose_name=_("follower"),
    )
    followed = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.CASCADE,
        related_name="followers",
        verbose_name=_("followed"),
    )
    created_at = models.DateTimeField(_("since"))

    class Meta:
        verbose_name = _("follow")
        verbose_name_plural = _("follows")
        ordering = ["-created_at"]
        constraints = [
            models.UniqueConstraint(fields=["follower", "followed"], name="follow_once"),
            models.CheckConstraint(condition=~Q(follower=F("followed")), name="follow_not_self"),
        ]

    def __str__(self) -> str:
        return f"{self.follower_id} follows {self.followed_id}"


class Guest(models.Model):
    """A visitor playing without an account (issue 12): a server-side identity that a
    signed cookie carries, no e-mail, no password.

    A guest plays through a stand-in ``user`` (unusable password, a name no sign-up can
    take), so its runs are ordinary runs: started, witnessed, replayed and throttled as
    a player's are. A guest never enters a board: ``entry_submit`` refuses its runs,
    and the reads that list players leave stand-ins out (``guests.players_only``).
    Signing up or logging in claims its runs (``services.guest_runs_claim``); a guest
    nobody claims is purged after a week (``services.guests_unclaimed_purge``).
    """

    # The cookie's value (signed): random, so one guest cannot be guessed from another.
    id = models.UUIDField(primary_key=True, default=uuid.uuid4, editable=False)
    user = models.OneToOneField(
        settings.AUTH_USER_MODEL,
        on_delete=models.CASCADE,
        related_name="guest",
        verbose_name=_("stand-in user"),
    )
    created_at = models.DateTimeField(_("created at"))

    class Meta:
        verbose_name = _("guest")
        verbose_name_plural = _("guests")
        indexes = [models.Index(fields=["created_at"], name="guest_created")]

    def __str__(self) -> str:
        return gettext("Guest %(guest)s (user %(user)s)") % {"guest": self.id, "user": self.user_id}
