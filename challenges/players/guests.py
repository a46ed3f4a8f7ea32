"""Reads about guests: who is one, and the players a list may show.

A guest plays through a stand-in user (``models.Guest``). Boards only ever list
entries, which guests cannot make; every other list of players (player pages, follows,
the count of today's players on the home page) goes through ``players_only`` so that a
stand-in never shows. docs/first_visit.md says why each read counts whom.
"""

from __future__ import annotations

import uuid
from datetime import datetime, timedelta

from django.contrib.auth import get_user_model
from django.contrib.auth.models import AnonymousUser, User
from django.db.models import QuerySet

from challenges.compiled_queries import CompiledQuery
from challenges.models import Guest, Run

# No sign-up can take such a name: a player's name is letters, digits, "_" and "-".
GUEST_NAME_PREFIX = "guest~"
# A guest's cookie lives as long as its unclaimed runs are kept.
GUEST_KEPT = timedelta(days=7)


def guest_of(*, guest_id: object) -> Guest | None:
    """The guest a cookie names (its id as text), with its stand-in user; None for an
    unknown, purged or claimed guest, or a value that is no id."""
    try:
        key = uuid.UUID(str(guest_id))
    except ValueError:
        return None
    return Guest.objects.select_related("user").filter(pk=key).first()


def is_guest(user: User | AnonymousUser) -> bool:
    """Whether ``user`` is a guest's stand-in (never true of a visitor or a player)."""
    if not user.is_authenticated:
        return False
    return Guest.objects.filter(user_id=user.pk).exists()


def guest_played(*, player_id: int) -> bool:
    """Whether ``player_id`` is a guest's stand-in: its runs are a guest's (no account
    has claimed them yet)."""
    return Guest.objects.filter(user_id=player_id).exists()


def players_only() -> QuerySet[User]:
    """Every account that is a player: active, and no guest's stand-in."""
    users: QuerySet[User] = get_user_model().objects.filter(is_active=True, guest__isnull=True)
    return users


def guest_expires_at(*, created_at: datetime) -> datetime:
    """Until when an unclaimed guest made at ``created_at`` and its runs are kept."""
    return created_at + GUEST_KEPT


def guest_best_run(*, player_id: int, challenge_id: int) -> Run | None:
    """The best finished, valid run of ``challenge_id`` by the guest whose stand-in is
    ``player_id``: the one worth signing up to submit (the earliest of equal scores)."""
    return (
        Run.objects.filter(
            player_id=player_id, challenge_id=challenge_id, status=Run.Status.FINISHED
        )
        .order_by("-score", "started_at")
        .first()
    )


_PLAYER_BY_NAME = CompiledQuery(
    lambda username: players_only().filter(username=username), username="\x00no-one"
)


def player_by_name(*, username: str) -> User | None:
    """The player named ``username`` (no guest, no inactive account), or None; with SQL
    compiled once (every read of a player's page starts here)."""
    player: User | None = _PLAYER_BY_NAME.first(get_user_model(), username=username)
    return player
