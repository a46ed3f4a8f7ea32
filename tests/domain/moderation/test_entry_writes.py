"""The submit's writes (``moderation/entry_writes.py``): ``entry_write`` against the
ORM's transaction, its plain twin, on whichever database the suite runs. PostgreSQL
runs the one statement, whose rows must be the ORM's to the last column; SQLite runs
the ORM's path, whose rows are still checked to be a submit's."""

from __future__ import annotations

import re
import threading
import time
from collections.abc import Callable
from datetime import UTC, datetime, timedelta
from typing import Any

import pytest
from django.db import connection, connections, models, transaction
from django.test.utils import CaptureQueriesContext, isolate_apps
from django.utils import timezone

from challenges.errors import EntryAlreadySubmitted
from challenges.models import (
    Challenge,
    Entry,
    FormPoint,
    PlayerForm,
    PlayerRecord,
    Run,
    ScoreCount,
)
from challenges.moderation.entry_writes import (
    _defaults_prepared,
    _entry_values,
    _entry_write_orm,
    _moves_lock,
    _side_values,
    _statement,
    entry_write,
    inserted_fields,
)
from tests.factories import ChallengeFactory, EntryFactory, RunFactory, UserFactory, at

pytestmark = pytest.mark.django_db

NOON = at("2026-11-21T12:00:00")
_TABLES: tuple[type[models.Model], ...] = (
    Entry,
    PlayerRecord,
    FormPoint,
    PlayerForm,
    ScoreCount,
    Challenge,
)


def _rows() -> dict[str, list[str]]:
    """Every row of the tables a submit writes, but the keys the database draws (an
    entry's, a form point's), which differ between two writes rolled back: a form point
    names its entry by the entry's run."""
    runs = dict(Entry.objects.values_list("pk", "run_id"))
    found: dict[str, list[str]] = {}
    for model in _TABLES:
        names = [
            field.attname
            for field in model._meta.concrete_fields
            if not isinstance(field, models.AutoField)
        ]
        rows = []
        for values in model.objects.values_list(*names):
            row = dict(zip(names, values, strict=True))
            if model is FormPoint:
                row["entry_id"] = runs[row["entry_id"]]
            rows.append(repr(sorted(row.items())))
        found[model.__name__] = sorted(rows)
    return found


class _Undone(Exception):
    pass


def _written(
    write: Callable[..., Any], make: Callable[[], Entry]
) -> tuple[dict[str, list[str]], Entry, list[str]]:
    """The rows after ``write`` wrote ``make()``'s entry, the entry, and the statements it
    sent (but the savepoint around it), then all of it rolled back."""
    entry = make()
    try:
        with transaction.atomic():
            with CaptureQueriesContext(connection) as sent:
                write(entry=entry, now=NOON)
            rows = _rows()
            raise _Undone
    except _Undone:
        pass
    sql = [q["sql"] for q in sent.captured_queries if "SAVEPOINT" not in q["sql"]]
    return rows, entry, sql


def _entry(challenge: Challenge, *, player: Any = None, reasons: tuple[str, ...] = ()) -> Entry:
    """An entry ``entry_submit`` would write: a finished run's, its moves' hash the run's
    variant (an entry of the same run's moves is its copy)."""
    extra = {"player": player} if player is not None else {}
    run: Run = RunFactory(challenge=challenge, finished=True, **extra)
    return _made(challenge, run, reasons=reasons)


def _made(challenge: Challenge, run: Run, *, reasons: tuple[str, ...] = ()) -> Entry:
    assert run.score is not None
    return Entry(
        challenge=challenge,
        player_id=run.player_id,
        run=run,
        score=run.score,
        submitted_at=NOON,
        moves_hash=f"{run.challenge_id}:{run.score}",
        status=Entry.Status.HELD if reasons else Entry.Status.LIVE,
        hold_reasons=list(reasons),
        features={"form": 0.5, "pace": [1.5, 2.0, 0.5]},
        placements="a1;b2",
        hard=True,
    )


def _case(name: str) -> Callable[[], Entry]:
    """A fresh entry of the case each time it is called (each write takes its own)."""
    challenge = ChallengeFactory(par=None if name == "no par" else 400)
    player = UserFactory()
    if name == "a record, a form and the score's count":
        other = ChallengeFactory(number=challenge.pk - 3, par=300)
        EntryFactory(challenge=other, player=player, score=250, submitted_at=NOON)
        PlayerForm.objects.create(player=player, challenges=4, voided=1)
    run: Run = RunFactory(challenge=challenge, player=player, finished=True)
    if name == "a record, a form and the score's count":
        EntryFactory(challenge=challenge, score=run.score)  # another player's, at its score
    if name == "a copy":
        copied = RunFactory(challenge=challenge, finished=True, log=run.log, score=run.score)
        entry_write(entry=_made(challenge, copied), now=NOON - timedelta(minutes=5))
    reasons = ("near_par",) if name == "held" else ()
    return lambda: _made(challenge, Run.objects.get(pk=run.pk), reasons=reasons)


@pytest.mark.parametrize(
    "name",
    ["a first submit", "a record, a form and the score's count", "held", "a copy", "no par"],
)
def test_the_submit_writes_what_the_orm_writes(name: str) -> None:
    make = _case(name)
    before = _rows()
    rows, entry, sent = _written(entry_write, make)
    twin_rows, twin, _ = _written(_entry_write_orm, make)
    assert rows == twin_rows
    assert (entry.status, entry.hold_reasons) == (twin.status, twin.hold_reasons)
    # The entry comes back as a save leaves it: a row of this database, no longer added.
    assert entry.pk is not None
    assert (entry._state.adding, entry._state.db) == (twin._state.adding, twin._state.db)
    assert (entry._state.adding, entry._state.db) == (False, connection.alias)
    # Not nothing: one entry more, its form point, and the player's record.
    assert len(rows["Entry"]) == len(before["Entry"]) + 1
    assert len(rows["FormPoint"]) == len(before["FormPoint"]) + 1
    assert rows["PlayerRecord"] != before["PlayerRecord"]
    assert (rows["ScoreCount"] != before["ScoreCount"]) == entry.is_live
    assert (entry.is_held and Entry.HoldReason.DUPLICATE_LOG.value in entry.hold_reasons) == (
        name == "a copy"
    )
    if connection.vendor == "postgresql":
        # The lock and the statement, one message; a copy's insert runs again, held.
        assert len(sent) == (2 if name == "a copy" else 1), sent


def test_a_second_entry_of_the_player_is_refused_and_writes_nothing() -> None:
    challenge = ChallengeFactory(par=400)
    player = UserFactory()
    entry_write(entry=_entry(challenge, player=player), now=NOON)
    before = _rows()
    with pytest.raises(EntryAlreadySubmitted):
        entry_write(entry=_entry(challenge, player=player), now=NOON)
    assert _rows() == before  # and the test's transaction still answers


def test_the_statement_inserts_every_column_of_its_models() -> None:
    """A new field with a default is written without touching the SQL: each insert
    lists the model's concrete columns, but the key the database draws."""
    sql, params = _statement(entry=_entry(ChallengeFactory(par=400)), now=NOON, copied=False)
    quote = connection.ops.quote_name
    inserts = {
        table: [name.strip() for name in listed.split(",")]
        for table, listed in re.findall(r'INSERT INTO ("\w+")(?: AS \w+)? \(([^)]*)\)', sql)
    }
    for model in (Entry, PlayerRecord, FormPoint, PlayerForm, ScoreCount):
        drawn = model._meta.pk if isinstance(model._meta.pk, models.AutoField) else None
        columns = [quote(f.column) for f in model._meta.concrete_fields if f is not drawn]
        assert inserts[quote(model._meta.db_table)] == columns
        assert [f.column for f in inserted_fields(model)] == [c.strip('"') for c in columns]
        assert all(f"{model.__name__}__{f.attname}" in params for f in inserted_fields(model))


@pytest.mark.parametrize("write", [entry_write, _entry_write_orm])
def test_the_same_moves_in_another_challenge_are_no_copy(write: Callable[..., Any]) -> None:
    first = ChallengeFactory(par=400)
    second = ChallengeFactory(number=first.pk - 3, par=400)
    earlier = _entry(first)
    entry_write(entry=earlier, now=NOON - timedelta(minutes=5))
    entry = _entry(second)
    entry.moves_hash = earlier.moves_hash

    write(entry=entry, now=NOON)

    assert (entry.status, entry.hold_reasons) == (Entry.Status.LIVE, [])


def _unwrapped(value: Any) -> Any:
    return getattr(value, "obj", value)  # a JSON value is sent wrapped (psycopg's Jsonb)


@isolate_apps("challenges")
def test_a_side_rows_defaults_are_prepared_as_the_orms_constructor_gives_them() -> None:
    """Beside the entry, a row is the values a submit gives and every other field's
    default: the same ones a model built with those values would save. A default that
    is a callable's (a time) is made for each row, never kept; a database default is
    left to the database; a field that sets itself on save has no place there."""

    class Side(models.Model):  # noqa: DJ008
        given = models.IntegerField()
        count = models.IntegerField(default=3)
        tags = models.JSONField(default=list)
        stamp = models.DateTimeField(default=timezone.now)
        kind = models.CharField(max_length=5, db_default="x")
        note = models.IntegerField(null=True)
        label = models.CharField(max_length=5, blank=True)

        class Meta:
            app_label = "challenges"

    database = transaction.get_connection()
    params: dict[str, Any] = {}
    names = _side_values(Side, {"given": 7}, params, database)
    built = Side(given=7)
    expected = {
        f"Side__{field.attname}": _unwrapped(
            field.get_db_prep_save(field.pre_save(built, True), connection=database)
        )
        for field in inserted_fields(Side)
        if field.attname != "kind"
    }
    assert set(names) == set(params) == set(expected)
    assert {name: _unwrapped(value) for name, value in params.items() if name != "Side__stamp"} == {
        name: value for name, value in expected.items() if name != "Side__stamp"
    }
    assert "Side__stamp" not in _defaults_prepared(Side, database.alias)
    later: dict[str, Any] = {}
    _side_values(Side, {"given": 8}, later, database)
    assert later["Side__stamp"] >= params["Side__stamp"] and later["Side__given"] == 8

    class Stamped(models.Model):  # noqa: DJ008
        changed = models.DateTimeField(auto_now=True)

        class Meta:
            app_label = "challenges"

    with pytest.raises(TypeError, match="sets itself"):
        _side_values(Stamped, {}, {}, database)


def _advisory_waits() -> int:
    with connection.cursor() as cursor:
        cursor.execute("SELECT count(*) FROM pg_locks WHERE locktype = 'advisory' AND NOT granted")
        return int(cursor.fetchone()[0])


@pytest.mark.django_db(transaction=True)
def test_a_submit_waits_only_on_a_submit_of_the_same_moves(postgres: None) -> None:
    """Submits take turns on their moves in their challenge, nothing wider: a log being
    written on another challenge, or another log on this one, keeps no one waiting,
    while the same moves on this challenge wait for the first to commit."""
    challenge = ChallengeFactory(par=400)
    other = ChallengeFactory(number=challenge.pk - 3, par=400)
    entry, same = _entry(challenge), _entry(challenge)
    same.moves_hash = entry.moves_hash
    holder = connections.create_connection("default")
    holder.ensure_connection()
    holder.set_autocommit(False)

    def hold(*, challenge_id: int, moves_hash: str) -> None:
        with holder.cursor() as cursor:
            key = _moves_lock(challenge_id=challenge_id, moves_hash=moves_hash)
            cursor.execute("SELECT pg_advisory_xact_lock(%s)", [key])

    def written_in_a_thread(written: Entry) -> threading.Thread:
        def write() -> None:
            try:
                entry_write(entry=written, now=NOON)
            finally:
                connections.close_all()

        thread = threading.Thread(target=write, daemon=True)
        thread.start()
        return thread

    try:
        hold(challenge_id=other.pk, moves_hash=entry.moves_hash)
        hold(challenge_id=challenge.pk, moves_hash=entry.moves_hash + "-another-log")
        first = written_in_a_thread(entry)
        first.join(timeout=30)
        assert not first.is_alive() and entry.pk is not None

        hold(challenge_id=challenge.pk, moves_hash=entry.moves_hash)
        second = written_in_a_thread(same)
        for _ in range(300):
            if _advisory_waits():
                break
            time.sleep(0.1)
        assert _advisory_waits() == 1 and second.is_alive() and same.pk is None
    finally:
        holder.rollback()
        holder.close()
    second.join(timeout=30)
    assert not second.is_alive() and same.is_held


@isolate_apps("challenges")
def test_an_entrys_values_are_prepared_as_an_inserts() -> None:
    """The entry's own values go through ``pre_save`` of a row being added: a field that
    stamps itself on insert is stamped, one the row carries keeps its value, and a
    database default is left to the database."""

    class Stamped(models.Model):  # noqa: DJ008
        score = models.IntegerField()
        made = models.DateTimeField(auto_now_add=True)
        kind = models.CharField(max_length=5, db_default="x")

        class Meta:
            app_label = "challenges"

    database = transaction.get_connection()
    params: dict[str, Any] = {}
    before = timezone.now()
    names = _entry_values(Stamped(score=7), params, database)

    assert set(names) == set(params) == {"Stamped__score", "Stamped__made"}
    assert params["Stamped__score"] == 7
    made = params["Stamped__made"]  # a time, or SQLite's text of it in UTC
    if isinstance(made, str):
        made = datetime.fromisoformat(made).replace(tzinfo=UTC)
    assert made >= before
