"""Reminders by Web Push: a browser's subscription, and the rounds of reminders sent.

A subscription is one browser of one player (the push service's endpoint and the keys
its payloads are encrypted to), with the language its reminders are said in, the
player's time zone (for quiet hours and "a day") and which reminders it wants. A round
is one reminder's fan-out for one slot: made once, so a second beat or a redelivered
task starts no second round (challenges/reminders/services.py).
"""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _


class Reminder(models.TextChoices):
    """The reminders there are; each is also the name of a subscription's switch."""

    NEW_CHALLENGE = "new_challenge", _("A new challenge is open")
    STREAK_ENDING = "streak_ending", _("Your streak ends in an hour")


class PushSubscription(models.Model):
    player = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.CASCADE,
        related_name="push_subscriptions",
        verbose_name=_("player"),
    )
    endpoint = models.URLField(_("push endpoint"), max_length=1024, unique=True)
    p256dh = models.CharField(_("browser's public key"), max_length=128)
    auth = models.CharField(_("authentication secret"), max_length=64)
    language = models.CharField(_("language"), max_length=8, choices=settings.LANGUAGES)
    time_zone = models.CharField(_("time zone"), max_length=64, default="UTC")
    new_challenge = models.BooleanField(Reminder.NEW_CHALLENGE.label, default=True)
    streak_ending = models.BooleanField(Reminder.STREAK_ENDING.label, default=True)
    created_at = models.DateTimeField(_("created at"))
    last_sent_at = models.DateTimeField(_("last sent at"), null=True, blank=True)
    last_sent_on = models.DateField(
        _("last reminded on"),
        null=True,
        blank=True,
        help_text=_("The subscriber's own date of the last reminder: at most one a day."),
    )

    class Meta:
        verbose_name = _("push subscription")
        verbose_name_plural = _("push subscriptions")
        indexes = [models.Index(fields=["time_zone", "last_sent_on"], name="push_zone_day")]

    def __str__(self) -> str:
        return f"{self.player_id}: {self.endpoint[:40]}"


class ReminderRound(models.Model):
    kind = models.CharField(_("reminder"), max_length=32, choices=Reminder.choices)
    slot = models.IntegerField(_("slot"))
    started_at = models.DateTimeField(_("started at"))
    subscribers = models.PositiveIntegerField(_("subscribers"), default=0)

    class Meta:
        verbose_name = _("reminder round")
        verbose_name_plural = _("reminder rounds")
        constraints = [models.UniqueConstraint(fields=["kind", "slot"], name="reminder_round_once")]

    def __str__(self) -> str:
        return f"{self.kind} {self.slot}"
