"""What a seat or a spectator may see, over every event type: before the end, no
payload (a push, with the part of the table it carries; the events after a number; the
table's state) holds a tile another seat holds or the well holds, nor the well's order.

The check walks the whole truth (every event's stored body) in order: within a round,
a viewer may know its own tiles (dealt and drawn) and the tiles put on the board; any
other tile id in what it is sent is a leak.
"""

from __future__ import annotations

from typing import Any
from unittest.mock import patch

import pytest
from django.contrib.auth.models import User
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from challenges.models import LiveTable, TableEvent
from challenges.tables import leaving, push, services
from challenges.tables.events import SPECTATOR, event_views
from challenges.tables.selectors import table_events_after, table_state
from tests.factories import UserFactory
from tests.tables_play import simple_action, table_match, tile_ids

pytestmark = pytest.mark.django_db

EVENT_TYPES = {
    "table_joined",
    "table_started",
    "round_started",
    "placed",
    "drew",
    "passed",
    "round_ended",
    "game_ended",
    "seat_left",
    "computer_took_seat",
    "table_ended",
}


READS_EVERY = 6
"""The reads (every seat's state and events) are checked every so many actions; the
pushes, after every one."""


class Knowledge:
    """What each viewer may know at each event, from the truth walked in order."""

    def __init__(self, seats: int) -> None:
        self.seats = seats
        self.own: list[set[str]] = [set() for _ in range(seats)]
        self.board: set[str] = set()

    def see(self, body: dict[str, Any]) -> None:
        kind = body["event"]
        if kind == "round_started":
            self.own = [set(hand) for hand in body["hands"]]
            self.board = set()
        elif kind == "drew":
            self.own[body["player"]].add(body["tile"])
        elif kind == "placed":
            self.board.add(body["tile"])

    def allowed(self, viewer: str) -> set[str]:
        if viewer == SPECTATOR:
            return set(self.board)
        return self.own[int(viewer)] | self.board


def _no_well(payload: Any) -> None:
    if isinstance(payload, dict):
        assert "well" not in payload, "the well's order is never sent"
        for value in payload.values():
            _no_well(value)
    elif isinstance(payload, list):
        for value in payload:
            _no_well(value)


def _check_table(table_id: str, people: dict[int, User]) -> set[str]:
    """Every event of the table as pushed, every viewer's events and state; returns the
    event types met."""
    table = LiveTable.objects.get(pk=table_id)
    knowledge = Knowledge(table.seats)
    met = set()
    for row in TableEvent.objects.filter(table_id=table_id).order_by("seq"):
        knowledge.see(row.body)
        met.add(row.body["event"])
        if row.body["event"] == "table_ended":
            break
        # A push made while the game is on (the end's own pushes reveal everything).
        table.status = LiveTable.Status.PLAYING
        for viewer, view in event_views(table, row.body).items():
            _no_well(view)
            leaked = tile_ids(view) - knowledge.allowed(viewer)
            assert not leaked, f"{viewer} was pushed {leaked} in {row.body['event']}"
    return met


class Pushes:
    """Every message the table's writes hand the channel layer, as they made it."""

    def __init__(self) -> None:
        self.messages: list[dict[str, Any]] = []
        self.making = push.events_message

    def __call__(self, *args: Any, **kwargs: Any) -> dict[str, Any] | None:
        message = self.making(*args, **kwargs)
        if message is not None:
            self.messages.append(message)
        return message


def _check_pushes(table_id: str, pushes: Pushes) -> int:
    """Each message as it was sent: every viewer's view of each event, and the part of
    the table it carries (every seat's and the spectators': no tile at all), against
    what each viewer may know at that event. Returns how many carried the table."""
    table = LiveTable.objects.get(pk=table_id)
    truth = list(TableEvent.objects.filter(table_id=table_id).order_by("seq"))
    carried = 0
    for message in pushes.messages:
        last = message["events"][-1]["seq"]
        if any(row.body["event"] == "game_ended" for row in truth[:last]):
            continue  # the end's own pushes reveal everything
        for event in message["events"]:
            # What each viewer may know at this event (a message may span two rounds).
            knowledge = Knowledge(table.seats)
            for row in truth[: event["seq"]]:
                knowledge.see(row.body)
            for viewer, view in event["views"].items():
                _no_well(view)
                leaked = tile_ids(view) - knowledge.allowed(viewer)
                assert not leaked, f"{viewer} was pushed {leaked} in {view['event']}"
        if "table" in message:
            carried += 1
            _no_well(message["table"])
            assert not tile_ids(message["table"]), "a push's table holds a tile"
            assert message["table"]["seq"] == last
    return carried


def _check_reads(table_id: str, people: dict[int, User], outsider: User) -> None:
    """The table's state and its events as each seat and a spectator read them now."""
    table = LiveTable.objects.get(pk=table_id)
    if table.status == LiveTable.Status.FINISHED:
        return
    knowledge = Knowledge(table.seats)
    for row in TableEvent.objects.filter(table_id=table_id).order_by("seq"):
        knowledge.see(row.body)
    readers = {str(seat): person.pk for seat, person in people.items()}
    readers[SPECTATOR] = outsider.pk
    for viewer, player_id in readers.items():
        state = table_state(table_id=table_id, player_id=player_id)
        _no_well(state)
        hand = set(state["hand"])
        board = {placement["tile"] for placement in state["board"]}
        assert not tile_ids(state) - hand - board, f"{viewer}'s state leaks"
        assert hand <= knowledge.allowed(viewer)
        events = table_events_after(table_id=table_id, player_id=player_id, after=0)
        _check_events_read(table_id, events, viewer, table.seats)


def _check_events_read(
    table_id: str, events: list[dict[str, Any]], viewer: str, seats: int
) -> None:
    truth = dict(TableEvent.objects.filter(table_id=table_id).values_list("seq", "body"))
    knowledge = Knowledge(seats)
    for event in events:
        knowledge.see(truth[event["seq"]])
        leaked = tile_ids(event["event"]) - knowledge.allowed(viewer)
        assert not leaked, f"{viewer} read {leaked} in {event['event']['event']}"


def _play(
    seats: int, people: int, rounds: int | None, choices: st.DataObject, steps: int
) -> tuple[str, dict[int, User], User]:
    pushes = Pushes()
    with patch.object(push, "events_message", pushes):
        table_id, users, outsider = _play_on(seats, people, rounds, choices, steps)
    CARRIED.append(_check_pushes(table_id, pushes))
    return table_id, users, outsider


CARRIED: list[int] = []
"""How many pushes carried the table, per game played (the walk must meet some)."""


def _play_on(
    seats: int, people: int, rounds: int | None, choices: st.DataObject, steps: int
) -> tuple[str, dict[int, User], User]:
    users = {seat: UserFactory() for seat in range(people)}
    made = services.table_create(
        player_id=users[0].pk,
        seats=seats,
        computers=seats - people,
        strength="easy",
        rounds=rounds,
        pace="live",
    )
    table_id = str(made["id"])
    for seat in range(1, people):
        services.table_join(table_id=table_id, player_id=users[seat].pk)
    outsider = UserFactory()
    for step in range(steps):
        table = LiveTable.objects.get(pk=table_id)
        if table.status != LiveTable.Status.PLAYING:
            break
        if step % READS_EVERY == 0:
            _check_reads(table_id, users, outsider)
        match = table_match(table_id)
        mover = match.current_player
        if choices.draw(st.integers(0, 30), label="leave") == 0:
            staying = [seat for seat in users if table.members.get(seat=seat).result != "left"]
            leaving.table_resign(table_id=table_id, player_id=users[staying[0]].pk)
            continue
        placements = match.legal_placements()
        if placements and choices.draw(st.booleans(), label="place"):
            pick = placements[choices.draw(st.integers(0, len(placements) - 1), label="which")]
            action = {
                "type": "place",
                "tile": pick.tile.id,
                "cell": [pick.cell.row, pick.cell.col],
                "rotation": pick.rotation,
            }
        elif match.can_draw():
            action = {"type": "draw"}
        elif match.can_pass():
            action = {"type": "pass"}
        else:
            action = simple_action(match)
        services.table_act(table_id=table_id, player_id=users[mover].pk, action=action)
    return table_id, users, outsider


@settings(
    max_examples=8,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(
    seats=st.integers(2, 4),
    data=st.data(),
    rounds=st.sampled_from([1, None]),
)
def test_no_payload_holds_another_seat_s_tile_or_the_well(
    seats: int, data: st.DataObject, rounds: int | None
) -> None:
    people = data.draw(st.integers(2, seats), label="people")
    seed = data.draw(st.integers(0, 2**32), label="deal")
    # The deal from the drawn seed, so that an example replays the same game.
    with patch("challenges.classic.services.secrets.token_hex", return_value=f"{seed:08x}"):
        table_id, users, outsider = _play(seats, people, rounds, data, steps=40)
    _check_reads(table_id, users, outsider)
    _check_table(table_id, users)


def test_the_walk_meets_every_event_type() -> None:
    """The checks above meet every type of event: a round played out (draws, the end),
    a resignation at three (a computer takes the seat), a seat that draws and passes."""

    class Placing:
        """Place the first fit when there is one; never leave."""

        def draw(self, strategy: Any, label: str = "") -> Any:
            return {"leave": 1, "place": True, "which": 0}.get(label, 0)

    table_id, users, _ = _play(2, 2, 1, Placing(), steps=400)  # type: ignore[arg-type]
    met = _check_table(table_id, users)
    assert CARRIED[-1] > 0, "no push carried the table"
    table_id, users, outsider = _play(3, 3, 1, Placing(), steps=5)  # type: ignore[arg-type]
    leaving.table_resign(table_id=table_id, player_id=users[2].pk)
    _check_reads(table_id, users, outsider)
    met |= _check_table(table_id, users)
    met |= _pass_scenario()
    assert met >= EVENT_TYPES, f"never met: {EVENT_TYPES - met}"


def _pass_scenario() -> set[str]:
    """Two people where one never places: three draws, then a pass."""
    ada, bob = UserFactory(), UserFactory()
    made = services.table_create(
        player_id=ada.pk, seats=2, computers=0, strength="easy", rounds=1, pace="live"
    )
    table_id = str(made["id"])
    services.table_join(table_id=table_id, player_id=bob.pk)
    people = {0: ada, 1: bob}
    for _ in range(400):
        if LiveTable.objects.get(pk=table_id).status != LiveTable.Status.PLAYING:
            break
        match = table_match(table_id)
        seat = match.current_player
        if seat == 1 and not match.is_opening and (match.can_draw() or match.can_pass()):
            action = {"type": "draw"} if match.can_draw() else {"type": "pass"}
        else:
            action = simple_action(match)
        services.table_act(table_id=table_id, player_id=people[seat].pk, action=action)
    _check_reads(table_id, people, UserFactory())
    return _check_table(table_id, people)
