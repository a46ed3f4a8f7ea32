"""The API's JSON, written and read with orjson (a tenth of the CPU of the json module
for a leaderboard page), with exactly DRF's output and errors.

Rendering: what orjson does not know, and every date and time (DRF writes them its
own way: UTC as "Z", milliseconds), goes through DRF's encoder, as before. Answers
asked for indented (``Accept: application/json; indent=2``) go through DRF's renderer.

Negotiation: the answers every client asks for (JSON, or anything) are chosen without
parsing the ``Accept`` header; any other header is negotiated as DRF does.

Parsing: a body orjson refuses goes through DRF's parser, so that what the json module
takes and orjson does not (numbers beyond 64 bits, lone surrogates that the services
clean up) is taken as before, and each error keeps its words.
"""

from __future__ import annotations

import io
import re
from collections.abc import Iterable, Mapping
from typing import Any

import orjson
from django.utils.translation import gettext
from rest_framework.exceptions import ParseError
from rest_framework.negotiation import DefaultContentNegotiation
from rest_framework.parsers import JSONParser
from rest_framework.renderers import JSONRenderer
from rest_framework.utils.encoders import JSONEncoder

_ENCODER = JSONEncoder()
_OPTIONS = orjson.OPT_PASSTHROUGH_DATETIME | orjson.OPT_PASSTHROUGH_DATACLASS


class OrjsonRenderer(JSONRenderer):
    def render(
        self,
        data: Any,
        accepted_media_type: str | None = None,
        renderer_context: Mapping[str, Any] | None = None,
    ) -> bytes:
        if data is None:
            return b""
        if self.get_indent(accepted_media_type or "", renderer_context or {}):
            return bytes(super().render(data, accepted_media_type, renderer_context))
        try:
            return orjson.dumps(data, default=_ENCODER.default, option=_OPTIONS)
        except (TypeError, orjson.JSONEncodeError):
            return bytes(super().render(data, accepted_media_type, renderer_context))


class OrjsonParser(JSONParser):
    def parse(
        self,
        stream: Any,
        media_type: str | None = None,
        parser_context: Mapping[str, Any] | None = None,
    ) -> Any:
        body = stream.read() if stream is not None else b""
        try:
            return orjson.loads(body)
        except orjson.JSONDecodeError:
            pass
        try:
            return super().parse(io.BytesIO(body), media_type, parser_context)
        except RecursionError as too_deep:
            # The json module recurses once per bracket: 30,000 "[" exhaust the stack.
            # orjson refused the same body at 1,024 levels; it is a bad body, not a 500.
            raise ParseError(gettext("JSON parse error - nested too deeply.")) from too_deep


# The Accept headers DRF's negotiation answers in the first renderer's media type itself.
_ACCEPT_EXACTLY_JSON = ("*/*", "application/json", "application/*")
_ACCEPT_ZERO = re.compile(r"q=0(?:\.0*)?(?![.\d])")


def plain_json_accepted(accept: str) -> bool:
    """Whether DRF would answer this ``Accept`` header with plain JSON (any other, a
    refused type or ``indent=``, is for DRF to negotiate)."""
    if not accept or accept in _ACCEPT_EXACTLY_JSON:
        return True
    return "*/*" in accept and "indent" not in accept and not _ACCEPT_ZERO.search(accept)


class JsonFirstNegotiation(DefaultContentNegotiation):
    """DRF's negotiation, with the common case answered without parsing media types."""

    def select_renderer(
        self, request: Any, renderers: Iterable[Any], format_suffix: str | None = None
    ) -> tuple[Any, str]:
        renderers = list(renderers)
        first = renderers[0]
        if (
            format_suffix is None
            and first.media_type == "application/json"
            and self.settings.URL_FORMAT_OVERRIDE not in request.query_params
            and request.META.get("HTTP_ACCEPT", "*/*") in _ACCEPT_EXACTLY_JSON
        ):
            return first, first.media_type
        chosen: tuple[Any, str] = super().select_renderer(request, renderers, format_suffix)
        return chosen
