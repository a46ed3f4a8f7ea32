"""Schemathesis over the whole API, in process: every operation, every check.

Bounded (a few examples an operation) so CI stays quick; run it wider with
``TOD_FUZZ_EXAMPLES=200``. Anonymous and with a player's token: each case is sent both
ways. A 5xx, a response outside the schema, or an undeclared status fails.
"""

from __future__ import annotations

import os
from typing import Any

import pytest
import schemathesis
from hypothesis import HealthCheck, settings
from schemathesis.specs.openapi.checks import ignored_auth, positive_data_acceptance

from config.wsgi import application
from tests.factories import ChallengeFactory, UserFactory
from tests.schema_check import api_schema

EXAMPLES = int(os.environ.get("TOD_FUZZ_EXAMPLES", "8"))

schema = schemathesis.openapi.from_dict(api_schema())


@pytest.fixture(autouse=True)
def _connections_kept_across_requests() -> Any:
    """The WSGI app closes the database connection when a request finishes; inside a
    test's transaction that would close the test's own. Django's test client holds
    the same two signals off while it calls the app; so do we."""
    from django.core.signals import request_finished, request_started
    from django.db import close_old_connections

    request_started.disconnect(close_old_connections)
    request_finished.disconnect(close_old_connections)
    yield
    request_started.connect(close_old_connections)
    request_finished.connect(close_old_connections)


@pytest.fixture
def world(db: None) -> dict[str, str]:
    from accounts.services import api_token_create

    ChallengeFactory()
    player = UserFactory()
    return {"token": api_token_create(user=player).secret}


@pytest.mark.django_db
@schema.parametrize()
@settings(
    max_examples=EXAMPLES,
    deadline=None,
    suppress_health_check=list(HealthCheck),
    derandomize=True,
)
def test_every_operation_answers_within_its_schema(case: Any, world: dict[str, str]) -> None:
    excluded = _excluded_checks(case)
    case.call_and_validate(app=application, excluded_checks=excluded)
    case.call_and_validate(
        app=application,
        headers={"Authorization": f"Token {world['token']}"},
        excluded_checks=excluded,
    )


def _excluded_checks(case: Any) -> list[Any]:
    """Where "data that fits the schema must be accepted" cannot hold:

    - a leaderboard cursor is a signed token the board hands out: any string fits its
      schema, and a forged one is rightly refused (400 invalid_cursor);
    - a run log's moves and a puzzle's pieces are judged by the game, not by their
      shape: a well-shaped move or piece that breaks a rule is rightly a 422 (RULES.md's
      and docs/puzzles.md's codes);
    - credentials are judged by the accounts: a password too common or too like the
      name, a name taken or a look-alike, a wrong password, are rightly 400s;
    - a submit is judged by the run's state: a run not yet finished is rightly a 400;
    - a classic game's place, draw and pass are judged by the game: a well-shaped
      action the rules refuse is rightly a 422 (with the rule's code).

    And "ignored_auth" on the classic game's start and record, which succeed with the
    token and no other input: the check's probe without credentials goes
    through schemathesis's HTTP transport, which cannot take the in-process app
    (TypeError). tests/api/test_classic.py checks that a visitor cannot play.
    """
    path = case.operation.path
    judged = path.endswith(("/moves/", "/finish/", "/submit/", "/solve/")) or path.startswith(
        "/api/auth/"
    )
    judged = judged or path.endswith(("/move/", "/draw/", "/pass/"))
    if path in ("/api/classic/games/", "/api/classic/record/"):
        return [ignored_auth]
    if judged or (case.query and "cursor" in case.query):
        return [positive_data_acceptance]
    return []


class _PlayerWorkflow(schema.as_state_machine()):  # type: ignore[misc]
    """Chains of operations along the schema's links (current challenge → start →
    moves / finish / submit / read), as a player with a token."""

    token = ""

    def get_call_kwargs(self, case: Any) -> dict[str, Any]:
        return {"app": application, "headers": {"Authorization": f"Token {self.token}"}}

    def validate_response(self, response: Any, case: Any, **kwargs: Any) -> None:
        # The token above is real: "ignored_auth" would take it for generated junk.
        excluded = [ignored_auth, *_excluded_checks(case)]
        case.validate_response(response, excluded_checks=excluded, transport_kwargs=kwargs)


@pytest.mark.django_db
def test_chains_of_calls_along_the_links_stay_within_the_schema(world: dict[str, str]) -> None:
    _PlayerWorkflow.token = world["token"]
    _PlayerWorkflow.run(
        settings=settings(
            max_examples=EXAMPLES,
            stateful_step_count=6,
            deadline=None,
            suppress_health_check=list(HealthCheck),
            derandomize=True,
        )
    )
