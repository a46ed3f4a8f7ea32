// The browser's pace guard against witness.json's eligibility cases (written by the
// Python engine): the placement the server calls too_fast is the first one the guard
// would have held, and a run the server finds paced is one the guard never holds.

import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { test } from "node:test";
import { fileURLToPath } from "node:url";

import { paceWait } from "../../../challenges/static/challenges/lib/pace.js";
import { DEFAULT_RULESET } from "../../../challenges/static/challenges/rules/ruleset.js";
import { parseJsonExact } from "../json_exact.mjs";

const FILE = join(dirname(fileURLToPath(import.meta.url)), "..", "..", "vectors", "witness.json");
const CASES = parseJsonExact(readFileSync(FILE, "utf8")).cases.filter(
  (vector) => vector.kind === "eligibility" && vector.expect.breach?.code !== "not_witnessed",
);

/** The run's index of the first placement the guard would hold, or null. */
function firstHeld({ moves, first_index: firstIndex, last_placement: before }) {
  // A batch's earlier moves are known only by their last placement.
  const earlier = before === null ? [] : [{ t: before[1], type: "place" }];
  for (const [offset, move] of moves.entries()) {
    const sofar = [...earlier, ...moves.slice(0, offset)];
    if (move.type === "place" && paceWait(sofar, move.t, DEFAULT_RULESET.paceFloorMs) > 0) {
      return firstIndex + offset;
    }
  }
  return null;
}

test("there are pace cases on both sides of the floor", () => {
  const codes = CASES.map((vector) => vector.expect.breach?.code ?? null);
  assert.ok(codes.filter((code) => code === "too_fast").length >= 3);
  assert.ok(codes.filter((code) => code === null).length >= 3);
});

for (const vector of CASES) {
  test(`pace guard: ${vector.name}`, () => {
    const breach = vector.expect.breach;
    assert.equal(firstHeld(vector.input), breach === null ? null : breach.move);
  });
}
