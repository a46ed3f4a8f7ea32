"""API tokens kept as hashes: made, found, rotated, revoked, bounded (accounts.services)."""

from __future__ import annotations

import hashlib
import hmac
from datetime import timedelta
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.utils import timezone
from rest_framework.test import APIClient

from accounts import services
from accounts.models import ApiToken
from accounts.services import (
    TokensLimitReached,
    api_token_authenticate,
    api_token_create,
    api_token_revoke,
    api_token_rotate,
)
from tests.factories import UserFactory

pytestmark = pytest.mark.django_db

SETTINGS = ApiToken.Origin.SETTINGS
PASSWORD = ApiToken.Origin.PASSWORD


def _works(secret: str) -> bool:
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Token {secret}")
    return client.get("/api/challenges/").status_code == 200 and bool(
        client.get("/api/challenges/").wsgi_request.user.is_authenticated
    )


def test_only_a_digest_and_a_prefix_of_the_secret_are_kept(player: User) -> None:
    issued = api_token_create(user=player, origin=SETTINGS, name="bot")
    secret = issued.secret
    assert secret.startswith("tod_") and len(secret) == 4 + 43
    row = ApiToken.objects.values().get(pk=issued.token.pk)
    assert row["digest"] == hashlib.sha256(secret.encode()).hexdigest()
    assert row["prefix"] == secret[:12]
    stored = " ".join(str(value) for value in row.values())
    assert secret not in stored and secret[12:] not in stored
    assert issued.token.name == "bot"


def test_a_secret_finds_its_token_and_nothing_else_does(player: User) -> None:
    issued = api_token_create(user=player)
    found = api_token_authenticate(secret=issued.secret)
    assert found is not None and found.pk == issued.token.pk and found.user == player
    wrong_tail = issued.secret[:12] + "x" * (len(issued.secret) - 12)
    for guess in [wrong_tail, issued.secret + "x", issued.secret[:-1], "", "x" * 10_000]:
        assert api_token_authenticate(secret=guess) is None


def test_digests_are_compared_in_constant_time(
    player: User, monkeypatch: pytest.MonkeyPatch
) -> None:
    compared: list[tuple[Any, Any]] = []
    real = hmac.compare_digest

    def spy(a: Any, b: Any) -> bool:
        compared.append((a, b))
        return real(a, b)

    monkeypatch.setattr(services.hmac, "compare_digest", spy)
    issued = api_token_create(user=player)
    assert api_token_authenticate(secret=issued.secret) is not None
    assert compared == [(issued.token.digest, issued.token.digest)]


def test_last_used_is_written_at_most_once_a_minute(player: User, server_clock: Any) -> None:
    issued = api_token_create(user=player)
    assert issued.token.last_used_at is None
    assert _works(issued.secret)
    first = ApiToken.objects.get().last_used_at
    assert first == server_clock.now()
    server_clock.advance(ms=30_000)
    assert _works(issued.secret)
    assert ApiToken.objects.get().last_used_at == first
    server_clock.advance(ms=31_000)
    assert _works(issued.secret)
    assert ApiToken.objects.get().last_used_at == server_clock.now()


def test_rotation_replaces_the_secret_under_the_same_name(player: User) -> None:
    old = api_token_create(user=player, name="cron")
    new = api_token_rotate(user=player, token_id=old.token.pk)
    assert new.secret != old.secret
    assert new.token.name == "cron"
    assert not _works(old.secret)
    assert _works(new.secret)
    assert list(ApiToken.objects.values_list("pk", flat=True)) == [new.token.pk]


def test_revoking_stops_a_token_at_once(player: User) -> None:
    keep, drop = api_token_create(user=player), api_token_create(user=player)
    revoked = api_token_revoke(user=player, token_id=drop.token.pk)
    assert revoked.prefix == drop.token.prefix
    assert not _works(drop.secret)
    assert _works(keep.secret)


def test_nobody_rotates_or_revokes_another_players_token(player: User) -> None:
    theirs = api_token_create(user=UserFactory())
    with pytest.raises(ApiToken.DoesNotExist):
        api_token_rotate(user=player, token_id=theirs.token.pk)
    with pytest.raises(ApiToken.DoesNotExist):
        api_token_revoke(user=player, token_id=theirs.token.pk)
    assert _works(theirs.secret)


def test_tokens_for_the_password_retire_the_one_unused_longest(
    player: User, settings: Any, server_clock: Any
) -> None:
    settings.API_TOKENS_PER_USER = 3
    first, second, third = (api_token_create(user=player, origin=PASSWORD) for _ in range(3))
    server_clock.advance(ms=5_000)
    assert _works(first.secret)  # used since: the unused second is now the oldest
    made_on_page = api_token_create(user=player, origin=SETTINGS)
    fourth = api_token_create(user=player, origin=PASSWORD)
    assert not _works(second.secret)
    for still in (first, third, fourth, made_on_page):
        assert _works(still.secret)
    assert ApiToken.objects.filter(user=player, origin=PASSWORD).count() == 3


def test_tokens_made_on_the_page_are_refused_past_the_limit(player: User, settings: Any) -> None:
    settings.API_TOKENS_PER_USER = 2
    made = [api_token_create(user=player, origin=SETTINGS) for _ in range(2)]
    with pytest.raises(TokensLimitReached) as refused:
        api_token_create(user=player, origin=SETTINGS)
    assert refused.value.code == "too_many_tokens"
    assert "revoke one" in refused.value.detail
    api_token_create(user=player, origin=PASSWORD)  # the other kind has its own room
    api_token_revoke(user=player, token_id=made[0].token.pk)
    api_token_create(user=player, origin=SETTINGS)


def test_an_inactive_players_token_is_refused(player: User) -> None:
    issued = api_token_create(user=player)
    player.is_active = False
    player.save()
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Token {issued.secret}")
    response = client.get("/api/challenges/")
    assert response.status_code == 401
    assert response.json()["detail"] == "User inactive or deleted."


def test_tokens_go_with_their_player(player: User) -> None:
    issued = api_token_create(user=player)
    player.delete()
    assert not ApiToken.objects.exists()
    assert api_token_authenticate(secret=issued.secret) is None


def test_a_player_may_keep_tokens_made_long_ago(player: User) -> None:
    issued = api_token_create(user=player)
    ApiToken.objects.update(created_at=timezone.now() - timedelta(days=800))
    assert _works(issued.secret)
