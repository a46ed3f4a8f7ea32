"""A token the cache does not hold is read by its prefix in one statement compiled once
(accounts.services), and reads as the ORM's queryset with its user would."""

from __future__ import annotations

import hashlib

import pytest
from django.core.cache import cache
from django.db import connection
from django.test.utils import CaptureQueriesContext

from accounts import services
from accounts.models import ApiToken
from accounts.services import api_token_authenticate, api_token_create
from accounts.token_cache import USER_FIELDS
from tests.factories import UserFactory

pytestmark = pytest.mark.django_db


def test_the_compiled_read_gives_the_orms_tokens_and_users() -> None:
    player = UserFactory(is_staff=True)
    issued = api_token_create(user=player, name="bot")
    compiled = services._candidates(prefix=issued.token.prefix)
    orm = list(ApiToken.objects.select_related("user").filter(prefix=issued.token.prefix))
    assert len(compiled) == len(orm) == 1
    for name in services._TOKEN_FIELDS:
        assert getattr(compiled[0], name) == getattr(orm[0], name), name
    for name in USER_FIELDS:
        assert getattr(compiled[0].user, name) == getattr(orm[0].user, name), name
    assert services._candidates(prefix="tod_nothing") == []


def test_a_token_sharing_its_prefix_is_told_apart_by_its_digest() -> None:
    ada, bob = UserFactory(), UserFactory()
    issued = api_token_create(user=ada)
    twin = issued.secret[:12] + "y" * (len(issued.secret) - 12)
    ApiToken.objects.create(
        user=bob, prefix=issued.token.prefix, digest=hashlib.sha256(twin.encode()).hexdigest()
    )
    cache.clear()
    found = api_token_authenticate(secret=twin)
    assert found is not None and found.user.pk == bob.pk
    found = api_token_authenticate(secret=issued.secret)
    assert found is not None and found.user.pk == ada.pk


def test_a_token_missed_by_the_cache_costs_one_read_and_one_touch() -> None:
    issued = api_token_create(user=UserFactory())
    cache.clear()
    with CaptureQueriesContext(connection) as captured:
        found = api_token_authenticate(secret=issued.secret)
    assert found is not None and found.user.username
    statements = [q["sql"] for q in captured.captured_queries]
    assert len(statements) == 2, statements
    assert statements[0].lstrip().upper().startswith("SELECT")
    assert statements[1].lstrip().upper().startswith("UPDATE")
