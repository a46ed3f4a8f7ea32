// scoring.js: bonus names and the outcome of a move.

import assert from "node:assert/strict";
import { test } from "node:test";

import { BONUSES, MoveOutcome } from "../../../challenges/static/challenges/rules/scoring.js";
import { DEFAULT_RULESET } from "../../../challenges/static/challenges/rules/ruleset.js";

test("the bonus names are the ruleset's", () => {
  assert.deepEqual(BONUSES, DEFAULT_RULESET.bonuses);
  assert.deepEqual(BONUSES.slice(0, 4), ["bridge", "hexagon", "double_hexagon", "triple_hexagon"]);
});

test("a placement's bonus comes from the tiles around its corners, by the ruleset's table", () => {
  assert.equal(DEFAULT_RULESET.placementBonus(0, 3, 2), null);
  assert.equal(DEFAULT_RULESET.placementBonus(1, 1, 1), "bridge");
  assert.equal(DEFAULT_RULESET.placementBonus(5, 1, 2), "hexagon");
  assert.equal(DEFAULT_RULESET.placementBonus(5, 5, 2), "double_hexagon");
  assert.equal(DEFAULT_RULESET.placementBonus(5, 5, 5), "triple_hexagon");
});

test("an outcome is frozen and has the run log's JSON form", () => {
  const outcome = new MoveOutcome(55, "hexagon");
  assert.deepEqual(outcome.toJson(), { points: 55, bonus: "hexagon" });
  assert.ok(Object.isFrozen(outcome));
});
