// The actions of the classic game (a Placement, DRAW, PASS), the refusal of one
// (ClassicError and its codes), and the deal: the order a seeded round deals its 56
// tiles, and which tile may open. Mirrors triominos/classic/actions.py.

import { TILES, TILE_IDS, tileParse } from "../tiles.js";
import { PythonRandom } from "./python_random.js";

/** Codes of the actions a ClassicGame refuses, besides the board's own. */
export const CLASSIC_ERROR_CODES = Object.freeze([
  "game_over",
  "not_your_turn",
  "opening_required",
  "wrong_opening",
  "tile_not_in_hand",
  "draw_limit",
  "well_empty",
  "pass_not_allowed",
]);

/** An action the rules do not allow now; the game is unchanged. */
export class ClassicError extends Error {
  constructor(code, detail) {
    super(detail);
    this.name = "ClassicError";
    this.code = code;
    this.detail = detail;
  }
}

/** The action of taking the next tile of the well. */
export const DRAW = Object.freeze({ type: "draw", toString: () => "draw" });
/** The action of ending a turn without playing. */
export const PASS = Object.freeze({ type: "pass", toString: () => "pass" });

/** The 56 tiles in the order a seeded round deals them (hands first, then the well). */
export function classicDealOrder(seed, roundNumber) {
  return new PythonRandom(`tri-ominos classic ${seed} round ${roundNumber}`).shuffle([...TILES]);
}

/** A round's deal given as 56 tile ids, as Tiles; RangeError when it is not one. */
export function orderParse(order, roundNumber) {
  let tiles;
  try {
    tiles = order.map(tileParse);
  } catch (error) {
    throw new RangeError(`deal of round ${roundNumber}: ${error.message}`);
  }
  const ids = tiles.map((tile) => tile.id).sort();
  if (ids.length !== TILE_IDS.length || ids.some((id, index) => id !== TILE_IDS[index])) {
    throw new RangeError(`deal of round ${roundNumber} must hold each of the 56 tiles once`);
  }
  return tiles;
}

/** Orders opening candidates: any triple beats any other tile, then by value, then by
 * the numbers read from the largest down. Negative, zero or positive, as a comparator. */
export function openingCompare(left, right) {
  const rank = (tile) => [Number(tile.isTriple), tile.value, tile.c, tile.b];
  const [a, b] = [rank(left), rank(right)];
  for (let i = 0; i < a.length; i += 1) {
    if (a[i] !== b[i]) return a[i] - b[i];
  }
  return 0;
}
