"""Entries (the one run a player submits per challenge), their review, their reports,
and the score counts every board reads."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.db.models import F, Q
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from challenges.models.challenge import Challenge
from challenges.models.run import Run


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
        # The review of runs no person plays (moderation/review.py, docs/solver.md).
        NEAR_PAR = "near_par", _("A score near par (the solver's best)")
        SOLVER_MOVES = "solver_moves", _("Placements matching the solver's first choice")
        SOLVER_LIKE = "solver_like", _("A score and placements close to the solver's together")
        FAST_PACE = "fast_pace", _("Placements quicker than people place tiles")
        # Trust across runs (moderation/trust.py, docs/trust.md).
        PROVISIONAL = "provisional", _("A top score by a player with little history")
        ABOVE_FORM = "above_form", _("A top score far above the player's form")
        OVERLAPPING_RUNS = (
            "overlapping_runs",
            _("Played while another run of theirs, or from the same network, was in play"),
        )
        NEAR_COPY = "near_copy", _("Most placements, in order, as in another entry")
        LINKED_ACCOUNTS = "linked_accounts", _("A linked account is in the same top of the board")
        # Timing as evidence (moderation/timing.py, docs/trust.md).
        MECHANICAL_PACE = "mechanical_pace", _("Think times as regular as a machine's")

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
    # A hold no moderator decided by results_at, settled by the policy: kept off the
    # final board, not voided (a moderator may still approve it).
    settled_at = models.DateTimeField(_("settled at"), null=True, blank=True)
    void_reason = models.TextField(_("void reason"), blank=True)
    # What the review of runs measured at submit (rules/review.py RunFeatures.to_json).
    features = models.JSONField(_("measured"), default=dict, blank=True, editable=False)
    # The run's placements in order, ";"-joined, kept at submit: a later submit's
    # near-copy check compares with them without reading and parsing this run's log.
    # None for entries made before they were kept (the check reads their log).
    placements = models.TextField(  # noqa: DJ001 (None is "not kept", "" is "none made")
        _("placements"), null=True, blank=True, editable=False
    )
    # Its run was played in hard mode (the run's own flag, kept beside the score the
    # boards read): marked "*" next to the entry.
    hard = models.BooleanField(_("hard mode"), default=False, db_default=False, editable=False)

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
            # A submit's near-copy check reads the entries nearest its score, any status,
            # ties by id: with the id in the index, its walks stop at the 60th entry
            # rather than sort every entry of the score (2,500 of a million).
            models.Index(fields=["challenge", "score", "id"], name="entry_challenge_score_id"),
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
        SETTLE = "settle", _("Not reviewed by the results: kept off the board")

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
        indexes = [
            # A rank sums the counts above a score: PostgreSQL reads them from this
            # index alone, not from the rows every submit rewrites. (SQLite has no
            # covering index: it builds this one on the key alone.)
            models.Index(
                fields=["challenge", "score"], include=["entries"], name="score_count_above"
            ),
        ]

    def __str__(self) -> str:
        return f"#{self.challenge_id}: {self.entries} at {self.score}"
