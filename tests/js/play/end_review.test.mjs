// end_review.js's pure parts: the par line, a miss's sentence, the board before a move.

import assert from "node:assert/strict";
import { afterEach, test } from "node:test";

import { scoreFrame } from "../../../challenges/static/challenges/lib/review_words.js";
import { dropCatalog, useCatalog } from "../po_catalog.mjs";

import { ChallengeRun } from "../../../challenges/static/challenges/rules/index.js";
import {
  EndReview,
  missLine,
  parLine,
  placementsBefore,
} from "../../../challenges/static/challenges/play/end_review.js";
import { HEXAGON_MOVES, HEXAGON_TRAY, HEXAGON_WELL } from "../rules/fixtures.mjs";

test("the score as a share of par, or par: soon", () => {
  assert.equal(parLine(280, 412), "68% of par 412");
  assert.equal(parLine(412, 412), "100% of par 412");
  assert.equal(parLine(-12, 400), "-3% of par 400");
  assert.equal(parLine(280, null), "par: soon");
  assert.equal(parLine(280, 0), "par: soon");
});

test("a miss says the move, the best move and what was made", () => {
  const entry = {
    index: 11,
    played: { points: 12, bonus: null },
    text: "4-5-5 at 2,1 rotation 1 for +50 (hexagon)",
  };
  assert.equal(
    missLine(entry),
    "Move 12: best move you missed: 4-5-5 at 2,1 rotation 1 for +50 (hexagon); you made +12.",
  );
  assert.match(missLine({ ...entry, played: { points: -5, bonus: null } }), /you made -5\.$/);
});

test("the board before a move holds the placements made before it, in order", () => {
  const deal = { tray: HEXAGON_TRAY, well: HEXAGON_WELL, moves: HEXAGON_MOVES.map((m) => ({ type: "place", ...m })) };
  assert.deepEqual(placementsBefore(deal, 0), []);
  const three = placementsBefore(deal, 3);
  assert.deepEqual(
    three,
    HEXAGON_MOVES.slice(0, 3).map(({ tile, cell, rotation }) => ({ tile, cell, rotation })),
  );
});

test("a run resumed with moves played keeps its deal for the review, not its tray now", () => {
  const moves = HEXAGON_MOVES.map((m) => ({ type: "place", ...m }));
  // A reload plays the moves again on a new run, as the play page's machine does.
  const resumed = new ChallengeRun({ tray: HEXAGON_TRAY, well: HEXAGON_WELL });
  for (const move of moves.slice(0, 4)) {
    assert.ok(resumed.place(move.tile, move.cell, move.rotation, move.t).ok);
  }
  resumed.draw(resumed.lastT);
  const review = new EndReview(() => null, { urls: {}, par: null });
  review.dealt(resumed);
  assert.deepEqual(review.deal, { tray: HEXAGON_TRAY, well: HEXAGON_WELL });
  assert.equal(placementsBefore({ ...review.deal, moves }, 4).length, 4);
});

test("a miss names the better move in words: its cell and its bonus, no rotation index", () => {
  const entry = {
    index: 3,
    played: { points: 12, bonus: null },
    best: { tile: "4-5-5", cell: [2, -1], rotation: 1 },
    best_outcome: { points: 50, bonus: "hexagon" },
  };
  assert.equal(missLine(entry), "Move 4: best move you missed: 4-5-5 on row 2, column -1, for +50 with a hexagon; you made +12.");
  assert.doesNotMatch(missLine(entry), /rotation/);
  const plain = { ...entry, best_outcome: { points: 9, bonus: null } };
  assert.match(missLine(plain), /4-5-5 on row 2, column -1, for \+9;/);
  assert.match(missLine({ ...entry, best: null, best_outcome: { points: -5, bonus: null } }), /a draw, for -5/);
});

afterEach(dropCatalog);

test("the score framed for a beginner: beside par, the players it beats and the median", () => {
  const field = { entries: 40, median: 214, better_than: 62 };
  assert.equal(scoreFrame(40, 485, field), "better than 62% of players · median 214 · par 485");
  assert.equal(scoreFrame(40, null, field), "better than 62% of players · median 214 · par: soon");
  // Beating nobody is left unsaid; the median and par still frame the score.
  assert.equal(scoreFrame(-5, 485, { ...field, better_than: 0 }), "median 214 · par 485");
  assert.equal(scoreFrame(40, 485, { entries: 2, median: 212.5, better_than: 50 }), "better than 50% of players · median 212.5 · par 485");
  // No one to compare with: the share of par, as before.
  assert.equal(scoreFrame(40, 485, null), "8% of par 485");
  assert.equal(scoreFrame(40, 485, { entries: 0, median: 0, better_than: 0 }), "8% of par 485");
});

test("the frame in French and in Dutch, numbers written their way", () => {
  const field = { entries: 40, median: 212.5, better_than: 62 };
  useCatalog("fr");
  assert.equal(scoreFrame(40, 485, field), "meilleur que 62\u00a0% des joueurs · médiane 212,5 · par 485");
  assert.equal(scoreFrame(40, null, { ...field, better_than: 0 }), "médiane 212,5 · par : bientôt");
  useCatalog("nl");
  assert.equal(scoreFrame(40, 485, field), "beter dan 62% van de spelers · mediaan 212,5 · par 485");
});
