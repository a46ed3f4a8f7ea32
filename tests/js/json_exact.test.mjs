// The vector reader keeps floats apart from integers, as the Python engine reads them.

import assert from "node:assert/strict";
import { test } from "node:test";

import { JsonFloat, parseJsonExact } from "./json_exact.mjs";

test("plain JSON reads as JSON.parse reads it", () => {
  const text = '{"a": [1, -2, "x\\"y\\u00e9", true, false, null, {}], "b": {"c": []}, "d": 0}';
  assert.deepEqual(parseJsonExact(text), JSON.parse(text));
});

test("numbers with a fraction or an exponent, NaN and the infinities are floats", () => {
  const [one, thousand, half, nan, inf, minusInf, int] = parseJsonExact(
    "[1.0, 1e3, -0.5, NaN, Infinity, -Infinity, 120000]",
  );
  for (const value of [one, thousand, half, nan, inf, minusInf]) {
    assert.ok(value instanceof JsonFloat);
    assert.equal(Number.isInteger(value), false);
  }
  assert.equal(one.value, 1);
  assert.equal(thousand.value, 1000);
  assert.ok(Number.isNaN(nan.value));
  assert.equal(minusInf.value, -Infinity);
  assert.equal(int, 120000);
});

test("a __proto__ key is an own property, not a prototype", () => {
  const parsed = parseJsonExact('{"__proto__": {"t": 1}, "moves": []}');
  assert.ok(Object.hasOwn(parsed, "__proto__"));
  assert.equal(parsed.t, undefined);
});

test("broken JSON is refused", () => {
  for (const text of ["", "[1,", "{\"a\" 1}", "[1] 2", "tru", "'x'"]) {
    assert.throws(() => parseJsonExact(text), SyntaxError, text);
  }
});
