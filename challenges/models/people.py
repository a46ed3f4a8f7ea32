"""Who plays besides players with an account, and whom players follow."""

from __future__ import annotations

import uuid

from django.conf import settings
from django.db import models
from django.db.models import F, Q
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _


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
    """A visitor playing without an account: a server-side identity that a
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
