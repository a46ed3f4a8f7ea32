// play/hud.js and play/words.js: the clock, its callouts, the stuck hints, and the
// sentences a screen reader hears while playing.

import assert from "node:assert/strict";
import { test } from "node:test";

import { ClockCallouts, clockReading, stuckHints } from "../../../challenges/static/challenges/play/hud.js";
import * as words from "../../../challenges/static/challenges/play/words.js";

test("the clock counts whole seconds down and turns urgent at 10 s", () => {
  assert.deepEqual(clockReading(120000), { text: "2:00", urgent: false, seconds: 120 });
  assert.deepEqual(clockReading(119001), { text: "2:00", urgent: false, seconds: 120 }, "a started second shows whole");
  assert.equal(clockReading(65000).text, "1:05");
  assert.deepEqual(clockReading(10000), { text: "0:10", urgent: true, seconds: 10 });
  assert.equal(clockReading(-300).text, "0:00", "never below zero");
});

test("60, 30 and 10 seconds left are each said once", () => {
  const callouts = new ClockCallouts();
  const said = [];
  for (let left = 62000; left > 0; left -= 200) {
    const words = callouts.due(clockReading(left).seconds);
    if (words !== null) said.push(words);
  }
  assert.deepEqual(said, ["60 seconds left.", "30 seconds left.", "10 seconds left."]);
});

test("stuck: draw while the well lasts, then end the run", () => {
  const run = (placements, wellRemaining) => ({ legalPlacements: () => placements, wellRemaining });
  assert.deepEqual(stuckHints(run([{}], 10)), { draw: false, end: false });
  assert.deepEqual(stuckHints(run([], 10)), { draw: true, end: false });
  assert.deepEqual(stuckHints(run([], 0)), { draw: false, end: true });
  assert.deepEqual(stuckHints(run([{}], 0)), { draw: false, end: false });
});

test("what a placement, a draw and a turn sound like", () => {
  assert.equal(
    words.placed("1-2-4", [0, -1], { points: 57, bonus: "hexagon" }, 80),
    "Placed 1 2 4 at row 0, column -1: 57 points, Hexagon bonus +50. Score 80.",
  );
  assert.equal(words.placed("0-0-0", [0, 0], { points: 0, bonus: null }, 0), "Placed 0 0 0 at row 0, column 0: 0 points. Score 0.");
  assert.equal(words.drew("3-3-5", -2, 1), "Drew 3 3 5, minus 5. Score -2. 1 tile left in the well.");
  assert.equal(words.turned("1-2-4", 0), "Turned: 1 on top, 2 right, 4 left.");
  assert.equal(words.bonusToast("bridge"), "Bridge! +40");
  assert.equal(words.CLEARED_TOAST, "Board cleared! +25");
  // The Draw button's name starts with what it shows: "Draw −5 47 left" (WCAG 2.5.3).
  assert.equal(words.drawLabel(47), "Draw −5 47 left: take a tile from the well for minus 5 points");
});

test("a tray tile's name says its numbers, its turn and where it fits", () => {
  // It starts with what the tile shows (WCAG 2.5.3): its numbers as turned...
  assert.equal(
    words.tileLabel("1-2-4", 0, 0),
    "1 2 4: 1 on top, 2 right, 4 left. Tile 1 2 4, worth 7; fits nowhere yet",
  );
  assert.match(words.tileLabel("1-2-4", 2, 1), /^4 1 2: 4 on top, 1 right, 2 left\. Tile 1 2 4, worth 7; fits 1 spot$/);
  assert.match(words.tileLabel("1-2-4", 1, 3), /fits 3 spots$/);
  // ...after the number key shown on it, when it has one.
  assert.match(words.tileLabel("1-2-4", 0, 2, 3), /^3: 1 2 4: 1 on top/);
});

test("the end titles, and the offer of a run kept unsent", () => {
  assert.equal(words.endTitle("time"), "Time's up!");
  assert.equal(words.endTitle("recovered"), "Your unsent run");
  assert.equal(words.endTitle("anything else"), "Run over");
  const pending = { challengeId: 978, log: { moves: [{}, {}] }, clientScore: 14 };
  const found = "This browser kept a run of challenge #978 from 09:12 that never reached the server: 2 moves, 14 points by this browser's count.";
  assert.equal(
    words.unsentOffer(pending, "09:12", { late: false }),
    `${found} Send it and the server replays and scores it; then you can submit it.`,
  );
  assert.match(words.unsentOffer(pending, "09:12", { late: true }), /^This browser kept .* It is too late to send it now .* cannot be scored or submitted\.$/);
});
