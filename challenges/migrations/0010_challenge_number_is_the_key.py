"""The challenge's number is its primary key: one column, not an ``id`` and a ``number``
that a constraint kept equal.

The ``number`` column goes, and the primary key column is renamed to ``number``, so
every foreign key keeps pointing at the same values and nothing is copied.
"""

from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("challenges", "0009_merge_0008_follow_0008_par_review_reports"),
    ]

    operations = [
        migrations.RemoveConstraint(model_name="challenge", name="challenge_id_is_number"),
        migrations.RemoveField(model_name="challenge", name="number"),
        migrations.RenameField(model_name="challenge", old_name="id", new_name="number"),
        migrations.AlterField(
            model_name="challenge",
            name="number",
            field=models.BigIntegerField(editable=False, primary_key=True, serialize=False),
        ),
    ]
