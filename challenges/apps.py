from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class ChallengesConfig(AppConfig):
    name = "challenges"
    default_auto_field = "django.db.models.BigAutoField"
    verbose_name = _("Challenges")

    def ready(self) -> None:
        from django.contrib.auth.signals import user_logged_in

        from challenges.views.guest_cookie import guest_claim_on_login

        # Signing up logs in too: either way a guest's runs go to the account.
        user_logged_in.connect(guest_claim_on_login, dispatch_uid="challenges.guest_claim")

        # The outbox's jobs register as their modules load: every drainer (a worker, a
        # command, this process's thread) knows them all.
        import challenges.moderation.services
        import challenges.schedule.services  # noqa: F401
