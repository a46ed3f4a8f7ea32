// scoring.js: bonus names and the outcome of a move.

import assert from "node:assert/strict";
import { test } from "node:test";

import { BONUSES, BONUS_BY_CODE, MoveOutcome } from "../../../challenges/static/challenges/rules/scoring.js";

test("bonus names, and codes 0 (none) to 4 (triple hexagon)", () => {
  assert.deepEqual(BONUSES, ["bridge", "hexagon", "double_hexagon", "triple_hexagon"]);
  assert.deepEqual(BONUS_BY_CODE, [null, ...BONUSES]);
});

test("an outcome is frozen and has the run log's JSON form", () => {
  const outcome = new MoveOutcome(55, "hexagon");
  assert.deepEqual(outcome.toJson(), { points: 55, bonus: "hexagon" });
  assert.ok(Object.isFrozen(outcome));
});
