"""Writes for accounts: registering a player, API tokens (kept hashed), name look-alikes."""

from __future__ import annotations

import hashlib
import hmac
import logging
import re
import secrets
import unicodedata
from dataclasses import dataclass
from datetime import timedelta

from django.conf import settings
from django.contrib.auth import get_user_model
from django.contrib.auth.models import AbstractBaseUser, User
from django.contrib.auth.password_validation import validate_password
from django.core.exceptions import ValidationError
from django.db import DEFAULT_DB_ALIAS, IntegrityError, transaction
from django.db.models import Q
from django.db.models.functions import Coalesce
from django.utils import timezone
from django.utils.functional import Promise
from django.utils.translation import gettext, gettext_lazy

from accounts.confusables import is_allowed, is_ignorable, name_key_digest
from accounts.models import ApiToken, UsernameKey
from accounts.scripts import scripts_moderately_restrictive
from accounts.token_cache import (
    USER_FIELDS,
    token_cached,
    token_keep,
    token_touched,
    user_loaded,
)
from challenges.compiled_queries import CompiledQuery

logger = logging.getLogger(__name__)

# Letters and digits of any script, "_" and "-": no dots, spaces or look-alike
# punctuation, so "." and ".." are no names and a name reads the same in a URL.
_USERNAME_SHAPE = re.compile(r"[\w-]+")
USERNAME_MAX_LENGTH = 30
USERNAME_TAKEN = gettext_lazy("That username is taken.")
USERNAME_CONFUSABLE_CODE = "username_confusable"

# New secrets: "tod_" and 43 URL-safe characters (256 random bits). The prefix shown to
# the player is the first 8 of those characters (12 with "tod_"); the old plain tokens,
# 40 hex digits, carried over by the migration, show their first 8.
SECRET_START = "tod_"
_NEW_PREFIX_LENGTH = len(SECRET_START) + 8
_OLD_PREFIX_LENGTH = 8
# The longest header value worth hashing: every real secret is far shorter.
_SECRET_MAX_LENGTH = 256
# A token's "last used" is written at most this often, not on every request.
TOKEN_TOUCH_INTERVAL = timedelta(minutes=1)


class AccountsError(Exception):
    """A refusal of an accounts service, with words for people and a code for programs."""

    detail: str | Promise = gettext_lazy("The request was refused.")
    code = "refused"


class TokensLimitReached(AccountsError):
    code = "too_many_tokens"

    def __init__(self, limit: int) -> None:
        self.detail = gettext(
            "You have %(limit)s API tokens, the most an account keeps: revoke one you "
            "no longer use, then make a new one."
        ) % {"limit": limit}
        super().__init__(self.detail)


def username_problem(username: str) -> str | None:
    """Why ``username`` (already NFKC-normalised) cannot be a player's name, or None.

    Letters and digits of scripts in modern use (UTS #39 "Allowed"), "_" and "-", and
    nothing drawn as nothing (Default_Ignorable: a Hangul filler once made a blank name
    beside "alice"); at most USERNAME_MAX_LENGTH characters, so a board stays a board.
    """
    if len(username) > USERNAME_MAX_LENGTH:
        return gettext("Use at most %(count)s characters.") % {"count": USERNAME_MAX_LENGTH}
    if (
        not _USERNAME_SHAPE.fullmatch(username)
        or not any(c.isalnum() for c in username)
        or not all(is_allowed(c) and not is_ignorable(c) for c in username)
    ):
        return gettext("Use letters, digits, _ and - only, with at least one letter or digit.")
    return None


def username_scripts_problem(username: str) -> str | None:
    """Why ``username`` mixes scripts too much to be a new player's name, or None: UTS
    #39's "moderately restrictive" level (no Latin with Cyrillic or Greek, whose letters
    copy it: accounts.scripts). Names made before this rule stay as they are."""
    if scripts_moderately_restrictive(username):
        return None
    return gettext(
        "Write the name in one alphabet: Latin letters may go with Chinese, Japanese, "
        "Korean or one other script, but not with Cyrillic or Greek letters."
    )


def username_look_alike(*, username: str) -> str | None:
    """The existing player's name that ``username`` looks like (UTS #39 skeletons,
    case-blind; accounts.confusables), or None."""
    twin = (
        UsernameKey.objects.filter(digest=name_key_digest(username))
        .values_list("user__username", flat=True)
        .first()
    )
    return str(twin) if twin is not None else None


def _confusable_error(username: str, twin: str) -> ValidationError:
    return ValidationError(
        gettext(
            "“%(name)s” looks too much like “%(twin)s”, the name of another player (letters "
            "that look alike, from any script and in either case, count as the same). "
            "Please choose another name."
        ),
        code=USERNAME_CONFUSABLE_CODE,
        params={"name": username, "twin": twin},
    )


def username_key_keep(*, user: AbstractBaseUser) -> bool:
    """Record the look-alike key of ``user``'s name (after it was made or renamed).

    Names made outside registration (the admin, ``createsuperuser``) are not refused
    here: when another player already holds the key, the name is kept without one and a
    warning is logged. Returns whether the user now holds their key.
    """
    digest = name_key_digest(user.get_username())
    current = UsernameKey.objects.filter(user_id=user.pk).values_list("digest", flat=True).first()
    if current == digest:
        return True
    try:
        with transaction.atomic():
            UsernameKey.objects.update_or_create(user_id=user.pk, defaults={"digest": digest})
    except IntegrityError:
        UsernameKey.objects.filter(user_id=user.pk).delete()
        logger.warning(
            "user %s: name %r looks like another player's; kept without its look-alike key",
            user.pk,
            user.get_username(),
        )
        return False
    return True


def username_keys_refresh() -> tuple[int, int]:
    """Recompute every player's look-alike key (after the confusables table changed):
    the oldest account keeps a shared key. Returns (keys kept, names left without)."""
    kept = skipped = 0
    with transaction.atomic():
        UsernameKey.objects.all().delete()
        seen: set[str] = set()
        rows = []
        for pk, username in get_user_model().objects.order_by("pk").values_list("pk", "username"):
            digest = name_key_digest(str(username))
            if digest in seen:
                skipped += 1
                continue
            seen.add(digest)
            rows.append(UsernameKey(user_id=pk, digest=digest))
            kept += 1
        UsernameKey.objects.bulk_create(rows, batch_size=1000)
    return kept, skipped


def user_register(*, username: str, password: str) -> User:
    """Create a player; raises ``ValidationError`` (per field) for a bad name or password.

    The name is NFKC-normalised (full-width and compatibility forms fold to one
    spelling), unique whatever its case, and refused when it looks like an existing
    player's name (code ``username_confusable``).
    """
    user_model = get_user_model()
    username = unicodedata.normalize("NFKC", username).strip()
    candidate = user_model(username=username)
    errors: dict[str, list[str | ValidationError]] = {}
    try:
        candidate.clean_fields(exclude=["password"])
    except ValidationError as error:
        errors.update({field: list(messages) for field, messages in error.message_dict.items()})
    problem = username_problem(username) if "username" not in errors else None
    if problem is not None:
        errors["username"] = [problem]
    if "username" not in errors:
        # A look-alike of a taken name says which; any other mix of scripts, why not.
        username_error = _username_taken_error(username) or username_scripts_problem(username)
        if username_error is not None:
            errors["username"] = [username_error]
    try:
        validate_password(password, user=candidate)
    except ValidationError as error:
        errors["password"] = list(error.messages)
    if errors:
        raise ValidationError(errors)
    try:
        with transaction.atomic():
            user: User = user_model.objects.create_user(username=username, password=password)
            # The unique key closes the race of two look-alikes registering at once.
            if not username_key_keep(user=user):
                raise IntegrityError("look-alike key taken")
    except IntegrityError as error:
        raise ValidationError(
            {"username": [_username_taken_error(username) or str(USERNAME_TAKEN)]}
        ) from error
    return user


def _username_taken_error(username: str) -> str | ValidationError | None:
    if get_user_model().objects.filter(username__iexact=username).exists():
        return str(USERNAME_TAKEN)
    twin = username_look_alike(username=username)
    return _confusable_error(username, twin) if twin is not None else None


# --- API tokens ------------------------------------------------------------------------


@dataclass(frozen=True)
class IssuedToken:
    """A token just made, with its secret: the only time the secret exists outside the
    client. Show it once; it is not stored."""

    token: ApiToken
    secret: str


def _digest(secret: str) -> str:
    return hashlib.sha256(secret.encode("utf-8")).hexdigest()


def _prefix(secret: str) -> str:
    if secret.startswith(SECRET_START):
        return secret[:_NEW_PREFIX_LENGTH]
    return secret[:_OLD_PREFIX_LENGTH]


def api_token_digest(*, secret: str) -> tuple[str, str]:
    """(prefix, digest) of a secret, as stored (the migration of old tokens uses it)."""
    return _prefix(secret), _digest(secret)


def _issue(*, user: AbstractBaseUser, origin: str, name: str) -> IssuedToken:
    secret = SECRET_START + secrets.token_urlsafe(32)
    token = ApiToken.objects.create(
        user_id=user.pk,
        prefix=_prefix(secret),
        digest=_digest(secret),
        name=name.strip()[: ApiToken._meta.get_field("name").max_length or 60],
        origin=origin,
    )
    return IssuedToken(token=token, secret=secret)


def _lock_user(user: AbstractBaseUser) -> None:
    # One token change per player at a time, so that two at once cannot pass the limit.
    list(get_user_model().objects.select_for_update().filter(pk=user.pk).values_list("pk"))


def api_token_create(
    *, user: AbstractBaseUser, origin: str = ApiToken.Origin.SETTINGS, name: str = ""
) -> IssuedToken:
    """A new API token for ``user``; its secret is in the result, and nowhere else.

    ``API_TOKENS_PER_USER`` bounds each kind. Tokens exchanged for the password (a
    script that logs in at every start makes one each time) retire the least recently
    used of their kind beyond the limit, so such scripts keep working; tokens made on
    the settings page are refused beyond it (``TokensLimitReached``): a player chose
    each of those, and only the player retires them.
    """
    limit = int(settings.API_TOKENS_PER_USER)
    with transaction.atomic():
        _lock_user(user)
        if origin == ApiToken.Origin.PASSWORD:
            older = ApiToken.objects.filter(user_id=user.pk, origin=origin).order_by(
                Coalesce("last_used_at", "created_at").desc(), "-pk"
            )
            retired = list(older.values_list("pk", flat=True)[max(0, limit - 1) :])
            if retired:
                ApiToken.objects.filter(pk__in=retired).delete()
        else:
            kept = ApiToken.objects.filter(user_id=user.pk).exclude(origin=ApiToken.Origin.PASSWORD)
            if kept.count() >= limit:
                raise TokensLimitReached(limit)
        return _issue(user=user, origin=origin, name=name)


def api_token_rotate(*, user: AbstractBaseUser, token_id: int) -> IssuedToken:
    """Replace one of ``user``'s tokens by a new secret under the same name, at once: the
    old secret stops working when the new one is shown. Raises ``ApiToken.DoesNotExist``
    for a token that is not theirs."""
    with transaction.atomic():
        _lock_user(user)
        old = ApiToken.objects.get(user_id=user.pk, pk=token_id)
        old.delete()
        return _issue(user=user, origin=ApiToken.Origin.SETTINGS, name=old.name)


def api_token_revoke(*, user: AbstractBaseUser, token_id: int) -> ApiToken:
    """Delete one of ``user``'s tokens (it stops working at once) and return what it was.
    Raises ``ApiToken.DoesNotExist`` for a token that is not theirs."""
    token = ApiToken.objects.get(user_id=user.pk, pk=token_id)
    token.delete()
    return token


# What a request needs of a token (with its digest, to compare); the rest loads if read.
_TOKEN_FIELDS = ("id", "user_id", "digest", "prefix", "name", "origin", "created_at",
                 "last_used_at")  # fmt: skip

# The tokens of a prefix with their users, compiled once: a slot's opening brings
# thousands of tokens the cache has not seen within a minute (docs/performance.md).
_CANDIDATES = CompiledQuery(
    lambda prefix: (
        ApiToken.objects.filter(prefix=prefix)
        .order_by()
        .values_list(*_TOKEN_FIELDS, *(f"user__{name}" for name in USER_FIELDS))
    ),
    prefix="\x00sentinel",
)
_CANDIDATES_MAX = 8
"""More tokens than this under one prefix of 8 random characters is not to be expected."""


def _candidates(*, prefix: str) -> list[ApiToken]:
    """The tokens whose secret starts with ``prefix``, each with its user loaded."""
    found = []
    # from_db takes the values in the model's order of fields.
    names = [f.attname for f in ApiToken._meta.concrete_fields if f.attname in _TOKEN_FIELDS]
    for row in _CANDIDATES.rows(limit=_CANDIDATES_MAX, prefix=prefix):
        values = dict(zip(_TOKEN_FIELDS, row, strict=False))
        token = ApiToken.from_db(DEFAULT_DB_ALIAS, names, [values[name] for name in names])
        token.user = user_loaded(dict(zip(USER_FIELDS, row[len(_TOKEN_FIELDS) :], strict=True)))
        found.append(token)
    return found


def api_token_authenticate(*, secret: str) -> ApiToken | None:
    """The token whose secret this is (with its user), or None.

    Candidates are found by the non-secret prefix; each one's digest is compared in
    constant time. A token found is kept in the cache (accounts.token_cache), so the
    next requests with it make no query. Its ``last_used_at`` is brought up to date (at
    most once a minute).
    """
    if not secret or len(secret) > _SECRET_MAX_LENGTH:
        return None
    digest = _digest(secret)
    match = token_cached(digest=digest)
    missed = match is None
    if match is None:
        for candidate in _candidates(prefix=_prefix(secret)):
            if hmac.compare_digest(candidate.digest, digest):
                match = candidate
        if match is None:
            return None
    now = timezone.now()
    if match.last_used_at is not None and match.last_used_at >= now - TOKEN_TOUCH_INTERVAL:
        # Written less than a minute ago (as this process or the cache saw).
        if missed:
            token_keep(match)
        return match
    stale = Q(last_used_at__isnull=True) | Q(last_used_at__lt=now - TOKEN_TOUCH_INTERVAL)
    ApiToken.objects.filter(stale, pk=match.pk).update(last_used_at=now)
    # Written now, or by another request within the minute: either way not again soon.
    token_touched(match, at=now)
    return match


def api_tokens_list(*, user: AbstractBaseUser) -> list[ApiToken]:
    """``user``'s tokens, newest first (no secret: there is none to show)."""
    return list(ApiToken.objects.filter(user_id=user.pk).order_by("-created_at", "-pk"))
