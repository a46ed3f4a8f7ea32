"""``Authorization: Token <secret>`` checked against the hashed tokens (accounts.models).

DRF's ``TokenAuthentication`` parses the header and names the scheme (the 401's
``WWW-Authenticate: Token``, the schema's security scheme); only the check differs: the
secret is hashed and compared with the stored digests in constant time, never looked
up as it is.
"""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext_lazy as _
from rest_framework import exceptions
from rest_framework.authentication import TokenAuthentication

from accounts.models import ApiToken
from accounts.services import api_token_authenticate


class HashedTokenAuthentication(TokenAuthentication):
    keyword = "Token"
    model = ApiToken

    def authenticate_credentials(self, key: str) -> tuple[Any, ApiToken]:
        token = api_token_authenticate(secret=key)
        if token is None:
            raise exceptions.AuthenticationFailed(_("Invalid token."))
        if not token.user.is_active:
            raise exceptions.AuthenticationFailed(_("User inactive or deleted."))
        return (token.user, token)
