"""Every account, however it was made (sign-up, the API, the admin, ``createsuperuser``),
gets the look-alike key of its name, so later names are checked against it.

A cached API token (accounts.token_cache) is forgotten when the token is deleted or
changed, and when its user is saved: revoked at once, deactivated at once."""

from __future__ import annotations

from typing import Any

from django.contrib.auth import get_user_model
from django.db import transaction
from django.db.models.signals import post_delete, post_save

from accounts.models import ApiToken
from accounts.services import username_key_keep
from accounts.token_cache import token_forget, tokens_forget_of_user


def _username_key_keep(sender: Any, instance: Any, raw: bool = False, **kwargs: Any) -> None:
    if raw:  # loading fixtures: the rows come as they are
        return
    update_fields = kwargs.get("update_fields")
    if update_fields is not None and "username" not in update_fields:
        return  # e.g. last_login on each log-in: the name did not change
    username_key_keep(user=instance)


def _token_forget(sender: Any, instance: ApiToken, **kwargs: Any) -> None:
    digest = instance.digest
    token_forget(digest=digest)
    # Again once committed: a request that read the row before the commit may have
    # cached it meanwhile.
    transaction.on_commit(lambda: token_forget(digest=digest))


def _user_tokens_forget(sender: Any, instance: Any, raw: bool = False, **kwargs: Any) -> None:
    if raw or kwargs.get("created"):
        return
    update_fields = kwargs.get("update_fields")
    if update_fields is not None and set(update_fields) <= {"last_login"}:
        return  # a log-in: nothing a token carries changed
    user_id = instance.pk
    tokens_forget_of_user(user_id=user_id)
    transaction.on_commit(lambda: tokens_forget_of_user(user_id=user_id))


def signals_connect() -> None:
    user_model = get_user_model()
    post_delete.connect(_token_forget, sender=ApiToken, dispatch_uid="accounts.token_delete")
    post_save.connect(_token_forget, sender=ApiToken, dispatch_uid="accounts.token_save")
    post_save.connect(
        _user_tokens_forget, sender=user_model, dispatch_uid="accounts.user_tokens_forget"
    )
    post_save.connect(_username_key_keep, sender=user_model, dispatch_uid="accounts.username_key")
