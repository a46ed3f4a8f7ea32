// Every bonus of the engine's one list (ruleset.json) has words in the browser.

import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { test } from "node:test";

import { BONUS_LABELS, bonusLabel, bonusName } from "../../../challenges/static/challenges/lib/bonus_words.js";
import { BONUSES } from "../../../challenges/static/challenges/rules/index.js";

const DOCUMENT = JSON.parse(
  readFileSync(new URL("../../../challenges/static/challenges/rules/ruleset.json", import.meta.url), "utf8"),
);

test("the port's bonuses are the engine's list", () => {
  assert.deepEqual([...BONUSES], DOCUMENT.bonuses);
});

test("each bonus has a label and a name of its own, never its code", () => {
  assert.deepEqual(Object.keys(BONUS_LABELS), DOCUMENT.bonuses);
  for (const bonus of DOCUMENT.bonuses) {
    assert.notEqual(bonusLabel(bonus), bonus);
    assert.equal(bonusName(bonus).toLowerCase(), bonusLabel(bonus).toLowerCase());
  }
  assert.equal(bonusLabel("double_hexagon"), "Double hexagon");
  assert.equal(bonusName("double_hexagon"), "double hexagon");
});
