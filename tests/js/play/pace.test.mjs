// pace.js: a placement within pace_floor_ms of the previous one waits for its moment;
// one more while it waits is refused; draws are never held.

import assert from "node:assert/strict";
import { test } from "node:test";

import { PaceGate, lastPlacementT, paceWait } from "../../../challenges/static/challenges/lib/pace.js";
import { ChallengeRun } from "../../../challenges/static/challenges/rules/run.js";
import { DEFAULT_RULESET } from "../../../challenges/static/challenges/rules/ruleset.js";
import { HEXAGON_MOVES, HEXAGON_TRAY, HEXAGON_WELL } from "../rules/fixtures.mjs";
import { FakeClock } from "./fake_clock.mjs";

const FLOOR = DEFAULT_RULESET.paceFloorMs;

test("the floor is the ruleset's 200 ms", () => {
  assert.equal(FLOOR, 200);
});

test("only placements count: draws between them change nothing", () => {
  const moves = [
    { t: 1000, type: "place" },
    { t: 1050, type: "draw" },
    { t: 1100, type: "draw" },
  ];
  assert.equal(lastPlacementT(moves), 1000);
  assert.equal(lastPlacementT([{ t: 5, type: "draw" }]), null);
  assert.equal(paceWait([], 0, FLOOR), 0, "the first placement never waits");
  assert.equal(paceWait(moves, 1120, FLOOR), 80);
  assert.equal(paceWait(moves, 1200, FLOOR), 0, "exactly 200 ms apart is enough");
  assert.equal(paceWait(moves, 5000, FLOOR), 0);
});

/** A run on a fake clock, a gate on it, and `tryPlace(i)`: asks the gate to play
 * HEXAGON_MOVES[i] at the clock's time, as the play page does. */
function setUp() {
  const clock = new FakeClock(1000);
  const run = new ChallengeRun({ tray: HEXAGON_TRAY, well: HEXAGON_WELL });
  const gate = new PaceGate({ moves: run.log, floorMs: FLOOR, now: clock.now, timers: clock });
  const tryPlace = (index) => {
    const { tile, cell, rotation } = HEXAGON_MOVES[index];
    return gate.request(() => {
      assert.equal(run.place(tile, cell, rotation, clock.now()).ok, true);
    });
  };
  const gaps = () => {
    const times = run.log.filter((move) => move.type === "place").map((move) => move.t);
    return times.slice(1).map((t, index) => t - times[index]);
  };
  return { clock, run, gate, tryPlace, gaps };
}

test("a placement in time is played at once", async () => {
  const { clock, run, tryPlace } = setUp();
  assert.equal(tryPlace(0), "placed");
  await clock.advance(250);
  assert.equal(tryPlace(1), "placed");
  assert.deepEqual(run.log.map((move) => move.t), [1000, 1250]);
});

test("a double tap: the second placement waits for its moment, then lands", async () => {
  const { clock, run, gate, tryPlace, gaps } = setUp();
  assert.equal(tryPlace(0), "placed");
  await clock.advance(40);
  assert.equal(tryPlace(1), "held");
  assert.equal(gate.holding, true);
  await clock.advance(159);
  assert.equal(run.log.length, 1, "not before the floor");
  await clock.advance(1);
  assert.equal(run.log.length, 2);
  assert.equal(gate.holding, false);
  assert.deepEqual(gaps(), [200]);
});

test("a held key: one placement waits, the rest are refused, none too fast", async () => {
  const { clock, run, tryPlace, gaps } = setUp();
  assert.equal(tryPlace(0), "placed");
  const answers = [];
  // Key repeat: about every 33 ms, for half a second.
  for (let step = 0; step < 15; step += 1) {
    await clock.advance(33);
    answers.push(tryPlace(run.log.length));
  }
  assert.equal(answers[0], "held");
  assert.ok(answers.includes("refused"));
  for (const gap of gaps()) {
    assert.ok(gap >= FLOOR, `placements ${gap} ms apart`);
  }
  assert.ok(run.log.length >= 2);
});

test("draws while a placement waits are not held, and do not hurry it", async () => {
  const { clock, run, tryPlace, gaps } = setUp();
  tryPlace(0);
  await clock.advance(10);
  assert.equal(tryPlace(1), "held");
  await clock.advance(10);
  assert.equal(run.draw(clock.now()).ok, true, "a draw goes straight through");
  await clock.advance(300);
  assert.deepEqual(run.log.map((move) => move.type), ["place", "draw", "place"]);
  assert.deepEqual(gaps(), [200]);
});

test("a timer that fires early holds the placement again rather than spoil the run", async () => {
  const { clock, run, gaps } = setUp();
  // Fires halfway through every wait (a real timer may fire a little early).
  const early = { setTimeout: (fn, ms) => clock.setTimeout(fn, ms / 2), clearTimeout: clock.clearTimeout };
  const hasty = new PaceGate({ moves: run.log, floorMs: FLOOR, now: clock.now, timers: early });
  const place = (index) => () => {
    const { tile, cell, rotation } = HEXAGON_MOVES[index];
    run.place(tile, cell, rotation, clock.now());
  };
  hasty.request(place(0));
  await clock.advance(20);
  assert.equal(hasty.request(place(1)), "held");
  await clock.advance(400);
  assert.deepEqual(gaps(), [200]);
  assert.equal(hasty.holding, false);
});

test("the run's rounding of t is the gate's: a fraction never makes a 199 ms gap", async () => {
  const { clock, run, tryPlace, gaps } = setUp();
  clock.time = 1000.4;
  tryPlace(0);
  clock.time = 1199.6;
  const answer = tryPlace(1);
  await clock.advance(5);
  assert.ok(["placed", "held"].includes(answer));
  assert.equal(run.log.length, 2);
  assert.ok(gaps()[0] >= FLOOR);
});

test("cancel drops the held placement (the run ended)", async () => {
  const { clock, run, gate, tryPlace } = setUp();
  tryPlace(0);
  tryPlace(1);
  gate.cancel();
  await clock.advance(1000);
  assert.equal(run.log.length, 1);
  assert.equal(gate.holding, false);
});
