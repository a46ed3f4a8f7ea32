"""Classic games for ``classic.json``: seeded games between computer players, chosen
for what they show (each opening rule, draws and passes, a blocked round of each
length, going out, a game to 400 and one that reached 400 mid-round), with their logs
and every event they make."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

from triominos.classic import ClassicGame, Strength, action_json, computers_play
from triominos.classic.events import Drew, Passed, Placed, RoundEnded, RoundStarted

__all__ = ["classic_cases"]

_Wanted = Callable[[ClassicGame], bool]


def _game(
    players: int, seed: str, computers: dict[int, Strength], rounds: int | None
) -> tuple[ClassicGame, list[dict[str, object]]]:
    game = ClassicGame(players, seed=seed, rounds=rounds)
    taken = computers_play(game, computers=computers, seed=seed)
    return game, [action_json(seat, action) for seat, action in taken]


def _case(
    name: str,
    tags: list[str],
    players: int,
    seed: str,
    computers: dict[int, Strength],
    rounds: int | None,
) -> dict[str, Any]:
    game, log = _game(players, seed, computers, rounds)
    return {
        "name": f"classic/{name}",
        "tags": sorted({"classic", *tags}),
        "players": players,
        "seed": seed,
        "rounds": rounds,
        "computers": {str(seat): strength for seat, strength in sorted(computers.items())},
        "log": log,
        "expect": {
            "events": [event.to_json() for event in game.events],
            "scores": list(game.scores),
            "winners": list(game.winners),
            "over": game.is_over,
        },
    }


def _first_seed(
    prefix: str, players: int, computers: dict[int, Strength], rounds: int | None, wanted: _Wanted
) -> str:
    for number in range(2000):
        seed = f"{prefix} {number}"
        game, _ = _game(players, seed, computers, rounds)
        if wanted(game):
            return seed
    raise RuntimeError(f"no seed of {prefix!r} gives the game wanted")


def _opening(game: ClassicGame) -> Placed:
    return next(event for event in game.events if isinstance(event, Placed))


def _round_end(game: ClassicGame) -> RoundEnded:
    return next(event for event in game.events if isinstance(event, RoundEnded))


def _passes_after_three_draws(game: ClassicGame) -> bool:
    events = game.events
    return any(
        isinstance(event, Passed)
        and all(isinstance(before, Drew) for before in events[index - 3 : index])
        for index, event in enumerate(events)
    )


def _triple_zero_choice(game: ClassicGame) -> bool:
    start = game.events[0]
    return isinstance(start, RoundStarted) and "0-0-0" in start.opening_tiles


_WANTED: tuple[tuple[str, list[str], _Wanted], ...] = (
    (
        "opening_highest_triple",
        ["opening:triple"],
        lambda game: (
            _opening(game).placement.tile.is_triple and _opening(game).placement.tile.id != "0-0-0"
        ),
    ),
    ("opening_triple_zero_choice", ["opening:triple_zero"], _triple_zero_choice),
    (
        "opening_without_triples",
        ["opening:highest_value"],
        lambda game: not _opening(game).placement.tile.is_triple,
    ),
    ("draws_then_pass", ["draw", "pass"], _passes_after_three_draws),
    ("blocked_round", ["round:blocked"], lambda game: _round_end(game).reason == "blocked"),
    (
        "going_out_with_a_hexagon",
        ["bonus:hexagon", "round:out"],
        lambda game: (
            _round_end(game).reason == "out"
            and any(isinstance(e, Placed) and e.bonus == "hexagon" for e in game.events)
        ),
    ),
)


def _blocked_in_a_game_to_400(game: ClassicGame) -> bool:
    return any(isinstance(event, RoundEnded) and event.reason == "blocked" for event in game.events)


def classic_cases() -> Iterator[dict[str, Any]]:
    medium: dict[int, Strength] = {0: "medium", 1: "medium"}
    for name, tags, wanted in _WANTED:
        seed = _first_seed(name, 2, medium, 1, wanted)
        yield _case(name, tags, 2, seed, medium, 1)
    name = "blocked_round_to_400"
    seed = _first_seed(name, 2, medium, None, _blocked_in_a_game_to_400)
    yield _case(name, ["round:blocked_to_400", "game:to_400"], 2, seed, medium, None)
    # Seat 0 reaches 405 in round 2 and ends it at 385: the game ends with that round.
    yield _case(
        "game_to_400_reached_mid_round",
        ["game:to_400", "game:reached_mid_round"],
        2,
        "probe 61",
        {0: "medium", 1: "easy"},
        None,
    )
    strengths: dict[int, Strength] = {0: "easy", 1: "medium", 2: "hard"}
    for players in (2, 3, 4):
        computers = {seat: strengths[seat % 3] for seat in range(players)}
        yield _case(
            f"one_round_{players}_players",
            ["computers", "round:one"],
            players,
            f"one round {players}",
            computers,
            1,
        )
    yield _case(
        "game_to_400", ["computers", "game:to_400"], 2, "to 400", {0: "hard", 1: "easy"}, None
    )
    # The tables the browser plays offline: easy and medium only, three seats, to 400.
    yield _case(
        "easy_and_medium_to_400_3_players",
        ["computers", "game:to_400", "offline"],
        3,
        "offline 3",
        {0: "easy", 1: "medium", 2: "easy"},
        None,
    )
