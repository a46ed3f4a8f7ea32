// The engine's board: which tile lies where, the number on every touched point, and
// placement. Mirrors triominos/board.py. (The SVG board the player sees is
// ../board_view/, which draws; this one only knows the rules.)
//
// Two ways to put a tile down:
// - play(placement) checks it against RULES.md and throws a PlacementError with the
//   rule's code and a detail naming the cell and the corner; check(placement) answers
//   the same error (or null) without playing;
// - push(placement) trusts the caller (moves from legalPlacements) and pop() takes the
//   last tile back.
// Both score the placement (tile value plus at most one bonus) under the board's
// Ruleset. The board knows nothing of trays, wells or clocks: the run does.
//
// Inside, cells and points are keyed by their text form ("row,col"):
// - _cells maps a cell to its Placement, in the order the tiles went down;
// - _points maps every touched point to number + 8 * tilesAround, so one lookup answers
//   both "which number must a corner show here" (value & 7) and "how many tiles touch
//   it" (value >> 3), which for the three corners gives the ruleset's bonus;
// - _reach holds every cell sharing an edge with a tile (the origin alone on an empty
//   board); its empty cells are the frontier.

import { PlacementError, isInteger, shown } from "./errors.js";
import { ORIGIN, cellCorners, cellFormat, cellNeighbours, pointFormat } from "./geometry.js";
import { Placement } from "./moves.js";
import { DEFAULT_RULESET } from "./ruleset.js";
import { MoveOutcome } from "./scoring.js";
import { Tile, tileParse } from "./tiles.js";

function compareCells(left, right) {
  return left[0] - right[0] || left[1] - right[1];
}

/** A Tri-Ominos board, empty to start with. */
export class Board {
  constructor(ruleset = DEFAULT_RULESET) {
    this.ruleset = ruleset;
    this._cells = new Map();
    this._points = new Map();
    this._reach = new Map([[cellFormat(ORIGIN), ORIGIN]]);
  }

  /**
   * A board with `placements` played in order, each checked (throws PlacementError).
   * Besides Placements it takes their JSON form ({tile: "3-4-5", cell, rotation}).
   */
  static fromPlacements(placements, ruleset = DEFAULT_RULESET) {
    const board = new Board(ruleset);
    for (const placement of placements) {
      if (placement instanceof Placement) {
        board.play(placement);
      } else {
        const { tile, cell, rotation } = placement;
        board.play(new Placement(tile instanceof Tile ? tile : tileParse(tile), cell, rotation));
      }
    }
    return board;
  }

  copy() {
    const other = new Board(this.ruleset);
    other._cells = new Map(this._cells);
    other._points = new Map(this._points);
    other._reach = new Map(this._reach);
    return other;
  }

  // --- reading the position ------------------------------------------------------

  /** How many tiles lie on the board (Python's len(board)). */
  get size() {
    return this._cells.size;
  }

  get isEmpty() {
    return this._cells.size === 0;
  }

  /** The tiles on the board, in the order they went down. */
  get placements() {
    return [...this._cells.values()];
  }

  /** The tiles on the board. */
  get tiles() {
    return new Set([...this._cells.values()].map((placement) => placement.tile));
  }

  /** The placement covering `cell`, or null when it is empty. */
  tileAt(cell) {
    return this._cells.get(cellFormat(cell)) ?? null;
  }

  /** The number shown at `point`, or null when no tile touches it. */
  numberAt(point) {
    const value = this._points.get(pointFormat(point));
    return value === undefined ? null : value & 7;
  }

  /** How many of the six cells around `point` hold a tile. */
  tilesAround(point) {
    return (this._points.get(pointFormat(point)) ?? 0) >> 3;
  }

  /** The empty cells a tile may go on, sorted by (row, col); [[0, 0]] on an empty board. */
  frontier() {
    const cells = [];
    for (const [key, cell] of this._reach) {
      if (!this._cells.has(key)) {
        cells.push(cell);
      }
    }
    return cells.sort(compareCells);
  }

  /** The number each corner of `cell` must show (null: any), from the points. */
  cornerDemands(cell) {
    return cellCorners(cell).map((point) => this.numberAt(point));
  }

  // --- checked play --------------------------------------------------------------

  /**
   * Why `placement` is illegal here (the first rule it breaks, as a PlacementError), or
   * null. Checks rotation, empty cell, first tile at the origin, a shared edge and the
   * numbers at the corners, in RULES.md's order. Whether the tile is the player's to
   * place is for the caller to say (tray, turn).
   */
  check(placement) {
    const { rotation } = placement;
    if (!isInteger(rotation) || rotation < 0 || rotation > 2) {
      return new PlacementError("bad_rotation", `rotation must be 0, 1 or 2, not ${shown(rotation)}`);
    }
    const code = this._brokenRule(placement);
    return code === null ? null : new PlacementError(code, this.explain(placement, code));
  }

  /** Puts `placement` down if RULES.md allows it and returns what it scores; throws
   * PlacementError (the board unchanged) if not. */
  play(placement) {
    const error = this.check(placement);
    if (error !== null) {
      throw error;
    }
    return this.push(placement);
  }

  _brokenRule({ tile, cell, rotation }) {
    const key = cellFormat(cell);
    if (this._cells.has(key)) {
      return "cell_occupied";
    }
    if (this.isEmpty) {
      return key === cellFormat(ORIGIN) ? null : "first_not_at_origin";
    }
    if (!this._reach.has(key)) {
      return "not_adjacent";
    }
    const numbers = tile.cornerNumbers(rotation);
    const mismatch = cellCorners(cell).some((point, corner) => {
      const shownNumber = this.numberAt(point);
      return shownNumber !== null && shownNumber !== numbers[corner];
    });
    return mismatch ? "corner_mismatch" : null;
  }

  /** A sentence for a human saying why `placement` breaks the rule `code`. */
  explain(placement, code) {
    const { tile, cell, rotation } = placement;
    const where = `[${shown(cell[0])}, ${shown(cell[1])}]`;
    if (code === "bad_rotation") {
      return `rotation must be 0, 1 or 2, not ${shown(rotation)}`;
    }
    if (code === "cell_occupied") {
      const other = this.tileAt(cell);
      const held = other === null ? "" : ` (by ${other.tile.id})`;
      return `cell ${where} is already taken${held}`;
    }
    if (code === "first_not_at_origin") {
      return `the first tile must go on [0, 0], not on ${where}`;
    }
    if (code === "not_adjacent") {
      return `cell ${where} shares no edge with a tile on the board`;
    }
    if (code === "corner_mismatch") {
      const numbers = tile.cornerNumbers(rotation);
      const corners = cellCorners(cell);
      for (let corner = 0; corner < 3; corner += 1) {
        const point = corners[corner];
        const number = this.numberAt(point);
        if (number !== null && number !== numbers[corner]) {
          return (
            `corner ${corner} of ${where} lands on point (${point[0]}, ${point[1]}),` +
            ` which shows ${number}, but ${tile.id} in rotation ${rotation}` +
            ` puts ${numbers[corner]} there`
          );
        }
      }
    }
    return `${tile.id} on ${where} in rotation ${shown(rotation)} breaks the rule '${code}'`;
  }

  // --- unchecked play and undo ---------------------------------------------------

  /** What `placement` would score here (legality not checked, board unchanged). */
  outcome({ tile, cell }) {
    const values = cellCorners(cell).map((point) => this._points.get(pointFormat(point)) ?? 0);
    return this._outcomeOf(tile, values);
  }

  _outcomeOf(tile, [v0, v1, v2]) {
    const bonus = this.ruleset.placementBonus(v0 >> 3, v1 >> 3, v2 >> 3);
    return new MoveOutcome(tile.value + this.ruleset.bonusPoints(bonus), bonus);
  }

  /**
   * Puts `placement` down without checking it and returns what it scores. For
   * placements known to be legal (from legalPlacements, or checked): anything else
   * leaves the board inconsistent.
   */
  push(placement) {
    const stored =
      placement instanceof Placement ? placement : new Placement(placement.tile, placement.cell, placement.rotation);
    const { tile, cell, rotation } = stored;
    const numbers = tile.cornerNumbers(rotation);
    const keys = cellCorners(cell).map(pointFormat);
    const values = keys.map((key) => this._points.get(key) ?? 0);
    const outcome = this._outcomeOf(tile, values);
    // A touched point keeps its number and counts one more tile; a new one takes the
    // tile's number.
    keys.forEach((key, corner) => {
      this._points.set(key, (values[corner] || numbers[corner]) + 8);
    });
    this._cells.set(cellFormat(cell), stored);
    for (const neighbour of cellNeighbours(cell)) {
      this._reach.set(cellFormat(neighbour), neighbour);
    }
    return outcome;
  }

  /** Takes back the last tile put down (RangeError on an empty board). */
  pop() {
    if (this._cells.size === 0) {
      throw new RangeError("pop from an empty board");
    }
    const [key, placement] = [...this._cells].at(-1);
    this._cells.delete(key);
    for (const pointKey of cellCorners(placement.cell).map(pointFormat)) {
      const value = this._points.get(pointKey) - 8;
      if (value >= 8) {
        this._points.set(pointKey, value);
      } else {
        this._points.delete(pointKey);
      }
    }
    if (this._cells.size === 0) {
      this._reach = new Map([[cellFormat(ORIGIN), ORIGIN]]);
      return placement;
    }
    // The cell and its neighbours stay in reach only if a tile still sits alongside.
    for (const cell of [placement.cell, ...cellNeighbours(placement.cell)]) {
      const cellKey = cellFormat(cell);
      const alongside = cellNeighbours(cell).some((around) => this._cells.has(cellFormat(around)));
      if (!this._cells.has(cellKey) && !alongside) {
        this._reach.delete(cellKey);
      }
    }
    return placement;
  }

  // --- legal moves -----------------------------------------------------------------

  /**
   * Every legal placement of every tile in `tiles` (Tiles; all rotations), sorted by
   * (row, col, tile, rotation). A tile showing one number three times fits in all
   * three rotations, and each counts, as each is a different move of the log. Tiles
   * already on the board are skipped; duplicates in `tiles` count once.
   */
  legalPlacements(tiles) {
    const candidates = this._candidates(tiles);
    const result = [];
    if (candidates.length === 0) {
      return result;
    }
    for (const cell of this.frontier()) {
      const demands = this.cornerDemands(cell);
      for (const tile of candidates) {
        for (const rotation of fittingRotations(tile, demands)) {
          result.push(new Placement(tile, cell, rotation));
        }
      }
    }
    return result;
  }

  /** The legal placements of `tiles` on `cell`, sorted by (tile, rotation); empty when
   * the cell is taken or shares no edge with a tile. */
  legalPlacementsAt(cell, tiles) {
    const key = cellFormat(cell);
    if (this._cells.has(key) || !this._reach.has(key)) {
      return [];
    }
    const demands = this.cornerDemands(cell);
    return this._candidates(tiles).flatMap((tile) =>
      fittingRotations(tile, demands).map((rotation) => new Placement(tile, cell, rotation)),
    );
  }

  /** True when at least one of `tiles` can go down somewhere. */
  hasLegalPlacement(tiles) {
    const candidates = this._candidates(tiles);
    return this.frontier().some((cell) => {
      const demands = this.cornerDemands(cell);
      return candidates.some((tile) => fittingRotations(tile, demands).length > 0);
    });
  }

  /** `tiles` not on the board, each once, in id order. */
  _candidates(tiles) {
    const placed = new Set([...this._cells.values()].map((placement) => placement.tile.index));
    const unique = new Map();
    for (const tile of tiles) {
      if (!placed.has(tile.index)) {
        unique.set(tile.index, tile);
      }
    }
    return [...unique.values()].sort((left, right) => left.index - right.index);
  }

  toString() {
    const shownPlacements = this.placements.map(String).join(" ");
    return shownPlacements ? `<Board ${this.size} tiles: ${shownPlacements}>` : "<Board empty>";
  }
}

/** The rotations (ascending) in which `tile` shows every demanded number. */
function fittingRotations(tile, demands) {
  const rotations = [];
  for (let rotation = 0; rotation < 3; rotation += 1) {
    const numbers = tile.cornerNumbers(rotation);
    if (demands.every((demand, corner) => demand === null || demand === numbers[corner])) {
      rotations.push(rotation);
    }
  }
  return rotations;
}
