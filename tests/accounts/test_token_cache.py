"""A token used once is served from the cache (accounts.token_cache), and whatever
changes it or its player takes effect on the very next request, cached or not."""

from __future__ import annotations

from datetime import datetime, timedelta
from typing import Any
from unittest import mock

import pytest
from django.contrib.auth.models import User
from django.core.cache import cache
from django.utils import timezone
from rest_framework.test import APIClient

from accounts.models import ApiToken
from accounts.services import (
    api_token_authenticate,
    api_token_create,
    api_token_revoke,
    api_token_rotate,
)

pytestmark = pytest.mark.django_db


def _status(secret: str) -> int:
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Token {secret}")
    return int(client.get("/api/challenges/").status_code)


def _cached(secret: str) -> dict[str, Any] | None:
    from accounts.services import api_token_digest

    _, digest = api_token_digest(secret=secret)
    kept = cache.get(f"api-token:{digest}")
    return kept if isinstance(kept, dict) else None


def test_a_used_token_is_cached_without_its_players_password(player: User) -> None:
    issued = api_token_create(user=player)
    assert _cached(issued.secret) is None
    assert _status(issued.secret) == 200
    kept = _cached(issued.secret)
    assert kept is not None
    assert kept["user"]["username"] == player.username
    assert "password" not in kept["user"] and player.password not in str(kept)


def test_a_cached_token_is_found_without_a_query(
    player: User, django_assert_num_queries: Any
) -> None:
    from accounts.services import api_token_authenticate

    issued = api_token_create(user=player)
    first = api_token_authenticate(secret=issued.secret)  # reads, then writes last_used_at
    with django_assert_num_queries(0):
        again = api_token_authenticate(secret=issued.secret)
    assert first is not None and again is not None
    assert (again.pk, again.user.pk, again.user.username) == (first.pk, player.pk, player.username)
    assert again.user.email == player.email  # a field not cached loads when read


@pytest.mark.parametrize("change", ["revoke", "rotate", "deactivate", "delete player"])
def test_a_cached_token_stops_at_once(player: User, change: str) -> None:
    issued = api_token_create(user=player)
    assert _status(issued.secret) == 200
    assert _cached(issued.secret) is not None
    if change == "revoke":
        api_token_revoke(user=player, token_id=issued.token.pk)
    elif change == "rotate":
        api_token_rotate(user=player, token_id=issued.token.pk)
    elif change == "deactivate":
        player.is_active = False
        player.save()
    else:
        player.delete()
    assert _status(issued.secret) == 401
    assert _cached(issued.secret) is None or change == "deactivate"


def test_retiring_a_cached_token_stops_it(player: User, settings: Any) -> None:
    settings.API_TOKENS_PER_USER = 1
    old = api_token_create(user=player, origin=ApiToken.Origin.PASSWORD)
    assert _status(old.secret) == 200
    new = api_token_create(user=player, origin=ApiToken.Origin.PASSWORD)
    assert _status(old.secret) == 401
    assert _status(new.secret) == 200


def test_a_renamed_player_is_seen_at_once(player: User) -> None:
    issued = api_token_create(user=player)
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Token {issued.secret}")
    assert client.get("/api/challenges/").wsgi_request.user.username == player.username
    player.username = "renamed"
    player.save()
    assert client.get("/api/challenges/").wsgi_request.user.username == "renamed"


def test_a_missed_token_is_found_and_touched_once_a_minute(player: User) -> None:
    issued = [api_token_create(user=player) for _ in range(2)]
    now = timezone.now()
    token_id = issued[0].token.pk

    def used_at(moment: datetime) -> ApiToken | None:
        cache.clear()  # every use a miss: the token is read from the database
        with mock.patch("accounts.services.timezone.now", return_value=moment):
            return api_token_authenticate(secret=issued[0].secret)

    found = used_at(now)
    assert found is not None and found.pk == token_id and found.user.pk == player.pk
    assert found.user.username == player.username and found.user.is_active
    assert ApiToken.objects.get(pk=token_id).last_used_at == now
    used_at(now + timedelta(seconds=30))
    assert ApiToken.objects.get(pk=token_id).last_used_at == now  # not again within it
    used_at(now + timedelta(seconds=61))
    assert ApiToken.objects.get(pk=token_id).last_used_at == now + timedelta(seconds=61)
    assert api_token_authenticate(secret=issued[0].secret[:-1] + "x") is None
    assert ApiToken.objects.get(pk=issued[1].token.pk).last_used_at is None
