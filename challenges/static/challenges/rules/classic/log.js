// A classic game's log: its actions as JSON, and the game rebuilt from them. Mirrors
// triominos/classic/log.py; an entry is {seat, type: "place", tile, cell, rotation},
// {seat, type: "draw"} or {seat, type: "pass"}.

import { Cell } from "../geometry.js";
import { Placement } from "../moves.js";
import { tileParse } from "../tiles.js";
import { ClassicError, DRAW, PASS } from "./actions.js";
import { ClassicGame } from "./game.js";

/** `action` taken by `seat`, as a log entry. */
export function actionJson(seat, action) {
  if (action === DRAW || action === PASS) return { seat, type: action.type };
  return { seat, type: "place", ...action.toJson() };
}

/** A log entry as [seat, action]; RangeError when it is not one. */
export function actionParse(raw) {
  if (raw === null || typeof raw !== "object" || Array.isArray(raw)) throw new RangeError("an action is a JSON object");
  const { seat, type } = raw;
  if (!Number.isInteger(seat) || seat < 0) throw new RangeError("an action's seat is a whole number from 0");
  if (type === "draw") return [seat, DRAW];
  if (type === "pass") return [seat, PASS];
  if (type !== "place") throw new RangeError("an action's type is place, draw or pass");
  return [seat, placementFromJson(raw)];
}

/** {tile, cell: [row, col], rotation} as a Placement; RangeError when it is not one. */
export function placementFromJson({ tile, cell, rotation }) {
  if (typeof tile !== "string") throw new RangeError("a placement's tile is a tile id such as 4-4-5");
  const parsed = tileParse(tile);
  if (!Array.isArray(cell) || cell.length !== 2 || !cell.every(Number.isSafeInteger)) {
    throw new RangeError("a placement's cell is [row, col], two whole numbers");
  }
  if (![0, 1, 2].includes(rotation)) throw new RangeError("a placement's rotation is 0, 1 or 2");
  return new Placement(parsed, Cell(cell[0], cell[1]), rotation);
}

/** The game the log's actions make; RangeError for a malformed entry, ClassicError
 * (with the entry's index in its detail) for a refused one. */
export function classicReplay({ players, seed, rounds, log, ruleset = undefined }) {
  const game = new ClassicGame(players, { seed, rounds, ...(ruleset ? { ruleset } : {}) });
  log.forEach((raw, index) => {
    const [seat, action] = actionParse(raw);
    try {
      game.apply(action, { player: seat });
    } catch (error) {
      if (error instanceof ClassicError) throw new ClassicError(error.code, `action ${index}: ${error.detail}`);
      throw error;
    }
  });
  return game;
}
