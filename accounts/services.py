"""Writes for accounts: registering a player, handing out an API token."""

from __future__ import annotations

import re
import unicodedata

from django.contrib.auth import get_user_model
from django.contrib.auth.models import User
from django.contrib.auth.password_validation import validate_password
from django.core.exceptions import ValidationError
from django.db import IntegrityError, transaction
from rest_framework.authtoken.models import Token

# Letters and digits of any script, "_" and "-": no dots, spaces or look-alike
# punctuation, so "." and ".." are no names and a name reads the same in a URL.
_USERNAME_SHAPE = re.compile(r"[\w-]+")


def username_problem(username: str) -> str | None:
    """Why ``username`` (already NFKC-normalised) cannot be a player's name, or None."""
    if not _USERNAME_SHAPE.fullmatch(username) or not any(c.isalnum() for c in username):
        return "Use letters, digits, _ and - only, with at least one letter or digit."
    return None


def user_register(*, username: str, password: str) -> User:
    """Create a player; raises ``ValidationError`` (per field) for a bad name or password.

    The name is NFKC-normalised (full-width and compatibility forms fold to one
    spelling) and unique whatever its case.
    """
    user_model = get_user_model()
    username = unicodedata.normalize("NFKC", username).strip()
    candidate = user_model(username=username)
    errors: dict[str, list[str]] = {}
    try:
        candidate.clean_fields(exclude=["password"])
    except ValidationError as error:
        errors.update(error.message_dict)
    problem = username_problem(username) if "username" not in errors else None
    if problem is not None:
        errors["username"] = [problem]
    if "username" not in errors and user_model.objects.filter(username__iexact=username).exists():
        errors["username"] = ["That username is taken."]
    try:
        validate_password(password, user=candidate)
    except ValidationError as error:
        errors["password"] = list(error.messages)
    if errors:
        raise ValidationError(errors)
    try:
        with transaction.atomic():
            user: User = user_model.objects.create_user(username=username, password=password)
    except IntegrityError as error:
        raise ValidationError({"username": ["That username is taken."]}) from error
    return user


def user_token_get(*, user: User) -> str:
    """The user's API token, made on first use."""
    token, _ = Token.objects.get_or_create(user=user)
    return str(token.key)
