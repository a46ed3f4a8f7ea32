// ruleset.js: every number comes from ruleset.json, which the Python engine writes.

import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { test } from "node:test";

import { DEFAULT_RULESET, Ruleset } from "../../../challenges/static/challenges/rules/ruleset.js";

const DOCUMENT = JSON.parse(
  readFileSync(new URL("../../../challenges/static/challenges/rules/ruleset.json", import.meta.url), "utf8"),
);

test("every field of ruleset.json, under its camelCase name", () => {
  const names = Object.keys(DOCUMENT);
  assert.ok(names.length >= 13);
  for (const name of names) {
    const camel = name.replace(/_([a-z])/g, (_, letter) => letter.toUpperCase());
    assert.deepEqual(DEFAULT_RULESET[camel], DOCUMENT[name], name);
  }
  assert.equal(DEFAULT_RULESET.wellSize, DEFAULT_RULESET.tileCount - DEFAULT_RULESET.traySize);
  assert.ok(Object.isFrozen(DEFAULT_RULESET));
});

test("bonus points by bonus name", () => {
  assert.equal(DEFAULT_RULESET.bonusPoints(null), 0);
  assert.equal(DEFAULT_RULESET.bonusPoints("bridge"), DOCUMENT.bridge_bonus);
  assert.equal(DEFAULT_RULESET.bonusPoints("triple_hexagon"), DOCUMENT.triple_hexagon_bonus);
  assert.throws(() => DEFAULT_RULESET.bonusPoints("quadruple"), RangeError);
});

test("a ruleset lacking a number the engine reads is refused", () => {
  const { time_limit_ms: _, ...withoutLimit } = DOCUMENT;
  assert.throws(() => new Ruleset(withoutLimit), /time_limit_ms/);
  assert.equal(new Ruleset({ ...DOCUMENT, time_limit_ms: 60000 }).timeLimitMs, 60000);
});

test("a ruleset whose bonus table is missing, short or names no bonus is refused", () => {
  const { bonus_codes: codes, ...withoutCodes } = DOCUMENT;
  assert.throws(() => new Ruleset(withoutCodes), /bonus_codes/);
  assert.throws(() => new Ruleset({ ...DOCUMENT, bonus_codes: codes.slice(1) }), /bonus_codes/);
  assert.throws(() => new Ruleset({ ...DOCUMENT, bonus_codes: codes.map(() => DOCUMENT.bonuses.length + 1) }), /bonus_codes/);
});
