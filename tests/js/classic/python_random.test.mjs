// rules/classic/python_random.js and sha512.js: CPython's random.Random seeded with a
// string, bit for bit (the figures below were printed by CPython 3.11), and SHA-512
// against node's own at every padding length of one and two blocks.

import assert from "node:assert/strict";
import { createHash } from "node:crypto";
import { test } from "node:test";

import { PythonRandom } from "../../../challenges/static/challenges/rules/classic/python_random.js";
import { sha512 } from "../../../challenges/static/challenges/rules/classic/sha512.js";

test("SHA-512 agrees with node's at every length up to three blocks", () => {
  for (let length = 0; length <= 300; length += 1) {
    const bytes = Uint8Array.from({ length }, (_, i) => (i * 7 + length) & 0xff);
    const expected = createHash("sha512").update(bytes).digest("hex");
    assert.equal(Buffer.from(sha512(bytes)).toString("hex"), expected, `${length} bytes`);
  }
});

// Printed by CPython 3.11 (random.Random(seed): random() x3, getrandbits(32) x3,
// getrandbits(5) x2, randrange(56) x5, shuffle(list(range(10))), then choices("abcde",
// weights=[1 / (k + 1) ** 3.0 for k in range(5)])[0] x8), one generator per seed.
const CPYTHON = [
  {"seed": "abc", "random": [0.7720246314157545, 0.5581691373899791, 0.7095325359498886], "bits32": [1521820844, 4110710813, 3554365004], "bits5": [24, 29], "below56": [22, 10, 17, 3, 13], "shuffle10": [9, 5, 3, 4, 2, 7, 6, 8, 0, 1], "choices": ["a", "a", "a", "a", "a", "a", "a", "a"]},
  {"seed": "", "random": [0.9602256525641875, 0.595411957851699, 0.3880117152955401], "bits32": [3150706554, 3233484678, 948469839], "bits5": [27, 10], "below56": [49, 39, 0, 38, 40], "shuffle10": [4, 8, 7, 1, 2, 6, 3, 0, 9, 5], "choices": ["a", "a", "a", "a", "a", "b", "a", "a"]},
  {"seed": "classic computer 0a1b2c3d4e5f6071 seat 1 17", "random": [0.346232975469259, 0.14042898291350148, 0.46629280916969806], "bits32": [2666635866, 4010660381, 137440018], "bits5": [8, 13], "below56": [52, 14, 2, 24, 45], "shuffle10": [9, 6, 2, 3, 5, 0, 8, 4, 1, 7], "choices": ["b", "a", "a", "a", "a", "b", "a", "a"]},
  {"seed": "tri-ominos classic probe 61 round 2", "random": [0.599950658531627, 0.009915009169342182, 0.0369510678223397], "bits32": [3935041644, 1135303930, 2561410221], "bits5": [31, 0], "below56": [16, 41, 55, 48, 48], "shuffle10": [0, 4, 6, 7, 5, 3, 1, 8, 9, 2], "choices": ["a", "c", "a", "e", "a", "a", "a", "a"]},
  {"seed": "é ü 漢字 é ü 漢字 é ü 漢字 é ü 漢字 é ü 漢字 é ü 漢字 é ü 漢字 é ü 漢字 é ü 漢字 é ü 漢字 é ü 漢字 é ü 漢字 é ü 漢字 é ü 漢字 é ü 漢字 é ü 漢字 é ü 漢字 é ü 漢字 é ü 漢字 é ü 漢字 ", "random": [0.6479164025427071, 0.020904071015799386, 0.9113237511332587], "bits32": [2138499868, 641112122, 1892035937], "bits5": [2, 15], "below56": [24, 19, 5, 30, 34], "shuffle10": [9, 3, 6, 7, 0, 4, 8, 2, 1, 5], "choices": ["a", "b", "a", "a", "a", "a", "a", "a"]},
];

for (const expected of CPYTHON) {
  test(`PythonRandom(${JSON.stringify(expected.seed.slice(0, 40))}) draws as CPython does`, () => {
    const rng = new PythonRandom(expected.seed);
    assert.deepEqual([rng.random(), rng.random(), rng.random()], expected.random);
    assert.deepEqual([rng.getrandbits(32), rng.getrandbits(32), rng.getrandbits(32)], expected.bits32);
    assert.deepEqual([rng.getrandbits(5), rng.getrandbits(5)], expected.bits5);
    assert.deepEqual(Array.from({ length: 5 }, () => rng.randbelow(56)), expected.below56);
    assert.deepEqual(rng.shuffle(Array.from({ length: 10 }, (_, i) => i)), expected.shuffle10);
    const weights = Array.from({ length: 5 }, (_, k) => 1 / (k + 1) ** 3);
    assert.deepEqual(Array.from({ length: 8 }, () => rng.choice([..."abcde"], weights)), expected.choices);
  });
}

test("PythonRandom refuses what it does not do", () => {
  assert.throws(() => new PythonRandom(7), TypeError);
  assert.throws(() => new PythonRandom("x").getrandbits(33), RangeError);
  assert.throws(() => new PythonRandom("x").choice(["a"], []), RangeError);
  assert.throws(() => new PythonRandom("x").choice(["a"], [0]), RangeError);
});
