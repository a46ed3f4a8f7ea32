"""The analysis of a run: the best move of every position, and the biggest misses."""

from __future__ import annotations

import pytest

from tests.engine.players import random_run
from tests.engine.shapes import HEXAGON, board_before_last, challenge_for, fill
from triominos import (
    TILE_IDS,
    TILES,
    Board,
    Cell,
    Move,
    Placement,
    log_from_moves,
    tile_parse,
)
from triominos.analysis import (
    analysis_biggest_misses,
    analysis_run,
    best_placement,
)


def hexagon_missed() -> tuple[list[str], list[str], list[Move], Placement, Placement]:
    """Five tiles around point (0, 1), the sixth (which closes the hexagon) in the
    tray, and a plain placement of another tray tile played instead. Returns the
    challenge, the log, the hexagon placement and the plain one."""
    placements = fill(HEXAGON)
    board = board_before_last(placements)
    hexagon = placements[-1]
    others = [tile for tile in TILES if tile not in board.tiles and tile != hexagon.tile]
    plain = next(
        placement
        for placement in board.legal_placements(others)
        if board.outcome(placement).bonus is None
    )
    played = [*placements[:-1], plain]
    first = [placement.tile.id for placement in played] + [hexagon.tile.id]
    order = first + [tile_id for tile_id in TILE_IDS if tile_id not in first]
    moves = [Move.place(1_000 * (i + 1), placement) for i, placement in enumerate(played)]
    return order[:9], order[9:], moves, hexagon, plain


def test_a_missed_hexagon_is_the_best_move_of_its_position() -> None:
    tray, well, moves, hexagon, plain = hexagon_missed()
    analysis = analysis_run(tray=tray, well=well, log=log_from_moves(moves))
    last = analysis.moves[-1]
    assert last.move.placement == plain
    assert last.played.bonus is None
    assert last.played.points == plain.tile.value
    assert last.best is not None
    assert last.best.cell == Cell(-1, 0)  # the one cell that closes point (0, 1)
    assert last.best_outcome.bonus == "hexagon"
    assert last.best_outcome.points >= hexagon.tile.value + 50
    assert last.missed == last.best_outcome.points - plain.tile.value
    assert analysis_biggest_misses(analysis)[0] is last
    text = last.describe()
    assert text.startswith(f"{last.best.tile.id} at -1,0 rotation {last.best.rotation} for +")
    assert text.endswith("(hexagon)")


def test_playing_the_hexagon_misses_nothing() -> None:
    placements = fill(HEXAGON)
    tray, well, moves = challenge_for(placements)
    analysis = analysis_run(tray=tray, well=well, log=log_from_moves(moves))
    last = analysis.moves[-1]
    assert last.played.bonus == "hexagon"
    assert last.missed == 0


def test_a_draw_when_a_tile_fitted_misses_the_draw_and_the_best_tile() -> None:
    tray = [
        "0-0-0",
        "5-5-5",
        *[f"0-{b}-{c}" for b, c in [(0, 1), (0, 2), (0, 3), (0, 4), (0, 5), (1, 1), (1, 2)]],
    ]
    well = [tile_id for tile_id in TILE_IDS if tile_id not in tray]
    moves = [Move.draw(1_000), Move.place(2_000, Placement(tile_parse("5-5-5"), Cell(0, 0), 0))]
    analysis = analysis_run(tray=tray, well=well, log=log_from_moves(moves))
    draw, place = analysis.moves
    assert draw.best == Placement(tile_parse("5-5-5"), Cell(0, 0), 0)
    assert draw.played.points == -5
    assert draw.missed == 15 + 5
    assert place.missed == 0
    assert [move.index for move in analysis_biggest_misses(analysis)] == [0]


@pytest.mark.parametrize("seed", [11, 12, 13])
def test_every_move_of_a_random_run_against_the_best_of_its_position(seed: int) -> None:
    run = random_run(seed, draw_chance=0.1)
    analysis = analysis_run(tray=run.tray, well=run.well, log=run.log())
    assert analysis.score == run.score
    assert len(analysis.moves) == len(run.moves)
    board = Board()
    tray = [tile_parse(tile_id) for tile_id in run.tray]
    well = [tile_parse(tile_id) for tile_id in run.well]
    for move, analysed in zip(run.moves, analysis.moves, strict=True):
        legal = board.legal_placements(tray)
        if analysed.best is None:
            assert not legal and analysed.best_outcome.points == -5
        else:
            assert analysed.best in legal
            best_points = max(board.outcome(placement).points for placement in legal)
            assert analysed.best_outcome.points == best_points or len(board) == 55
        assert analysed.missed == max(0, analysed.best_outcome.points - analysed.played.points)
        if move.placement is None:
            tray.append(well.pop(0))
        else:
            board.play(move.placement)
            tray.remove(move.placement.tile)
    misses = analysis_biggest_misses(analysis)
    assert [m.missed for m in misses] == sorted((m.missed for m in misses), reverse=True)
    assert all(m.missed > 0 for m in misses)
    assert analysis.points_missed == sum(m.missed for m in misses)
    assert len(analysis_biggest_misses(analysis, limit=3)) == min(3, len(misses))


def test_the_best_placement_of_an_empty_tray_is_none() -> None:
    assert best_placement(Board(), []) is None


def test_an_invalid_run_is_refused() -> None:
    tray, well, moves, _, _ = hexagon_missed()
    bad = log_from_moves([*moves, Move.draw(0)])  # time goes backwards
    with pytest.raises(ValueError, match="not a valid run"):
        analysis_run(tray=tray, well=well, log=bad)


def test_the_analysis_serialises_for_a_ui() -> None:
    tray, well, moves, _, _ = hexagon_missed()
    analysis = analysis_run(tray=tray, well=well, log=log_from_moves(moves))
    shown = analysis.moves[-1].to_json()
    assert shown["missed"] == analysis.moves[-1].missed
    assert shown["best_outcome"] == {
        "points": analysis.moves[-1].best_outcome.points,
        "bonus": "hexagon",
    }
    assert isinstance(shown["text"], str) and "hexagon" in shown["text"]
