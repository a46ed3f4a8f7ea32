// Puzzles (docs/puzzles.md): is a list of pieces a legal filling of a puzzle, and its
// stars. A port of triominos/puzzles/check.py, held to it by tests/vectors/puzzles.json;
// the server checks again whatever the browser sends.
//
// A puzzle is {cells: [[r, c], ...], tray: [tile ids]}; a piece is
// {type: "place", tile, cell, rotation} or {type: "joker", cell}.

import { isInteger } from "./errors.js";
import { cellCorners } from "./geometry.js";
import { TILE_IDS, tileParse } from "./tiles.js";

export const MAX_JOKERS = 2;
export const STARS_BY_JOKERS = Object.freeze([3, 2, 1]);

export class PuzzleError extends Error {
  constructor(code, index, detail) {
    super(detail);
    this.code = code;
    this.index = index;
  }
}

const key = ([a, b]) => `${a},${b}`;
const isPlainObject = (value) =>
  value !== null && typeof value === "object" && !Array.isArray(value) && !(value instanceof Number);

function cellOf(raw) {
  return Array.isArray(raw) && raw.length === 2 && raw.every(isInteger) ? raw : null;
}

function sameKeys(object, keys) {
  const own = Object.keys(object);
  return own.length === keys.length && keys.every((name) => Object.hasOwn(object, name));
}

function pieceFromJson(raw, index) {
  const bad = new PuzzleError("malformed", index, `piece ${index} is not a piece`);
  if (!isPlainObject(raw)) throw bad;
  const cell = cellOf(raw.cell);
  if (cell === null) throw bad;
  if (raw.type === "joker" && sameKeys(raw, ["type", "cell"])) return { joker: true, cell };
  if (raw.type !== "place" || typeof raw.tile !== "string" || !isInteger(raw.rotation)) throw bad;
  if (!sameKeys(raw, ["type", "tile", "cell", "rotation"])) throw bad;
  return { joker: false, tile: raw.tile, cell, rotation: raw.rotation };
}

// {pieces, jokers, stars} for a legal complete filling; a PuzzleError otherwise.
export function puzzleCheck(puzzle, rawPieces) {
  if (!Array.isArray(rawPieces)) throw new PuzzleError("malformed", 0, "the pieces are not a list");
  const shape = new Set(puzzle.cells.map(key));
  const tray = new Set(puzzle.tray);
  const used = new Set();
  const filled = new Set();
  const numbers = new Map();
  const pieces = [];
  let jokers = 0;
  rawPieces.forEach((raw, index) => {
    const refuse = (code, why) => new PuzzleError(code, index, `piece ${index}: ${why}`);
    const sent = pieceFromJson(raw, index);
    if (sent.joker) {
      if (jokers === MAX_JOKERS) throw refuse("too_many_jokers", `at most ${MAX_JOKERS} jokers`);
    } else {
      if (!TILE_IDS.includes(sent.tile)) throw refuse("unknown_tile", "no tile");
      if (!tray.has(sent.tile)) throw refuse("tile_not_in_tray", `${sent.tile} is not in the tray`);
      if (used.has(sent.tile)) throw refuse("tile_used_twice", `${sent.tile} is down already`);
      if (sent.rotation < 0 || sent.rotation > 2) throw refuse("bad_rotation", "not 0, 1 or 2");
    }
    const here = key(sent.cell);
    if (!shape.has(here)) throw refuse("cell_outside_shape", `[${here}] is not in the shape`);
    if (filled.has(here)) throw refuse("cell_occupied", `[${here}] is filled already`);
    if (sent.joker) {
      jokers += 1;
    } else {
      const corners = cellCorners(sent.cell).map(key);
      const shows = tileParse(sent.tile).cornerNumbers(sent.rotation);
      corners.forEach((point, corner) => {
        const there = numbers.get(point);
        if (there !== undefined && there !== shows[corner]) {
          throw refuse("corner_mismatch", `corner ${corner} shows ${shows[corner]}, its point ${there}`);
        }
      });
      corners.forEach((point, corner) => numbers.set(point, shows[corner]));
      used.add(sent.tile);
    }
    filled.add(here);
    pieces.push(sent);
  });
  if (filled.size !== shape.size) {
    throw new PuzzleError("shape_not_filled", pieces.length, `${shape.size - filled.size} cells are empty`);
  }
  return { pieces, jokers, stars: STARS_BY_JOKERS[jokers] };
}

// What a piece added to legal pieces would meet: null when it fits (the shape may still
// have empty cells), else the refusal's code. The play page asks before a piece goes down.
export function pieceRefusal(puzzle, pieces, piece) {
  try {
    puzzleCheck(puzzle, [...pieces, piece]);
    return null;
  } catch (error) {
    if (!(error instanceof PuzzleError)) throw error;
    if (error.code === "shape_not_filled") return null;
    return error.code;
  }
}
