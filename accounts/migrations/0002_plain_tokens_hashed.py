"""DRF's plain-text tokens become hashed API tokens, and their table is dropped.

Each row of ``authtoken_token`` (when the table exists: databases made before this
migration) becomes an ``ApiToken`` holding the SHA-256 digest of its key and the key's
first 8 characters as its prefix, so every client keeps working with the token it has.
Then the table, the last place the secrets were kept in plain text, is dropped, and
``rest_framework.authtoken``'s migrations are forgotten (the app is no longer installed;
were it installed again, its migrations would make an empty table).

Going back keeps the hashed tokens (0001's reversal drops them): the plain secrets are
gone, on purpose, and do not come back.
"""

import hashlib
from datetime import UTC, datetime

from django.db import migrations
from django.utils import timezone
from django.utils.dateparse import parse_datetime

TABLE = "authtoken_token"
OLD_PREFIX_LENGTH = 8  # accounts.services: keys without "tod_" show their first 8


def _aware(value):
    if isinstance(value, str):
        value = parse_datetime(value)
    if not isinstance(value, datetime):
        return timezone.now()
    return value if timezone.is_aware(value) else value.replace(tzinfo=UTC)


def plain_tokens_hash(apps, schema_editor):
    connection = schema_editor.connection
    if TABLE not in connection.introspection.table_names():
        return
    api_token = apps.get_model("accounts", "ApiToken")
    quote = connection.ops.quote_name
    with connection.cursor() as cursor:
        cursor.execute(
            f"SELECT {quote('key')}, {quote('created')}, {quote('user_id')} FROM {quote(TABLE)}"
        )
        rows = cursor.fetchall()
    api_token.objects.bulk_create(
        [
            api_token(
                user_id=user_id,
                prefix=key[:OLD_PREFIX_LENGTH],
                digest=hashlib.sha256(key.encode("utf-8")).hexdigest(),
                origin="migrated",
                name="",
                created_at=_aware(created),
            )
            for key, created, user_id in rows
        ]
    )
    schema_editor.execute(f"DROP TABLE {quote(TABLE)}")
    schema_editor.execute(
        f"DELETE FROM {quote('django_migrations')} WHERE {quote('app')} = %s", ["authtoken"]
    )


class Migration(migrations.Migration):
    dependencies = [("accounts", "0001_api_tokens_and_username_keys")]

    operations = [
        migrations.RunPython(plain_tokens_hash, migrations.RunPython.noop, elidable=False)
    ]
