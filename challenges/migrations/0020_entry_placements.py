from django.db import migrations, models


class Migration(migrations.Migration):

    dependencies = [
        ('challenges', '0019_entry_challenge_score'),
    ]

    operations = [
        migrations.AddField(
            model_name='entry',
            name='placements',
            field=models.TextField(blank=True, editable=False, null=True, verbose_name='placements'),
        ),
    ]
