// board_view/camera.js, its arithmetic (no DOM needed): framing, panning into view,
// zooming about a point, following a growing board.

import assert from "node:assert/strict";
import { test } from "node:test";

import {
  AUTO_FIT_MIN_SIDE_PX,
  MAX_SIDE_PX,
  MIN_SIDE_PX,
  READABLE_SIDE_PX,
  boundsVisible,
  fitTarget,
  growTarget,
  panToShow,
  zoomAbout,
} from "../../../challenges/static/challenges/board_view/camera.js";
import { SIDE } from "../../../challenges/static/challenges/board_view/pixels.js";

const SIZE = { width: 400, height: 300 };
const box = (minX, minY, maxX, maxY) => ({ minX, minY, maxX, maxY });

test("fitting centres the bounds, at the scale of the tighter side", () => {
  const target = fitTarget(box(0, 0, 800, 300), SIZE);
  assert.deepEqual({ x: target.x, y: target.y }, { x: 400, y: 150 });
  assert.equal(target.scale, 0.5, "400 px for 800 units");
  assert.ok(boundsVisible(box(0, 0, 800, 300), target, SIZE));
  // A tiny board is not blown up past the largest framing size, a huge one not
  // shrunk below the smallest tile.
  assert.ok(fitTarget(box(0, 0, 1, 1), SIZE).scale * SIDE <= MAX_SIDE_PX);
  assert.equal(fitTarget(box(0, 0, 1e6, 1e6), SIZE).scale, MIN_SIDE_PX / SIDE);
});

test("a board framed to be read keeps its digits at 12 px, centred, and is panned past that", () => {
  // A final board of 30 sides across in a phone's 400 px: whole, its digits would be 3 px.
  const wide = box(-15 * SIDE, 0, 15 * SIDE, 2 * SIDE);
  assert.ok(fitTarget(wide, SIZE).scale * SIDE * 0.24 < 12);
  const readable = fitTarget(wide, SIZE, READABLE_SIDE_PX);
  assert.equal(readable.scale * SIDE, READABLE_SIDE_PX);
  assert.ok(READABLE_SIDE_PX * 0.24 >= 12, "a tile's digits are 0.24 of its side");
  assert.deepEqual({ x: readable.x, y: readable.y }, { x: 0, y: SIDE });
  // A small board is framed as before: whole, and larger than the least.
  const small = box(0, 0, 2 * SIDE, SIDE);
  assert.deepEqual(fitTarget(small, SIZE, READABLE_SIDE_PX), fitTarget(small, SIZE));
});

test("panning into view moves just enough and never zooms", () => {
  const view = { x: 0, y: 0, scale: 1 };
  assert.equal(boundsVisible(box(-10, -10, 10, 10), view, SIZE), true);
  const far = box(250, -10, 260, 10);
  assert.equal(boundsVisible(far, view, SIZE), false);
  const panned = panToShow(far, view, SIZE);
  assert.deepEqual(panned, { x: 60, y: 0, scale: 1 }, "the right edge lands on the view's edge");
  assert.equal(boundsVisible(far, panned, SIZE), true);
});

test("zooming keeps the anchor still and stays within the limits", () => {
  const view = { x: 100, y: 50, scale: 1 };
  const anchor = { x: 200, y: 150 };
  const zoomed = zoomAbout(view, 2, anchor);
  assert.equal(zoomed.scale, 2);
  // The anchor's offset from the centre, in pixels, is unchanged.
  assert.equal((anchor.x - zoomed.x) * zoomed.scale, (anchor.x - view.x) * view.scale);
  assert.equal((anchor.y - zoomed.y) * zoomed.scale, (anchor.y - view.y) * view.scale);
  assert.equal(zoomAbout(view, 1000, anchor).scale, MAX_SIDE_PX / SIDE);
  assert.equal(zoomAbout(view, 1e-6, anchor).scale, MIN_SIDE_PX / SIDE);
});

test("a growing board is framed whole while readable, else followed at its focus", () => {
  const view = { x: 0, y: 0, scale: 1 };
  const small = growTarget(box(0, 0, 400, 300), view, SIZE, { userMoved: false, focus: { x: 5, y: 5 } });
  assert.deepEqual({ x: small.x, y: small.y }, { x: 200, y: 150 });
  const huge = growTarget(box(0, 0, 40000, 30000), view, SIZE, { userMoved: false, focus: { x: 5, y: 7 } });
  assert.deepEqual(huge, { x: 5, y: 7, scale: Math.max(view.scale, AUTO_FIT_MIN_SIDE_PX / SIDE) });
  // After the player zoomed in, growing never zooms back in past their choice.
  const zoomedOut = { x: 0, y: 0, scale: 0.5 };
  assert.equal(growTarget(box(0, 0, 100, 100), zoomedOut, SIZE, { userMoved: true, focus: null }).scale, 0.5);
});
