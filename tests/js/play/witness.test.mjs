// witness.js: the batches that carry a run's moves to the server while it is played,
// their retries and resyncs, and the moment the run can no longer be eligible.

import assert from "node:assert/strict";
import { test } from "node:test";

import { Witness, finishBody } from "../../../challenges/static/challenges/lib/witness.js";
import { FakeClock, FakeServer, settle } from "./fake_clock.mjs";

const WINDOW_MS = 10000;

/** A witness on a fake clock and server, and a `move(t)` that plays a draw at `t`. */
function setUp({ server: configure = () => {} } = {}) {
  const clock = new FakeClock();
  const server = new FakeServer(clock);
  configure(server);
  const moves = [];
  const events = { changes: 0, rejected: null };
  const witness = new Witness({
    moves,
    post: server.post,
    now: clock.now,
    timers: clock,
    windowMs: WINDOW_MS,
    onChange: () => {
      events.changes += 1;
    },
    onRejected: (data) => {
      events.rejected = data;
    },
  });
  const move = async (t) => {
    await clock.to(t);
    moves.push({ t, type: "draw" });
    witness.moveAdded();
    await settle();
  };
  return { clock, server, moves, witness, events, move };
}

test("the first move goes at once; later ones in a batch at most every 3 s", async () => {
  const { clock, server, witness, move } = setUp();
  await clock.to(900);
  assert.equal(witness.connection, "idle");
  assert.deepEqual(server.batches, [], "no move, no batch");
  await move(1000);
  assert.deepEqual(server.batches, [{ at: 1000, from: 0, moves: [1000] }]);
  assert.equal(witness.connection, "live");
  await move(1500);
  await move(2500);
  await clock.to(3999);
  assert.equal(server.batches.length, 1, "no batch before 3 s after the last one");
  await clock.to(4000);
  assert.deepEqual(server.batches[1], { at: 4000, from: 1, moves: [1500, 2500] });
  assert.equal(witness.acknowledged, 3);
  await clock.to(20000);
  assert.equal(server.batches.length, 2, "nothing waits, nothing is sent");
  await move(20500);
  assert.deepEqual(server.batches[2], { at: 20500, from: 3, moves: [20500] }, "after a quiet spell a move goes at once");
});

test("moves played at a steady pace reach the server within the interval", async () => {
  const { server, move, witness } = setUp();
  for (let t = 700; t <= 60000; t += 700) {
    await move(t);
  }
  const sent = server.batches.map((batch) => batch.at);
  for (let index = 1; index < sent.length; index += 1) {
    assert.equal(sent[index] - sent[index - 1], 3000);
  }
  assert.ok(witness.moves.length - witness.acknowledged <= 5);
  assert.equal(witness.verdict, null);
});

test("a failed batch is retried with the next one, from the acknowledged index", async () => {
  const { clock, server, witness, move } = setUp();
  await move(1000);
  server.down = true;
  await move(2000);
  await clock.to(4000);
  assert.deepEqual(server.batches.at(-1), { at: 4000, from: 1, moves: [2000] });
  assert.equal(witness.connection, "retrying");
  await move(5000);
  await clock.to(7000);
  assert.deepEqual(server.batches.at(-1), { at: 7000, from: 1, moves: [2000, 5000] });
  server.down = false;
  await clock.to(10000);
  assert.deepEqual(server.batches.at(-1), { at: 10000, from: 1, moves: [2000, 5000] });
  assert.equal(witness.connection, "live");
  assert.equal(witness.acknowledged, 3);
  assert.deepEqual(server.held.map((m) => m.t), [1000, 2000, 5000]);
});

test("a 5xx answer or one without a count is a failed batch too", async () => {
  const { clock, server, witness, move } = setUp();
  server.answer = { status: 503, data: { detail: "busy" } };
  await move(1000);
  assert.equal(witness.connection, "retrying");
  assert.equal(witness.acknowledged, 0);
  server.answer = { status: 200, data: { detail: "no count" } };
  await clock.to(4000);
  assert.equal(witness.acknowledged, 0);
  await clock.to(7000);
  assert.deepEqual(server.batches.map((b) => [b.at, b.from]), [[1000, 0], [4000, 0], [7000, 0]]);
  assert.equal(witness.acknowledged, 1);
  assert.equal(witness.connection, "live");
});

test("the network coming back sends what waits at once (nudge)", async () => {
  const { clock, server, witness, move } = setUp();
  await move(1000);
  server.down = true;
  await move(1500);
  await clock.to(4000);
  server.down = false;
  await clock.to(4500);
  witness.nudge();
  await settle();
  assert.deepEqual(server.batches.at(-1), { at: 4500, from: 1, moves: [1500] });
  assert.equal(witness.acknowledged, 2);
});

test("a 409 resyncs to the count the server holds, and the next batch starts there", async () => {
  const { clock, server, witness, move } = setUp();
  await move(1000);
  // The server took the next batch, but its answer was lost on the way back.
  await move(2000);
  server.answer = (body) => {
    server.receive(body);
    throw new Error("answer lost");
  };
  await clock.to(4000);
  assert.equal(witness.acknowledged, 1);
  assert.equal(server.held.length, 2);
  await move(4500);
  await clock.to(7000);
  // The retry from 1 repeats move 2 unchanged (harmless) and adds move 3.
  assert.equal(witness.acknowledged, 3);

  // A gap: the server holds fewer moves than the browser was told (say, a restore).
  server.held.length = 1;
  await move(8000);
  await clock.to(10000);
  const [conflict, resent] = server.batches.slice(-2);
  assert.deepEqual(conflict, { at: 10000, from: 3, moves: [8000] });
  assert.deepEqual(resent, { at: 10000, from: 1, moves: [2000, 4500, 8000] }, "resent at once from the server's count");
  assert.equal(witness.acknowledged, 4);
  assert.equal(witness.connection, "live");
});

test("a 409 that does not move the index is not resent in a loop", async () => {
  const { clock, server, move } = setUp();
  await move(1000);
  server.answer = { status: 409, data: { detail: "rewrite", code: "moves_conflict", received: 1 } };
  await move(1200);
  await clock.to(4000);
  const count = server.batches.length;
  await clock.to(4100);
  assert.equal(server.batches.length, count, "waits for the next interval");
  await clock.to(7000);
  assert.equal(server.batches.length, count + 1);
});

test("a 422 rejects the run: the witness stops and says so", async () => {
  const { clock, server, witness, events, move } = setUp();
  const verdict = { valid: false, error: { move: 0, code: "corner_mismatch", detail: "no" } };
  server.answer = { status: 422, data: verdict };
  await move(1000);
  assert.deepEqual(events.rejected, verdict);
  assert.equal(witness.stopped, true);
  await move(2000);
  await clock.to(30000);
  assert.equal(server.batches.length, 1);
  assert.equal(witness.verdict, null);
});

test("10 s without reaching the server: the verdict comes at once, not with a batch", async () => {
  const { clock, server, witness, events, move } = setUp();
  await move(1000);
  server.down = true;
  await move(2300);
  await clock.to(12300);
  assert.equal(witness.verdict, null, "10 000 ms after its t a move is still in time");
  const before = events.changes;
  await clock.to(12301);
  assert.deepEqual(witness.verdict, { code: "not_witnessed", source: "local", move: 1 });
  assert.ok(events.changes > before, "the page hears of it at once");
  // The moves get through late: the server agrees, and the verdict stays.
  server.down = false;
  await clock.to(16000);
  assert.equal(witness.acknowledged, 2);
  assert.equal(witness.verdict?.code, "not_witnessed");
  assert.equal(witness.verdict?.source, "server");
});

test("the window runs from the oldest move the server has not acknowledged", async () => {
  const { clock, server, witness, move } = setUp();
  await move(1000);
  server.down = true;
  await move(5000);
  await move(9000);
  await clock.to(14000);
  server.down = false;
  await clock.to(14500);
  witness.nudge();
  await settle();
  assert.equal(witness.acknowledged, 3);
  await clock.to(30000);
  assert.equal(witness.verdict, null, "every move reached the server within 10 s");
});

test("a lost answer misjudged as late is corrected by the server's word", async () => {
  const { clock, server, witness, move } = setUp();
  await move(1000);
  // Every answer is lost on the way back, though the server takes the batches.
  server.down = false;
  const lose = (body) => {
    server.receive(body);
    server.answer = lose;
    throw new Error("answer lost");
  };
  server.answer = lose;
  await move(2000);
  await clock.to(12001);
  assert.equal(witness.verdict?.source, "local");
  server.answer = null;
  await clock.to(13000);
  assert.equal(witness.acknowledged, 2);
  assert.equal(witness.verdict, null, "the server held the move in time and says the run is eligible");
});

test("the server's 'not eligible' is kept with its reason's figures and never undone", async () => {
  const { clock, server, witness, move } = setUp();
  server.eligible = false;
  const reason = { code: "too_fast", move: 1, gap_ms: 100, previous_move: 0, floor_ms: 200, detail: "English." };
  server.answer = { status: 200, data: { received: 1, valid: true, eligible: false, ineligible: reason } };
  await move(1000);
  server.held = [{ t: 1000 }];
  assert.deepEqual(witness.verdict, { code: "too_fast", source: "server", move: null, reason });
  server.eligible = true;
  await move(2000);
  await clock.to(5000);
  assert.equal(witness.verdict?.code, "too_fast");
});

test("settle waits for the batch in flight, sends the rest, and stops", async () => {
  const { clock, server, witness, move } = setUp();
  let release;
  await move(1000);
  server.answer = (body) =>
    new Promise((resolve) => {
      release = () => resolve(server.receive(body));
    });
  await move(1500);
  await clock.to(4000);
  assert.ok(witness.inFlight !== null);
  await move(4200);
  const settled = witness.settle();
  await settle();
  assert.equal(server.batches.length, 2, "nothing beside the batch in flight");
  release();
  assert.equal(await settled, 3);
  assert.deepEqual(server.batches.map((b) => [b.from, b.moves]), [[0, [1000]], [1, [1500]], [2, [4200]]]);
  assert.equal(witness.stopped, true);
  await clock.to(60000);
  assert.equal(server.batches.length, 3);
});

test("settle offline resolves with what the server acknowledged", async () => {
  const { server, witness, move } = setUp();
  await move(1000);
  server.down = true;
  await move(1300);
  assert.equal(await witness.settle(), 1);
});

test("finish sends the remainder, or the whole log when nothing was acknowledged", () => {
  const moves = [{ t: 1, type: "draw" }, { t: 2, type: "draw" }, { t: 3, type: "draw" }];
  assert.deepEqual(finishBody(moves, 0), { moves });
  assert.deepEqual(finishBody(moves, 2), { from: 2, moves: [{ t: 3, type: "draw" }] });
  assert.deepEqual(finishBody(moves, 3), { from: 3, moves: [] });
  assert.notEqual(finishBody(moves, 0).moves[0], moves[0], "a copy, not the run's own moves");
});

test("offline, the time left counts down from the oldest move the server lacks", async () => {
  const { clock, server, witness, move } = setUp();
  assert.equal(witness.msLeft(), null, "no move waits");
  await move(1000);
  assert.equal(witness.msLeft(), null, "acknowledged at once");
  server.down = true;
  await move(2300);
  await clock.to(5300);
  assert.equal(witness.msLeft(), 7000);
  await clock.to(12300);
  assert.equal(witness.msLeft(), 0);
  await clock.to(12301);
  assert.equal(witness.msLeft(), null, "the verdict is in: nothing left to count");
});
