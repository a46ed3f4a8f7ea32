"""Writes about following: a player follows another, or stops. Both are idempotent, so
a double click or a retried request changes nothing."""

from __future__ import annotations

from datetime import datetime

from django.contrib.auth.models import User

from challenges.errors import FollowSelf, service_now
from challenges.models import Follow


def follow_add(*, follower: User, followed: User, now: datetime | None = None) -> Follow:
    """``follower`` follows ``followed`` (from now, or since they first did)."""
    if follower.pk == followed.pk:
        raise FollowSelf()
    follow, _ = Follow.objects.get_or_create(
        follower=follower, followed=followed, defaults={"created_at": service_now(now)}
    )
    return follow


def follow_remove(*, follower: User, followed: User) -> None:
    """``follower`` no longer follows ``followed`` (nothing happens if they did not)."""
    Follow.objects.filter(follower=follower, followed=followed).delete()
