"""Every account, however it was made (sign-up, the API, the admin, ``createsuperuser``),
gets the look-alike key of its name, so later names are checked against it."""

from __future__ import annotations

from typing import Any

from django.contrib.auth import get_user_model
from django.db.models.signals import post_save

from accounts.services import username_key_keep


def _username_key_keep(sender: Any, instance: Any, raw: bool = False, **kwargs: Any) -> None:
    if raw:  # loading fixtures: the rows come as they are
        return
    update_fields = kwargs.get("update_fields")
    if update_fields is not None and "username" not in update_fields:
        return  # e.g. last_login on each log-in: the name did not change
    username_key_keep(user=instance)


def signals_connect() -> None:
    post_save.connect(
        _username_key_keep, sender=get_user_model(), dispatch_uid="accounts.username_key"
    )
