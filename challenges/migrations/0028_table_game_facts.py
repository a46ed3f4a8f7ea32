from django.db import migrations, models


class Migration(migrations.Migration):

    dependencies = [
        ('challenges', '0027_puzzle_grades'),
    ]

    operations = [
        migrations.AddField(
            model_name='livetable',
            name='game_facts',
            field=models.JSONField(blank=True, null=True, verbose_name='game as of the last event'),
        ),
    ]
