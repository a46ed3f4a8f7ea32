"""The data migrations: DRF's plain tokens hashed over (their clients keep working) and
their table dropped; every existing name given its look-alike key."""

from __future__ import annotations

import hashlib
import importlib
from datetime import UTC, datetime

import pytest
from django.apps import apps
from django.contrib.auth import get_user_model
from django.db import connection
from django.db.migrations.executor import MigrationExecutor
from rest_framework.test import APIClient

from accounts.models import ApiToken, UsernameKey

pytestmark = pytest.mark.django_db(transaction=True)

OLD_KEY = "9944b09199c62bcf9418ad846dd0e4bbdfc6ee4b"  # DRF's 40 hex digits


def _migration(name: str) -> object:
    return importlib.import_module(f"accounts.migrations.{name}")


def _old_token_table(user_id: int, key: str = OLD_KEY) -> None:
    """authtoken_token as DRF's migrations made it, with one token and its migrations."""
    created = "datetime" if connection.vendor == "sqlite" else "timestamp with time zone"
    with connection.cursor() as cursor:
        cursor.execute(
            f'CREATE TABLE "authtoken_token" ("key" varchar(40) NOT NULL PRIMARY KEY, '
            f'"created" {created} NOT NULL, "user_id" integer NOT NULL UNIQUE)'
        )
        cursor.execute(
            'INSERT INTO "authtoken_token" ("key", "created", "user_id") VALUES (%s, %s, %s)',
            [key, "2024-05-01 12:30:00", user_id],
        )
        cursor.execute(
            'INSERT INTO "django_migrations" ("app", "name", "applied") VALUES (%s, %s, %s)',
            ["authtoken", "0001_initial", datetime(2024, 5, 1, tzinfo=UTC)],
        )


def test_plain_tokens_are_hashed_and_their_table_dropped() -> None:
    user = get_user_model().objects.create_user(username="scripter", password="pw")
    _old_token_table(user.pk)
    with connection.schema_editor() as editor:
        _migration("0002_plain_tokens_hashed").plain_tokens_hash(apps, editor)  # type: ignore[attr-defined]

    assert "authtoken_token" not in connection.introspection.table_names()
    with connection.cursor() as cursor:
        cursor.execute("SELECT COUNT(*) FROM django_migrations WHERE app = %s", ["authtoken"])
        assert cursor.fetchone() == (0,)
    token = ApiToken.objects.get()
    assert token.user == user
    assert token.origin == "migrated"
    assert token.prefix == OLD_KEY[:8]
    assert token.digest == hashlib.sha256(OLD_KEY.encode()).hexdigest()
    assert token.created_at == datetime(2024, 5, 1, 12, 30, tzinfo=UTC)

    # The client that had the plain token keeps working with it.
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Token {OLD_KEY}")
    assert client.get("/api/challenges/").wsgi_request.user == user
    client.credentials(HTTP_AUTHORIZATION=f"Token {OLD_KEY[:-1]}0")
    assert client.get("/api/challenges/").status_code == 401


def test_without_the_old_table_there_is_nothing_to_do() -> None:
    with connection.schema_editor() as editor:
        _migration("0002_plain_tokens_hashed").plain_tokens_hash(apps, editor)  # type: ignore[attr-defined]
    assert not ApiToken.objects.exists()


def test_every_existing_name_gets_its_key_the_oldest_keeping_a_shared_one() -> None:
    users = get_user_model().objects
    first = users.create_user(username="lan")
    users.create_user(username="Ian")  # already alike: kept, without a key
    third = users.create_user(username="grace")
    UsernameKey.objects.all().delete()
    with connection.schema_editor() as editor:
        _migration("0003_username_keys_backfill").username_keys_backfill(apps, editor)  # type: ignore[attr-defined]
    assert set(UsernameKey.objects.values_list("user_id", flat=True)) == {first.pk, third.pk}


def test_the_migrations_run_both_ways() -> None:
    executor = MigrationExecutor(connection)
    executor.migrate([("accounts", None)])
    assert "accounts_apitoken" not in connection.introspection.table_names()
    executor = MigrationExecutor(connection)
    leaf = executor.loader.graph.leaf_nodes("accounts")
    executor.migrate(leaf)
    assert "accounts_apitoken" in connection.introspection.table_names()
