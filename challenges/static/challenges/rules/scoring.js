// Bonus names and the outcome of one move (points and bonus), as triominos/scoring.py
// has them. The bonuses are the engine's one list, read from ruleset.json; their points
// are in the Ruleset.

import { DEFAULT_RULESET } from "./ruleset.js";

export const BONUSES = Object.freeze([...DEFAULT_RULESET.bonuses]);
export const [BONUS_BRIDGE, BONUS_HEXAGON, BONUS_DOUBLE_HEXAGON, BONUS_TRIPLE_HEXAGON] = BONUSES;

/** The bonus of each bonus code: 0 none, 1 bridge, 2-4 one to three hexagons closed. */
export const BONUS_BY_CODE = Object.freeze([null, ...BONUSES]);

/**
 * What one move scored: `points` (bonus included) and the `bonus` it earned (null for
 * none). A draw earns the ruleset's draw points and no bonus. The challenge's clear
 * bonus is inside the points of the placement that completes the board; its `bonus`
 * stays what the placement itself earned.
 */
export class MoveOutcome {
  constructor(points, bonus) {
    this.points = points;
    this.bonus = bonus;
    Object.freeze(this);
  }

  toJson() {
    return { points: this.points, bonus: this.bonus };
  }
}
