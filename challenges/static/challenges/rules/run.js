// One challenge run, move by move: the board, the tray, the well, the clock and the
// score. The one pipeline of the browser's engine: the replay (replay.js) and the play
// page both play every move through ChallengeRun.playMove, so a log built on the play
// page replays to the same score, and both refuse a move with the same code and detail.
//
// The checks follow RULES.md's table top to bottom (a move breaking several rules gets
// the first code that applies), and the details are the Python engine's words
// (triominos/replay.py), which the golden vectors pin.

import { isFloat, isInteger, shown } from "./errors.js";
import { Board } from "./board.js";
import { Cell } from "./geometry.js";
import { Placement } from "./moves.js";
import { DEFAULT_RULESET } from "./ruleset.js";
import { MoveOutcome } from "./scoring.js";
import { tileById } from "./tiles.js";

/** True for what Python reads as a dict: a plain object (not a list, not a boxed number). */
export function isJsonObject(value) {
  return Object.prototype.toString.call(value) === "[object Object]";
}

/** `value[key]` when `value` has it as its own property (a missing field reads null). */
export function field(value, key) {
  return Object.hasOwn(value, key) ? value[key] : undefined;
}

/** A short name for a JSON value's type, for error details. */
export function describe(value) {
  if (value === null || value === undefined) return "null";
  if (typeof value === "boolean") return "a boolean";
  if (isFloat(value)) return "a number with a fraction";
  if (isInteger(value)) return "an integer";
  if (typeof value === "string") return "a string";
  if (Array.isArray(value)) return "a list";
  if (isJsonObject(value)) return "an object";
  return typeof value;
}

/** Why `tray` and `well` are not a challenge of `ruleset`, or null when they are one. */
export function challengeProblem(tray, well, ruleset) {
  const parts = [
    ["tray", tray, ruleset.traySize],
    ["well", well, ruleset.wellSize],
  ];
  for (const [name, tiles, size] of parts) {
    if (!Array.isArray(tiles)) {
      return `the ${name} must be a list of tile ids, not ${describe(tiles)}`;
    }
    if (tiles.length !== size) {
      return `the ${name} must hold ${size} tiles, not ${tiles.length}`;
    }
    for (const tileId of tiles) {
      if (tileById(tileId) === undefined) {
        return `the ${name} holds ${shown(tileId)}, which is not a tile id`;
      }
    }
  }
  if (new Set([...tray, ...well]).size !== ruleset.tileCount) {
    return `the tray and the well must hold each of the ${ruleset.tileCount} tiles exactly once`;
  }
  return null;
}

/** Which part of `raw` breaks the shape of a RULES.md move, or null when none does. */
export function malformedDetail(raw) {
  if (!isJsonObject(raw)) {
    return `a move must be an object, not ${describe(raw)}`;
  }
  const t = field(raw, "t");
  if (!isInteger(t)) {
    return `'t' must be an integer number of ms, not ${describe(t)}`;
  }
  const kind = field(raw, "type");
  if (kind === "draw") {
    return null;
  }
  if (kind !== "place") {
    return `'type' must be 'place' or 'draw', not ${shown(kind)}`;
  }
  const tile = field(raw, "tile");
  if (typeof tile !== "string") {
    return `a placement's 'tile' must be a string, not ${describe(tile)}`;
  }
  const cell = field(raw, "cell");
  if (!(Array.isArray(cell) && cell.length === 2)) {
    return `a placement's 'cell' must be a list of two integers, not ${describe(cell)}`;
  }
  if (!isInteger(cell[0]) || !isInteger(cell[1])) {
    return `a placement's 'cell' must be two integers, not ${describe(cell[0])} and ${describe(cell[1])}`;
  }
  const rotation = field(raw, "rotation");
  if (!isInteger(rotation)) {
    return `a placement's 'rotation' must be an integer, not ${describe(rotation)}`;
  }
  return null;
}

/**
 * A challenge run in progress. `tray` and `well` are tile ids; the constructor throws a
 * RangeError (the detail of bad_challenge) when they are not a challenge of `ruleset`.
 * `tray` keeps its order (a drawn tile goes last), `dealtTray` is the tray as dealt;
 * `log` is the run log so far and `outcomes` the MoveOutcome of each of its moves.
 */
export class ChallengeRun {
  constructor({ tray, well, ruleset = DEFAULT_RULESET }) {
    const problem = challengeProblem(tray, well, ruleset);
    if (problem !== null) {
      throw new RangeError(problem);
    }
    this.ruleset = ruleset;
    this.board = new Board(ruleset);
    this.tray = tray.slice();
    // The tray as dealt: `tray` changes with every move, and a run played again from
    // its deal (a resumed run's review) starts from this one.
    this.dealtTray = Object.freeze(tray.slice());
    this.well = well.slice();
    this.draws = 0;
    this.score = 0;
    this.log = [];
    this.outcomes = [];
  }

  /** The run's time limit: the ruleset's, the one source of it. */
  get timeLimitMs() {
    return this.ruleset.timeLimitMs;
  }

  get wellRemaining() {
    return this.well.length - this.draws;
  }

  /** True once every tile is on the board (the run is over). */
  get cleared() {
    return this.board.size === this.ruleset.tileCount;
  }

  get lastT() {
    return this.log.length === 0 ? 0 : this.log[this.log.length - 1].t;
  }

  /** The run log as RULES.md spells it. */
  toLog() {
    return { moves: this.log.map((move) => ({ ...move })) };
  }

  /**
   * Checks `raw` (a move of a run log: any value at all) and plays it. Returns
   * {outcome, error: null} when it is played, or {outcome: null, error: {code, detail}}
   * for the first rule it breaks, the run unchanged. `maxT` lowers the time limit: the
   * server's clock when the move arrived (null: the ruleset's limit alone).
   */
  playMove(raw, { maxT = null } = {}) {
    const error = this._refusal(raw, maxT);
    if (error !== null) {
      return { outcome: null, error };
    }
    const outcome = raw.type === "draw" ? this._draw() : this._place(raw);
    // The log keeps the move in RULES.md's form, whatever else the caller's object held.
    const { t, type, tile, cell, rotation } = raw;
    this.log.push(type === "draw" ? { t, type } : { t, type, tile, cell: [cell[0], cell[1]], rotation });
    this.outcomes.push(outcome);
    this.score += outcome.points;
    return { outcome, error: null };
  }

  _refusal(raw, maxT) {
    const malformed = malformedDetail(raw);
    if (malformed !== null) {
      return { code: "malformed", detail: malformed };
    }
    const { t } = raw;
    const clock = this._clockRefusal(t, maxT);
    if (clock !== null) {
      return clock;
    }
    if (raw.type === "draw") {
      const empty = this.draws === this.well.length;
      return empty ? { code: "well_empty", detail: "the well is empty: nothing to draw" } : null;
    }
    const tile = tileById(raw.tile);
    if (tile === undefined) {
      const detail = `${shown(raw.tile)} is not a tile id (expected 'a-b-c' with 0 <= a <= b <= c <= 5)`;
      return { code: "unknown_tile", detail };
    }
    if (!this.tray.includes(tile.id)) {
      return { code: "tile_not_in_tray", detail: `tile ${tile.id} is not in the tray: ${this._whereabouts(tile)}` };
    }
    const broken = this.board.check(new Placement(tile, Cell(raw.cell[0], raw.cell[1]), raw.rotation));
    return broken === null ? null : { code: broken.code, detail: broken.detail };
  }

  /** time_over, time_not_monotonic or run_over: the rules between a move's shape and
   * what it does. */
  _clockRefusal(t, maxT) {
    const limit = maxT === null ? this.timeLimitMs : Math.min(maxT, this.timeLimitMs);
    if (t < 0 || t > limit) {
      return { code: "time_over", detail: this._timeOverDetail(t, maxT) };
    }
    if (t < this.lastT) {
      return { code: "time_not_monotonic", detail: `t=${t} ms comes before the previous move's t=${this.lastT} ms` };
    }
    if (this.cleared) {
      return { code: "run_over", detail: `all ${this.ruleset.tileCount} tiles are on the board: the run is over` };
    }
    return null;
  }

  _timeOverDetail(t, maxT) {
    if (t < 0) {
      return `t=${shown(t)} ms is before the run started`;
    }
    if (t > this.timeLimitMs) {
      return `t=${shown(t)} ms is past the ${this.timeLimitMs} ms a run lasts`;
    }
    return `t=${t} ms, but the server's clock had only reached ${maxT} ms`;
  }

  /** Where a tile that is not in the tray is, for the detail of tile_not_in_tray. */
  _whereabouts(tile) {
    const position = this.well.indexOf(tile.id);
    if (position >= this.draws) {
      const away = position - this.draws + 1;
      return `it is still in the well (${away} draw${away > 1 ? "s" : ""} away)`;
    }
    const placed = this.board.placements.find((placement) => placement.tile === tile);
    if (placed !== undefined) {
      return `it is already on the board at [${placed.cell[0]}, ${placed.cell[1]}]`;
    }
    return "it is not in this challenge";
  }

  _draw() {
    this.tray.push(this.well[this.draws]);
    this.draws += 1;
    return new MoveOutcome(this.ruleset.drawPoints, null);
  }

  _place(raw) {
    const outcome = this.board.push(new Placement(tileById(raw.tile), Cell(raw.cell[0], raw.cell[1]), raw.rotation));
    this.tray.splice(this.tray.indexOf(raw.tile), 1);
    return this.cleared ? new MoveOutcome(outcome.points + this.ruleset.clearBonus, outcome.bonus) : outcome;
  }

  // --- the play page's helpers ----------------------------------------------------

  /**
   * Plays `tileId` on `cell` in `rotation` at `t` ms (rounded, and kept within the
   * clock: never before the last move, never past the limit). Returns {ok: true,
   * points, bonus, cleared} or {ok: false, code, detail}.
   */
  place(tileId, cell, rotation, t) {
    return this._played({ t: this._clampT(t), type: "place", tile: tileId, cell: [cell[0], cell[1]], rotation });
  }

  /** Draws the next well tile at `t` ms (clamped as for place). */
  draw(t) {
    return this._played({ t: this._clampT(t), type: "draw" });
  }

  _played(move) {
    const { outcome, error } = this.playMove(move);
    if (error !== null) {
      return { ok: false, ...error };
    }
    return { ok: true, points: outcome.points, bonus: outcome.bonus, cleared: this.cleared };
  }

  _clampT(t) {
    const whole = Math.round(Number.isFinite(t) ? t : 0);
    return Math.min(this.timeLimitMs, Math.max(this.lastT, whole, 0));
  }

  /** The tray tiles (all, or just `tileId`), as Tiles. */
  _trayTiles(tileId = null) {
    const ids = tileId === null ? this.tray : this.tray.filter((id) => id === tileId);
    return ids.map(tileById);
  }

  /** Every legal placement of the tray's tiles (or of `tileId` alone), as the board's
   * legalPlacements sorts them. */
  legalPlacements(tileId = null) {
    return this.board.legalPlacements(this._trayTiles(tileId));
  }

  /** Rotations (0-2) in which the tray tile `tileId` fits `cell`. */
  fittingRotations(tileId, cell) {
    return this.board.legalPlacementsAt(cell, this._trayTiles(tileId)).map((placement) => placement.rotation);
  }

  /**
   * The rotation the tile snaps to on `cell`: the preferred one if it fits, else the
   * first that fits; null when none does. (Points depend on the cell, never on the
   * rotation, so every fitting rotation scores the same.)
   */
  snapRotation(tileId, cell, preferred = 0) {
    const rotations = this.fittingRotations(tileId, cell);
    if (rotations.length === 0) {
      return null;
    }
    return rotations.includes(preferred) ? preferred : rotations[0];
  }

  /** The MoveOutcome placing `tileId` on `cell` would earn (clear bonus included),
   * without playing it. */
  preview(tileId, cell) {
    const outcome = this.board.outcome({ tile: tileById(tileId), cell });
    const clears = this.board.size + 1 === this.ruleset.tileCount;
    return clears ? new MoveOutcome(outcome.points + this.ruleset.clearBonus, outcome.bonus) : outcome;
  }
}
