// The play page's preview of the last tile quotes the clear bonus, and a run's log keeps
// RULES.md's form: both held against the cleared runs of the golden vectors.

import assert from "node:assert/strict";
import { readdirSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { test } from "node:test";
import { fileURLToPath } from "node:url";

import { ChallengeRun } from "../../../challenges/static/challenges/rules/index.js";
import { parseJsonExact } from "../json_exact.mjs";

const VECTOR_DIR = join(dirname(fileURLToPath(import.meta.url)), "..", "..", "vectors");

const cleared = readdirSync(VECTOR_DIR)
  .filter((name) => name.startsWith("replay") && name.endsWith(".json"))
  .flatMap((name) => parseJsonExact(readFileSync(join(VECTOR_DIR, name), "utf8")).cases)
  .filter((vector) => vector.tags.includes("clear") && vector.expect.valid);

function lastPlacementIndex(moves) {
  return moves.findLastIndex((move) => move.type === "place");
}

test("there are cleared runs to preview", () => {
  assert.ok(cleared.length >= 10, `only ${cleared.length} cleared runs in the vectors`);
});

test("the preview of the last tile includes the clear bonus, the one before it does not", () => {
  for (const vector of cleared) {
    const moves = vector.log.moves;
    const last = lastPlacementIndex(moves);
    const before = moves.slice(0, last).findLastIndex((move) => move.type === "place");
    const run = new ChallengeRun({ tray: vector.tray, well: vector.well });
    for (const [index, move] of moves.slice(0, last).entries()) {
      if (index === before) {
        const quoted = run.preview(move.tile, move.cell).toJson();
        assert.deepEqual(quoted, vector.expect.moves[index], `${vector.name}: move ${index}`);
      }
      assert.equal(run.playMove(move).error, null, `${vector.name}: move ${index}`);
    }
    const { tile, cell } = moves[last];
    const quoted = run.preview(tile, cell).toJson();
    assert.deepEqual(quoted, vector.expect.moves[last], vector.name);
    assert.ok(quoted.points >= run.ruleset.clearBonus, vector.name);
  }
});

test("the log keeps RULES.md's form, whatever else a move carried", () => {
  const vector = cleared[0];
  const run = new ChallengeRun({ tray: vector.tray, well: vector.well });
  for (const move of vector.log.moves) {
    const carried = { ...move, note: "x", score: 99 };
    if (move.type === "place") {
      carried.cell = [move.cell[0], move.cell[1]];
    }
    assert.equal(run.playMove(carried).error, null);
    carried.cell?.push(7); // the caller's array changed later: the log's copy is its own
  }
  assert.deepEqual(run.toLog(), vector.log);
});
