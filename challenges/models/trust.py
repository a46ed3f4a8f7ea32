"""A player's record across challenges (their form) and what links accounts: the
evidence that lets the top of a board be earned (docs/trust.md)."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _

from challenges.models.challenge import Challenge
from challenges.models.entry import Entry


class PlayerForm(models.Model):
    """One player's record: kept by the moderation room on every submit and decision.

    ``signup_network`` and ``device`` are keyed hashes (HMAC with the site's key) of the
    sign-up's network (an IPv4 address, an IPv6 /64) and of a random device cookie:
    enough to tell two accounts share one, never the address itself.
    """

    class Trust(models.TextChoices):
        AUTO = "auto", _("From the record")
        GRANTED = "granted", _("Granted by a moderator")
        WITHDRAWN = "withdrawn", _("Withdrawn by a moderator")

    player = models.OneToOneField(
        settings.AUTH_USER_MODEL,
        on_delete=models.CASCADE,
        related_name="form",
        verbose_name=_("player"),
    )
    challenges = models.PositiveIntegerField(_("counted challenges"), default=0)
    voided = models.PositiveIntegerField(_("voided entries"), default=0)
    # A moderator approved one of their entries: no longer provisional.
    vouched = models.BooleanField(_("vouched for"), default=False)
    trust = models.CharField(_("trust"), max_length=9, choices=Trust.choices, default=Trust.AUTO)
    signup_network = models.CharField(_("sign-up network (hash)"), max_length=32, blank=True)
    device = models.CharField(_("device (hash)"), max_length=32, blank=True)
    # The [device, network] hashes of the guests whose runs this account claimed: their
    # other runs, and the guests beside them, stay in its overlap check.
    claimed = models.JSONField(_("claimed guests' devices"), default=list, blank=True)

    class Meta:
        verbose_name = _("player's form")
        verbose_name_plural = _("players' form")
        indexes = [
            models.Index(fields=["signup_network"], name="form_signup_network"),
            models.Index(fields=["device"], name="form_device"),
        ]

    def __str__(self) -> str:
        return f"form of {self.player_id}: {self.challenges} challenges"


class FormPoint(models.Model):
    """One challenge of a player's record: their entry's share of par, and whether it
    counts in their form (live, or approved; not while held, never once voided)."""

    player = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.CASCADE,
        related_name="form_points",
        verbose_name=_("player"),
    )
    challenge = models.ForeignKey(
        Challenge, on_delete=models.CASCADE, related_name="+", verbose_name=_("challenge")
    )
    entry = models.OneToOneField(
        Entry, on_delete=models.CASCADE, related_name="form_point", verbose_name=_("entry")
    )
    share = models.FloatField(_("share of par"), null=True, blank=True)
    counted = models.BooleanField(_("counted"), default=False)
    # A moderator approved it: it enters the form as it is, where an unreviewed share
    # enters at most a step above the level before it.
    reviewed = models.BooleanField(_("reviewed"), default=False)
    at = models.DateTimeField(_("submitted at"))

    class Meta:
        verbose_name = _("form point")
        verbose_name_plural = _("form points")
        ordering = ["player", "at"]
        constraints = [
            models.UniqueConstraint(fields=["player", "challenge"], name="form_point_once"),
        ]
        indexes = [models.Index(fields=["player", "at"], name="form_point_player_at")]

    def __str__(self) -> str:
        return f"{self.player_id} on #{self.challenge_id}: {self.share}"
