// rules/classic/game.js beyond the vectors: what the rules refuse (each with its code,
// the game unchanged), the opening, the draw limit and passing, as
// triominos/classic/game.py refuses them (tests/engine/test_classic_turns.py).

import assert from "node:assert/strict";
import { test } from "node:test";

import { Cell, Placement, TILE_IDS, tileParse } from "../../../challenges/static/challenges/rules/index.js";
import {
  CLASSIC_ERROR_CODES,
  ClassicError,
  ClassicGame,
  DRAW,
  PASS,
  computerAction,
} from "../../../challenges/static/challenges/rules/classic/index.js";

function refused(action, code) {
  try {
    action();
  } catch (error) {
    assert.ok(error instanceof ClassicError, `${error}`);
    assert.equal(error.code, code);
    return error;
  }
  assert.fail(`not refused (${code})`);
}

const game = () => new ClassicGame(2, { seed: "turns", rounds: 1 });

test("the round opens with the opening tile, by the opener, and nothing else", () => {
  const g = game();
  const opener = g.opener;
  const before = g.events;
  refused(() => g.draw(), "opening_required");
  refused(() => g.passTurn(), "opening_required");
  refused(() => g.apply(DRAW, { player: 1 - opener }), "not_your_turn");
  const other = g.hand(opener).find((tile) => !g.openingTiles.includes(tile));
  if (other) refused(() => g.play(new Placement(other, Cell(0, 0), 0)), "wrong_opening");
  const [opening] = g.openingTiles;
  refused(() => g.play(new Placement(opening, Cell(0, 1), 0)), "first_not_at_origin");
  assert.deepEqual(g.events, before);
  const outcome = g.play(new Placement(opening, Cell(0, 0), 0));
  const bonus = opening.isTriple ? g.ruleset.openingBonus + (opening.c === 0 ? g.ruleset.tripleZeroExtra : 0) : 0;
  assert.equal(outcome.points, opening.value + bonus);
  assert.equal(g.currentPlayer, 1 - opener);
  refused(() => g.play(new Placement(opening, Cell(0, 1), 0)), "tile_not_in_hand");
});

test("three draws at most, then a pass; a pass before is refused", () => {
  const g = game();
  g.play(g.legalPlacements()[0]);
  const mover = g.currentPlayer;
  refused(() => g.passTurn(), "pass_not_allowed");
  for (let draw = 0; draw < g.ruleset.maxDrawsPerTurn; draw += 1) g.draw();
  refused(() => g.draw(), "draw_limit");
  assert.equal(g.canDraw(), false);
  assert.equal(g.canPass(), true);
  const score = g.scores[mover];
  g.apply(PASS);
  assert.equal(g.scores[mover], score + g.ruleset.passPoints);
  assert.equal(g.currentPlayer, 1 - mover);
});

test("a game that is over refuses every action", () => {
  const g = new ClassicGame(2, { seed: "over", rounds: 1 });
  while (!g.isOver) g.apply(computerAction(g, { strength: "medium", seed: "over" }));
  assert.equal(g.currentPlayer, null);
  assert.deepEqual(g.legalActions(), []);
  refused(() => g.draw(), "game_over");
  assert.throws(() => computerAction(g, { strength: "easy", seed: "over" }), RangeError);
  assert.ok(CLASSIC_ERROR_CODES.includes("game_over"));
});

test("a deal given as tile ids is played as given; a wrong one is refused", () => {
  const order = [...TILE_IDS].reverse();
  const g = new ClassicGame(2, { deals: [order], rounds: 1 });
  assert.deepEqual(g.hand(0).map((tile) => tile.id), order.slice(0, 9).sort());
  assert.deepEqual(g.hand(1).map((tile) => tile.id), order.slice(9, 18).sort());
  assert.equal(g.wellSize, 56 - 18);
  // 5-5-5, the highest triple, is seat 0's: it opens, and only with it.
  assert.equal(g.opener, 0);
  assert.deepEqual(g.openingTiles, [tileParse("5-5-5")]);
  assert.throws(() => new ClassicGame(2, { deals: [["0-0-0"]] }), /each of the 56 tiles once/);
  assert.throws(() => new ClassicGame(2, { deals: [["6-6-6"]] }), /deal of round 1/);
  assert.throws(() => new ClassicGame(7), /2 to 6 players/);
});

test("the hard computer is the server's", () => {
  assert.throws(() => computerAction(game(), { strength: "hard", seed: "x" }), /in the browser/);
});
