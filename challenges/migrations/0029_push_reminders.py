# Reminders by Web Push: the browsers' subscriptions and the rounds sent.

import django.db.models.deletion
from django.conf import settings
from django.db import migrations, models


class Migration(migrations.Migration):

    dependencies = [
        ('challenges', '0028_table_game_facts'),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.CreateModel(
            name='PushSubscription',
            fields=[
                ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                ('endpoint', models.URLField(max_length=1024, unique=True, verbose_name='push endpoint')),
                ('p256dh', models.CharField(max_length=128, verbose_name="browser's public key")),
                ('auth', models.CharField(max_length=64, verbose_name='authentication secret')),
                ('language', models.CharField(choices=[('en', 'English'), ('fr', 'Français'), ('nl', 'Nederlands'), ('de', 'Deutsch')], max_length=8, verbose_name='language')),
                ('time_zone', models.CharField(default='UTC', max_length=64, verbose_name='time zone')),
                ('new_challenge', models.BooleanField(default=True, verbose_name='A new challenge is open')),
                ('streak_ending', models.BooleanField(default=True, verbose_name='Your streak ends in an hour')),
                ('created_at', models.DateTimeField(verbose_name='created at')),
                ('last_sent_at', models.DateTimeField(blank=True, null=True, verbose_name='last sent at')),
                ('last_sent_on', models.DateField(blank=True, help_text="The subscriber's own date of the last reminder: at most one a day.", null=True, verbose_name='last reminded on')),
                ('player', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='push_subscriptions', to=settings.AUTH_USER_MODEL, verbose_name='player')),
            ],
            options={
                'verbose_name': 'push subscription',
                'verbose_name_plural': 'push subscriptions',
                'indexes': [models.Index(fields=['time_zone', 'last_sent_on'], name='push_zone_day')],
            },
        ),
        migrations.CreateModel(
            name='ReminderRound',
            fields=[
                ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                ('kind', models.CharField(choices=[('new_challenge', 'A new challenge is open'), ('streak_ending', 'Your streak ends in an hour')], max_length=32, verbose_name='reminder')),
                ('slot', models.IntegerField(verbose_name='slot')),
                ('started_at', models.DateTimeField(verbose_name='started at')),
                ('subscribers', models.PositiveIntegerField(default=0, verbose_name='subscribers')),
            ],
            options={
                'verbose_name': 'reminder round',
                'verbose_name_plural': 'reminder rounds',
                'constraints': [models.UniqueConstraint(fields=('kind', 'slot'), name='reminder_round_once')],
            },
        ),
    ]
