// play/finish.js and play/submit.js: every answer the server can give to finish and
// to submit, and what the page makes of it.

import assert from "node:assert/strict";
import { test } from "node:test";

import { UNAVAILABLE_RETRY_MS, finishSend, runDetailAsFinish } from "../../../challenges/static/challenges/play/finish.js";
import { submitOutcome, submitSend } from "../../../challenges/static/challenges/play/submit.js";

const LOG = {
  moves: [
    { t: 900, type: "place", tile: "0-0-1", cell: [0, 0], rotation: 2 },
    { t: 1500, type: "draw" },
    { t: 2600, type: "draw" },
  ],
};

/** A post() that answers from `answers` in turn, recording each body it was sent. */
function server(...answers) {
  const bodies = [];
  const post = async (body) => {
    bodies.push(body);
    const answer = answers.shift();
    if (answer instanceof Error) throw answer;
    return answer;
  };
  return { post, bodies };
}

const noFetch = () => Promise.reject(new Error("not expected"));

test("a 200 is the verdict; finish carries only what the server has not acknowledged", async () => {
  const verdict = { valid: true, score: -9, moves: [], eligible: true };
  const { post, bodies } = server({ status: 200, data: verdict });
  const outcome = await finishSend({ log: LOG, acknowledged: 2, post, fetchRun: noFetch });
  assert.deepEqual(outcome, { kind: "scored", result: verdict });
  assert.deepEqual(bodies, [{ from: 2, moves: [LOG.moves[2]] }]);
});

test("with nothing acknowledged, the whole log goes, without a from", async () => {
  const { post, bodies } = server({ status: 200, data: { valid: true, score: 0, moves: [] } });
  await finishSend({ log: LOG, acknowledged: 0, post, fetchRun: noFetch });
  assert.deepEqual(bodies, [{ moves: LOG.moves }]);
});

test("a rejected run's 422 (or 400) with its replay is a verdict too", async () => {
  for (const status of [400, 422]) {
    const data = { valid: false, score: 1, moves: [{ points: 1 }], error: { move: 1, code: "bad_draw" } };
    const { post } = server({ status, data });
    assert.deepEqual(await finishSend({ log: LOG, acknowledged: 0, post, fetchRun: noFetch }), { kind: "scored", result: data });
  }
  const { post } = server({ status: 400, data: { detail: "Bad JSON.", code: "parse_error" } });
  assert.deepEqual(await finishSend({ log: LOG, acknowledged: 0, post, fetchRun: noFetch }), { kind: "unsent", message: "Bad JSON." });
});

test("a 409 naming another count of held moves: the rest goes from there", async () => {
  const acknowledged = [];
  const { post, bodies } = server(
    { status: 409, data: { code: "moves_conflict", received: 1 } },
    { status: 200, data: { valid: true, score: 0, moves: [] } },
  );
  const outcome = await finishSend({ log: LOG, acknowledged: 2, post, fetchRun: noFetch, onAcknowledged: (count) => acknowledged.push(count) });
  assert.equal(outcome.kind, "scored");
  assert.deepEqual(acknowledged, [1]);
  assert.deepEqual(bodies.map((body) => body.from), [2, 1]);
});

test("a 409 the browser cannot act on (same count, out of the log) is not resent in a loop", async () => {
  for (const received of [2, 7, -1, "2"]) {
    const { post, bodies } = server({ status: 409, data: { code: "moves_conflict", received, detail: "Conflict." } });
    const outcome = await finishSend({ log: LOG, acknowledged: 2, post, fetchRun: noFetch });
    assert.deepEqual(outcome.kind, "scored", `received ${received}`);
    assert.equal(outcome.result.refused, true);
    assert.equal(bodies.length, 1);
  }
});

test("run_finished: an earlier try got through, and the run as the server kept it is shown", async () => {
  const { post } = server({ status: 409, data: { code: "run_finished", detail: "Finished already." } });
  const kept = { id: "r", valid: true, score: 12, move_results: [{ points: 12 }], submitted: true, eligible: true };
  const outcome = await finishSend({ log: LOG, acknowledged: 0, post, fetchRun: async () => ({ status: 200, data: kept }) });
  assert.deepEqual(outcome.result, runDetailAsFinish(kept));
  assert.deepEqual(outcome.result.moves, [{ points: 12 }]);
  assert.equal(outcome.result.submitted, true);

  const lost = server({ status: 409, data: { code: "run_finished", detail: "Finished already." } });
  const unreadable = await finishSend({ log: LOG, acknowledged: 0, post: lost.post, fetchRun: noFetch });
  assert.deepEqual(unreadable.result, {
    valid: false,
    score: 0,
    moves: [],
    error: null,
    code: "run_finished",
    detail: "Finished already.",
  });
});

test("logged out, offline or a server error: unsent, with words to act on", async () => {
  const loggedOut = server({ status: 403, data: { detail: "CSRF failed." } });
  assert.deepEqual(await finishSend({ log: LOG, acknowledged: 0, post: loggedOut.post, fetchRun: noFetch }), {
    kind: "unsent",
    message: "CSRF failed. Log in again (in another tab) and try again.",
  });
  const offline = server(new Error("The server could not be reached (Failed to fetch)."));
  assert.deepEqual(await finishSend({ log: LOG, acknowledged: 0, post: offline.post, fetchRun: noFetch }), {
    kind: "unsent",
    message: "The server could not be reached (Failed to fetch).",
  });
  const broken = server({ status: 502, data: {} });
  assert.deepEqual(await finishSend({ log: LOG, acknowledged: 0, post: broken.post, fetchRun: noFetch }), {
    kind: "unsent",
    message: "The server answered 502.",
  });
});

test("a run the server does not know or will not take (404, other 409) is refused for good", async () => {
  const { post } = server({ status: 404, data: { code: "not_found", detail: "No such run." } });
  const outcome = await finishSend({ log: LOG, acknowledged: 0, post, fetchRun: noFetch });
  assert.deepEqual(outcome.result, {
    valid: false,
    score: 0,
    moves: [],
    error: null,
    code: "not_found",
    detail: "No such run.",
    refused: true,
  });
});

test("submit: an entry, an entry already there, an ineligible run, a failure", async () => {
  const entry = { rank: 2, count: 5, percentile: 80, page: 1 };
  assert.deepEqual(submitOutcome({ status: 201, data: entry }), { kind: "entered", entry, final: true });
  assert.deepEqual(submitOutcome({ status: 409, data: { code: "already_submitted", detail: "Already." } }), {
    kind: "already",
    detail: "You have already submitted a run for this challenge.",
    final: true,
  });
  const practice = submitOutcome({ status: 400, data: { code: "not_witnessed", detail: "Not witnessed." } });
  assert.deepEqual(practice, { kind: "error", message: "Not witnessed.", final: true, retry: true });
  // With the reason's figures, the sentence is the page's own, as on the end screen.
  const ineligible = { code: "too_fast", move: 3, gap_ms: 150, previous_move: 1, floor_ms: 200, detail: "x" };
  assert.deepEqual(submitOutcome({ status: 400, data: { code: "too_fast", detail: "Server words.", ineligible } }), {
    kind: "error",
    message:
      "This run cannot enter the leaderboard: move 4 was placed 150 ms after move 2; placements are at least 200 ms " +
      "apart. It still counts as practice in your history, with its score.",
    final: true,
    retry: true,
  });
  assert.equal(submitOutcome({ status: 400, data: { code: "too_fast", detail: "x" } }).final, true);
  assert.deepEqual(submitOutcome({ status: 409, data: { code: "challenge_closed", detail: "Closed." } }), {
    kind: "error",
    message: "Closed.",
    final: false,
    retry: true,
  });
  assert.equal(submitOutcome({ status: 503, data: {} }).message, "The server answered 503.");
  assert.equal(submitOutcome({ status: 503, data: { code: "database_unavailable" } }).retry, true);
  assert.equal(submitOutcome({ status: 500, data: {} }).retry, false);
  const offline = await submitSend(() => Promise.reject(new Error("No network.")));
  assert.deepEqual(offline, { kind: "error", message: "No network. Nothing was submitted; try again.", final: false, retry: true });
});

test("the database away (503): unsent, and sent again by itself after a pause", async () => {
  const away = server({ status: 503, data: { detail: "Back in a moment.", code: "database_unavailable" } });
  assert.deepEqual(await finishSend({ log: LOG, acknowledged: 0, post: away.post, fetchRun: noFetch }), {
    kind: "unsent",
    message: "Back in a moment.",
    retryInMs: UNAVAILABLE_RETRY_MS,
  });
});
