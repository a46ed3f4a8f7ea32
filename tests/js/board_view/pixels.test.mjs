// board_view/pixels.js (no DOM needed): where cells are drawn and which cell a point on
// screen falls in. The drag-and-drop snap and the keyboard cursor rely on it.

import assert from "node:assert/strict";
import { describe, test } from "node:test";

import {
  HEIGHT,
  SIDE,
  cellAtPosition,
  cellCentre,
  cellVertices,
  cellsBounds,
  pointPosition,
} from "../../../challenges/static/challenges/board_view/pixels.js";
import { cellCorners, cellFormat, cellNeighbours, cellPointsUp } from "../../../challenges/static/challenges/rules/geometry.js";

const CELLS = [];
for (let r = -4; r <= 4; r += 1) {
  for (let c = -6; c <= 6; c += 1) {
    CELLS.push([r, c]);
  }
}

const close = (a, b) => Math.abs(a - b) < 1e-9;
const vertexKey = (v) => `${v.x.toFixed(6)},${v.y.toFixed(6)}`;

describe("board geometry on screen", () => {
  test("cell [0, 0] is the up triangle with its apex on top", () => {
    const [apex, right, left] = cellVertices([0, 0]);
    assert.deepEqual(apex, { x: SIDE / 2, y: 0 });
    assert.deepEqual(right, { x: SIDE, y: HEIGHT });
    assert.deepEqual(left, { x: 0, y: HEIGHT });
  });

  test("every cell is an equilateral triangle pointing the way RULES.md says", () => {
    for (const cell of CELLS) {
      const [apex, a, b] = cellVertices(cell);
      for (const [p, q] of [[apex, a], [a, b], [b, apex]]) {
        assert.ok(close(Math.hypot(p.x - q.x, p.y - q.y), SIDE), `side of ${cell}`);
      }
      const base = (a.y + b.y) / 2;
      assert.ok(cellPointsUp(cell) ? apex.y < base : apex.y > base, `orientation of ${cell}`);
    }
  });

  test("neighbours share an edge on screen too", () => {
    for (const cell of CELLS) {
      const mine = cellVertices(cell).map(vertexKey);
      for (const neighbour of cellNeighbours(cell)) {
        const theirs = cellVertices(neighbour).map(vertexKey);
        assert.equal(mine.filter((v) => theirs.includes(v)).length, 2, `${cell} and ${neighbour}`);
      }
    }
  });

  test("a point's position is where its cells' corners are drawn", () => {
    for (const cell of CELLS) {
      cellCorners(cell).forEach((point, i) => {
        assert.deepEqual(pointPosition(point), cellVertices(cell)[i]);
      });
    }
  });

  test("the centre of a cell, and points near its corners, fall in that cell", () => {
    for (const cell of CELLS) {
      const centre = cellCentre(cell);
      assert.equal(cellFormat(cellAtPosition(centre.x, centre.y)), cellFormat(cell), `centre of ${cell}`);
      for (const vertex of cellVertices(cell)) {
        const x = centre.x + (vertex.x - centre.x) * 0.9;
        const y = centre.y + (vertex.y - centre.y) * 0.9;
        assert.equal(cellFormat(cellAtPosition(x, y)), cellFormat(cell), `near a corner of ${cell}`);
      }
    }
  });

  test("the bounds of cells hold every vertex, with the padding asked for", () => {
    const cells = [[0, 0], [-2, 3], [1, -1]];
    const bounds = cellsBounds(cells, 10);
    const vertices = cells.flatMap(cellVertices);
    assert.equal(bounds.minX, Math.min(...vertices.map((v) => v.x)) - 10);
    assert.equal(bounds.maxY, Math.max(...vertices.map((v) => v.y)) + 10);
  });
});
