// play/machine.js: the play page's phases, and the transitions that are the only
// writers of its state.

import assert from "node:assert/strict";
import { readFileSync, readdirSync } from "node:fs";
import { test } from "node:test";

import {
  ENDED,
  PLAYING,
  PlayMachine,
  READY,
  SUBMITTING,
  TransitionError,
  legalCells,
  misfitCode,
  rotationOf,
  snappedRotation,
  tapPlacement,
  screenOf,
  submittable,
} from "../../../challenges/static/challenges/play/machine.js";
import { ChallengeRun } from "../../../challenges/static/challenges/rules/run.js";
import { HEXAGON_MOVES, HEXAGON_TRAY, HEXAGON_WELL } from "../rules/fixtures.mjs";
import { FakeClock } from "./fake_clock.mjs";

const LIMIT = 120000;
const START = { id: "run-1", tray: HEXAGON_TRAY, well: HEXAGON_WELL };

/** A machine on a fake clock, recording every event it tells. */
function setUp(options = {}) {
  const clock = new FakeClock(5000);
  const machine = new PlayMachine({ now: clock.now, timeLimitMs: LIMIT, ...options });
  const events = [];
  machine.subscribe((event, state, previous) => events.push({ event, state, previous }));
  const types = () => events.map(({ event }) => event.type);
  return { clock, machine, events, types };
}

/** Plays HEXAGON_MOVES[index] at run time `t` (starting the dealt run's clock first). */
function play(machine, clock, index) {
  machine.clockStart();
  const { tile, cell, rotation, t } = HEXAGON_MOVES[index];
  clock.time = machine.state.t0 + t;
  return machine.place(tile, cell, rotation);
}

test("a page opens ready, on the intro, with no run", () => {
  const { machine } = setUp();
  assert.equal(machine.state.phase, READY);
  assert.equal(machine.state.run, null);
  assert.equal(screenOf(machine.state), "intro");
  assert.ok(Object.isFrozen(machine.state));
});

test("begin deals the run and chooses the first tile; the clock waits for a touch", () => {
  const { machine, clock, types } = setUp();
  machine.begin(START);
  const { state } = machine;
  assert.equal(state.phase, PLAYING);
  assert.equal(screenOf(state), "game");
  assert.equal(state.runId, "run-1");
  assert.equal(state.t0, null);
  assert.equal(machine.clockRunning, false);
  assert.equal(state.selection.selected, HEXAGON_TRAY[0]);
  assert.deepEqual(state.selection.cursor, [0, 0]);
  clock.time = 65000;
  assert.equal(machine.elapsed(), 0, "reading the deal costs no time");
  machine.cursorTo([0, 1]);
  assert.equal(machine.clockRunning, false, "the keyboard cursor is no touch of a tile");
  machine.select(HEXAGON_TRAY[1]);
  assert.equal(machine.state.t0, 65000, "the first pick starts the clock");
  clock.time = 67500;
  assert.equal(machine.elapsed(), 2500);
  machine.rotate(HEXAGON_TRAY[1]);
  assert.equal(machine.state.t0, 65000, "once");
  assert.deepEqual(types(), ["started", "cursor", "clockStarted", "selected", "rotated"]);
});

test("each first touch starts the clock: a turn, a placement or a draw", () => {
  for (const touch of [
    (machine) => machine.rotate(HEXAGON_TRAY[0]),
    (machine) => machine.place(HEXAGON_MOVES[0].tile, HEXAGON_MOVES[0].cell, HEXAGON_MOVES[0].rotation),
    (machine) => machine.draw(),
  ]) {
    const { machine, clock } = setUp();
    machine.begin(START);
    clock.time = 9000;
    touch(machine);
    assert.equal(machine.state.t0, 9000);
    assert.equal(machine.state.run.log[0]?.t ?? 0, 0, "the first move is at 0 s");
  }
});

test("the state cannot be written from outside: snapshots are frozen", () => {
  const { machine } = setUp();
  machine.begin(START);
  const { state } = machine;
  assert.throws(() => {
    "use strict";
    state.phase = ENDED;
  }, TypeError);
  assert.throws(() => {
    state.selection.selected = "5-5-5";
  }, TypeError);
  assert.throws(() => {
    state.selection.cursor[0] = 3;
  }, TypeError);
  assert.equal(machine.state.phase, PLAYING);
});

test("a transition the phase does not allow is refused and changes nothing", () => {
  const { machine, types } = setUp();
  assert.throws(() => machine.finishAcknowledged(1), TransitionError);
  assert.throws(() => machine.scored({ valid: true, score: 1 }), TransitionError);
  assert.equal(machine.finishSending(), false);
  machine.begin(START);
  assert.throws(() => machine.begin(START), TransitionError, "no second run while one is played");
  assert.throws(() => machine.recover({ runId: "x", log: { moves: [] }, clientScore: 0 }), TransitionError);
  assert.equal(machine.submitStart(), false);
  assert.equal(machine.state.phase, PLAYING);
  assert.deepEqual(types(), ["started"]);
});

test("choosing, turning and the cursor are the machine's; only tray tiles can be chosen", () => {
  const { machine, events } = setUp();
  machine.select("0-1-2");
  assert.equal(events.length, 0, "nothing to choose before a run");
  machine.begin(START);
  machine.select("0-1-2");
  assert.equal(machine.state.selection.selected, "0-1-2");
  machine.select("6-6-6");
  assert.equal(machine.state.selection.selected, "0-1-2", "a tile not in the tray is ignored");
  machine.rotate("0-1-2");
  assert.equal(rotationOf(machine.state, "0-1-2"), 2);
  machine.rotate("0-1-2");
  assert.equal(rotationOf(machine.state, "0-1-2"), 1);
  machine.rotate("0-1-2");
  assert.equal(rotationOf(machine.state, "0-1-2"), 0, "three turns come round");
  machine.cursorTo([2, -1]);
  assert.deepEqual(machine.state.selection.cursor, [2, -1]);
  const rotated = events.find(({ event }) => event.type === "rotated");
  assert.deepEqual(rotated.event, { type: "rotated", tileId: "0-1-2", rotation: 2 });
  assert.equal(rotationOf(rotated.previous, "0-1-2"), 0, "listeners get the state before too");
});

test("a placement plays on the run's clock and moves the choice and the cursor on", () => {
  const { machine, clock, events } = setUp();
  machine.begin(START);
  machine.rotate("0-0-1");
  assert.equal(play(machine, clock, 0), true);
  const { state } = machine;
  assert.deepEqual(state.run.log[0], HEXAGON_MOVES[0]);
  assert.equal(state.run.tray.includes("0-0-1"), false);
  assert.equal(state.selection.selected, "0-1-2", "the placed tile's place goes to the first tile");
  assert.equal(rotationOf(state, "0-0-1"), 0, "its turn is forgotten");
  assert.deepEqual(state.selection.cursor, [0, 0]);
  const placed = events.at(-1).event;
  assert.equal(placed.type, "placed");
  assert.equal(placed.outcome.ok, true);
  assert.equal(placed.outcome.points, 1);
  machine.select("0-3-4");
  assert.equal(play(machine, clock, 1), true);
  assert.equal(machine.state.selection.selected, "0-3-4", "a choice still in the tray stays");
  assert.deepEqual(machine.state.selection.cursor, [0, 1]);
});

test("a placement the rules refuse is told and changes nothing", () => {
  const { machine, clock, events } = setUp();
  machine.begin(START);
  play(machine, clock, 0);
  const before = machine.state;
  clock.time += 1000;
  assert.equal(machine.place("5-5-5", [0, 1], 0), false);
  assert.equal(machine.state, before, "the same snapshot");
  const refused = events.at(-1).event;
  assert.equal(refused.type, "placeRefused");
  assert.equal(refused.outcome.ok, false);
  assert.match(refused.outcome.detail, /\S/);
});

test("draws take the next well tile; an empty well is told", () => {
  const { machine, clock, events } = setUp();
  machine.begin(START);
  machine.clockStart();
  clock.time += 1000;
  assert.equal(machine.draw(), true);
  assert.deepEqual(events.at(-1).event.tileId, HEXAGON_WELL[0]);
  assert.equal(machine.state.run.score, -5);
  assert.deepEqual(machine.state.run.log, [{ t: 1000, type: "draw" }]);
  for (let index = 1; index < HEXAGON_WELL.length; index += 1) {
    assert.equal(machine.draw(), true);
  }
  assert.equal(machine.draw(), false);
  assert.equal(events.at(-1).event.type, "wellEmpty");
});

test("time up: a move after the limit ends the run instead of playing", () => {
  const { machine, clock, types } = setUp();
  machine.begin(START);
  machine.clockStart();
  clock.time = machine.state.t0 + LIMIT;
  assert.equal(machine.place("0-0-1", [0, 0], 2), false);
  assert.equal(machine.state.phase, ENDED);
  assert.equal(machine.state.finish.reason, "time");
  assert.equal(machine.state.run.log.length, 0);
  assert.deepEqual(types(), ["started", "clockStarted", "ended"]);
  assert.equal(machine.draw(), false, "nothing plays once the run is over");
  machine.select("0-1-2");
  assert.deepEqual(types(), ["started", "clockStarted", "ended"]);
});

test("ending keeps the log and the browser's score, and waits on the game screen", () => {
  const { machine, clock } = setUp();
  machine.begin(START);
  play(machine, clock, 0);
  play(machine, clock, 1);
  clock.time += 700;
  assert.equal(machine.end("player"), true);
  const { state } = machine;
  assert.equal(state.phase, ENDED);
  assert.deepEqual(state.finish.log.moves, HEXAGON_MOVES.slice(0, 2));
  assert.equal(state.finish.clientScore, state.run.score);
  assert.equal(state.finish.endedAt, 900);
  assert.equal(state.finish.status, "waiting");
  assert.equal(screenOf(state), "game");
  assert.equal(machine.end("player"), false, "a run ends once");
});

test("a cleared board ends the run right after its placement", () => {
  // A run whose next placement clears the board: the engine's answer, chosen.
  const cleared = new ChallengeRun({ tray: HEXAGON_TRAY, well: HEXAGON_WELL });
  cleared.place = (tile, cell, rotation, t) => {
    cleared.log.push({ t, type: "place", tile, cell, rotation });
    return { ok: true, points: 30, bonus: null, cleared: true };
  };
  const { machine, types } = setUp({ newRun: () => cleared });
  machine.begin(START);
  assert.equal(machine.place("0-0-1", [0, 0], 2), true);
  assert.deepEqual(types(), ["started", "clockStarted", "placed", "ended"]);
  assert.equal(machine.state.finish.reason, "cleared");
});

test("finish: sending, a failure, a retry, the verdict; each status its screen", () => {
  const { machine, clock } = setUp();
  machine.begin(START);
  play(machine, clock, 0);
  machine.end("player");
  assert.equal(machine.finishSending(), true);
  assert.equal(screenOf(machine.state), "sending");
  assert.equal(machine.finishSending(), false, "one finish at a time");
  machine.finishAcknowledged(1);
  assert.equal(machine.state.finish.acknowledged, 1);
  machine.finishFailed("offline");
  assert.equal(machine.state.finish.status, "unsent");
  assert.equal(machine.state.finish.message, "offline");
  assert.equal(screenOf(machine.state), "sending");
  assert.equal(machine.finishSending(), true);
  machine.scored({ valid: true, score: 1, eligible: true, moves: [{ points: 1, bonus: null }] });
  assert.equal(screenOf(machine.state), "end");
  assert.ok(Object.isFrozen(machine.state.finish.result));
  assert.throws(() => machine.finishSending(), TransitionError, "a verdict is final");
});

test("a batch the server rejects ends the run with that verdict, no finish needed", () => {
  const { machine, clock, types } = setUp();
  machine.begin(START);
  play(machine, clock, 0);
  const error = { move: 0, code: "corner_mismatch", detail: "corner 1 shows 4, not 2" };
  assert.equal(machine.reject({ valid: false, score: 0, moves: [], error }), true);
  const { finish } = machine.state;
  assert.equal(finish.reason, "rejected");
  assert.equal(finish.status, "scored");
  assert.deepEqual(finish.result.error, error);
  assert.equal(screenOf(machine.state), "end");
  assert.deepEqual(types(), ["started", "clockStarted", "placed", "ended"]);
  assert.equal(machine.reject({}), false, "after the end a late 422 changes nothing");
});

test("a run kept unsent is sent from the intro, with no board", () => {
  const { machine } = setUp();
  machine.recover({ runId: "old", log: { moves: HEXAGON_MOVES.slice(0, 1) }, clientScore: 1 });
  const { state } = machine;
  assert.equal(state.phase, ENDED);
  assert.equal(state.run, null);
  assert.equal(state.finish.reason, "recovered");
  assert.equal(screenOf(state), "sending");
});

test("submitting: only a scored, eligible run not yet submitted; then back to the end", () => {
  const { machine, clock } = setUp();
  machine.begin(START);
  play(machine, clock, 0);
  machine.end("player");
  machine.finishSending();
  machine.scored({ valid: true, score: 1, eligible: false, moves: [] });
  assert.equal(machine.submitStart(), false, "practice runs are not submitted");

  const second = setUp();
  second.machine.begin(START);
  second.machine.end("player");
  second.machine.finishSending();
  second.machine.scored({ valid: true, score: 0, eligible: true, moves: [] });
  assert.equal(second.machine.submitStart(), true);
  assert.equal(second.machine.state.phase, SUBMITTING);
  assert.equal(screenOf(second.machine.state), "end");
  assert.equal(second.machine.submitStart(), false, "one submit at a time");
  second.machine.submitDone({ kind: "entered", entry: { rank: 1 }, final: true });
  assert.equal(second.machine.state.phase, ENDED);
  assert.equal(second.machine.submitStart(), false, "an entry is final");
  assert.equal(second.types().at(-1), "submitted");

  const taken = setUp();
  taken.machine.begin(START);
  taken.machine.end("player");
  taken.machine.finishSending();
  taken.machine.scored({ valid: true, score: 0, eligible: true, submitted: true, moves: [] });
  assert.equal(taken.machine.submitStart(), false, "the player has an entry already");
});

test("play again from the end screen, even while a submit is on its way", () => {
  const { machine } = setUp();
  machine.begin(START);
  machine.end("player");
  machine.finishSending();
  machine.scored({ valid: true, score: 0, eligible: true, moves: [] });
  machine.submitStart();
  machine.begin({ ...START, id: "run-2" });
  assert.equal(machine.state.phase, PLAYING);
  assert.equal(machine.state.finish, null);
  machine.submitDone({ kind: "entered", entry: {}, final: true });
  assert.equal(machine.state.phase, PLAYING, "a late answer for the run left behind changes nothing");
});

test("a start that fails goes back to the intro, from the end screen too", () => {
  const { machine, types, events } = setUp();
  machine.startFailed("offline");
  assert.equal(events.at(-1).event.message, "offline");
  machine.begin(START);
  machine.end("player");
  machine.finishSending();
  machine.scored({ valid: true, score: 0, moves: [] });
  machine.startFailed("closed");
  assert.equal(machine.state.phase, READY);
  assert.equal(machine.state.run, null);
  assert.deepEqual(types(), ["startFailed", "started", "ended", "sending", "scored", "startFailed"]);
});

test("reads: legal cells are distinct cells; submittable means valid and eligible", () => {
  const run = new ChallengeRun({ tray: HEXAGON_TRAY, well: HEXAGON_WELL });
  assert.deepEqual(legalCells(run, "0-0-1"), [[0, 0]], "the first tile goes in the middle");
  assert.equal(submittable({ valid: true }), true);
  assert.equal(submittable({ valid: true, eligible: false }), false);
  assert.equal(submittable({ valid: false }), false);
  assert.equal(submittable(null), false);
});

test("only the machine plays moves on the run: no other play module calls place or draw on it", () => {
  const client = new URL("../../../challenges/static/challenges/", import.meta.url);
  const files = ["pages/", "play/"].flatMap((folder) =>
    readdirSync(new URL(folder, client)).map((name) => `${folder}${name}`),
  );
  const sources = files.map((name) => [name, readFileSync(new URL(name, client), "utf8")]);
  // The replays rebuild a finished log on a run of their own (new ChallengeRun): not the machine's.
  const players = sources
    .filter(([, source]) => /\brun\.(place|draw|playMove)\(/.test(source))
    .filter(([name, source]) => name === "play/machine.js" || !/new ChallengeRun\(/.test(source))
    .map(([name]) => name);
  assert.ok(files.length > 10);
  assert.deepEqual(players, ["play/machine.js"]);
});

test("a tap places the chosen tile in its turned rotation where it fits, and nothing otherwise", () => {
  const { machine } = setUp();
  assert.equal(tapPlacement(machine.state, [0, 0]), null, "no run yet");
  machine.begin(START);
  const tileId = START.tray[1];
  machine.select(tileId);
  machine.rotate(tileId);
  assert.equal(snappedRotation(machine.state, tileId, [0, 0]), rotationOf(machine.state, tileId));
  assert.deepEqual(tapPlacement(machine.state, [0, 0]), { tileId, rotation: rotationOf(machine.state, tileId) });
  assert.equal(tapPlacement(machine.state, [3, 3]), null, "the first tile goes on the origin only");
  assert.equal(snappedRotation(machine.state, tileId, [3, 3]), null);
  machine.end("player");
  assert.equal(tapPlacement(machine.state, [0, 0]), null, "the run is over");
});

test("misfitCode says why the chosen tile does not fit a cell, and nothing where it fits", () => {
  const { machine, clock } = setUp();
  machine.begin(START);
  const first = HEXAGON_MOVES[0];
  assert.equal(misfitCode(machine.state, first.tile, [0, 0]), null, "the first tile fits the middle");
  assert.equal(misfitCode(machine.state, first.tile, [0, 1]), "first_not_at_origin");
  assert.ok(play(machine, clock, 0));
  const next = machine.state.run.tray[0];
  assert.equal(misfitCode(machine.state, next, [0, 0]), "cell_occupied");
  assert.equal(misfitCode(machine.state, next, [6, 6]), "not_adjacent");
  const [fits] = legalCells(machine.state.run, next);
  if (fits !== undefined) {
    assert.equal(misfitCode(machine.state, next, fits), null);
  }
});

test("resume plays a reloaded run's moves again and goes on on its own clock", () => {
  const { machine, clock, types } = setUp();
  clock.time = 50_000;
  machine.resume({ id: "run-9", tray: HEXAGON_TRAY, well: HEXAGON_WELL, moves: HEXAGON_MOVES.slice(0, 2), elapsedMs: 30_000 });
  const { state } = machine;
  assert.equal(state.phase, PLAYING);
  assert.equal(state.runId, "run-9");
  assert.equal(state.run.log.length, 2);
  assert.equal(machine.elapsed(), 30_000);
  assert.deepEqual(types(), ["started"]);
  const waiting = setUp();
  waiting.machine.resume({ id: "run-8", tray: HEXAGON_TRAY, well: HEXAGON_WELL, moves: [], elapsedMs: null });
  assert.equal(waiting.machine.clockRunning, false, "a deal still waiting for its touch");
});

test("hard mode turns no tile by itself: only the player's rotation snaps, and it is kept", () => {
  for (const hard of [false, true]) {
    const { machine, clock } = setUp();
    machine.begin({ ...START, hard });
    assert.equal(machine.state.hard, hard);
    assert.ok(play(machine, clock, 0));
    // A tray tile and a cell where it fits in some rotation, but not as it is turned now.
    const run = machine.state.run;
    const found = run.tray
      .flatMap((tileId) => legalCells(run, tileId).map((cell) => ({ tileId, cell })))
      .find(({ tileId, cell }) => run.snapRotation(tileId, cell, 0) !== 0);
    assert.ok(found, "the fixture has a tile that must turn to fit somewhere");
    const { tileId, cell } = found;
    machine.select(tileId);
    const snapped = snappedRotation(machine.state, tileId, cell);
    if (hard) {
      assert.equal(snapped, null, "no automatic turn");
      assert.equal(tapPlacement(machine.state, cell), null);
      assert.equal(misfitCode(machine.state, tileId, cell), "corner_mismatch");
    } else {
      assert.equal(snapped, run.snapRotation(tileId, cell, 0));
      assert.notEqual(snapped, null);
    }
    // Turned by the player to the rotation that fits, it goes down in hard mode too.
    const fitting = run.snapRotation(tileId, cell, 0);
    while (rotationOf(machine.state, tileId) !== fitting) machine.rotate(tileId);
    assert.deepEqual(tapPlacement(machine.state, cell), { tileId, rotation: fitting });
    machine.end("player");
    assert.equal(machine.state.hard, hard, "kept to the end of the run");
  }
});
