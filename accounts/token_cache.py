"""The API tokens found by their secret, kept in the cache between requests.

Every API request authenticates: without this, a query for the token and its user (and
the ORM's work to build it) before any work is done. A hit costs one cache read.

What is kept is what the request needs of the token and of its user (no password hash,
no e-mail); the user's other fields load from the database if a view reads them. The
entry goes away the moment the token is deleted (revoked, rotated, retired) or its
user saved (deactivated, renamed, made staff): ``accounts.signals`` calls
:func:`token_forget` and :func:`tokens_forget_of_user`. The time to live bounds the one
case no signal sees: a change made while Redis was unreachable (the delete then reached
only the process's fallback cache), or a ``QuerySet.update`` of users.
"""

from __future__ import annotations

from collections.abc import Mapping
from datetime import datetime
from typing import Any

from django.contrib.auth import get_user_model
from django.contrib.auth.models import AbstractBaseUser, User
from django.core.cache import cache
from django.db import DEFAULT_DB_ALIAS

from accounts.models import ApiToken

# What a request needs of the token's user; the rest loads if read.
USER_FIELDS = ("id", "username", "is_active", "is_staff", "is_superuser")

TOKEN_CACHE_SECONDS = 60
_TOKEN_FIELDS = ("id", "user_id", "prefix", "name", "origin", "created_at", "last_used_at")


def user_loaded(values: Mapping[str, Any]) -> User:
    """The user as loaded with only ``values`` (of ``USER_FIELDS``); any other field is
    read from the database when used."""
    user_model = get_user_model()
    names = [f.attname for f in user_model._meta.concrete_fields if f.attname in values]
    return user_model.from_db(DEFAULT_DB_ALIAS, names, [values[name] for name in names])


def _key(digest: str) -> str:
    return f"api-token:{digest}"


def token_cached(*, digest: str) -> ApiToken | None:
    """The token with this digest, with its user, if the cache holds it."""
    kept = cache.get(_key(digest))
    if not isinstance(kept, dict) or not isinstance(kept.get("user"), dict):
        return None
    token = ApiToken(digest=digest, **dict(zip(_TOKEN_FIELDS, kept["token"], strict=True)))
    token.user = user_loaded(kept["user"])
    token._state.adding = False
    token._state.db = DEFAULT_DB_ALIAS
    return token


def token_keep(token: ApiToken) -> None:
    """Keep ``token`` (loaded with its user) for the next requests."""
    user: AbstractBaseUser = token.user
    kept: dict[str, Any] = {
        "token": [getattr(token, name) for name in _TOKEN_FIELDS],
        "user": {name: getattr(user, name) for name in USER_FIELDS},
    }
    cache.set(_key(token.digest), kept, TOKEN_CACHE_SECONDS)


def token_touched(token: ApiToken, *, at: datetime) -> None:
    """The token's ``last_used_at`` was written: keep the new value too."""
    token.last_used_at = at
    token_keep(token)


def token_forget(*, digest: str) -> None:
    cache.delete(_key(digest))


def tokens_forget_of_user(*, user_id: int) -> None:
    digests = ApiToken.objects.filter(user_id=user_id).values_list("digest", flat=True)
    cache.delete_many([_key(digest) for digest in digests])
