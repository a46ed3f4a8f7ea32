"""The hard computer's look-ahead: the board's search questions agree with its legal
placements, guesses of the hidden tiles agree with what the table saw, and hard plays
the positions a look-ahead should (positions reached by greedy play, which the
computers' later changes leave as they are)."""

from __future__ import annotations

import random

import pytest

from triominos import Board, Placement
from triominos.classic import ClassicGame, Draw, Pass, computer_action, hard
from triominos.classic.lookahead import HORIZON, Deal, Guesser, horizon_for, playout
from triominos.frontier import Frontier
from triominos.geometry import cell_pack
from triominos.tiles import TILES, Tile


def _greedy_game(seed: str, actions: int) -> ClassicGame:
    """A one-round game after ``actions`` actions of two greedy (medium) computers."""
    game = ClassicGame(2, seed=seed, rounds=1)
    for _ in range(actions):
        seat = game.current_player
        assert seat is not None
        game.apply(computer_action(game, strength="medium", seed=0), player=seat)
    return game


def _greedy_positions(games: int) -> list[ClassicGame]:
    """Every position with the board started of ``games`` greedy games, as copies."""
    positions = []
    for number in range(games):
        game = ClassicGame(2, seed=f"positions {number}", rounds=1)
        actions = 0
        while (seat := game.current_player) is not None:
            if not game.board.is_empty and actions % 5 == 0:
                positions.append(_greedy_game(f"positions {number}", actions))
            game.apply(computer_action(game, strength="medium", seed=0), player=seat)
            actions += 1
    return positions


def _mask_tiles(mask: int) -> set[Tile]:
    return {tile for tile in TILES if mask >> tile.index & 1}


def _unseen(game: ClassicGame, seat: int) -> list[Tile]:
    known = game.board.tiles | set(game.hand(seat))
    return [tile for tile in TILES if tile not in known]


def _opens_a_bonus(board: Board, placement: Placement, tiles: list[Tile]) -> bool:
    """Whether some of ``tiles`` could score a bridge or a hexagon once it is down."""
    board.push(placement)
    try:
        return any(board.outcome(p).bonus for p in board.legal_placements(tiles))
    finally:
        board.pop()


def test_the_board_s_search_questions_agree_with_its_legal_placements() -> None:
    for game in _greedy_positions(4):
        board = game.board
        everything = board.legal_placements(TILES)
        assert _mask_tiles(board.fitting_mask()) == {p.tile for p in everything}
        for over in (0, 6, 12, 39, 50):
            worth = {p.tile for p in everything if board.outcome(p).points > over}
            assert _mask_tiles(board.fitting_mask(over=over)) == worth
        hand = game.hand(game.current_player or 0)
        placements = board.legal_placements(hand)
        best, points = board.best_placement(hand)
        if not placements:
            assert (best, points) == (None, -1)
            continue
        # The first of the best, in the order legal_placements gives: medium's choice.
        greedy = max(placements, key=lambda p: board.outcome(p).points)
        assert (best, points) == (greedy, board.outcome(greedy).points)


def test_a_guess_deals_every_unseen_tile_once_and_keeps_the_seat_s_own_hand() -> None:
    for game in _greedy_positions(3):
        seat = game.current_player
        assert seat is not None
        for guess in Guesser(game, seat).guesses(random.Random(0), 5):
            assert guess.hands[seat] == game.hand(seat)
            assert [len(hand) for hand in guess.hands] == [len(h) for h in game.hands]
            assert len(guess.well) == game.well_size
            hidden = [tile for p, hand in enumerate(guess.hands) if p != seat for tile in hand]
            assert sorted(hidden + list(guess.well), key=lambda t: t.index) == _unseen(game, seat)


def test_a_guess_gives_a_player_who_could_not_play_no_tile_that_fits() -> None:
    checked = 0
    for number in range(6):
        game = ClassicGame(2, seed=f"stuck {number}", rounds=1)
        while (seat := game.current_player) is not None:
            action = computer_action(game, strength="medium", seed=0)
            game.apply(action, player=seat)
            if isinstance(action, Pass) and game.current_player == 1 - seat:
                # The one who passed drew three tiles, none fitting: nothing they hold
                # fits, which the other may infer though it never saw their tiles.
                fitting = _mask_tiles(game.board.fitting_mask())
                assert not fitting & set(game.hand(seat))
                for guess in Guesser(game, 1 - seat).guesses(random.Random(number), 4):
                    assert not fitting & set(guess.hands[seat])
                    checked += 1
    assert checked > 0


def test_guesses_find_more_of_the_other_hand_than_a_blind_deal() -> None:
    # What the table saw (draws, passes, placements) narrows the other hand down.
    found = blind = 0.0
    for game in _greedy_positions(6):
        seat = game.current_player
        assert seat is not None
        theirs = set(game.hand(1 - seat))
        guesses = Guesser(game, seat).guesses(random.Random(1), 10)
        found += sum(len(theirs & set(g.hands[1 - seat])) for g in guesses) / 10
        blind += len(theirs) ** 2 / len(_unseen(game, seat))
    assert found > 1.2 * blind


@pytest.mark.parametrize(("seed", "actions"), [("position 15", 19), ("position 31", 9)])
def test_hard_leaves_no_bonus_open_when_a_safe_placement_scores_as_much(
    seed: str, actions: int
) -> None:
    game = _greedy_game(seed, actions)
    seat = game.current_player
    assert seat is not None
    unseen = _unseen(game, seat)
    board = game.board
    greedy = computer_action(game, strength="medium", seed=0)
    hard = computer_action(game, strength="hard", seed=0)
    assert isinstance(greedy, Placement) and isinstance(hard, Placement)

    assert _opens_a_bonus(board, greedy, unseen)
    assert not _opens_a_bonus(board, hard, unseen)
    assert board.outcome(hard).points == board.outcome(greedy).points


@pytest.mark.parametrize(
    ("seed", "actions"), [("position 10", 33), ("position 20", 24), ("position 25", 79)]
)
def test_hard_keeps_a_place_for_its_last_tile(seed: str, actions: int) -> None:
    game = _greedy_game(seed, actions)
    seat = game.current_player
    assert seat is not None and len(game.hand(seat)) == 2
    board = game.board

    def last_fits(placement: Placement) -> bool:
        board.push(placement)
        try:
            rest = [tile for tile in game.hand(seat) if tile != placement.tile]
            return bool(board.legal_placements(rest))
        finally:
            board.pop()

    greedy = computer_action(game, strength="medium", seed=0)
    hard = computer_action(game, strength="hard", seed=0)
    assert isinstance(greedy, Placement) and isinstance(hard, Placement)
    assert not last_fits(greedy)
    assert last_fits(hard)


def test_hard_goes_out_when_its_last_tile_fits() -> None:
    went_out = 0
    for number in range(10):
        game = ClassicGame(2, seed=f"out {number}", rounds=1)
        while (seat := game.current_player) is not None:
            hand = game.hand(seat)
            if len(hand) == 1 and game.legal_placements():
                action = computer_action(game, strength="hard", seed=number)
                assert not isinstance(action, Draw)
                game.apply(action, player=seat)
                assert game.is_over
                went_out += 1
                break
            game.apply(computer_action(game, strength="medium", seed=0), player=seat)
    assert went_out > 0


def test_hard_s_work_is_bounded_in_play_outs_and_turns(monkeypatch: pytest.MonkeyPatch) -> None:
    calls: list[int] = []

    def counted(*args: object) -> tuple[list[float], int]:
        points, turns = playout(*args)  # type: ignore[arg-type]
        calls.append(turns)
        return points, turns

    monkeypatch.setattr(hard, "playout", counted)
    looked_ahead = 0
    for game in _greedy_positions(3):
        calls.clear()
        horizon = horizon_for(game)
        computer_action(game, strength="hard", seed=0)
        assert len(calls) <= hard.HARD_GUESSES * hard.HARD_MAX_CANDIDATES
        assert all(1 <= turns <= horizon for turns in calls)
        assert horizon == HORIZON or not game.well_size
        looked_ahead += bool(calls)
    assert looked_ahead > 0


def _empty_well_positions() -> list[ClassicGame]:
    """Positions of greedy games to 400 where the well is empty and a placement fits."""
    found = []
    for number in range(12):
        game = ClassicGame(2, seed=f"late {number}")
        actions = 0
        while (seat := game.current_player) is not None and len(found) < 6:
            if not game.well_size and game.legal_placements() and len(game.hand(seat)) > 1:
                found.append(_replayed(game, actions))
            game.apply(computer_action(game, strength="medium", seed=0), player=seat)
            actions += 1
    return found


def _replayed(game: ClassicGame, actions: int) -> ClassicGame:
    copy = ClassicGame(2, seed=game.seed)
    for _ in range(actions):
        seat = copy.current_player
        assert seat is not None
        copy.apply(computer_action(copy, strength="medium", seed=0), player=seat)
    return copy


def test_with_the_well_empty_a_play_out_goes_to_the_end_of_the_round() -> None:
    positions = _empty_well_positions()
    assert positions, "greedy games to 400 reach an empty well"
    for game in positions:
        me = game.current_player
        assert me is not None
        # Two players and no well: every guess is the true deal.
        guesses = Guesser(game, me).guesses(random.Random(0), 4)
        other = 1 - me
        assert all(set(guess.hands[other]) == set(game.hand(other)) for guess in guesses)
        tile, cell, rotation = game.legal_placements()[0]
        frontier = Frontier.of(game.board)
        frontier.push(cell_pack(cell.row, cell.col), tile.index * 3 + rotation)
        horizon = horizon_for(game)
        _, turns = playout(game, frontier, Deal.of(guesses[0]), me, tile.index, horizon)
        assert turns < horizon, "the round ended (out or blocked) before the cut"
