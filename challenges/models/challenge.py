"""A challenge: one deal for everyone, its slot, its par and when its results are out."""

from __future__ import annotations

from datetime import datetime

from django.db import models
from django.db.models import F, Q
from django.utils.functional import lazy
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from challenges.engine import RULESET, RUN_SPAN, rules_version_current
from challenges.game_words import run_length_words


# The labels that say a number of the game take it from the ruleset, in the reader's
# language when they are shown (lazily: the class is made before any request).
def _challenge_game_label() -> str:
    return gettext("Challenge (single player, %(run_length)s)") % {"run_length": run_length_words()}


def _tray_help() -> str:
    return gettext("The %(tiles)s tile ids everyone starts with.") % {"tiles": RULESET.tray_size}


def _well_help() -> str:
    return gettext("The other %(tiles)s tile ids, in drawing order.") % {"tiles": RULESET.well_size}


class Challenge(models.Model):
    """One 8-hour slot's tiles. The stored row, not the generator, defines the challenge.

    The primary key is the slot number, so ``/challenges/812/`` is challenge 812. The
    API still calls it ``id`` too (API.md); in the code it is ``number`` (or ``pk``).
    """

    class GameKind(models.TextChoices):
        # Which game the row is played by (the API calls the field "ruleset"); the
        # numbers of that game live in the engine's Ruleset, not here.
        CHALLENGE = "challenge", lazy(_challenge_game_label, str)()

    number = models.BigIntegerField(_("number"), primary_key=True, editable=False)
    opens_at = models.DateTimeField(_("opens at"))
    closes_at = models.DateTimeField(_("closes at"))
    ruleset = models.CharField(
        _("game"), max_length=20, choices=GameKind.choices, default=GameKind.CHALLENGE
    )
    # The rules the challenge is played, replayed, analysed and reviewed by, for ever.
    rules_version = models.PositiveSmallIntegerField(
        _("rules version"), default=rules_version_current, editable=False
    )
    tray = models.JSONField(_("tray"), help_text=lazy(_tray_help, str)())
    well = models.JSONField(_("well"), help_text=lazy(_well_help, str)())
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
    # Par: the best score the solver found, and its run log (a human-paced
    # log that replays through the normal path). Null until solved (schedule/par.py).
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
        return self.closes_at + RUN_SPAN

    def results_out(self, now: datetime) -> bool:
        return now >= self.results_at
