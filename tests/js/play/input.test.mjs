// play/keyboard.js and play/drag.js: what a key press asks for, and the geometry of a
// drag (tap or lift, the finger's lift, the snapped target, the ghost's place).

import assert from "node:assert/strict";
import { test } from "node:test";

import { DRAG_THRESHOLD_PX, DragGesture, ghostOffset, ghostSide, touchLift } from "../../../challenges/static/challenges/play/drag.js";
import { keyCommand, nextFit, trayStep } from "../../../challenges/static/challenges/play/keyboard.js";

const onBoard = { onBoard: true };
const offBoard = { onBoard: false };

test("number keys pick tiles 1 to 9; letters rotate, draw, frame and jump", () => {
  assert.deepEqual(keyCommand({ key: "1" }, offBoard), { type: "pick", index: 0, prevent: true });
  assert.deepEqual(keyCommand({ key: "9" }, offBoard), { type: "pick", index: 8, prevent: true });
  assert.equal(keyCommand({ key: "0" }, offBoard), null, "there is no tile 0");
  assert.equal(keyCommand({ key: "R" }, offBoard).type, "rotate", "capitals too");
  assert.equal(keyCommand({ key: "d" }, offBoard).type, "draw");
  assert.equal(keyCommand({ key: "f" }, offBoard).type, "frame");
  assert.deepEqual(keyCommand({ key: "b" }, offBoard), { type: "summary", prevent: true }, "B reads the board");
  assert.equal(keyCommand({ key: "B" }, onBoard).type, "summary");
  assert.deepEqual(keyCommand({ key: "n" }, offBoard), { type: "jump", step: 1, prevent: true });
  assert.deepEqual(keyCommand({ key: "N", shiftKey: true }, offBoard), { type: "jump", step: -1, prevent: true });
});

test("zoom keys leave the browser's own use alone; modified keys are the browser's", () => {
  assert.deepEqual(keyCommand({ key: "+" }, offBoard), { type: "zoom", factor: 1.25, prevent: false });
  assert.deepEqual(keyCommand({ key: "=" }, offBoard), { type: "zoom", factor: 1.25, prevent: false });
  assert.deepEqual(keyCommand({ key: "-" }, offBoard), { type: "zoom", factor: 0.8, prevent: false });
  for (const modifier of ["ctrlKey", "metaKey", "altKey"]) {
    assert.equal(keyCommand({ key: "r", [modifier]: true }, onBoard), null, modifier);
    assert.equal(keyCommand({ key: "1", [modifier]: true }, onBoard), null, modifier);
  }
});

test("arrows and Enter act on the board only; a held Enter places once", () => {
  assert.equal(keyCommand({ key: "ArrowLeft" }, offBoard), null, "off the board the page scrolls");
  assert.equal(keyCommand({ key: "Enter" }, offBoard), null);
  assert.deepEqual(keyCommand({ key: "ArrowLeft" }, onBoard), { type: "cursor", dr: 0, dc: -1, prevent: true });
  assert.deepEqual(keyCommand({ key: "ArrowDown" }, onBoard), { type: "cursor", dr: 1, dc: 0, prevent: true });
  assert.deepEqual(keyCommand({ key: "Enter" }, onBoard), { type: "place", prevent: true });
  assert.deepEqual(keyCommand({ key: " " }, onBoard), { type: "place", prevent: true });
  assert.deepEqual(keyCommand({ key: "Enter", repeat: true }, onBoard), { type: "held", prevent: true });
  assert.equal(keyCommand({ key: "Tab" }, onBoard), null);
});

test("N goes round the fitting cells, from the cursor or from the start", () => {
  const cells = [[0, 1], [1, 0], [-1, 0]];
  assert.deepEqual(nextFit(cells, [0, 1], 1), [1, 0]);
  assert.deepEqual(nextFit(cells, [-1, 0], 1), [0, 1], "round the end");
  assert.deepEqual(nextFit(cells, [0, 1], -1), [-1, 0], "Shift+N goes back");
  assert.deepEqual(nextFit(cells, [5, 5], 1), [0, 1], "a cursor elsewhere starts at the first");
});

test("a press that stays within the threshold is a tap; beyond it the tile lifts once", () => {
  const gesture = new DragGesture({ tileId: "0-1-2", pointerId: 1, touch: false, x: 100, y: 100 });
  assert.equal(gesture.lifts(103, 104), false, "5 px: still a tap");
  assert.equal(gesture.moving, false);
  assert.equal(gesture.lifts(100 + DRAG_THRESHOLD_PX, 100), true);
  assert.equal(gesture.moving, true);
  assert.equal(gesture.lifts(200, 200), false, "it lifts once");
});

test("on touch the tile floats above the finger; with a mouse it sits on the pointer", () => {
  const mouse = new DragGesture({ tileId: "0-1-2", pointerId: 1, touch: false, x: 0, y: 0 });
  const finger = new DragGesture({ tileId: "0-1-2", pointerId: 2, touch: true, x: 0, y: 0 });
  assert.deepEqual(mouse.aim(50, 300, 80), { x: 50, y: 300 });
  assert.deepEqual(finger.aim(50, 300, 80), { x: 50, y: 300 - 48 });
  assert.equal(touchLift(20), 40, "never less than 40 px, even on a small board");
  assert.equal(touchLift(100), 60);
});

test("the target changes only when the cell does", () => {
  const gesture = new DragGesture({ tileId: "0-1-2", pointerId: 1, touch: false, x: 0, y: 0 });
  const at = (cell, rotation) => ({ cell, rotation, snapped: true, fits: true });
  assert.equal(gesture.retarget(at([0, 1], 2)), true);
  assert.deepEqual(gesture.target, at([0, 1], 2));
  assert.equal(gesture.retarget(at([0, 1], 2)), false, "the same cell: no new preview");
  assert.equal(gesture.retarget(at([1, 1], 0)), true);
  assert.equal(gesture.retarget(null), true);
  assert.equal(gesture.target, null);
  assert.equal(gesture.retarget(null), false);
});

test("the ghost follows the board's tile size within bounds, its centroid on the point", () => {
  assert.equal(ghostSide(10), 56);
  assert.equal(ghostSide(90), 90);
  assert.equal(ghostSide(400), 140);
  const { x, y } = ghostOffset(100, 500, 400);
  assert.equal(x, 500 - 54, "centred across its box, 1.08 sides wide");
  assert.ok(y < 400 && y > 400 - 100, "the box starts above the point");
});

test("the arrows, Home and End go along the tray, round its ends", () => {
  assert.equal(trayStep("ArrowRight", 0, 9), 1);
  assert.equal(trayStep("ArrowDown", 8, 9), 0);
  assert.equal(trayStep("ArrowLeft", 0, 9), 8);
  assert.equal(trayStep("ArrowUp", 4, 9), 3);
  assert.equal(trayStep("Home", 4, 12), 0);
  assert.equal(trayStep("End", 4, 12), 11);
  assert.equal(trayStep("Enter", 4, 12), null);
});
