// The Tri-Ominos challenge rules in the browser: a DOM-free port of challenges/rules/.
//
// The server's Python engine is the authority; this port gives the player instant
// feedback (legal cells, points, bonuses) and is held to the Python engine by the golden
// vectors in tests/vectors/ (node --test tests/js/). Names mirror the Python ones in
// JavaScript style: tile_parse -> tileParse, replay_challenge -> replayChallenge.

// Every number of the game comes from the Python engine's Ruleset, written to
// rules/ruleset.json by `make vectors`: this port holds no rule constant of its own.
import RULESET from "./rules/ruleset.json" with { type: "json" };

export { RULESET };
export const TIME_LIMIT_MS = RULESET.time_limit_ms;
export const TRAY_SIZE = RULESET.tray_size;
export const WELL_SIZE = RULESET.well_size;
export const TILE_COUNT = RULESET.tile_count;
export const DRAW_COST = -RULESET.draw_points;
export const CLEAR_BONUS = RULESET.clear_bonus;
export const BONUS_POINTS = Object.freeze({
  bridge: RULESET.bridge_bonus,
  hexagon: RULESET.hexagon_bonus,
  double_hexagon: RULESET.double_hexagon_bonus,
  triple_hexagon: RULESET.triple_hexagon_bonus,
});
const HEXAGON_BONUS_BY_COUNT = [null, "hexagon", "double_hexagon", "triple_hexagon"];

// ---------------------------------------------------------------------------- tiles

export class Tile {
  constructor(a, b, c) {
    this.a = a;
    this.b = b;
    this.c = c;
    Object.freeze(this);
  }

  get value() {
    return this.a + this.b + this.c;
  }

  get id() {
    return `${this.a}-${this.b}-${this.c}`;
  }

  get numbers() {
    return [this.a, this.b, this.c];
  }

  /** The numbers shown at corners 0, 1, 2 of a cell when placed in `rotation`. */
  cornerNumbers(rotation) {
    const n = this.numbers;
    return [n[rotation % 3], n[(1 + rotation) % 3], n[(2 + rotation) % 3]];
  }

  toString() {
    return this.id;
  }
}

const TILE_PATTERN = /^([0-5])-([0-5])-([0-5])$/;

/** The tile spelled `text`; throws RangeError for anything but a canonical id "a-b-c". */
export function tileParse(text) {
  if (typeof text !== "string") {
    throw new RangeError(`not a tile id: ${describe(text)}`);
  }
  const match = TILE_PATTERN.exec(text);
  if (match === null) {
    throw new RangeError(`not a tile id: ${describe(text)}`);
  }
  const [a, b, c] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (!(a <= b && b <= c)) {
    throw new RangeError(`not a canonical tile id (numbers must ascend): ${describe(text)}`);
  }
  return TILES_BY_ID.get(text) ?? new Tile(a, b, c);
}

export function tileFormat(tile) {
  return `${tile.a}-${tile.b}-${tile.c}`;
}

/** The tile for `text`, or null when it is not a canonical id. */
export function tileFromId(text) {
  return (typeof text === "string" && TILES_BY_ID.get(text)) || null;
}

function buildTiles() {
  const tiles = [];
  for (let a = 0; a <= 5; a += 1) {
    for (let b = a; b <= 5; b += 1) {
      for (let c = b; c <= 5; c += 1) {
        tiles.push(new Tile(a, b, c));
      }
    }
  }
  return tiles;
}

const ALL_TILES = buildTiles();
const TILES_BY_ID = new Map(ALL_TILES.map((tile) => [tile.id, tile]));
export const TILE_IDS = Object.freeze(ALL_TILES.map((tile) => tile.id).sort());

// ------------------------------------------------------------------------- geometry

/** A cell points up when row + col is even; [0, 0] points up. */
export function cellPointsUp(cell) {
  return (((cell[0] + cell[1]) % 2) + 2) % 2 === 0;
}

/** Short for cellPointsUp, which the board view uses a lot. */
export const cellIsUp = cellPointsUp;

/** The three corner points of a cell, numbered clockwise from the apex (RULES.md). */
export function cellCorners(cell) {
  const [r, c] = cell;
  if (cellIsUp(cell)) {
    return [
      [r, c + 1],
      [r + 1, c + 2],
      [r + 1, c],
    ];
  }
  return [
    [r + 1, c + 1],
    [r, c],
    [r, c + 2],
  ];
}

/** The six cells around a lattice point (pr, px). */
export function pointCells(point) {
  const [pr, px] = point;
  return [
    [pr - 1, px - 2],
    [pr - 1, px - 1],
    [pr - 1, px],
    [pr, px - 2],
    [pr, px - 1],
    [pr, px],
  ];
}

/** The three cells sharing an edge with `cell`. */
export function cellNeighbours(cell) {
  const [r, c] = cell;
  const vertical = cellIsUp(cell) ? [r + 1, c] : [r - 1, c];
  return [[r, c - 1], [r, c + 1], vertical];
}

export function cellKey(cell) {
  return `${cell[0]},${cell[1]}`;
}

export function cellFromKey(key) {
  const [r, c] = key.split(",").map(Number);
  return [r, c];
}

function pointKey(point) {
  return `${point[0]},${point[1]}`;
}

function compareCells(left, right) {
  return left[0] - right[0] || left[1] - right[1];
}

// ---------------------------------------------------------------------------- board

export const ORIGIN = Object.freeze([0, 0]);

/** Placed tiles and the number every touched point shows. Mutated only by `place`. */
export class Board {
  constructor() {
    this._placements = new Map();
    this._points = new Map();
    this._order = [];
  }

  static fromPlacements(placements) {
    const board = new Board();
    for (const placement of placements) {
      const tile = placement.tile instanceof Tile ? placement.tile : tileParse(placement.tile);
      board.place(tile, placement.cell, placement.rotation);
    }
    return board;
  }

  get size() {
    return this._order.length;
  }

  get isEmpty() {
    return this._order.length === 0;
  }

  /** Placements in the order they went down: [{tile, cell, rotation}]. */
  get placements() {
    return this._order.slice();
  }

  at(cell) {
    return this._placements.get(cellKey(cell)) ?? null;
  }

  isOccupied(cell) {
    return this._placements.has(cellKey(cell));
  }

  /** The number a placed tile shows at `point`, or null if no tile touches it. */
  pointNumber(point) {
    const number = this._points.get(pointKey(point));
    return number === undefined ? null : number;
  }

  touchesEdge(cell) {
    return cellNeighbours(cell).some((neighbour) => this.isOccupied(neighbour));
  }

  /** Empty cells where a tile may go: [0, 0] on an empty board, else cells sharing an edge. */
  frontier() {
    if (this.isEmpty) {
      return [[0, 0]];
    }
    const seen = new Map();
    for (const placement of this._order) {
      for (const neighbour of cellNeighbours(placement.cell)) {
        const key = cellKey(neighbour);
        if (!this._placements.has(key) && !seen.has(key)) {
          seen.set(key, neighbour);
        }
      }
    }
    return [...seen.values()].sort(compareCells);
  }

  /** The first rule of RULES.md a placement breaks (cell and board rules only), or null. */
  check(tile, cell, rotation) {
    if (this.isOccupied(cell)) {
      return { code: "cell_occupied", detail: `cell [${cell}] already holds a tile` };
    }
    if (this.isEmpty) {
      if (cell[0] !== 0 || cell[1] !== 0) {
        return {
          code: "first_not_at_origin",
          detail: `the first tile goes on [0, 0], not [${cell}]`,
        };
      }
      return null;
    }
    if (!this.touchesEdge(cell)) {
      return { code: "not_adjacent", detail: `cell [${cell}] shares no edge with a placed tile` };
    }
    const numbers = tile.cornerNumbers(rotation);
    const corners = cellCorners(cell);
    for (let i = 0; i < 3; i += 1) {
      const shown = this.pointNumber(corners[i]);
      if (shown !== null && shown !== numbers[i]) {
        return {
          code: "corner_mismatch",
          detail:
            `corner ${i} of ${tile.id} in rotation ${rotation} shows ${numbers[i]}, ` +
            `but point (${corners[i]}) shows ${shown}`,
        };
      }
    }
    return null;
  }

  fits(tile, cell, rotation) {
    return this.check(tile, cell, rotation) === null;
  }

  /** Every legal placement of `tiles` (ids or Tiles), as legalMoves gives them. */
  legalPlacements(tiles) {
    return legalMoves(this, tiles);
  }

  /** Points and bonus a (legal) placement would earn, without the clear bonus. */
  score(tile, cell) {
    const corners = cellCorners(cell);
    const cellsKey = cellKey(cell);
    let hexagons = 0;
    for (const corner of corners) {
      const full = pointCells(corner).every((around) => {
        const key = cellKey(around);
        return key === cellsKey || this._placements.has(key);
      });
      if (full) {
        hexagons += 1;
      }
    }
    let bonus = HEXAGON_BONUS_BY_COUNT[hexagons];
    if (bonus === null) {
      const bridged = corners.every((corner) => this._points.has(pointKey(corner)));
      if (bridged) {
        bonus = "bridge";
      }
    }
    return { points: tile.value + (bonus === null ? 0 : BONUS_POINTS[bonus]), bonus };
  }

  /** Puts a tile down without checking it; callers check first. */
  place(tile, cell, rotation) {
    const placement = Object.freeze({ tile, cell: [cell[0], cell[1]], rotation });
    this._placements.set(cellKey(cell), placement);
    this._order.push(placement);
    const numbers = tile.cornerNumbers(rotation);
    cellCorners(cell).forEach((corner, i) => {
      this._points.set(pointKey(corner), numbers[i]);
    });
    return placement;
  }
}

/**
 * Every legal placement of the tray's tiles: [{tile, cell, rotation}] with tile an id,
 * sorted by (row, col, tile, rotation).
 */
export function legalMoves(board, tray) {
  const tiles = [...new Set(tray.map((entry) => (entry instanceof Tile ? entry.id : entry)))]
    .map(tileFromId)
    .filter((tile) => tile !== null)
    .sort((left, right) => (left.id < right.id ? -1 : left.id > right.id ? 1 : 0));
  const moves = [];
  for (const cell of board.frontier()) {
    for (const tile of tiles) {
      for (let rotation = 0; rotation < 3; rotation += 1) {
        if (board.fits(tile, cell, rotation)) {
          moves.push({ tile: tile.id, cell, rotation });
        }
      }
    }
  }
  return moves;
}

// ------------------------------------------------------------------ the run (state)

/**
 * One challenge run as the play page drives it: the board, the tray, the well, the
 * score and the move log. Every move is checked with the same rules the replay uses,
 * so a log built here replays to the same score on the server.
 */
export class ChallengeRun {
  constructor({ tray, well, timeLimitMs = TIME_LIMIT_MS }) {
    const problem = challengeProblem(tray, well);
    if (problem !== null) {
      throw new RangeError(problem);
    }
    this.board = new Board();
    this.tray = tray.slice();
    this.well = well.slice();
    this.wellIndex = 0;
    this.score = 0;
    this.timeLimitMs = timeLimitMs;
    this.log = [];
    this.outcomes = [];
    this.draws = 0;
  }

  get wellRemaining() {
    return this.well.length - this.wellIndex;
  }

  get cleared() {
    return this.board.size === TILE_COUNT;
  }

  get lastT() {
    return this.log.length === 0 ? 0 : this.log[this.log.length - 1].t;
  }

  /** The run log as RULES.md spells it. */
  toLog() {
    return { moves: this.log.map((move) => ({ ...move })) };
  }

  legalMoves(tileId = null) {
    const tray = tileId === null ? this.tray : this.tray.filter((id) => id === tileId);
    return legalMoves(this.board, tray);
  }

  /** Rotations (0-2) in which the tray tile fits `cell`. */
  fittingRotations(tileId, cell) {
    const tile = tileFromId(tileId);
    if (tile === null || !this.tray.includes(tileId)) {
      return [];
    }
    return [0, 1, 2].filter((rotation) => this.board.fits(tile, cell, rotation));
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

  /** Points and bonus `place` would earn (clear bonus included), without playing. */
  preview(tileId, cell) {
    const tile = tileFromId(tileId);
    const outcome = this.board.score(tile, cell);
    const clears = this.board.size + 1 === TILE_COUNT;
    return { points: outcome.points + (clears ? CLEAR_BONUS : 0), bonus: outcome.bonus };
  }

  /** Plays a move; returns {ok: true, points, bonus, cleared} or {ok: false, code, detail}. */
  place(tileId, cell, rotation, t) {
    const move = { t: this._clampT(t), type: "place", tile: tileId, cell: [cell[0], cell[1]], rotation };
    return this._apply(move);
  }

  draw(t) {
    return this._apply({ t: this._clampT(t), type: "draw" });
  }

  _clampT(t) {
    const whole = Math.round(Number.isFinite(t) ? t : 0);
    return Math.min(this.timeLimitMs, Math.max(this.lastT, whole, 0));
  }

  _apply(move) {
    const state = this._replayState();
    const error = stepMove(state, move, TIME_LIMIT_MS);
    if (error !== null) {
      return { ok: false, ...error };
    }
    const outcome = state.lastOutcome;
    this.log.push(move);
    this.outcomes.push(outcome);
    this.score += outcome.points;
    this.wellIndex = state.wellIndex;
    this.tray = state.tray;
    if (move.type === "draw") {
      this.draws += 1;
    }
    return { ok: true, ...outcome, cleared: this.cleared };
  }

  _replayState() {
    return {
      board: this.board,
      tray: this.tray.slice(),
      well: this.well,
      wellIndex: this.wellIndex,
      lastT: this.lastT,
      lastOutcome: null,
    };
  }
}

// -------------------------------------------------------------------------- replay

function isInteger(value) {
  return typeof value === "number" && Number.isInteger(value);
}

function isPlainObject(value) {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function describe(value) {
  try {
    const text = JSON.stringify(value);
    if (text === undefined) {
      return String(value);
    }
    return text.length > 60 ? `${text.slice(0, 57)}...` : text;
  } catch {
    return String(value);
  }
}

/** Why `move` is not a move of the RULES.md shape, or null when it is one. */
function malformation(move) {
  if (!isPlainObject(move)) {
    return `a move must be an object, not ${describe(move)}`;
  }
  if (!isInteger(move.t)) {
    return `t must be an integer, not ${describe(move.t)}`;
  }
  if (move.type === "draw") {
    return null;
  }
  if (move.type !== "place") {
    return `type must be "draw" or "place", not ${describe(move.type)}`;
  }
  if (typeof move.tile !== "string") {
    return `tile must be a string, not ${describe(move.tile)}`;
  }
  const cell = move.cell;
  if (!Array.isArray(cell) || cell.length !== 2 || !isInteger(cell[0]) || !isInteger(cell[1])) {
    return `cell must be two integers, not ${describe(cell)}`;
  }
  if (!isInteger(move.rotation)) {
    return `rotation must be an integer, not ${describe(move.rotation)}`;
  }
  return null;
}

/** Why tray + well are not a challenge (9 + 47 distinct tiles making the 56), or null. */
function challengeProblem(tray, well) {
  if (!Array.isArray(tray) || !Array.isArray(well)) {
    return "tray and well must be lists of tile ids";
  }
  if (tray.length !== TRAY_SIZE || well.length !== WELL_SIZE) {
    return `a challenge has ${TRAY_SIZE} tray tiles and ${WELL_SIZE} in the well, not ${tray.length} and ${well.length}`;
  }
  const seen = new Set();
  for (const id of [...tray, ...well]) {
    if (tileFromId(id) === null) {
      return `not a tile id: ${describe(id)}`;
    }
    if (seen.has(id)) {
      return `tile ${id} appears twice`;
    }
    seen.add(id);
  }
  return null;
}

/**
 * Checks one move against `state` and plays it (mutating state); returns the error
 * {code, detail} of the first RULES.md rule it breaks, or null.
 */
function stepMove(state, move, maxT) {
  const shape = malformation(move);
  if (shape !== null) {
    return { code: "malformed", detail: shape };
  }
  const { t } = move;
  if (t < 0 || t > TIME_LIMIT_MS) {
    return { code: "time_over", detail: `t=${t} is outside 0..${TIME_LIMIT_MS}` };
  }
  if (t > maxT) {
    return {
      code: "time_over",
      detail: `t=${t}, but the server's clock had only reached ${maxT} ms`,
    };
  }
  if (t < state.lastT) {
    return {
      code: "time_not_monotonic",
      detail: `t=${t} is earlier than the move before (${state.lastT})`,
    };
  }
  if (state.board.size === TILE_COUNT) {
    return { code: "run_over", detail: "all 56 tiles are already on the board" };
  }
  if (move.type === "draw") {
    if (state.wellIndex >= state.well.length) {
      return { code: "well_empty", detail: "the well has no tiles left" };
    }
    state.tray.push(state.well[state.wellIndex]);
    state.wellIndex += 1;
    state.lastT = t;
    state.lastOutcome = { points: -DRAW_COST, bonus: null };
    return null;
  }
  const tile = tileFromId(move.tile);
  if (tile === null) {
    return { code: "unknown_tile", detail: `${describe(move.tile)} is not one of the 56 tiles` };
  }
  const trayIndex = state.tray.indexOf(tile.id);
  if (trayIndex === -1) {
    return { code: "tile_not_in_tray", detail: `${tile.id} is not in the tray` };
  }
  if (move.rotation < 0 || move.rotation > 2) {
    return { code: "bad_rotation", detail: `rotation must be 0, 1 or 2, not ${move.rotation}` };
  }
  const cell = [move.cell[0], move.cell[1]];
  const broken = state.board.check(tile, cell, move.rotation);
  if (broken !== null) {
    return broken;
  }
  const outcome = state.board.score(tile, cell);
  state.board.place(tile, cell, move.rotation);
  state.tray.splice(trayIndex, 1);
  if (state.board.size === TILE_COUNT) {
    outcome.points += CLEAR_BONUS;
  }
  state.lastT = t;
  state.lastOutcome = outcome;
  return null;
}

/**
 * Replays a run log on a challenge, like the server does. Never throws, whatever `log`
 * is. Returns what the Python ReplayResult.to_json() gives, with `error` always present:
 * {valid, score, moves: [{points, bonus}], error: null | {move, code, detail}}.
 */
export function replayChallenge({ tray, well, log, maxT = null }) {
  try {
    const problem = challengeProblem(tray, well);
    if (problem !== null) {
      return replayResult([], { move: null, code: "bad_challenge", detail: problem });
    }
    if (maxT !== null && maxT !== undefined && !isInteger(maxT)) {
      const detail = `maxT must be an integer or null, not ${describe(maxT)}`;
      return replayResult([], { move: null, code: "bad_challenge", detail });
    }
    if (!isPlainObject(log) || !Array.isArray(log.moves)) {
      const detail = "a run log is an object with a list `moves`";
      return replayResult([], { move: null, code: "bad_log", detail });
    }
    const limit = isInteger(maxT) ? Math.min(maxT, TIME_LIMIT_MS) : TIME_LIMIT_MS;
    const state = {
      board: new Board(),
      tray: tray.slice(),
      well,
      wellIndex: 0,
      lastT: 0,
      lastOutcome: null,
    };
    const moves = [];
    for (let index = 0; index < log.moves.length; index += 1) {
      const error = stepMove(state, log.moves[index], limit);
      if (error !== null) {
        return replayResult(moves, { move: index, ...error });
      }
      moves.push(state.lastOutcome);
    }
    return replayResult(moves, null);
  } catch (unexpected) {
    // The checks above cover every JSON value; this only keeps the promise never to throw.
    return replayResult([], { move: null, code: "bad_log", detail: String(unexpected) });
  }
}

function replayResult(moves, error) {
  return {
    valid: error === null,
    score: moves.reduce((total, move) => total + move.points, 0),
    moves,
    error,
  };
}
