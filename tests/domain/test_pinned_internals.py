"""Django, django-csp and channels are pinned to the minor versions whose internals the
site reads (compiled_queries.py: the SQL compiler; csp_policy.py: django-csp's response
attributes and lazy nonce; sockets.py: the consumers' dispatch): a pin that allowed
another minor, or internals that moved, fail here before they fail a request."""

from __future__ import annotations

import inspect
import re
import tomllib
from importlib.metadata import version
from pathlib import Path

import pytest
from packaging.requirements import Requirement
from packaging.version import Version

from config import csp_policy

_PYPROJECT = Path(__file__).resolve().parents[2] / "pyproject.toml"


def _requirement(name: str) -> Requirement:
    project = tomllib.loads(_PYPROJECT.read_text())["project"]
    found = [Requirement(line) for line in project["dependencies"]]
    return next(requirement for requirement in found if requirement.name.lower() == name)


@pytest.mark.parametrize("name", ["django", "django-csp", "channels"])
def test_the_pin_allows_one_minor_version_the_installed_one(name: str) -> None:
    allowed = _requirement(name).specifier
    installed = Version(version(name))
    major, minor = installed.major, installed.minor
    assert installed in allowed
    assert Version(f"{major}.{minor}.0") in allowed and Version(f"{major}.{minor}.99") in allowed
    assert Version(f"{major}.{minor + 1}.0") not in allowed
    assert Version(f"{major + 1}.0") not in allowed
    if minor:
        assert Version(f"{major}.{minor - 1}.99") not in allowed


def test_the_sql_compiler_gives_what_compiled_queries_read() -> None:
    from django.db import connection
    from django.db.models.sql.compiler import SQLCompiler

    from challenges.models import Entry

    compiler = Entry.objects.filter(score=5).query.get_compiler(connection=connection)
    sql, params = compiler.as_sql()
    assert "SELECT" in sql and list(params) == [5]
    columns = [column for column, _, _ in compiler.select]
    assert all(hasattr(getattr(c, "target", c), "attname") for c in columns)
    assert isinstance(compiler.get_converters(columns), dict)
    assert "converters" in inspect.signature(SQLCompiler.apply_converters).parameters


def test_a_joined_query_is_laid_out_as_compiled_queries_read_it() -> None:
    """``CompiledQuery.first`` reads a ``select_related`` row as ``ModelIterable`` does:
    the model's columns from ``klass_info``, the related objects by Django's populators."""
    from django.db import connection
    from django.db.models import query

    from challenges.models import Run

    queryset = Run.objects.filter(score=5).select_related("challenge")
    compiler = queryset.query.get_compiler(connection=connection)
    compiler.as_sql()
    info = compiler.klass_info
    assert info["model"] is Run and info["select_fields"] and info["related_klass_infos"]
    assert list(inspect.signature(query.get_related_populators).parameters) == [
        "klass_info",
        "select",
        "db",
    ]
    assert list(inspect.signature(query.RelatedPopulator.populate).parameters) == [
        "self",
        "row",
        "from_obj",
    ]


def test_django_csp_marks_responses_with_the_attributes_the_policy_looks_for() -> None:
    from csp import decorators, middleware

    source = inspect.getsource(decorators)
    assert set(re.findall(r'"(_csp_\w+)"', source)) == set(csp_policy._RESPONSE_CHANGES)
    assert hasattr(middleware, "CheckableLazyObject") and hasattr(middleware, "CSPMiddleware")


def test_channels_dispatch_is_what_the_table_socket_replaces() -> None:
    # The socket's dispatch is channels' own without the close of old connections
    # (sockets.py says why): anything else channels' dispatch learns, it must learn too.
    from channels.consumer import AsyncConsumer

    from challenges.sockets import TableSocket

    body = inspect.getsource(AsyncConsumer.dispatch).split('"""')[-1]
    steps = re.findall(r"(\w+)\(", body)
    replaced = ["getattr", "get_handler_name", "aclose_old_connections", "handler", "ValueError"]
    assert steps == replaced
    assert "aclose_old_connections" not in inspect.getsource(TableSocket.dispatch)
