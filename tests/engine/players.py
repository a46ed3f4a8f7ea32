"""Seeded players that record challenge runs, for tests and benchmarks.

``random_run`` plays random legal moves (drawing when stuck, sometimes by choice) and
records the log and the score it saw. ``clearing_run`` plays until it finds a run
placing all 56 tiles: 56 placements and 47 draws, the longest run there is. Both are
deterministic for a given seed.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field

from triominos import Board, Move, MoveOutcome, Placement, Tile, deal_shuffle, tile_parse


@dataclass
class RecordedRun:
    tray: list[str]
    well: list[str]
    moves: list[Move] = field(default_factory=list)
    outcomes: list[MoveOutcome] = field(default_factory=list)
    score: int = 0
    board: Board = field(default_factory=Board)

    def log(self) -> dict[str, object]:
        return {"moves": [move.to_json() for move in self.moves]}


def deal(seed: int) -> tuple[list[str], list[str]]:
    """A challenge: 9 tiles for the tray, the other 47 in well order."""
    tray, well = deal_shuffle(seed)
    return list(tray), list(well)


def random_run(seed: int, *, draw_chance: float = 0.05, max_moves: int = 103) -> RecordedRun:
    """Random legal play until the board is full, nothing fits and the well is empty,
    or ``max_moves`` moves have been made."""
    rng = random.Random(seed)
    tray_ids, well_ids = deal(seed)
    run = RecordedRun(tray_ids, well_ids)
    tray = [tile_parse(tile_id) for tile_id in tray_ids]
    well = [tile_parse(tile_id) for tile_id in well_ids]
    t = 0
    while len(run.moves) < max_moves and len(run.board) < 56:
        t += rng.randrange(0, 900)
        legal = run.board.legal_placements(tray)
        if well and (not legal or rng.random() < draw_chance):
            tray.append(well.pop(0))
            run.moves.append(Move.draw(t))
            run.outcomes.append(MoveOutcome(-5, None))
            run.score -= 5
            continue
        if not legal:
            break
        placement = rng.choice(legal)
        _record_placement(run, tray, placement, t)
    return run


def _record_placement(run: RecordedRun, tray: list[Tile], placement: Placement, t: int) -> None:
    outcome = run.board.play(placement)
    if len(run.board) == 56:
        outcome = MoveOutcome(outcome.points + 25, outcome.bonus)
    tray.remove(placement.tile)
    run.moves.append(Move.place(t, placement))
    run.outcomes.append(outcome)
    run.score += outcome.points


def clearing_run(seed: int, *, attempts: int = 500) -> RecordedRun:
    """A run placing all 56 tiles: 56 placements and 47 draws (103 moves).

    Plays seeded playouts that always move the tray tile with the fewest places to go
    (the one that would get stuck) and draw only when nothing fits, until one clears
    the board. RuntimeError if none of ``attempts`` playouts does.
    """
    tray_ids, well_ids = deal(seed)
    for attempt in range(attempts):
        rng = random.Random(seed * 100_003 + attempt)
        run = RecordedRun(tray_ids, well_ids)
        tray = [tile_parse(tile_id) for tile_id in tray_ids]
        well = [tile_parse(tile_id) for tile_id in well_ids]
        t = 0
        while True:
            t += rng.randrange(0, 1100)
            legal = run.board.legal_placements(tray)
            if not legal:
                if not well:
                    break
                tray.append(well.pop(0))
                run.moves.append(Move.draw(t))
                run.outcomes.append(MoveOutcome(-5, None))
                run.score -= 5
                continue
            options: dict[Tile, int] = {}
            for placement in legal:
                options[placement.tile] = options.get(placement.tile, 0) + 1
            fewest = min(options.values())
            placement = rng.choice([p for p in legal if options[p.tile] == fewest])
            _record_placement(run, tray, placement, t)
        if len(run.board) == 56:
            return run
    raise RuntimeError(f"no clearing run found for seed {seed} in {attempts} playouts")
