// The puzzle page's state (puzzles/game.js) and its cursor (puzzles/inputs.js), DOM-free,
// on a puzzle of the golden vectors.

import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { test } from "node:test";
import { fileURLToPath } from "node:url";

import { JOKER, PuzzleGame } from "../../../challenges/static/challenges/puzzles/game.js";
import { cursorStep } from "../../../challenges/static/challenges/puzzles/inputs.js";
import { puzzleCheck } from "../../../challenges/static/challenges/rules/puzzles.js";

const FILE = join(dirname(fileURLToPath(import.meta.url)), "..", "..", "vectors", "puzzles.json");
const CASES = JSON.parse(readFileSync(FILE, "utf8")).cases;
const SOLVED = CASES.find((vector) => vector.name === "puzzle/hexagon/solved");

function clock() {
  let now = 1000;
  return { now: () => now, tick: (ms) => (now += ms) };
}

function turnedAs(game, piece) {
  while (game.rotationOf(piece.tile) !== piece.rotation) game.rotate(piece.tile);
}

test("the solution's pieces go down one by one and make a filling the checker gives 3 stars", () => {
  const time = clock();
  const game = new PuzzleGame(SOLVED.puzzle, { now: time.now });
  for (const piece of SOLVED.pieces) {
    turnedAs(game, piece);
    time.tick(1500);
    assert.equal(game.place(piece.tile, piece.cell).placed, true);
  }
  assert.ok(game.solved);
  assert.deepEqual(game.tray, []);
  assert.equal(game.elapsedMs, 1500 * SOLVED.pieces.length);
  time.tick(60_000);
  assert.equal(game.elapsedMs, 1500 * SOLVED.pieces.length, "the clock stops when solved");
  assert.equal(puzzleCheck(SOLVED.puzzle, game.pieces).stars, 3);
});

test("a tile that fits no turn on a cell is refused, and the board keeps no wrong tile", () => {
  const game = new PuzzleGame(SOLVED.puzzle);
  const [first, ...rest] = SOLVED.pieces;
  turnedAs(game, first);
  game.place(first.tile, first.cell);
  // Each other tile of the tray, on each empty cell: it goes down only if some turn fits.
  for (const piece of rest) {
    for (const cell of game.emptyCells()) {
      const fits = game.fittingRotation(piece.tile, cell) !== null;
      const result = game.place(piece.tile, cell);
      assert.equal(result.placed, fits);
      if (result.placed) game.lift(cell);
      else assert.equal(result.code, "corner_mismatch");
    }
  }
  assert.equal(game.placed.size, 1);
});

test("a joker fits anywhere, two at most, and each costs a star", () => {
  const game = new PuzzleGame(SOLVED.puzzle);
  const [a, b, c] = SOLVED.pieces;
  assert.equal(game.select(JOKER), true);
  assert.equal(game.place(JOKER, a.cell).placed, true);
  assert.equal(game.stars, 2);
  assert.equal(game.place(JOKER, b.cell).placed, true);
  assert.equal(game.stars, 1);
  assert.equal(game.jokersLeft, 0);
  assert.equal(game.select(JOKER), false);
  assert.equal(game.place(JOKER, c.cell).code, "too_many_jokers");
  assert.deepEqual(game.fitCells(JOKER), []);
});

test("a piece taken back returns to the tray, and restarting clears the board", () => {
  const time = clock();
  const game = new PuzzleGame(SOLVED.puzzle, { now: time.now });
  const [first] = SOLVED.pieces;
  game.place(first.tile, first.cell);
  assert.ok(!game.tray.includes(first.tile));
  assert.equal(game.lift(first.cell).tile, first.tile);
  assert.ok(game.tray.includes(first.tile));
  assert.equal(game.selected, first.tile);
  game.place(JOKER, first.cell);
  time.tick(5000);
  game.restart();
  assert.equal(game.placed.size, 0);
  assert.equal(game.jokersLeft, 2);
  assert.equal(game.elapsedMs, 0);
});

test("the arrow keys walk the shape in reading order and between rows", () => {
  const cells = [...SOLVED.puzzle.cells].sort((x, y) => x[0] - y[0] || x[1] - y[1]);
  assert.deepEqual(cursorStep(cells, cells[0], "ArrowLeft"), cells[0]);
  assert.deepEqual(cursorStep(cells, cells[0], "ArrowRight"), cells[1]);
  const last = cells.at(-1);
  assert.deepEqual(cursorStep(cells, last, "ArrowRight"), last);
  const below = cursorStep(cells, cells[0], "ArrowDown");
  assert.equal(below[0], cells[0][0] + 1);
  assert.deepEqual(cursorStep(cells, cells[0], "ArrowUp"), cells[0], "no row above: stays");
});
