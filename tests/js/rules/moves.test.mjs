// moves.js: placements and moves, their text forms and the run-log JSON form.

import assert from "node:assert/strict";
import { test } from "node:test";

import {
  Move,
  Placement,
  logFromMoves,
  moveFormat,
  moveParse,
  placementFormat,
  placementParse,
} from "../../../challenges/static/challenges/rules/moves.js";
import { tileParse } from "../../../challenges/static/challenges/rules/tiles.js";

test("a placement's text and JSON forms", () => {
  const placement = new Placement(tileParse("3-4-5"), [0, -1], 2);
  assert.equal(placementFormat(placement), "3-4-5@0,-1r2");
  assert.equal(String(placement), "3-4-5@0,-1r2");
  assert.deepEqual(placementParse("3-4-5@0,-1r2"), placement);
  assert.deepEqual(placement.toJson(), { tile: "3-4-5", cell: [0, -1], rotation: 2 });
  assert.deepEqual(placement.cornerNumbers(), [5, 3, 4]);
  assert.deepEqual(placement.cornerPoints(), [[1, 0], [0, -1], [0, 1]]);
  for (const text of ["3-4-5@0,-1r3", "5-4-3@0,0r0", "3-4-5@0, 0r0", "3-4-5@-0,0r0", "3-4-5 @0,0r0", 7]) {
    assert.throws(() => placementParse(text), RangeError, String(text));
  }
});

test("a move's text and JSON forms, draws and placements", () => {
  const place = Move.place(1830, placementParse("3-4-5@0,0r0"));
  const draw = Move.draw(4210);
  assert.equal(moveFormat(place), "1830:place:3-4-5@0,0r0");
  assert.equal(String(draw), "4210:draw");
  assert.deepEqual(moveParse("1830:place:3-4-5@0,0r0"), place);
  assert.deepEqual(moveParse("4210:draw"), draw);
  assert.equal(draw.isDraw, true);
  assert.equal(place.isDraw, false);
  assert.deepEqual(logFromMoves([place, draw]), {
    moves: [
      { t: 1830, type: "place", tile: "3-4-5", cell: [0, 0], rotation: 0 },
      { t: 4210, type: "draw" },
    ],
  });
  for (const text of ["1830:place", "x:draw", "01:draw", "1830:pass", "1830:draw "]) {
    assert.throws(() => moveParse(text), RangeError, text);
  }
});
