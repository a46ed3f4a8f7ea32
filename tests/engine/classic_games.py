"""Classic games the tests set up: deals that give each player chosen tiles, and
placements laid in turn."""

from __future__ import annotations

import random
from collections.abc import Sequence

from triominos import (
    DEFAULT_RULESET,
    TILE_IDS,
    Placement,
    Ruleset,
    placement_parse,
    tile_parse,
)
from triominos.classic import (
    ClassicGame,
)


def tile_value(tile_id: str) -> int:
    return tile_parse(tile_id).value


def deal_order(
    hands: Sequence[Sequence[str]], *, players: int, well: Sequence[str] = ()
) -> list[str]:
    """A deal order giving player i the tiles ``hands[i]``, topped up with the lowest
    tiles that are not triples (so they never open), and a well starting with ``well``.
    Triples nobody was given go to the back of the well."""
    size = DEFAULT_RULESET.deal_size(players)
    taken = {tile for hand in hands for tile in hand} | set(well)
    fillers = sorted(
        (t for t in TILE_IDS if t not in taken and not tile_parse(t).is_triple),
        key=lambda t: (tile_value(t), t),
    )
    order: list[str] = []
    for player in range(players):
        hand = list(hands[player]) if player < len(hands) else []
        while len(hand) < size:
            hand.append(fillers.pop(0))
        order.extend(hand)
    rest = [t for t in TILE_IDS if t not in taken and t not in order]
    order.extend(well)
    order.extend(sorted(rest, key=lambda t: (tile_parse(t).is_triple, t)))
    return order


def classic_game(
    hands: Sequence[Sequence[str]],
    *,
    players: int = 2,
    well: Sequence[str] = (),
    ruleset: Ruleset = DEFAULT_RULESET,
) -> ClassicGame:
    return ClassicGame(
        players, deals=[deal_order(hands, players=players, well=well)], ruleset=ruleset
    )


def placements_of(texts: Sequence[str]) -> list[Placement]:
    return [placement_parse(text) for text in texts]


def alternating_game(texts: Sequence[str], *, players: int = 2) -> ClassicGame:
    """A game whose players, in turn from player 0, can lay ``texts`` in that order."""
    placements = placements_of(texts)
    hands = [[p.tile.id for p in placements[seat::players]] for seat in range(players)]
    return classic_game(hands, players=players)


def play_all(game: ClassicGame, texts: Sequence[str]) -> list[tuple[int, int, str | None]]:
    """Play ``texts`` in turn; return (player, points, bonus) of each."""
    results = []
    for placement in placements_of(texts):
        player = game.current_player
        assert player is not None
        outcome = game.play(placement, player=player)
        results.append((player, outcome.points, outcome.bonus))
    return results


def bot_step(game: ClassicGame, rng: random.Random) -> None:
    """Play a tile when one fits (mostly), else draw, else pass."""
    placements = game.legal_placements()
    if placements and (rng.random() < 0.85 or not game.can_draw()):
        game.play(rng.choice(placements))
    elif game.can_draw():
        game.draw()
    else:
        game.pass_turn()


def bot_play(game: ClassicGame, rng: random.Random, limit: int = 20_000) -> None:
    for _ in range(limit):
        if game.is_over:
            return
        bot_step(game, rng)
