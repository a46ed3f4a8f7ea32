"""Accounts' own tables: hashed API tokens, and the look-alike key of each name."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils import timezone
from django.utils.translation import gettext_lazy as _


class ApiToken(models.Model):
    """An API token, kept as a SHA-256 digest of its secret (never the secret itself).

    The secret is random (256 bits for new tokens, 160 for those carried over from the
    old plain-text table), so a plain hash is enough: there is nothing to guess that a
    slow hash would protect. ``prefix`` is the start of the secret, kept to tell a
    player's tokens apart and to find the candidates for a secret without using its hash
    as the lookup key; the digest is then compared in constant time.
    """

    class Origin(models.TextChoices):
        PASSWORD = "password", _("Exchanged for the password (API)")
        SETTINGS = "settings", _("Made on the settings page")
        MIGRATED = "migrated", _("Carried over from the old tokens")

    user = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.CASCADE,
        related_name="api_tokens",
        verbose_name=_("player"),
    )
    prefix = models.CharField(_("prefix"), max_length=16, db_index=True)
    digest = models.CharField(_("digest"), max_length=64, unique=True)
    name = models.CharField(_("name"), max_length=60, blank=True)
    origin = models.CharField(_("origin"), max_length=16, choices=Origin.choices)
    created_at = models.DateTimeField(_("created at"), default=timezone.now)
    last_used_at = models.DateTimeField(_("last used at"), null=True, blank=True)

    class Meta:
        ordering = ["-created_at", "-id"]
        verbose_name = _("API token")
        verbose_name_plural = _("API tokens")

    def __str__(self) -> str:
        return f"{self.prefix}… ({self.user_id})"


class UsernameKey(models.Model):
    """The look-alike key of a player's name (accounts.confusables.name_key, hashed):
    unique, so that no two players' names look alike, whatever their script or case."""

    user = models.OneToOneField(
        settings.AUTH_USER_MODEL,
        on_delete=models.CASCADE,
        primary_key=True,
        related_name="username_key",
        verbose_name=_("player"),
    )
    digest = models.CharField(_("digest"), max_length=64, unique=True)

    class Meta:
        verbose_name = _("look-alike key of a name")
        verbose_name_plural = _("look-alike keys of names")

    def __str__(self) -> str:
        return f"{self.digest[:12]}… ({self.user_id})"


class LimitCount(models.Model):
    """One counter of a limit (a throttle's window, a log-in lock-out) in the database:
    the limits' store when there is no Redis, and while Redis is down
    (config.limit_store, which reads and writes it in SQL of its own)."""

    key = models.CharField(_("key"), max_length=250, primary_key=True)
    hits = models.IntegerField(_("hits"))
    # Seconds since the epoch: compared in SQL the same way on PostgreSQL and SQLite.
    expires_at = models.FloatField(_("expires at"), db_index=True)

    class Meta:
        db_table = "limit_counts"
        verbose_name = _("limit count")
        verbose_name_plural = _("limit counts")

    def __str__(self) -> str:
        return f"{self.key}: {self.hits}"
