// play/standing.js: the end screen's standing (the best moment, bests, par, place, the
// runs and which Submit leads) and sharing the card (share sheet or clipboard).

import assert from "node:assert/strict";
import { test } from "node:test";

import { finalPlacements } from "../../../challenges/static/challenges/play/end_screen.js";
import { bestsLine, placeLine } from "../../../challenges/static/challenges/play/end_words.js";
import { shareRun, standingView } from "../../../challenges/static/challenges/play/standing.js";

function standing(overrides = {}) {
  return {
    run: "r2",
    score: 60,
    par: null,
    par_percent: null,
    bests_before: { today: 40, week: 40, all_time: 90 },
    new_bests: ["today", "week"],
    entry: null,
    would_be: { rank: 3, count: 11 },
    submittable: true,
    runs: [
      { id: "r2", score: 60, started_at: "2026-11-19T10:05:00Z", eligible: true, submitted: false, submittable: true, best: true },
      { id: "r1", score: 40, started_at: "2026-11-19T10:00:00Z", eligible: true, submitted: false, submittable: true, best: false },
    ],
    share: { text: "Tri-Ominos Daily #9\n60 points\n·\nhttps://x.test/share/r2/", url: "https://x.test/share/r2/" },
    ...overrides,
  };
}

test("the best run above zero leads with Submit; the widest best it beats is the moment", () => {
  const view = standingView(standing(), "r2");
  assert.equal(view.submitIsMain, true);
  assert.equal(view.moment, "Your best this week!");
  assert.equal(view.bests, "Your best before this run: today 40, this week 40, ever 90.");
  assert.equal(view.place, "Submitted now, it would be rank 3 of 11.");
  assert.equal("par" in view, false, "par is the end review's line, beside the score");
  assert.deepEqual(view.runs.map((run) => run.current), [true, false]);
  assert.equal(view.betterRun, null);
  assert.equal(standingView(standing({ new_bests: ["today", "week", "all_time"] }), "r2").moment, "New personal best!");
  assert.equal(standingView(standing({ new_bests: [] }), "r2").moment, null);
});

test("a run that is not the best: Play again leads, and the better run is named", () => {
  const view = standingView(standing({ run: "r1", score: 40 }), "r1");
  assert.equal(view.submitIsMain, false);
  assert.equal(view.betterRun.id, "r2");
  const zero = standing({
    score: 0,
    runs: [{ id: "r2", score: 0, eligible: true, submitted: false, submittable: true, best: true }],
  });
  assert.equal(standingView(zero, "r2").submitIsMain, false, "never Submit first for a run at zero");
});

test("place in words", () => {
  assert.equal(placeLine({ entry: { rank: 2, count: 9 }, would_be: null }), "Your entry: rank 2 of 9.");
  assert.equal(placeLine({ entry: null, would_be: null }), null);
  assert.equal(bestsLine({ today: null, week: null, all_time: null }), null);
  assert.equal(bestsLine({ today: null, week: 5, all_time: 5 }), "Your best before this run: this week 5, ever 5.");
});

test("the final board is the placements the server replayed", () => {
  const moves = [
    { t: 1, type: "place", tile: "0-0-1", cell: [0, 0], rotation: 2 },
    { t: 2, type: "draw" },
    { t: 3, type: "place", tile: "0-1-2", cell: [0, 1], rotation: 0 },
  ];
  assert.deepEqual(finalPlacements(moves, 3), [
    { tile: "0-0-1", cell: [0, 0], rotation: 2 },
    { tile: "0-1-2", cell: [0, 1], rotation: 0 },
  ]);
  assert.deepEqual(finalPlacements(moves, 2), [{ tile: "0-0-1", cell: [0, 0], rotation: 2 }]);
});

test("sharing: the share sheet on a touch device, else the clipboard", async () => {
  const copied = [];
  const shared = [];
  const clipboard = { writeText: async (text) => copied.push(text) };
  const share = standing().share;
  assert.equal(await shareRun(share, { navigator: { clipboard }, touch: false }), "copied");
  assert.deepEqual(copied, [share.text]);
  const phone = { clipboard, share: async (data) => shared.push(data) };
  assert.equal(await shareRun(share, { navigator: phone, touch: true }), "shared");
  assert.deepEqual(shared, [{ text: share.text }]);
  assert.equal(await shareRun(share, { navigator: phone, touch: false }), "copied", "a desktop copies");
  const cancelled = { clipboard, share: async () => Promise.reject(Object.assign(new Error("x"), { name: "AbortError" })) };
  assert.equal(await shareRun(share, { navigator: cancelled, touch: true }), "cancelled");
  const broken = { clipboard: { writeText: async () => Promise.reject(new Error("denied")) } };
  assert.equal(await shareRun(share, { navigator: broken, touch: false }), "failed");
});
