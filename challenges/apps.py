from django.apps import AppConfig


class ChallengesConfig(AppConfig):
    name = "challenges"
    default_auto_field = "django.db.models.BigAutoField"
