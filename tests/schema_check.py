"""Every API response the tests see must be what ``/api/schema/`` says it is.

The OpenAPI schema is generated from the views' declarations; hand-built answers could
drift from it. This checks each JSON response under ``/api/`` made through DRF's test
client against the operation's declared response for that status: an undeclared
status, or a body that does not match, fails the test that made the request.
"""

from __future__ import annotations

import functools
import json
import re
from typing import Any

import jsonschema

_SKIPPED = ("/api/schema/", "/api/docs/")


@functools.cache
def api_schema() -> dict[str, Any]:
    from drf_spectacular.generators import SchemaGenerator

    schema: dict[str, Any] = SchemaGenerator().get_schema(request=None, public=True)
    return json.loads(json.dumps(schema, default=str))


def _nullable_to_json_schema(node: Any) -> Any:
    """OpenAPI 3.0's ``nullable: true`` is not JSON Schema: turn it into ``anyOf``."""
    if isinstance(node, list):
        return [_nullable_to_json_schema(item) for item in node]
    if not isinstance(node, dict):
        return node
    converted = {key: _nullable_to_json_schema(value) for key, value in node.items()}
    if converted.pop("nullable", False):
        return {"anyOf": [converted, {"type": "null"}]}
    return converted


@functools.cache
def _components() -> dict[str, Any]:
    return dict(_nullable_to_json_schema(api_schema().get("components", {})))


@functools.cache
def _operations() -> list[tuple[re.Pattern[str], str, dict[str, Any]]]:
    operations = []
    # Literal paths first: /api/puzzles/today/ is not /api/puzzles/{number}/.
    paths = sorted(api_schema()["paths"].items(), key=lambda path: path[0].count("{"))
    for template, item in paths:
        pattern = re.compile("^" + re.sub(r"\{[^}]+\}", "[^/]+", template) + "$")
        for method, operation in item.items():
            if method != "parameters":
                operations.append((pattern, method.lower(), operation))
    return operations


def response_problem(method: str, path: str, status: int, body: object) -> str | None:
    """Why the response differs from the schema, or None when it matches (or the path
    is not an operation of the API, e.g. the catch-all JSON 404)."""
    if not path.startswith("/api/") or path.startswith(_SKIPPED):
        return None
    matches = [
        operation
        for pattern, verb, operation in _operations()
        if verb == method.lower() and pattern.match(path)
    ]
    if not matches:
        return None
    responses = matches[0].get("responses", {})
    declared = responses.get(str(status))
    if declared is None:
        return (
            f"{method} {path} answered {status}, which its schema does not declare "
            f"(declared: {sorted(responses)})"
        )
    content = declared.get("content", {}).get("application/json")
    if content is None:
        return None  # declared without a body (e.g. 204)
    schema = {**_nullable_to_json_schema(content["schema"]), "components": _components()}
    try:
        jsonschema.validate(body, schema)
    except jsonschema.ValidationError as mismatch:
        where = "/".join(str(part) for part in mismatch.absolute_path) or "(the body)"
        return f"{method} {path} {status}: at {where}: {mismatch.message}"
    return None
