"""A move's reads compiled once (challenges/compiled_queries.py): the table and its
game locked, the game's seats, the table's seats with their names; each answers as
its ORM twin (on PostgreSQL the
compiled statement runs; SQLite takes the ORM's path)."""

from __future__ import annotations

import pytest
from django.db import transaction

from challenges.classic import services as classic_services
from challenges.models import ClassicGame, ClassicSeat, LiveTable, TableMember
from challenges.tables import seating, services
from challenges.tables.selectors import table_members, table_uuid
from tests.factories import UserFactory

pytestmark = pytest.mark.django_db


def _fields(instance: object, model: type) -> list[object]:
    return [getattr(instance, f.attname) for f in model._meta.concrete_fields]  # type: ignore[attr-defined]


def test_a_move_s_compiled_reads_answer_as_the_orm() -> None:
    ada, bob = UserFactory(), UserFactory()
    made = services.table_create(
        player_id=ada.pk, seats=3, computers=1, strength="easy", rounds=1, pace="live"
    )
    services.table_join(table_id=made["id"], player_id=bob.pk)
    table = LiveTable.objects.get(pk=made["id"])
    with transaction.atomic():
        locked = seating._TABLE_LOCKED.first(LiveTable, table_id=table.id)
        game = classic_services._GAME_LOCKED.first(ClassicGame, game_id=table.game_id)
        seats = classic_services._SEATS.all(ClassicSeat, game_id=table.game_id)
    assert _fields(locked, LiveTable) == _fields(table, LiveTable)
    orm_game = ClassicGame.objects.get(pk=table.game_id)
    assert _fields(game, ClassicGame) == _fields(orm_game, ClassicGame)
    orm_seats = list(ClassicSeat.objects.filter(game_id=table.game_id).order_by("seat"))
    assert [_fields(s, ClassicSeat) for s in seats] == [_fields(s, ClassicSeat) for s in orm_seats]
    assert [s.seat for s in seats] == [0, 1, 2]
    assert seating._TABLE_LOCKED.first(LiveTable, table_id=table_uuid(str(made["id"])))
    read = table_members(table.id)
    orm = list(table.members.select_related("player").order_by("seat"))
    assert [_fields(m, TableMember) for m in read] == [_fields(m, TableMember) for m in orm]
    assert [m.player.username for m in read] == [m.player.username for m in orm]
