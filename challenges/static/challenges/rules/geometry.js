// The triangular grid: cells, points, corners and neighbours, as RULES.md defines them.
// Mirrors triominos/geometry.py.
//
// A cell [row, col] points up when row + col is even and down when it is odd. A point
// [row, x] is a lattice corner: row counts horizontal lines from the top of row 0 and
// x is in half-edges, so row + x is always odd. Corners are numbered clockwise from the
// apex (the corner opposite the horizontal edge):
//
// - up [r, c]: apex (top) (r, c+1), bottom-right (r+1, c+2), bottom-left (r+1, c);
// - down [r, c]: apex (bottom) (r+1, c+1), top-left (r, c), top-right (r, c+2).
//
// Python's Cell and Point are named tuples; here they are frozen two-integer arrays,
// the form the run log and the vectors use ([row, col], [row, x]). Text forms: a cell
// is "row,col" ("0,-1"), a point "row,x" ("2,0"), integers as String(int) writes
// them, no spaces. The Python engine's packed coordinates are an optimisation of its
// hot path and have no counterpart here.

import { shown } from "./errors.js";

/** A cell [row, col]; rows grow downward, columns to the right. */
export function Cell(row, col) {
  return Object.freeze([row, col]);
}

/** A lattice point [row, x], x in half-edges (row + x is odd). */
export function Point(row, x) {
  return Object.freeze([row, x]);
}

/** Where the first tile of every game goes. */
export const ORIGIN = Cell(0, 0);

/** True when `cell` points up (row + col even), like [0, 0]. */
export function cellPointsUp([row, col]) {
  return (row + col) % 2 === 0;
}

/** The points under corners 0, 1 and 2 of `cell` (clockwise from the apex). */
export function cellCorners([r, c]) {
  if ((r + c) % 2 === 0) {
    return [Point(r, c + 1), Point(r + 1, c + 2), Point(r + 1, c)];
  }
  return [Point(r + 1, c + 1), Point(r, c), Point(r, c + 2)];
}

/** The three cells sharing an edge with `cell`: left, right, then above or below. */
export function cellNeighbours([r, c]) {
  if ((r + c) % 2 === 0) {
    return [Cell(r, c - 1), Cell(r, c + 1), Cell(r + 1, c)];
  }
  return [Cell(r, c - 1), Cell(r, c + 1), Cell(r - 1, c)];
}

/** The six cells around `point`: three in the row above it, three in the row below. */
export function pointCells([pr, px]) {
  return [
    Cell(pr - 1, px - 2),
    Cell(pr - 1, px - 1),
    Cell(pr - 1, px),
    Cell(pr, px - 2),
    Cell(pr, px - 1),
    Cell(pr, px),
  ];
}

// --- text forms ------------------------------------------------------------------

const PAIR = /^(0|-?[1-9][0-9]*),(0|-?[1-9][0-9]*)$/;

function pairParse(text, what) {
  const match = typeof text === "string" ? PAIR.exec(text) : null;
  if (match === null) {
    throw new RangeError(`not a ${what}: ${shown(text)} (expected two integers like '0,-1')`);
  }
  return [Number(match[1]), Number(match[2])];
}

/** [0, -1] -> "0,-1". Also the key of a cell in the engine's maps and the view's data-cell. */
export function cellFormat([row, col]) {
  return `${row},${col}`;
}

/** "0,-1" -> [0, -1]; RangeError for any other spelling (spaces, "-0", "+1"). */
export function cellParse(text) {
  return Cell(...pairParse(text, "cell"));
}

/** [2, 1] -> "2,1". */
export function pointFormat([row, x]) {
  return `${row},${x}`;
}

/** "2,1" -> [2, 1]; RangeError if not canonical or row + x is even. */
export function pointParse(text) {
  const [row, x] = pairParse(text, "point");
  if ((row + x) % 2 === 0) {
    throw new RangeError(`not a point: ${shown(text)} (row + x must be odd)`);
  }
  return Point(row, x);
}
