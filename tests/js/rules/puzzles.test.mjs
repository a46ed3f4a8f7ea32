// puzzles.js against the Python checker's golden vectors (tests/vectors/puzzles.json).

import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { describe, test } from "node:test";
import { fileURLToPath } from "node:url";

import {
  PuzzleError,
  pieceRefusal,
  puzzleCheck,
} from "../../../challenges/static/challenges/rules/puzzles.js";
import { parseJsonExact } from "../json_exact.mjs";

const FILE = join(dirname(fileURLToPath(import.meta.url)), "..", "..", "vectors", "puzzles.json");
const CASES = parseJsonExact(readFileSync(FILE, "utf8")).cases;

test("there are puzzle vectors for every code and every number of stars", () => {
  const codes = new Set(CASES.map((vector) => vector.expect.code));
  for (const code of [
    "malformed", "too_many_jokers", "unknown_tile", "tile_not_in_tray", "tile_used_twice",
    "bad_rotation", "cell_outside_shape", "cell_occupied", "corner_mismatch", "shape_not_filled",
  ]) {
    assert.ok(codes.has(code), code);
  }
  const stars = new Set(CASES.map((vector) => vector.expect.stars));
  for (const count of [1, 2, 3]) assert.ok(stars.has(count));
});

describe("puzzle vectors", () => {
  for (const vector of CASES) {
    test(vector.name, () => {
      let got;
      try {
        const solved = puzzleCheck(vector.puzzle, vector.pieces);
        got = { code: null, index: null, stars: solved.stars, jokers: solved.jokers };
      } catch (error) {
        assert.ok(error instanceof PuzzleError, String(error));
        got = { code: error.code, index: error.index, stars: null, jokers: null };
      }
      assert.deepEqual(got, vector.expect);
    });
  }
});

test("pieceRefusal lets a fitting piece down and names a clash", () => {
  const solved = CASES.find((vector) => vector.name.endsWith("hexagon/solved"));
  const [first, second] = solved.pieces;
  assert.equal(pieceRefusal(solved.puzzle, [first], second), null);
  assert.equal(pieceRefusal(solved.puzzle, [first], { ...second, cell: first.cell }), "cell_occupied");
  assert.equal(pieceRefusal(solved.puzzle, [first], { type: "joker", cell: second.cell }), null);
});
