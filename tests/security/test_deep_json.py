"""A body nested 30,000 deep is a bad request (400, JSON), not a 500 with a traceback."""

from __future__ import annotations

import pytest
from rest_framework.test import APIClient

pytestmark = pytest.mark.django_db

DEEP = b"[" * 30_000 + b"]" * 30_000


@pytest.mark.parametrize("path", ["/api/auth/token/", "/api/auth/register/"])
def test_deeply_nested_json_to_the_auth_api_is_a_400(path: str) -> None:
    response = APIClient().post(path, DEEP, content_type="application/json")
    assert response.status_code == 400, response.content[:200]
    body = response.json()
    assert body["code"] == "parse_error" and body["detail"]
