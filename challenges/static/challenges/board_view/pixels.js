// Where the grid lies on screen: board coordinates (SVG user units) of points and
// cells, and the cell under a board coordinate. Pure functions, no DOM: the drag snap,
// the keyboard cursor and the framing all rely on them.

import { cellCorners, cellPointsUp } from "../rules/geometry.js";

/** A tile's side in board units. */
export const SIDE = 100;
/** A row's height in board units. */
export const HEIGHT = (SIDE * Math.sqrt(3)) / 2;

/** Board coordinates of lattice point [pr, px]. */
export function pointPosition([pr, px]) {
  return { x: (px * SIDE) / 2, y: pr * HEIGHT };
}

/** The three corners of a cell in board coordinates, corner 0 first. */
export function cellVertices(cell) {
  return cellCorners(cell).map(pointPosition);
}

/** The centre (centroid) of a cell in board coordinates. */
export function cellCentre(cell) {
  const [r, c] = cell;
  return { x: ((c + 1) * SIDE) / 2, y: (r + (cellPointsUp(cell) ? 2 / 3 : 1 / 3)) * HEIGHT };
}

/** The cell holding board point (x, y). */
export function cellAtPosition(x, y) {
  const row = Math.floor(y / HEIGHT);
  const v = y / HEIGHT - row;
  const u = x / (SIDE / 2);
  const base = Math.floor(u);
  for (let col = base - 2; col <= base + 1; col += 1) {
    const [left, right] = cellPointsUp([row, col]) ? [col + 1 - v, col + 1 + v] : [col + v, col + 2 - v];
    if (u >= left && u <= right) {
      return [row, col];
    }
  }
  return [row, base];
}

/** The "x,y x,y x,y" of a cell's triangle, pulled towards its centre by `shrink` (0-1). */
export function polygonPoints(vertices, shrink = 0) {
  const cx = (vertices[0].x + vertices[1].x + vertices[2].x) / 3;
  const cy = (vertices[0].y + vertices[1].y + vertices[2].y) / 3;
  return vertices
    .map(({ x, y }) => `${(x + (cx - x) * shrink).toFixed(2)},${(y + (cy - y) * shrink).toFixed(2)}`)
    .join(" ");
}

/** The box around `cells`, `pad` board units wider on every side. */
export function cellsBounds(cells, pad) {
  let [minX, minY, maxX, maxY] = [Infinity, Infinity, -Infinity, -Infinity];
  for (const cell of cells) {
    for (const { x, y } of cellVertices(cell)) {
      minX = Math.min(minX, x);
      minY = Math.min(minY, y);
      maxX = Math.max(maxX, x);
      maxY = Math.max(maxY, y);
    }
  }
  return { minX: minX - pad, minY: minY - pad, maxX: maxX + pad, maxY: maxY + pad };
}
