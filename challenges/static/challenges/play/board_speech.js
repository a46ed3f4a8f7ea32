// What the board tells a screen reader (the SVG's digits are hidden from it): the facts
// of the cell under the keyboard cursor, and of the whole board. DOM-free and read from
// the rules port (ChallengeRun and its Board), so the points it quotes are the engine's;
// board_words.js turns the facts into sentences (cellReport, boardSummary).
//
// Corners are in the engine's order (clockwise from the apex) and edges in
// cellNeighbours' order (left, right, then the flat side: below an up cell, above a
// down one); `up` says which way the cell points, and words.js names them from it.

import { cellCorners, cellFormat, cellNeighbours, cellPointsUp, tileParse } from "../rules/index.js";

/**
 * What is at `cell` on `run`'s board, and what the tray tile `selected` (turned to
 * `rotation` by the player) would do there:
 * - `up`: the cell points up;
 * - `tile`: null, or the tile on it {id, numbers} (numbers by corner);
 * - `edges`: the tile id across each edge, or null;
 * - `demands`: the number each corner must show (null: any);
 * - `open`: empty, and a tile may go here (it touches a tile, or is the first cell);
 * - `fit`: null (nothing selected, or the cell is taken), or {tile, fits, points,
 *   bonus, numbers}: whether it fits, what it would score (the engine's preview, the
 *   clear bonus included) and the numbers it would show, turned as it would snap.
 */
export function cellFacts(run, cell, { selected = null, rotation = 0 } = {}) {
  const { board } = run;
  const placed = board.tileAt(cell);
  const key = cellFormat(cell);
  const facts = {
    cell,
    up: cellPointsUp(cell),
    tile: placed === null ? null : { id: placed.tile.id, numbers: placed.tile.cornerNumbers(placed.rotation) },
    edges: cellNeighbours(cell).map((neighbour) => board.tileAt(neighbour)?.tile.id ?? null),
    demands: cellCorners(cell).map((point) => board.numberAt(point)),
    open: placed === null && board.frontier().some((free) => cellFormat(free) === key),
    fit: null,
  };
  if (selected !== null && placed === null) {
    const snapped = run.snapRotation(selected, cell, rotation);
    if (snapped === null) {
      facts.fit = { tile: selected, fits: false, points: null, bonus: null, numbers: null };
    } else {
      const outcome = run.preview(selected, cell);
      facts.fit = {
        tile: selected,
        fits: true,
        points: outcome.points,
        bonus: outcome.bonus,
        numbers: tileParse(selected).cornerNumbers(snapped),
      };
    }
  }
  return facts;
}

/**
 * The board as a whole: {tiles, rows: [first, last] | null, columns, open (empty cells
 * a tile may go on), score, wellRemaining, tray, selected, fitsFor (cells where the
 * selected tile fits), best: null | {cell, points, bonus} (its best-scoring cell, the
 * first in row and column order among equals)}.
 */
export function boardFacts(run, { selected = null } = {}) {
  const placements = run.board.placements;
  const span = (values) => (values.length === 0 ? null : [Math.min(...values), Math.max(...values)]);
  let best = null;
  const cells = new Map();
  if (selected !== null) {
    for (const move of run.legalPlacements(selected)) {
      cells.set(cellFormat(move.cell), move.cell);
    }
    for (const cell of cells.values()) {
      const outcome = run.preview(selected, cell);
      if (best === null || outcome.points > best.points) {
        best = { cell, points: outcome.points, bonus: outcome.bonus };
      }
    }
  }
  return {
    tiles: placements.length,
    rows: span(placements.map((placement) => placement.cell[0])),
    columns: span(placements.map((placement) => placement.cell[1])),
    open: run.board.frontier().length,
    score: run.score,
    wellRemaining: run.wellRemaining,
    tray: run.tray.length,
    selected,
    fitsFor: cells.size,
    best,
  };
}
