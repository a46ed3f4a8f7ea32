"""Puzzles get a key in the series and the measures of their grade.

The series' rows stored so far were made by the engine as ``climb:<number>`` (their
number was their place in the first series): the key is set here in one statement,
with no engine code. Grading them and putting the series in its order by grade is
`manage.py puzzles_make`'s work (docs/puzzles.md, "Grades"): it needs the engine and
makes new puzzles, which a migration should not.
"""

from django.db import migrations, models
from django.db.models import CharField, Q, Value
from django.db.models.functions import Cast, Concat


def keys_set(apps, schema_editor):
    Puzzle = apps.get_model("challenges", "Puzzle")
    Puzzle.objects.filter(number__isnull=False).update(
        series_key=Concat(Value("climb:"), Cast("number", CharField()))
    )


class Migration(migrations.Migration):
    dependencies = [
        ("challenges", "0026_live_tables"),
    ]

    operations = [
        migrations.AddField(
            model_name="puzzle",
            name="series_key",
            field=models.CharField(
                max_length=16, null=True, unique=True, verbose_name="key in the series"
            ),
        ),
        migrations.AddField(
            model_name="puzzle",
            name="forced",
            field=models.PositiveSmallIntegerField(null=True, verbose_name="forced placements"),
        ),
        migrations.AddField(
            model_name="puzzle",
            name="decoys",
            field=models.PositiveSmallIntegerField(null=True, verbose_name="decoys"),
        ),
        migrations.AlterField(
            model_name="puzzle",
            name="difficulty",
            field=models.CharField(max_length=8, verbose_name="grade"),
        ),
        migrations.RunPython(keys_set, migrations.RunPython.noop),
        migrations.RemoveConstraint(model_name="puzzle", name="puzzle_series_or_day"),
        migrations.AddConstraint(
            model_name="puzzle",
            constraint=models.CheckConstraint(
                condition=Q(number__isnull=False, series_key__isnull=False, day__isnull=True)
                | Q(number__isnull=True, series_key__isnull=True, day__isnull=False),
                name="puzzle_series_or_day",
            ),
        ),
    ]
