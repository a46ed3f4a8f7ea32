// errors.js: the codes in RULES.md's order, PlacementError, and shown(), which must
// quote a value exactly as the Python engine's errors.shown() does (Python's reprlib,
// cut to 40 characters, lists and dicts to 4 items, 3 levels deep). The expected texts
// below are what the Python engine printed for the same values.

import assert from "node:assert/strict";
import { test } from "node:test";

import {
  BOARD_ERROR_CODES,
  ERROR_CODES,
  MOVE_ERROR_CODES,
  PlacementError,
  isFloat,
  isInteger,
  shown,
} from "../../../challenges/static/challenges/rules/errors.js";

test("codes: RULES.md's table in order, the board's the last five of a move's", () => {
  assert.equal(ERROR_CODES.length, 14);
  assert.deepEqual(ERROR_CODES.slice(-2), ["bad_log", "bad_challenge"]);
  assert.equal(MOVE_ERROR_CODES.at(-1), "corner_mismatch");
  assert.deepEqual(BOARD_ERROR_CODES, ["bad_rotation", "cell_occupied", "first_not_at_origin", "not_adjacent", "corner_mismatch"]);
});

test("a PlacementError is an Error with a code and a detail", () => {
  const error = new PlacementError("not_adjacent", "cell [3, 3] shares no edge with a tile on the board");
  assert.ok(error instanceof Error);
  assert.equal(error.message, error.detail);
  assert.equal(error.code, "not_adjacent");
});

test("integers and floats: Number objects are floats, as Python reads 1.0", () => {
  assert.equal(isInteger(3), true);
  assert.equal(isInteger(true), false);
  assert.equal(isInteger(new Number(3)), false);
  assert.equal(isFloat(new Number(3)), true);
  assert.equal(isFloat(0.5), true);
  assert.equal(isFloat(3), false);
});

const PYTHON_SHOWN = [
  [null, "None"],
  [undefined, "None"],
  [true, "True"],
  [false, "False"],
  [0, "0"],
  [-7, "-7"],
  [10 ** 17, "100000000000000000"],
  [10 ** 18, "a 60-bit integer"],
  [-(10 ** 18), "a negative 60-bit integer"],
  [2 ** 63, "a 64-bit integer"],
  [1.5, "1.5"],
  [0.1, "0.1"],
  [new Number(1), "1.0"],
  [new Number(1e16), "1e+16"],
  [new Number(1e15), "1000000000000000.0"],
  [123456789.125, "123456789.125"],
  [1e-5, "1e-05"],
  [0.0001, "0.0001"],
  [-2.5e-7, "-2.5e-07"],
  [new Number(1e300), "1e+300"],
  [5e-324, "5e-324"],
  [NaN, "nan"],
  [Infinity, "inf"],
  ["", "''"],
  ["x", "'x'"],
  ["it's", `"it's"`],
  ['say "hi"', `'say "hi"'`],
  [`both ' and "`, `'both \\' and "'`],
  ["tab\tnew\nline\r", "'tab\\tnew\\nline\\r'"],
  ["back\\slash", "'back\\\\slash'"],
  ["\x00\x1f\x7f", "'\\x00\\x1f\\x7f'"],
  ["é", "'é'"],
  ["\u00a0", "'\\xa0'"],
  ["\u200b", "'\\u200b'"],
  ["\u2028", "'\\u2028'"],
  ["😀", "'😀'"],
  ["\ud83d", "'\\ud83d'"],
  ["a".repeat(39), "'aaaaaaaaaaaaaaaaa...aaaaaaaaaaaaaaaaaa'"],
  ["b".repeat(41), "'bbbbbbbbbbbbbbbbb...bbbbbbbbbbbbbbbbbb'"],
  ["\n".repeat(50), "'\\n\\n\\n\\n\\n\\n\\n\\n\\...\\n\\n\\n\\n\\n\\n\\n\\n\\n'"],
  ["é".repeat(60), "'ééééééééééééééééé...éééééééééééééééééé'"],
  [[], "[]"],
  [[1, 2, 3, 4], "[1, 2, 3, 4]"],
  [[1, 2, 3, 4, 5], "[1, 2, 3, 4, ...]"],
  [[[[[1]]]], "[[[[...]]]]"],
  [[[[[]]]], "[[[[]]]]"],
  [{}, "{}"],
  [{ b: 1, a: [1, { x: { y: 1 } }] }, "{'a': [1, {'x': {...}}], 'b': 1}"],
  [{ k0: 0, k1: 1, k2: 2, k3: 3, k4: 4, k5: 5 }, "{'k0': 0, 'k1': 1, 'k2': 2, 'k3': 3, ...}"],
  [{ é: 1, z: 2, "😀": 3, "\uffff": 4 }, "{'z': 2, 'é': 1, '\\uffff': 4, '😀': 3}"],
  [["x".repeat(100)], "['xxxxxxxxxxxxxxxxx...xxxxxxxxxxxxxxxxxx']"],
  [[new Number(1), null, true, "s"], "[1.0, None, True, 's']"],
];

test("shown() quotes values as the Python engine does", () => {
  for (const [value, expected] of PYTHON_SHOWN) {
    assert.equal(shown(value), expected, `shown(${String(value)})`);
  }
});
