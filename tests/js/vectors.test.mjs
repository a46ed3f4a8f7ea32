// The JavaScript port against every golden vector the Python engine wrote.
//
// tests/vectors/*.json are written by the Python engine (`make vectors`; schema at the
// top of tests/vectors/loader.py) and read here, never copied. A missing or empty
// vector directory fails: agreement on zero cases proves nothing. The files are read
// with parseJsonExact, which keeps Python's floats (`1.0`) apart from ints. Where an
// expected error carries its `detail`, the JavaScript engine must say it word for word.

import assert from "node:assert/strict";
import { readdirSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { describe, test } from "node:test";
import { fileURLToPath } from "node:url";

import {
  Board,
  cellCorners,
  cellNeighbours,
  cellPointsUp,
  pointCells,
  replayChallenge,
  tileParse,
} from "../../challenges/static/challenges/rules/index.js";
import { parseJsonExact } from "./json_exact.mjs";

const VECTOR_DIR = join(dirname(fileURLToPath(import.meta.url)), "..", "vectors");

function vectorFiles() {
  let names;
  try {
    names = readdirSync(VECTOR_DIR);
  } catch (error) {
    return { error: `cannot read ${VECTOR_DIR}: ${error.message}`, files: [] };
  }
  const files = names
    .filter((name) => name.endsWith(".json"))
    .sort()
    .map((name) => {
      const data = parseJsonExact(readFileSync(join(VECTOR_DIR, name), "utf8"));
      return { name, data };
    });
  return { error: null, files };
}

const { error: readError, files } = vectorFiles();
const byPrefix = (prefix) => files.filter((file) => file.name.startsWith(prefix));

test("the golden vectors are there and have cases", () => {
  assert.equal(readError, null, readError ?? "");
  const replayCases = byPrefix("replay").flatMap((file) => file.data.cases ?? []);
  const legalCases = byPrefix("legal_moves").flatMap((file) => file.data.cases ?? []);
  const geometryCases = byPrefix("geometry").flatMap((file) => file.data.cases ?? []);
  assert.ok(replayCases.length > 0, "no replay vectors in tests/vectors/replay*.json");
  assert.ok(legalCases.length > 0, "no legal-move vectors in tests/vectors/legal_moves.json");
  assert.ok(geometryCases.length > 0, "no geometry vectors in tests/vectors/geometry.json");
  for (const file of files) {
    assert.equal(file.data.schema, 1, `${file.name}: unknown schema ${file.data.schema}`);
    assert.ok(Array.isArray(file.data.cases), `${file.name}: cases is not a list`);
  }
});

test("every error vector pins the Python engine's detail", (t) => {
  const errors = byPrefix("replay")
    .flatMap((file) => file.data.cases)
    .filter((vector) => vector.expect.error !== null);
  const pinned = errors.filter((vector) => Object.hasOwn(vector.expect.error, "detail"));
  t.diagnostic(`${pinned.length} of ${errors.length} error vectors pin their detail`);
  assert.ok(errors.length > 0, "no error vectors");
  assert.equal(pinned.length, errors.length, "an error vector without its detail");
});

for (const file of byPrefix("replay")) {
  describe(`replay vectors: ${file.name}`, () => {
    for (const vector of file.data.cases) {
      test(vector.name, () => {
        const got = replayChallenge({
          tray: vector.tray,
          well: vector.well,
          log: vector.log,
          maxT: vector.max_t ?? null,
        });
        const { expect } = vector;
        assert.equal(got.valid, expect.valid, "valid");
        assert.deepEqual(
          got.moves.map((outcome) => outcome.toJson()),
          expect.moves,
          "per-move points and bonuses",
        );
        assert.equal(got.score, expect.score, "score");
        if (expect.error === null) {
          assert.equal(got.error, null, `unexpected error ${JSON.stringify(got.error)}`);
        } else {
          assert.notEqual(got.error, null, "expected an error");
          assert.deepEqual(
            { move: got.error.move, code: got.error.code },
            { move: expect.error.move, code: expect.error.code },
          );
          if (Object.hasOwn(expect.error, "detail")) {
            assert.equal(got.error.detail, expect.error.detail, "the Python engine's detail");
          } else {
            assert.equal(typeof got.error.detail, "string");
          }
        }
      });
    }
  });
}

for (const file of byPrefix("legal_moves")) {
  describe(`legal-move vectors: ${file.name}`, () => {
    for (const vector of file.data.cases) {
      test(vector.name, () => {
        const board = Board.fromPlacements(vector.board);
        const moves = board.legalPlacements(vector.tray.map(tileParse));
        assert.equal(moves.length, vector.expect.count, "count");
        const placements = moves.map((move) => [move.tile.id, move.cell, move.rotation]);
        assert.deepEqual(placements, vector.expect.placements);
      });
    }
  });
}

// Geometry cases: each names what it checks in `kind`, with `input` and `expect` (see
// tests/vectors/loader.py). Every kind the engine writes must be known here.
const sortedCells = (cells) => [...cells].sort((p, q) => p[0] - q[0] || p[1] - q[1]);

function tileCheck(text) {
  try {
    return { valid: true, value: tileParse(text).value };
  } catch (error) {
    assert.ok(error instanceof RangeError, `tileParse(${JSON.stringify(text)}) threw ${error}`);
    return { valid: false, value: null };
  }
}

const GEOMETRY_CHECKS = {
  cell: ({ cell }) => ({
    up: cellPointsUp(cell),
    corners: cellCorners(cell),
    neighbours: sortedCells(cellNeighbours(cell)),
  }),
  point: ({ point }) => ({ cells: pointCells(point) }),
  placement: ({ tile, cell, rotation }) => {
    const numbers = tileParse(tile).cornerNumbers(rotation);
    return {
      numbers,
      points: cellCorners(cell).map(([pr, px], i) => [pr, px, numbers[i]]),
    };
  },
  tile: ({ text }) => tileCheck(text),
};

for (const file of byPrefix("geometry")) {
  describe(`geometry vectors: ${file.name}`, () => {
    for (const vector of file.data.cases) {
      test(vector.name, () => {
        const check = GEOMETRY_CHECKS[vector.kind];
        assert.ok(check, `unknown geometry kind ${vector.kind}`);
        assert.deepEqual(check(vector.input), vector.expect);
      });
    }
  });
}
