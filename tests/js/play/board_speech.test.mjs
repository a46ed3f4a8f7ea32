// play/board_speech.js and its words (board_words.js: cellReport, boardSummary): what a
// screen reader hears of the board, from a board state played through the rules port.

import assert from "node:assert/strict";
import { test } from "node:test";

import { boardFacts, cellFacts } from "../../../challenges/static/challenges/play/board_speech.js";
import * as words from "../../../challenges/static/challenges/play/board_words.js";
import { ChallengeRun } from "../../../challenges/static/challenges/rules/run.js";
import { HEXAGON_MOVES, HEXAGON_TRAY, HEXAGON_WELL } from "../rules/fixtures.mjs";

/** A run of the hexagon challenge with its first `count` moves played. */
function runAfter(count) {
  const run = new ChallengeRun({ tray: HEXAGON_TRAY, well: HEXAGON_WELL });
  for (const move of HEXAGON_MOVES.slice(0, count)) {
    assert.equal(run.playMove(move).error, null);
  }
  return run;
}

const report = (run, cell, options) => words.cellReport(cellFacts(run, cell, options));

test("on an empty board the cursor finds the first cell, and what the tile would make there", () => {
  assert.equal(
    report(runAfter(0), [0, 0], { selected: "0-0-1" }),
    "Row 0, column 0, pointing up. Empty: the first tile goes here. " +
      "0 0 1 fits here, for 1 point: 0 at the top, 0 bottom right, 1 bottom left.",
  );
  assert.equal(report(runAfter(0), [0, 1]), "Row 0, column 1, pointing down. Empty, touching no tile.");
});

test("a tile on the cursor's cell is read with its numbers, and what touches its edges", () => {
  // 0-0-1 went on [0, 0] turned twice: 1 at the apex; 0-1-2 lies to its right.
  assert.equal(
    report(runAfter(2), [0, 0], { selected: "0-2-3" }),
    "Row 0, column 0, pointing up. Tile 0 0 1: 1 at the top, 0 bottom right, 0 bottom left. " +
      "Touching: 0 1 2 on the right edge.",
  );
});

test("an open cell says what its corners need, and whether the chosen tile fits", () => {
  const run = runAfter(2);
  const base =
    "Row 0, column 2, pointing up. Empty, next to the tiles. Touching: 0 1 2 on the left edge. " +
    "Corners need 2 at the top, any number bottom right, 0 bottom left.";
  assert.equal(
    report(run, [0, 2], { selected: "0-2-3" }),
    `${base} 0 2 3 fits here, for 5 points: 2 at the top, 3 bottom right, 0 bottom left.`,
  );
  assert.equal(report(run, [0, 2], { selected: "5-5-5" }), `${base} 5 5 5 does not fit here.`);
  assert.equal(report(run, [0, 2]), base, "no tile chosen: no verdict");
});

test("the points quoted are the engine's, bonus included: the hexagon's closing tile", () => {
  const run = runAfter(5);
  const facts = cellFacts(run, [1, 0], { selected: "0-0-5" });
  const outcome = run.preview("0-0-5", [1, 0]);
  assert.equal(facts.fit.points, outcome.points);
  assert.equal(facts.fit.bonus, "hexagon");
  assert.equal(
    words.cellReport(facts),
    "Row 1, column 0, pointing down. Empty, next to the tiles. " +
      "Touching: 0 4 5 on the right edge, 0 0 1 on the top edge. Corners need 5 at the bottom, 0 top left, 0 top right. " +
      "0 0 5 fits here, for 55 points, Hexagon bonus included: 5 at the bottom, 0 top left, 0 top right.",
  );
  // Playing it scores what was said.
  assert.equal(run.place("0-0-5", [1, 0], 2, 700).points, 55);
});

test("the board's summary: its size, the score, the tray and the well, the best spot", () => {
  assert.equal(
    words.boardSummary(boardFacts(runAfter(0), { selected: "0-0-1" })),
    "The board is empty: the first tile goes in the middle, at row 0, column 0. " +
      "Score 0. 9 tiles in your tray, 47 tiles in the well. 0 0 1 fits 1 spot; the best is row 0, column 0, for 1 point.",
  );
  const run = runAfter(5);
  assert.equal(
    words.boardSummary(boardFacts(run, { selected: "0-0-5" })),
    "5 tiles on the board, rows 0 to 1, columns 0 to 2; 6 open spots next to them. " +
      "Score 25. 4 tiles in your tray, 47 tiles in the well. " +
      "0 0 5 fits 1 spot; the best is row 1, column 0, for 55 points, Hexagon bonus included.",
  );
  assert.match(words.boardSummary(boardFacts(run, { selected: "5-5-5" })), / 5 5 5 fits nowhere yet\.$/);
  assert.doesNotMatch(words.boardSummary(boardFacts(run)), /fits/, "no tile chosen: no best spot");
});

test("the best spot is the highest-scoring one among every cell the tile fits", () => {
  const run = runAfter(3);
  for (const tileId of run.tray) {
    const facts = boardFacts(run, { selected: tileId });
    const cells = new Map(run.legalPlacements(tileId).map((move) => [String(move.cell), move.cell]));
    assert.equal(facts.fitsFor, cells.size, tileId);
    const points = [...cells.values()].map((cell) => run.preview(tileId, cell).points);
    assert.equal(facts.best?.points ?? null, points.length ? Math.max(...points) : null, tileId);
  }
});
