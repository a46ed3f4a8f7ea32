"""Schemathesis over the whole API, in process: every operation, every check.

Bounded (a few examples an operation) so CI stays quick; run it wider with
``TOD_FUZZ_EXAMPLES=200``. Anonymous and with a player's token: each case is sent both
ways. A 5xx, a response outside the schema, an undeclared status, or a schema-valid
request refused (beyond the judgements declared in ``JUDGED``) fails.
"""

from __future__ import annotations

import os
from typing import Any

import pytest
import schemathesis
from hypothesis import HealthCheck, settings
from schemathesis.specs.openapi.checks import ignored_auth

from config.wsgi import application
from tests.factories import ChallengeFactory, UserFactory
from tests.schema_check import api_schema

EXAMPLES = int(os.environ.get("TOD_FUZZ_EXAMPLES", "8"))

# Every check runs on every operation. A well-formed request that the server rightly
# refuses on a judgement the schema cannot hold is declared here, per operation, with
# the statuses it gets; any other refusal of schema-valid data still fails:
# - credentials are judged by the accounts: a wrong password, a name taken or a
#   look-alike, a password too common, are 400s (as the log-in page says);
# - a leaderboard cursor is a signed token the board hands out: a forged one is 400;
# - a well-shaped move that breaks a rule of the game is 422 (RULES.md's codes);
# - a submit is judged by the run's state: a run not finished, valid and eligible is 400;
# - a puzzle's well-shaped filling is judged by the engine: one that breaks a rule is 422
#   with the rule broken (docs/puzzles.md), as for a run's moves;
# - a classic game's place, draw and pass are judged by the game: a well-shaped action
#   the rules refuse is 422 with the rule's code; so are a live table's.
# - an archive run's rank replays its log: a well-shaped move that breaks a rule is 422.
# - a browser's push subscription is judged by its keys (a point on P-256, a 16-byte
#   secret) and its push service (the site's list, docs/reminders.md): others are 400.
JUDGED = {
    "auth_token": "400",
    "auth_register": "400",
    "leaderboard_page": "400",
    "runs_moves": "422",
    "runs_finish": "422",
    "runs_submit": "400",
    "puzzle_solve": "422",
    "puzzle_today_solve": "422",
    "classic_move": "422",
    "classic_draw": "422",
    "classic_pass": "422",
    # A table's invitee must be a player one follows, and a table needs a person.
    "table_create": "400",
    "table_move": "422",
    "table_draw": "422",
    "table_pass": "422",
    "archive_rank": "422",
    "reminders_subscribe": "400",
}
# The operations that succeed with the token and no other input (see below).
WITH_TOKEN_ONLY = (
    "/api/classic/games/",
    "/api/classic/record/",
    "/api/tables/",
    "/api/tables/record/",
    "/api/pairing/",
    "/api/reminders/",
    # Any endpoint string turns off the subscription it names (none, in the fuzz).
    "/api/reminders/unsubscribe/",
)
_ACCEPTED = ["2xx", "3xx", "401", "403", "404", "409", "429"]
CONFIG = "\n".join(
    f'[[operations]]\ninclude-operation-id = "{operation}"\n'
    f"checks.positive_data_acceptance.expected-statuses = {[*_ACCEPTED, *statuses.split(', ')]!r}\n"
    for operation, statuses in JUDGED.items()
)

schema = schemathesis.openapi.from_dict(
    api_schema(), config=schemathesis.config.SchemathesisConfig.from_str(CONFIG)
)


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
    # "ignored_auth" on the operations that succeed with the token and no other input
    # (the classic game's start and record, a table, the pool): the check's probe
    # without credentials goes through schemathesis's HTTP transport, which cannot take
    # the in-process app (TypeError). tests/api/test_classic.py and test_tables.py check
    # that a visitor cannot play.
    excluded = [ignored_auth] if case.operation.path in WITH_TOKEN_ONLY else []
    case.call_and_validate(app=application, excluded_checks=excluded)
    case.call_and_validate(
        app=application,
        headers={"Authorization": f"Token {world['token']}"},
        excluded_checks=excluded,
    )


class _PlayerWorkflow(schema.as_state_machine()):  # type: ignore[misc]
    """Chains of operations along the schema's links (current challenge → start →
    moves / finish / submit / read), as a player with a token."""

    token = ""

    def get_call_kwargs(self, case: Any) -> dict[str, Any]:
        return {"app": application, "headers": {"Authorization": f"Token {self.token}"}}

    def validate_response(self, response: Any, case: Any, **kwargs: Any) -> None:
        # The token above is real: "ignored_auth" would take it for generated junk.
        case.validate_response(response, excluded_checks=[ignored_auth], transport_kwargs=kwargs)


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
