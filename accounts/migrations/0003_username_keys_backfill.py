"""Every existing player gets the look-alike key of their name (accounts.confusables).

Names that already looked alike before the check existed all stay; the oldest account
holds the shared key (``manage.py usernames_keys_refresh`` recomputes them all the same
way, e.g. after the confusables table changed with a new package version).
"""

from django.db import migrations


def username_keys_backfill(apps, schema_editor):
    from accounts.confusables import name_key_digest

    user_model = apps.get_model("auth", "User")
    username_key = apps.get_model("accounts", "UsernameKey")
    seen = set(username_key.objects.values_list("digest", flat=True))
    keyed = set(username_key.objects.values_list("user_id", flat=True))
    rows = []
    for pk, username in user_model.objects.order_by("pk").values_list("pk", "username"):
        if pk in keyed:
            continue
        digest = name_key_digest(username)
        if digest in seen:
            continue
        seen.add(digest)
        rows.append(username_key(user_id=pk, digest=digest))
    username_key.objects.bulk_create(rows, batch_size=1000)


class Migration(migrations.Migration):
    dependencies = [("accounts", "0002_plain_tokens_hashed")]

    operations = [
        migrations.RunPython(username_keys_backfill, migrations.RunPython.noop, elidable=False)
    ]
