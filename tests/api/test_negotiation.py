"""The API's negotiation answers every Accept header exactly as DRF's own does; the
common ones only skip parsing it."""

from __future__ import annotations

import pytest
from django.http import Http404
from rest_framework.exceptions import NotAcceptable
from rest_framework.negotiation import DefaultContentNegotiation
from rest_framework.request import Request
from rest_framework.test import APIRequestFactory

from config.json_api import JsonFirstNegotiation, OrjsonRenderer

ACCEPTS = [
    None,
    "",
    "*/*",
    "application/json",
    "application/*",
    "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8",
    "text/html",
    "text/html, */*;q=0",
    "application/json; indent=4",
    "application/json;q=0.5, text/plain",
    "image/png",
]


def _chosen(negotiation: DefaultContentNegotiation, accept: str | None, query: str) -> object:
    headers = {} if accept is None else {"HTTP_ACCEPT": accept}
    request = Request(APIRequestFactory().get(f"/api/x/{query}", **headers))
    try:
        renderer, media_type = negotiation.select_renderer(request, [OrjsonRenderer()])
    except NotAcceptable:
        return "406"
    except Http404:
        return "404"
    return type(renderer), media_type


@pytest.mark.parametrize("query", ["", "?format=json", "?format=xml", "?page=2"])
@pytest.mark.parametrize("accept", ACCEPTS)
def test_the_negotiation_chooses_what_drf_chooses(accept: str | None, query: str) -> None:
    ours = _chosen(JsonFirstNegotiation(), accept, query)
    assert ours == _chosen(DefaultContentNegotiation(), accept, query)


def test_an_indent_asked_for_is_still_honoured() -> None:
    request = Request(APIRequestFactory().get("/", HTTP_ACCEPT="application/json; indent=2"))
    renderer, media_type = JsonFirstNegotiation().select_renderer(request, [OrjsonRenderer()])
    assert renderer.render({"a": 1}, media_type, {}) == b'{\n  "a": 1\n}'
