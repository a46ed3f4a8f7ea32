// tiles.js: the 56 tiles, their ids and corner numbers (RULES.md).

import assert from "node:assert/strict";
import { test } from "node:test";

import { TILES, TILE_IDS, Tile, tileFormat, tileParse } from "../../../challenges/static/challenges/rules/tiles.js";

test("there are 56 canonical ids, sorted, each with ascending numbers", () => {
  assert.equal(TILE_IDS.length, 56);
  assert.equal(new Set(TILE_IDS).size, 56);
  assert.deepEqual([...TILE_IDS].sort(), [...TILE_IDS]);
  assert.equal(TILE_IDS[0], "0-0-0");
  assert.equal(TILE_IDS[55], "5-5-5");
  TILE_IDS.forEach((id, index) => {
    const tile = tileParse(id);
    assert.ok(tile.a <= tile.b && tile.b <= tile.c);
    assert.equal(tileFormat(tile), id);
    assert.equal(tile.value, tile.a + tile.b + tile.c);
    assert.equal(tile.index, index, "index is the place in TILE_IDS");
    assert.equal(TILES[index], tile, "tileParse hands out the one instance");
  });
});

test("six tiles are triples", () => {
  assert.deepEqual(
    TILES.filter((tile) => tile.isTriple).map(String),
    ["0-0-0", "1-1-1", "2-2-2", "3-3-3", "4-4-4", "5-5-5"],
  );
});

test("non-canonical spellings are not tiles, and the error says what was given", () => {
  for (const text of ["3-2-1", "1-2-6", "1-2", "1-2-3-4", " 1-2-3", "1-2-3 ", "1,2,3", "123", "", "a-b-c", "١-٢-٣"]) {
    assert.throws(() => tileParse(text), RangeError, text);
  }
  for (const junk of [null, undefined, 7, ["1-2-3"], { a: 1 }, true, "constructor", "__proto__"]) {
    assert.throws(() => tileParse(junk), RangeError);
  }
  assert.throws(() => tileParse("5-4-3"), {
    message: "not a tile id: '5-4-3' (expected 'a-b-c' with 0 <= a <= b <= c <= 5)",
  });
});

test("a tile is built from ascending numbers 0-5 only", () => {
  assert.throws(() => new Tile(2, 1, 3), RangeError);
  assert.throws(() => new Tile(0, 1, 6), RangeError);
  assert.throws(() => new Tile(0, 1, 1.5), RangeError);
  assert.equal(new Tile(1, 2, 5).index, tileParse("1-2-5").index);
});

test("rotation i puts numbers[(corner + i) % 3] at each corner", () => {
  const tile = tileParse("1-2-5");
  assert.deepEqual(tile.cornerNumbers(0), [1, 2, 5]);
  assert.deepEqual(tile.cornerNumbers(1), [2, 5, 1]);
  assert.deepEqual(tile.cornerNumbers(2), [5, 1, 2]);
  for (const rotation of [-1, 3, 1.5, "1", null]) {
    assert.throws(() => tile.cornerNumbers(rotation), RangeError);
  }
});
