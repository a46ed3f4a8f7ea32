"""The part of the table a push carries (``selectors.table_pushed``): a seat shown another
seat's place, draw or pass takes it instead of reading the table (pages/table.js). So
what it would have read must be what it builds: the pushed part equal to its read, its
draw and pass from the pushed ones on its turn, its board the one before with the
pushed placements added, its hand unchanged."""

from __future__ import annotations

from typing import Any
from unittest.mock import patch

import pytest
from django.utils import timezone

from challenges.models import LiveTable
from challenges.tables import push, services
from challenges.tables.selectors import PUSHED, table_state
from tests.factories import UserFactory
from tests.tables_play import simple_action, table_match

pytestmark = pytest.mark.django_db

TAKEN = {"placed", "drew", "passed"}
"""The events a page applies from a push with no read (anything else: it reads)."""


@pytest.mark.parametrize(("seats", "computers"), [(2, 0), (3, 1)])
def test_a_seat_builds_from_the_push_what_it_would_read(seats: int, computers: int) -> None:
    people = [UserFactory() for _ in range(seats - computers)]
    made = services.table_create(
        player_id=people[0].pk,
        seats=seats,
        computers=computers,
        strength="easy",
        rounds=1,
        pace="live",
    )
    table_id = str(made["id"])
    for person in people[1:]:
        services.table_join(table_id=table_id, player_id=person.pk)
    sent: list[dict[str, Any]] = []
    making = push.events_message

    def recording(*args: Any, **kwargs: Any) -> dict[str, Any] | None:
        message = making(*args, **kwargs)
        if message is not None:
            sent.append(message)
        return message

    taken = 0
    states = {n: table_state(table_id=table_id, player_id=p.pk) for n, p in enumerate(people)}
    for _ in range(200):
        if LiveTable.objects.get(pk=table_id).status != LiveTable.Status.PLAYING:
            break
        match = table_match(table_id)
        mover = match.current_player
        now = timezone.now()
        sent.clear()
        with patch.object(push, "events_message", recording):
            services.table_act(
                table_id=table_id,
                player_id=people[mover].pk,
                action=simple_action(match),
                now=now,
            )
        (message,) = sent
        shown = message.get("table")
        for seat, person in enumerate(people):
            read = table_state(table_id=table_id, player_id=person.pk, now=now)
            events = [event["views"][str(seat)] for event in message["events"]]
            applies = seat != mover and all(
                event["event"] in TAKEN and event.get("player") != seat for event in events
            )
            if shown is not None and applies:
                taken += 1
                assert {key: read[key] for key in PUSHED} == {key: shown[key] for key in PUSHED}
                assert read["status"] == shown["status"] == "playing"
                to_move = read["turn"] == seat
                assert read["can_draw"] == (to_move and shown["turn_can_draw"])
                assert read["can_pass"] == (to_move and shown["turn_can_pass"])
                assert read["opening_tiles"] == []
                assert read["hand"] == states[seat]["hand"]
                placements = [
                    {key: event[key] for key in ("tile", "cell", "rotation")}
                    for event in events
                    if event["event"] == "placed"
                ]
                assert read["board"] == states[seat]["board"] + placements
            states[seat] = read
    assert taken > 10, "the pushes carried the table too seldom to check"
