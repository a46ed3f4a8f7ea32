"""Writes about following: a player follows another, or stops. Both are idempotent, so
a double click or a retried request changes nothing."""

from __future__ import annotations

from datetime import datetime

from django.conf import settings
from django.contrib.auth import get_user_model
from django.db import transaction

from challenges.errors import FollowSelf, FollowsLimitReached, service_now
from challenges.models import Follow


def follow_add(*, follower_id: int, followed_id: int, now: datetime | None = None) -> Follow:
    """``follower_id`` follows ``followed_id`` (from now, or since they first did), within
    ``FOLLOWS_LIMIT`` players: a following board is read in one query, and a script
    following every player would make it the whole board."""
    if follower_id == followed_id:
        raise FollowSelf()
    limit: int = settings.FOLLOWS_LIMIT
    with transaction.atomic():
        # The follower's row, locked: two follows at once cannot both take the last place.
        get_user_model().objects.select_for_update().filter(pk=follower_id).first()
        existing = Follow.objects.filter(follower_id=follower_id, followed_id=followed_id).first()
        if existing is not None:
            return existing
        if Follow.objects.filter(follower_id=follower_id).count() >= limit:
            raise FollowsLimitReached(limit)
        return Follow.objects.create(
            follower_id=follower_id, followed_id=followed_id, created_at=service_now(now)
        )


def follow_remove(*, follower_id: int, followed_id: int) -> None:
    """``follower_id`` no longer follows ``followed_id`` (nothing happens if they did not)."""
    Follow.objects.filter(follower_id=follower_id, followed_id=followed_id).delete()
