// play/end_screen.js and play/end_words.js: what the end screen shows for each
// verdict, the move review, and the submit's outcome in words.

import assert from "node:assert/strict";
import { afterEach, test } from "node:test";

import { endSummary, focusLost, reviewRows } from "../../../challenges/static/challenges/play/end_screen.js";
import { submitSentence, verdictText } from "../../../challenges/static/challenges/play/end_words.js";
import { refusalReason } from "../../../challenges/static/challenges/play/words.js";
import { dropCatalog, useCatalog } from "../po_catalog.mjs";

afterEach(dropCatalog);

const MOVES = [
  { t: 900, type: "place", tile: "0-0-1", cell: [0, 0], rotation: 2 },
  { t: 1500, type: "draw" },
  { t: 2650, type: "place", tile: "0-1-2", cell: [0, 1], rotation: 0 },
];
const FINISH = { reason: "time", runId: "r1", log: { moves: MOVES }, clientScore: 0 };
const REPLAYED = [
  { points: 1, bonus: null },
  { points: -5, bonus: null },
  { points: 4, bonus: "bridge" },
];

test("a valid eligible run: its score, its figures, Submit offered", () => {
  const summary = endSummary(FINISH, { valid: true, eligible: true, score: 0, moves: REPLAYED, best_score: 12 });
  assert.equal(summary.title, "Time's up!");
  assert.equal(summary.score, 0);
  assert.equal(summary.placed, 2);
  assert.equal(summary.draws, 1);
  assert.equal(summary.best, 12);
  assert.equal(summary.verdict, "");
  assert.equal(summary.submittable, true);
  assert.equal(summary.alreadySubmitted, false);
  assert.equal(summary.announcement, "Time's up! The server's score: 0. Your best on this challenge: 12.");
});

test("a run submitted already shows so, and offers no second submit", () => {
  const summary = endSummary(FINISH, { valid: true, eligible: true, score: 0, moves: REPLAYED, submitted: true });
  assert.equal(summary.alreadySubmitted, true);
  assert.equal(summary.best, null);
});

test("practice: valid but not eligible, with the reason worded from its code and figures", () => {
  const result = {
    valid: true,
    eligible: false,
    ineligible: { code: "not_witnessed", move: 6, t_ms: 9700, late_ms: 15700, window_ms: 10000, detail: "Server words." },
    score: 0,
    moves: REPLAYED,
  };
  const summary = endSummary(FINISH, result);
  assert.equal(summary.submittable, false);
  assert.equal(
    summary.verdict,
    "This run cannot enter the leaderboard: move 7 (at 9.7 seconds into the run) reached the server 15.7 seconds " +
      "later; a move must arrive within 10 seconds. It still counts as practice in your history, with its score.",
  );
  assert.match(summary.announcement, /It counts as practice/);
});

test("the server's count stands over the browser's", () => {
  const text = verdictText({ valid: true, score: 5, moves: REPLAYED }, 9);
  assert.equal(text, "Your browser counted 9 points; the server's replay gives 5, and the server's count is the one that stands.");
});

test("a rejected run: where and why, and only the replayed moves count", () => {
  const result = {
    valid: false,
    score: 1,
    moves: REPLAYED.slice(0, 1),
    error: { move: 1, code: "well_empty", detail: "The engine's English." },
  };
  const summary = endSummary({ ...FINISH, clientScore: 0 }, result);
  assert.equal(summary.placed, 1);
  assert.equal(summary.draws, 0);
  assert.equal(summary.submittable, false);
  assert.equal(
    summary.verdict,
    "The server rejected this run at move 2: the well is empty: nothing to draw (well_empty). Your browser counted 0 points, " +
      "but only the server's replay counts, and only a valid run can be submitted.",
  );
  assert.match(summary.announcement, /The run was rejected\.$/);
  assert.deepEqual(
    summary.review.map((row) => row.kind),
    [null, "error", "dropped"],
  );
  assert.equal(summary.review[1].title, "the well is empty: nothing to draw");
});

test("a run the server would not take says so plainly, its sentence never inside ours", () => {
  const text = verdictText({ valid: false, score: 0, moves: [], error: null, code: "not_found", detail: "No such run.", refused: true }, 3);
  assert.equal(text, "The server did not take this run. No such run.");
  const late = { valid: false, score: 0, moves: [], error: null, code: "deadline_passed", detail: "Too late: …", refused: true };
  assert.equal(verdictText(late, 3), "The server did not take this run: its moves reached the server after the run's time.");
});

test("the review: number, time, move, cell, points, bonus", () => {
  const rows = reviewRows(MOVES, REPLAYED, null);
  assert.deepEqual(rows[0], { cells: ["1", "0.9 s", "0-0-1", "0, 0", "1", ""], kind: null, title: null });
  assert.deepEqual(rows[1].cells, ["2", "1.5 s", "Draw", "", "-5", ""]);
  assert.deepEqual(rows[2].cells, ["3", "2.6 s", "0-1-2", "0, 1", "4", "Bridge"]);
  assert.deepEqual(reviewRows([], [], null), []);
});

test("the submit's outcome in words", () => {
  const entered = submitSentence({ kind: "entered", entry: { rank: 3, count: 40, percentile: 95.2 } });
  assert.equal(entered.map(([text]) => text).join(""), "Submitted! You are #3 of 40, scoring as well as or better than 95% of entries.");
  assert.deepEqual(entered.filter(([, emphasis]) => emphasis === "strong").map(([text]) => text), ["#3", "95%"]);
  assert.deepEqual(submitSentence({ kind: "already", detail: "You have already submitted a run for this challenge." }), [
    ["You have already submitted a run for this challenge. Only one run per challenge counts.", null],
  ]);
  assert.deepEqual(submitSentence({ kind: "error", message: "Closed." }), [["Closed.", null]]);
});

test("a held entry is under review: one plain sentence, no rank and no measure", () => {
  const held = submitSentence({
    kind: "entered",
    entry: { status: "held", rank: null, count: 40, percentile: null, review: { code: "checked_by_a_person", detail: "x" } },
  });
  const text = held.map(([piece]) => piece).join("");
  assert.equal(text, "Submitted: your entry is under review. Some entries are checked by a person before they go on the board.");
  assert.doesNotMatch(text, /#|%|rank|par/);
  // Without a review, the same sentence.
  const other = submitSentence({ kind: "entered", entry: { status: "held" } });
  assert.match(other.map(([piece]) => piece).join(""), /checked by a person/);
});

test("the focus is lost on <body>, on what left the page, on what is hidden or disabled", () => {
  const body = { isConnected: true };
  const ownerDocument = { body };
  body.ownerDocument = ownerDocument;
  const element = (props = {}, hiddenAncestor = null) => ({
    ownerDocument,
    isConnected: true,
    disabled: false,
    closest: (selector) => (selector === "[hidden]" ? hiddenAncestor : null),
    ...props,
  });
  assert.equal(focusLost(null), true);
  assert.equal(focusLost(body), true, "<body>");
  assert.equal(focusLost(element({ isConnected: false })), true, "removed");
  assert.equal(focusLost(element({ disabled: true })), true, "disabled");
  assert.equal(focusLost(element({}, { hidden: true })), true, "inside a hidden block");
  assert.equal(focusLost(element()), false, "a live control keeps the focus");
});

test("a refusal is worded from its code; an unknown code gets words of its own, never the engine's", () => {
  assert.equal(refusalReason({ code: "bad_log", detail: "a run log must be an object, not 7" }), "what was sent is not a run log");
  assert.equal(refusalReason({ code: "new_rule", detail: "ENGINE ENGLISH" }), "the rules refuse it");
  const rejected = { valid: false, score: 0, moves: [], error: { move: 0, code: "corner_mismatch", detail: "ENGINE ENGLISH" } };
  assert.doesNotMatch(verdictText(rejected, 0), /ENGINE/);
});

test("in French and German, a rejected or practice run's verdict holds no English", () => {
  const rejected = { valid: false, score: 0, moves: [], error: { move: 2, code: "corner_mismatch", detail: "corner 0 of [0, 1] lands" } };
  const late = { valid: true, eligible: false, score: 5, moves: [], ineligible: { code: "not_witnessed", move: 0, t_ms: 1000, late_ms: 12000, window_ms: 10000, detail: "move 1 reached" } };
  useCatalog("fr");
  assert.equal(
    verdictText(rejected, 0),
    "Le serveur a refusé cette partie au coup 3 : ses chiffres ne correspondent pas aux coins qu'elle touche " +
      "(corner_mismatch). Votre navigateur a compté 0 points, mais seul le décompte du serveur compte, et seule " +
      "une partie valide peut être soumise.",
  );
  assert.match(verdictText(late, 5), /le coup 1 \(à 1 seconde de partie\) est arrivé au serveur 12 secondes plus tard/);
  useCatalog("de");
  assert.match(verdictText(late, 5), /Zug 1 \(bei 1 Sekunde in der Runde\) erreichte den Server 12 Sekunden später/);
  // (The code itself, "(corner_mismatch)", is shown as a code.)
  assert.doesNotMatch(verdictText(late, 5) + verdictText(rejected, 0), /reached|corner \d|lands/);
});
