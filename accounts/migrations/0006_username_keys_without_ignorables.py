"""The look-alike key now strips invisible (Default_Ignorable) characters first: the
names that hold one get their key again, so "al\\u1160ice" and "alice" meet. Where two
names now share a key, the older account keeps it (as ``usernames_keys_refresh``)."""

from django.db import migrations


def username_keys_without_ignorables(apps, schema_editor):
    from accounts.confusables import is_ignorable, name_key_digest

    user_model = apps.get_model("auth", "User")
    username_key = apps.get_model("accounts", "UsernameKey")
    for pk, username in user_model.objects.order_by("pk").values_list("pk", "username"):
        if not any(is_ignorable(char) for char in username):
            continue
        digest = name_key_digest(username)
        holder = username_key.objects.filter(digest=digest).exclude(user_id=pk).first()
        username_key.objects.filter(user_id=pk).delete()
        if holder is None:
            username_key.objects.create(user_id=pk, digest=digest)
        elif holder.user_id > pk:
            holder.delete()
            username_key.objects.create(user_id=pk, digest=digest)


class Migration(migrations.Migration):
    dependencies = [("accounts", "0005_limit_counts")]

    operations = [
        migrations.RunPython(
            username_keys_without_ignorables, migrations.RunPython.noop, elidable=False
        )
    ]
