// Bonus names and the outcome of one move (points and bonus), as triominos/scoring.py
// has them. The bonuses are the ruleset's list, read from ruleset.json, with their
// points and the bonus of every placement (Ruleset.placementBonus).

import { DEFAULT_RULESET } from "./ruleset.js";

export const BONUSES = Object.freeze([...DEFAULT_RULESET.bonuses]);

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
