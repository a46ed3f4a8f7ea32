"""A seat at a classic table sees no tile of another seat's hand: not in any event of
any type, nor in the game's state. A computer that holds both the highest triple and
0-0-0 may open with either, and only it may see that choice."""

from __future__ import annotations

from typing import Any

import pytest
from django.core.cache import cache
from hypothesis import given, settings
from hypothesis import strategies as st
from rest_framework.test import APIClient

from challenges import engine
from challenges.classic import selectors, services
from challenges.classic.selectors import event_seen
from challenges.models import ClassicGame
from tests.factories import UserFactory
from tests.seat_privacy import hidden_from, seat_leaks, tiles_named

pytestmark = pytest.mark.django_db

EVENT_TYPES = {"round_started", "placed", "drew", "passed", "round_ended", "game_ended"}
# A deal of two where seat 1, a computer, holds 2-2-2 and 0-0-0: it may open with either.
TWO_OPENINGS_SEED = "0000000000000000"


def _as_seen(event: dict[str, Any], seat: int) -> dict[str, Any]:
    return event_seen(event, seat, reveal=False)


def _computers_game(players: int, seed: str, rounds: int | None) -> list[dict[str, Any]]:
    """A whole game of computers (every seat), as the engine's events."""
    match = engine.classic_match_replay(players=players, seed=seed, rounds=rounds, log=[])
    engine.classic_computers_play(
        match, computers={seat: "easy" for seat in range(players)}, seed=seed
    )
    assert match.is_over
    return [event.to_json() for event in match.events]


@settings(max_examples=40, deadline=None)
@given(
    players=st.integers(min_value=2, max_value=4),
    seed=st.text(alphabet="0123456789abcdef", min_size=1, max_size=16),
    rounds=st.sampled_from([1, None]),
)
def test_no_seat_sees_a_tile_of_another_hand_in_any_event(
    players: int, seed: str, rounds: int | None
) -> None:
    events = _computers_game(players, seed, rounds)
    for seat in range(players):
        assert seat_leaks(events, seat, _as_seen) == []


def test_the_check_covers_every_event_type_and_catches_a_leak() -> None:
    events = _computers_game(4, "to 400", None)
    assert {event["event"] for event in events} == EVENT_TYPES
    for seat in range(4):
        assert seat_leaks(events, seat, _as_seen) == []
    # Shown everything (the replay of a finished game), the check sees the other hands.
    revealed = seat_leaks(events, 0, lambda event, seat: event_seen(event, seat, reveal=True))
    assert {kind for _, kind, _ in revealed} >= {"round_started", "drew"}


def test_a_computer_s_second_opening_choice_stays_in_its_hand(monkeypatch: Any) -> None:
    cache.clear()
    opening = engine.classic_match_replay(players=2, seed=TWO_OPENINGS_SEED, rounds=1, log=[])
    assert opening.opener == 1
    assert {tile.id for tile in opening.opening_tiles} == {"2-2-2", "0-0-0"}
    monkeypatch.setattr(services.secrets, "token_hex", lambda _: TWO_OPENINGS_SEED)
    api = APIClient()
    api.force_authenticate(UserFactory())

    response = api.post(
        "/api/classic/games/", {"strength": "medium", "length": "one_round"}, format="json"
    )

    assert response.status_code == 201, response.content
    state = response.json()
    game = ClassicGame.objects.get(pk=state["id"])
    match = selectors.match_of(game, list(game.seats.order_by("seat")))
    kept = {"2-2-2", "0-0-0"} & {tile.id for tile in match.hand(1)}
    assert len(kept) == 1  # the computer opened with one; the other is still its secret
    started = state["round_events"][0]
    assert started["event"] == "round_started"
    assert started["opener"] == 1
    assert started["opening_tiles"] == []
    assert not tiles_named(state) & kept
    assert not tiles_named(api.get(f"/api/classic/games/{state['id']}/").json()) & kept
    replay = api.get(f"/api/classic/games/{state['id']}/replay/").json()
    assert not tiles_named(replay) & kept


def test_the_opener_sees_what_it_may_open_with(monkeypatch: Any) -> None:
    # Three people's seats: seat 1, a person, opens; seats 0 and 2 see no choice.
    people = [UserFactory() for _ in range(2)]
    deal = engine.classic_match_replay(players=2, seed=TWO_OPENINGS_SEED, rounds=1, log=[])
    monkeypatch.setattr(services.secrets, "token_hex", lambda _: TWO_OPENINGS_SEED)
    services.classic_game_start(
        player_ids=[person.pk for person in people], computers=0, strength="easy", rounds=1
    )
    game = ClassicGame.objects.get()
    opener = selectors.classic_game_state(game_id=game.pk, player_id=people[1].pk)
    other = selectors.classic_game_state(game_id=game.pk, player_id=people[0].pk)
    choices = sorted(tile.id for tile in deal.opening_tiles)
    assert sorted(opener["opening_tiles"]) == choices
    assert sorted(opener["round_events"][0]["opening_tiles"]) == choices
    assert other["opening_tiles"] == []
    assert other["round_events"][0]["opening_tiles"] == []
    events = [event.to_json() for event in selectors.match_of(game, list(game.seats.all())).events]
    assert not tiles_named(other) & hidden_from(events, 0)[-1]
