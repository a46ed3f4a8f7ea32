"""The shape of every API error, shared by every app's API: ``{"detail", "code"}``.

It lives here, with the project's wiring, so that ``accounts`` and ``challenges``
describe their errors alike without one app's API importing the other's.
"""

from __future__ import annotations

from typing import Any

from rest_framework import serializers


class ErrorSerializer(serializers.Serializer[Any]):
    detail = serializers.CharField(help_text="What went wrong, for people.")
    code = serializers.CharField(help_text="What went wrong, for programs.")


def schema_common_errors(result: dict[str, Any], **kwargs: Any) -> dict[str, Any]:
    """drf-spectacular postprocessing hook: the errors any operation can answer.

    Authentication runs before every view, so any request with a bad token gets a 401;
    a write with a browser session but without its CSRF token a 403; an unknown method
    a 405; a body in another format a 415; a request to a host the site does not serve
    a 400 (code bad_request). Each is our JSON error.
    """
    error = {"$ref": "#/components/schemas/Error"}
    common = {
        "400": "A request Django refuses before any view: a Host not allowed (bad_request).",
        "401": "Bad or missing credentials.",
        "405": "Method not allowed.",
        "415": "Unsupported media type (send JSON).",
    }
    csrf = {"403": "A browser session's write without its CSRF token (code csrf_failed)."}
    for item in result.get("paths", {}).values():
        for method, operation in item.items():
            if method == "parameters":
                continue
            responses = operation.setdefault("responses", {})
            writes = method in ("post", "put", "patch", "delete")
            for status, description in {**common, **(csrf if writes else {})}.items():
                if status == "415" and not writes:
                    continue
                responses.setdefault(
                    status,
                    {
                        "content": {"application/json": {"schema": error}},
                        "description": description,
                    },
                )
    return result


def schema_links(result: dict[str, Any], **kwargs: Any) -> dict[str, Any]:
    """drf-spectacular postprocessing hook: OpenAPI links between the operations a
    player chains (the current challenge → start a run → moves, finish, submit, read),
    so clients and a stateful fuzzer know where each id comes from."""
    operations = {
        operation.get("operationId"): operation
        for item in result.get("paths", {}).values()
        for method, operation in item.items()
        if method != "parameters"
    }

    def link(source: str, status: str, targets: dict[str, dict[str, Any]]) -> None:
        response = operations.get(source, {}).get("responses", {}).get(status)
        if response is None:
            return
        response["links"] = {
            name: spec for name, spec in targets.items() if spec["operationId"] in operations
        }

    challenge = {"challenge_id": "$response.body#/id"}
    link(
        "challenges_current",
        "200",
        {
            "StartRun": {"operationId": "runs_start", "parameters": challenge},
            "Leaderboard": {"operationId": "leaderboard_page", "parameters": challenge},
            "MyRank": {"operationId": "leaderboard_me", "parameters": challenge},
        },
    )
    run = {"run_id": "$response.body#/id"}
    link(
        "runs_start",
        "201",
        {
            "SendMoves": {"operationId": "runs_moves", "parameters": run},
            "Finish": {"operationId": "runs_finish", "parameters": run},
            "Submit": {"operationId": "runs_submit", "parameters": run},
            "Read": {"operationId": "runs_retrieve", "parameters": run},
        },
    )
    link(
        "runs_finish",
        "200",
        {
            "Submit": {"operationId": "runs_submit", "parameters": run},
            "Read": {"operationId": "runs_retrieve", "parameters": run},
        },
    )
    return result
