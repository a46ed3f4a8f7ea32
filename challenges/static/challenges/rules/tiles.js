// The 56 Tri-Ominos tiles, their canonical ids and their corner numbers.
// Mirrors triominos/tiles.py.
//
// A tile holds three numbers 0-5 that ascend clockwise: a <= b <= c. Its id is "a-b-c"
// in that order; no other spelling names a tile. Every tile exists once: the module
// builds all 56 at load and tileParse hands out those instances.

import { shown } from "./errors.js";

/** One tile: numbers a <= b <= c read clockwise; `index` is its place in TILE_IDS. */
export class Tile {
  constructor(a, b, c) {
    const numbers = [a, b, c];
    if (numbers.some((n) => !Number.isInteger(n) || n < 0 || n > 5)) {
      throw new RangeError(`tile numbers must be integers 0-5, got (${numbers.join(", ")})`);
    }
    if (!(a <= b && b <= c)) {
      throw new RangeError(`tile numbers must ascend (a <= b <= c), got (${numbers.join(", ")})`);
    }
    this.a = a;
    this.b = b;
    this.c = c;
    this.index = indexOf(a, b, c);
    Object.freeze(this);
  }

  /** The canonical id, e.g. "3-4-5". */
  get id() {
    return `${this.a}-${this.b}-${this.c}`;
  }

  /** What the tile scores on its own: the sum of its numbers. */
  get value() {
    return this.a + this.b + this.c;
  }

  /** True for the six tiles showing one number three times (0-0-0 ... 5-5-5). */
  get isTriple() {
    return this.a === this.c;
  }

  /**
   * The numbers corners 0, 1 and 2 of a cell show with this tile in `rotation`:
   * corner i shows [a, b, c][(i + rotation) % 3].
   */
  cornerNumbers(rotation) {
    if (!Number.isInteger(rotation) || rotation < 0 || rotation > 2) {
      throw new RangeError(`rotation must be 0, 1 or 2, got ${rotation}`);
    }
    const numbers = [this.a, this.b, this.c];
    return [numbers[rotation], numbers[(1 + rotation) % 3], numbers[(2 + rotation) % 3]];
  }

  toString() {
    return this.id;
  }
}

const NUMBER_TRIPLES = [];
for (let a = 0; a <= 5; a += 1) {
  for (let b = a; b <= 5; b += 1) {
    for (let c = b; c <= 5; c += 1) {
      NUMBER_TRIPLES.push([a, b, c]);
    }
  }
}
const INDEX_BY_NUMBERS = new Map(NUMBER_TRIPLES.map((numbers, index) => [numbers.join("-"), index]));

function indexOf(a, b, c) {
  return INDEX_BY_NUMBERS.get(`${a}-${b}-${c}`);
}

/** All 56 tiles, sorted by their numbers (which is also the order of their ids). */
export const TILES = Object.freeze(NUMBER_TRIPLES.map(([a, b, c]) => new Tile(a, b, c)));

/** The 56 canonical ids, sorted: "0-0-0", "0-0-1", ... "5-5-5". */
export const TILE_IDS = Object.freeze(TILES.map((tile) => tile.id));

const TILES_BY_ID = new Map(TILES.map((tile) => [tile.id, tile]));

/** The tile whose id is `text`, or undefined (no error: the engine's own lookup). */
export function tileById(text) {
  return typeof text === "string" ? TILES_BY_ID.get(text) : undefined;
}

/**
 * The tile whose canonical id is `text`; RangeError (Python's ValueError) for any other
 * spelling: "3-4-5" is a tile; "5-4-3", "3-4-5 ", "345" and "3-4-6" are not.
 */
export function tileParse(text) {
  const tile = tileById(text);
  if (tile === undefined) {
    throw new RangeError(`not a tile id: ${shown(text)} (expected 'a-b-c' with 0 <= a <= b <= c <= 5)`);
  }
  return tile;
}

/** The canonical id of `tile`: tileFormat(tileParse(s)) === s. */
export function tileFormat(tile) {
  return tile.id;
}

