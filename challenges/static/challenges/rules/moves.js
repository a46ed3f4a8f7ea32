// Placements and moves, their canonical text forms, and the run-log JSON form.
// Mirrors triominos/moves.py.
//
// Text forms (each with a parse/format pair, parse(format(x)) equals x):
// - placement: "3-4-5@0,-1r2": tile id, "@", cell "row,col", "r" and the rotation;
// - move: "1830:place:3-4-5@0,0r0" or "4210:draw": time in ms, kind, placement.
//
// JSON form (the run log of RULES.md): {"t": 1830, "type": "place", "tile": "3-4-5",
// "cell": [0, 0], "rotation": 0} and {"t": 4210, "type": "draw"}.

import { shown } from "./errors.js";
import { Cell, cellCorners } from "./geometry.js";
import { tileParse } from "./tiles.js";

/** A tile (a Tile) on a cell in a rotation (0, 1 or 2). */
export class Placement {
  constructor(tile, cell, rotation) {
    this.tile = tile;
    this.cell = Cell(cell[0], cell[1]);
    this.rotation = rotation;
    Object.freeze(this);
  }

  /** The numbers corners 0, 1 and 2 of the cell show. */
  cornerNumbers() {
    return this.tile.cornerNumbers(this.rotation);
  }

  cornerPoints() {
    return cellCorners(this.cell);
  }

  /** The placement as the legal-moves vectors spell it. */
  toJson() {
    return { tile: this.tile.id, cell: [this.cell[0], this.cell[1]], rotation: this.rotation };
  }

  toString() {
    return placementFormat(this);
  }
}

const INT = "(?:0|-?[1-9][0-9]*)";
const PLACEMENT = new RegExp(`^([0-5]-[0-5]-[0-5])@(${INT}),(${INT})r([012])$`);
const MOVE = new RegExp(`^(${INT}):(?:(draw)|place:(.*))$`, "s");

/** "3-4-5@0,-1r2". */
export function placementFormat({ tile, cell, rotation }) {
  return `${tile.id}@${cell[0]},${cell[1]}r${rotation}`;
}

/** The placement written `text` (see placementFormat); RangeError otherwise. */
export function placementParse(text) {
  const match = typeof text === "string" ? PLACEMENT.exec(text) : null;
  if (match === null) {
    throw new RangeError(`not a placement: ${shown(text)} (expected e.g. '3-4-5@0,-1r2')`);
  }
  const [, tileId, row, col, rotation] = match;
  return new Placement(tileParse(tileId), Cell(Number(row), Number(col)), Number(rotation));
}

/** One move of a run: at `t` ms, a placement, or a draw when `placement` is null. */
export class Move {
  constructor(t, placement = null) {
    this.t = t;
    this.placement = placement;
    Object.freeze(this);
  }

  static draw(t) {
    return new Move(t, null);
  }

  static place(t, placement) {
    return new Move(t, placement);
  }

  get isDraw() {
    return this.placement === null;
  }

  /** The move as a run log spells it. */
  toJson() {
    if (this.placement === null) {
      return { t: this.t, type: "draw" };
    }
    const { tile, cell, rotation } = this.placement;
    return { t: this.t, type: "place", tile: tile.id, cell: [cell[0], cell[1]], rotation };
  }

  toString() {
    return moveFormat(this);
  }
}

/** "1830:place:3-4-5@0,0r0" or "4210:draw". */
export function moveFormat(move) {
  if (move.placement === null) {
    return `${move.t}:draw`;
  }
  return `${move.t}:place:${placementFormat(move.placement)}`;
}

/** The move written `text` (see moveFormat); RangeError otherwise. */
export function moveParse(text) {
  const match = typeof text === "string" ? MOVE.exec(text) : null;
  if (match === null) {
    throw new RangeError(
      `not a move: ${shown(text)} (expected e.g. '1830:place:3-4-5@0,0r0' or '4210:draw')`,
    );
  }
  const [, t, draw, placement] = match;
  if (draw) {
    return new Move(Number(t), null);
  }
  return new Move(Number(t), placementParse(placement));
}

/** The run log ({moves: [...]}) a client would send for `moves`. */
export function logFromMoves(moves) {
  return { moves: [...moves].map((move) => move.toJson()) };
}
