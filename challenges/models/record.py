"""A player's record across challenges, kept by every submit, approval and void: what
their page shows of their streaks, calendar and bests without reading their entries."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _


class PlayerRecord(models.Model):
    """One row per player who ever submitted.

    ``submissions`` holds every entry that is not void: ``[challenge number, submitted
    at in epoch milliseconds, 1 if live else 0]`` (anyone's view of the streaks counts
    the live ones; the player's own view the held ones too). ``played`` and
    ``best_score`` count the live entries only, as the boards do. ``version`` moves
    with every change: the player's page is cached under it.
    """

    player = models.OneToOneField(
        settings.AUTH_USER_MODEL,
        on_delete=models.CASCADE,
        primary_key=True,
        related_name="record",
        verbose_name=_("player"),
    )
    submissions = models.JSONField(_("submissions"), default=list, blank=True)
    played = models.PositiveIntegerField(_("live entries"), default=0)
    best_score = models.IntegerField(_("best score"), null=True, blank=True)
    version = models.PositiveBigIntegerField(_("version"), default=0)

    class Meta:
        verbose_name = _("player record")
        verbose_name_plural = _("player records")

    def __str__(self) -> str:
        return f"{self.player_id}: {self.played}"
