// play/unsent_offer.js: what the unsent store keeps of the run being played.

import assert from "node:assert/strict";
import { test } from "node:test";

import { PlayMachine } from "../../../challenges/static/challenges/play/machine.js";
import { resumable, unsentRecord, unsentTooLate } from "../../../challenges/static/challenges/play/unsent_offer.js";
import { HEXAGON_MOVES, HEXAGON_TRAY, HEXAGON_WELL } from "../rules/fixtures.mjs";
import { FakeClock } from "./fake_clock.mjs";

test("the record holds the run's log and the browser's score, or nothing without a run", () => {
  const clock = new FakeClock(0);
  const machine = new PlayMachine({ now: clock.now, timeLimitMs: 120000 });
  assert.equal(unsentRecord(machine.state, { challengeId: 9, status: "playing", savedAt: 1 }), null);
  machine.begin({ id: "r1", tray: HEXAGON_TRAY, well: HEXAGON_WELL });
  machine.clockStart();
  const { tile, cell, rotation, t } = HEXAGON_MOVES[0];
  clock.time = t;
  machine.place(tile, cell, rotation);
  const record = unsentRecord(machine.state, { challengeId: 9, status: "playing", savedAt: 1234 });
  assert.deepEqual(record, {
    runId: "r1",
    challengeId: 9,
    status: "playing",
    log: { moves: [HEXAGON_MOVES[0]] },
    clientScore: 1,
    savedAt: 1234,
    clockStartedAt: null,
  });
  record.log.moves.push({ t: 1, type: "draw" });
  assert.equal(machine.state.run.log.length, 1, "the record is a copy");
});

test("a kept run can be sent until its two minutes and the grace are surely over", () => {
  const pending = { savedAt: 1_000_000 };
  assert.equal(unsentTooLate(pending, 1_000_000 + 120_000), false);
  assert.equal(unsentTooLate(pending, 1_000_000 + 130_000), false, "the grace is 10 s");
  assert.equal(unsentTooLate(pending, 1_000_000 + 130_001), true);
});

test("a reload resumes the run still played on this challenge, on its own clock", () => {
  const record = { runId: "r1", challengeId: 9, status: "playing", log: { moves: [] }, clockStartedAt: 10_000 };
  assert.equal(resumable(record, { challengeId: 9, now: 40_000 }).elapsedMs, 30_000);
  assert.equal(resumable({ ...record, clockStartedAt: null }, { challengeId: 9, now: 40_000 }).elapsedMs, null);
  assert.equal(resumable(record, { challengeId: 10, now: 40_000 }), null, "another challenge");
  assert.equal(resumable({ ...record, status: "finished" }, { challengeId: 9, now: 40_000 }), null);
  assert.equal(resumable(record, { challengeId: 9, now: 130_000 }), null, "its clock ran out");
  assert.equal(resumable(null, { challengeId: 9, now: 0 }), null);
});
