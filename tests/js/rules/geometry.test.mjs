// geometry.js: cells, points, corners and neighbours (RULES.md), and their text forms.

import assert from "node:assert/strict";
import { test } from "node:test";

import {
  ORIGIN,
  cellCorners,
  cellFormat,
  cellNeighbours,
  cellParse,
  cellPointsUp,
  pointCells,
  pointFormat,
  pointParse,
} from "../../../challenges/static/challenges/rules/geometry.js";

test("cells point up when row + col is even, negative ones included", () => {
  assert.equal(cellPointsUp(ORIGIN), true);
  assert.equal(cellPointsUp([0, 1]), false);
  assert.equal(cellPointsUp([1, 0]), false);
  assert.equal(cellPointsUp([-1, 0]), false);
  assert.equal(cellPointsUp([-1, -1]), true);
  assert.equal(cellPointsUp([-3, 2]), false);
});

test("corner points follow the table of RULES.md", () => {
  assert.deepEqual(cellCorners([0, 0]), [[0, 1], [1, 2], [1, 0]]);
  assert.deepEqual(cellCorners([0, 1]), [[1, 2], [0, 1], [0, 3]]);
  assert.deepEqual(cellCorners([-1, 0]), [[0, 1], [-1, 0], [-1, 2]]);
  for (const cell of [[0, 0], [2, -3], [-4, 7], [5, 5]]) {
    for (const [pr, px] of cellCorners(cell)) {
      assert.equal(Math.abs(pr + px) % 2, 1, "points have pr + px odd");
    }
  }
});

test("each corner point lists its cell among its six cells", () => {
  for (const cell of [[0, 0], [0, 1], [-2, 3], [3, -4]]) {
    for (const point of cellCorners(cell)) {
      const around = pointCells(point).map(cellFormat);
      assert.equal(around.length, 6);
      assert.ok(around.includes(cellFormat(cell)), `${cell} around ${point}`);
    }
  }
});

test("edge neighbours are symmetric and share two corner points", () => {
  for (const cell of [[0, 0], [0, 1], [-1, 0], [4, -7]]) {
    assert.equal(cellNeighbours(cell).length, 3);
    for (const neighbour of cellNeighbours(cell)) {
      assert.ok(cellNeighbours(neighbour).map(cellFormat).includes(cellFormat(cell)));
      const theirs = cellCorners(neighbour).map(pointFormat);
      const shared = cellCorners(cell).filter((point) => theirs.includes(pointFormat(point)));
      assert.equal(shared.length, 2);
    }
  }
  assert.deepEqual(cellNeighbours([0, 0]), [[0, -1], [0, 1], [1, 0]]);
  assert.deepEqual(cellNeighbours([0, 1]), [[0, 0], [0, 2], [-1, 1]]);
});

test("text forms: format and parse are inverses, and only canonical text parses", () => {
  for (const cell of [[0, 0], [0, -1], [-12, 40]]) {
    assert.deepEqual(cellParse(cellFormat(cell)), cell);
  }
  assert.equal(cellFormat([0, -1]), "0,-1");
  assert.deepEqual(pointParse("2,1"), [2, 1]);
  assert.equal(pointFormat([2, 1]), "2,1");
  for (const text of ["0, -1", "-0,1", "+1,2", "1", "1,2,3", "a,b", "01,2", ""]) {
    assert.throws(() => cellParse(text), RangeError, text);
  }
  assert.throws(() => pointParse("2,0"), { message: "not a point: '2,0' (row + x must be odd)" });
  assert.throws(() => cellParse(7), RangeError);
});
