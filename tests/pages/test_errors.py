"""404 and 500: styled pages for people, JSON with a `detail` under /api/."""

from __future__ import annotations

import json

import pytest
from django.test import Client, RequestFactory

from challenges.views import page_not_found, server_error

pytestmark = pytest.mark.django_db


def test_unknown_page_is_the_styled_404() -> None:
    response = Client().get("/no/such/page/")
    assert response.status_code == 404
    assert response["Content-Type"].startswith("text/html")
    body = response.content.decode()
    assert "No tile fits here" in body
    assert 'class="skip-link"' in body


def test_unknown_api_path_answers_json() -> None:
    response = Client().get("/api/no/such/endpoint/")
    assert response.status_code == 404
    assert response["Content-Type"] == "application/json"
    assert response.json()["detail"]


def test_server_error_page_renders_without_a_request_context() -> None:
    response = server_error(RequestFactory().get("/challenges/"))
    assert response.status_code == 500
    body = response.content.decode()
    assert "Something went wrong on our side" in body


def test_server_error_under_api_is_json() -> None:
    response = server_error(RequestFactory().post("/api/runs/x/finish/"))
    assert response.status_code == 500
    assert response["Content-Type"] == "application/json"
    assert json.loads(response.content)["detail"]


def test_not_found_handler_answers_json_under_api_and_html_elsewhere() -> None:
    factory = RequestFactory()
    api = page_not_found(factory.get("/api/x/"))
    assert api.status_code == 404
    assert json.loads(api.content) == {"detail": "Not found.", "code": "not_found"}
    page = page_not_found(factory.get("/x/"))
    assert page.status_code == 404
    assert page["Content-Type"].startswith("text/html")
    assert "No tile fits here" in page.content.decode()
