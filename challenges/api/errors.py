# PLACEHOLDER: replaced by its owner (the API).
from typing import Any

from rest_framework.response import Response
from rest_framework.views import exception_handler


def api_exception_handler(exc: Exception, context: dict[str, Any]) -> Response | None:
    return exception_handler(exc, context)
