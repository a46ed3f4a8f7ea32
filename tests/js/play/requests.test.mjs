// play/requests.js with the machine: whole runs against a fake API, from Start to the
// entry, the way the page plays them.

import assert from "node:assert/strict";
import { test } from "node:test";

import { PlayMachine, screenOf } from "../../../challenges/static/challenges/play/machine.js";
import { RunRequests } from "../../../challenges/static/challenges/play/requests.js";
import { HEXAGON_MOVES, HEXAGON_TRAY, HEXAGON_WELL } from "../rules/fixtures.mjs";
import { FakeClock } from "./fake_clock.mjs";

const URLS = {
  start: "/api/challenges/9/runs/",
  finish: (runId) => `/api/runs/${runId}/finish/`,
  run: (runId) => `/api/runs/${runId}/`,
  submit: (runId) => `/api/runs/${runId}/submit/`,
  standing: (runId) => `/api/runs/${runId}/standing/`,
};

/** An API answering each URL from `routes` (a function of the request, or a list
 * answered in turn), recording every call. */
function fakeApi(routes) {
  const calls = [];
  const api = async (url, { method = "GET", body } = {}) => {
    calls.push({ url, method, body });
    const route = routes[url];
    const answer = Array.isArray(route) ? route.shift() : route?.({ url, method, body });
    if (answer === undefined) throw new Error(`no answer for ${method} ${url}`);
    if (answer instanceof Error) throw answer;
    return answer;
  };
  return { api, calls };
}

function setUp(routes, { watch = null } = {}) {
  const clock = new FakeClock(100);
  const machine = new PlayMachine({ now: clock.now, timeLimitMs: 120000 });
  const { api, calls } = fakeApi(routes);
  const requests = new RunRequests({ machine, api, urls: URLS, watchOf: (runId) => (watch?.runId === runId ? watch : null) });
  return { clock, machine, requests, calls };
}

const STARTED = { status: 201, data: { id: "r1", tray: HEXAGON_TRAY, well: HEXAGON_WELL } };

test("start, play, end, finish, submit: the machine follows the server's answers", async () => {
  const verdict = { valid: true, eligible: true, score: 1, moves: [{ points: 1, bonus: null }], best_score: 1 };
  const entry = { rank: 1, count: 1, percentile: 100, page: 1 };
  const { clock, machine, requests, calls } = setUp({
    [URLS.start]: [STARTED],
    [URLS.finish("r1")]: [{ status: 200, data: verdict }],
    [URLS.submit("r1")]: [{ status: 201, data: entry }],
    [URLS.standing("r1")]: [new Error("Offline.")],
  });
  assert.equal(await requests.start(), "started");
  assert.equal(machine.state.phase, "playing");
  machine.clockStart();
  const { tile, cell, rotation } = HEXAGON_MOVES[0];
  clock.time += 800;
  machine.place(tile, cell, rotation);
  machine.end("player");
  await requests.finish();
  assert.equal(screenOf(machine.state), "end");
  assert.deepEqual(machine.state.finish.result, verdict);
  assert.deepEqual(calls[1].body, { moves: [{ t: 800, type: "place", tile, cell, rotation }] });
  await requests.submit();
  assert.deepEqual(machine.state.submit, { kind: "entered", entry, final: true, runId: "r1" });
  assert.deepEqual(
    calls.map(({ method, url }) => `${method} ${url}`),
    [
      "POST /api/challenges/9/runs/",
      "POST /api/runs/r1/finish/",
      "POST /api/runs/r1/submit/",
      "GET /api/runs/r1/standing/",
    ],
    "after an entry the standing is read again; offline, the end screen stays as it was",
  );
});

test("finish waits for the last batch and sends only the rest", async () => {
  const watch = { runId: "r1", settled: 0, settle: async () => (watch.settled += 1) && 1 };
  const { clock, machine, requests, calls } = setUp(
    { [URLS.start]: [STARTED], [URLS.finish("r1")]: [{ status: 200, data: { valid: true, score: 1, moves: [] } }] },
    { watch },
  );
  await requests.start();
  machine.clockStart();
  const { tile, cell, rotation } = HEXAGON_MOVES[0];
  clock.time += 500;
  machine.place(tile, cell, rotation);
  clock.time += 500;
  machine.draw();
  machine.end("player");
  await requests.finish();
  assert.equal(watch.settled, 1);
  assert.deepEqual(calls[1].body, { from: 1, moves: [{ t: 1000, type: "draw" }] });
});

test("a finish that fails leaves the run unsent; trying again sends it", async () => {
  const { machine, requests } = setUp({
    [URLS.start]: [STARTED],
    [URLS.finish("r1")]: [new Error("Offline."), { status: 200, data: { valid: true, score: 0, moves: [] } }],
  });
  await requests.start();
  machine.end("player");
  await requests.finish();
  assert.equal(machine.state.finish.status, "unsent");
  assert.equal(machine.state.finish.message, "Offline.");
  await requests.finish();
  assert.equal(machine.state.finish.status, "scored");
});

test("a second finish while one is on its way sends nothing", async () => {
  let answer;
  const { machine, requests, calls } = setUp({
    [URLS.start]: [STARTED],
    [URLS.finish("r1")]: () => new Promise((resolve) => (answer = resolve)),
  });
  await requests.start();
  machine.end("player");
  const first = requests.finish();
  await requests.finish();
  await new Promise((resolve) => setImmediate(resolve));
  answer({ status: 200, data: { valid: true, score: 0, moves: [] } });
  await first;
  assert.equal(calls.filter(({ url }) => url === URLS.finish("r1")).length, 1);
});

test("a start the server refuses: the login page, a closed challenge, an error", async () => {
  const login = setUp({ [URLS.start]: [{ status: 403, data: { detail: "Log in." } }] });
  assert.equal(await login.requests.start(), "login");
  assert.equal(login.machine.state.phase, "ready");

  const closed = setUp({ [URLS.start]: [{ status: 409, data: { detail: "This challenge has closed." } }] });
  const told = [];
  closed.machine.subscribe((event) => told.push(event));
  assert.equal(await closed.requests.start(), "closed");
  assert.deepEqual(told, [{ type: "startFailed", message: "This challenge has closed." }]);

  const throttled = setUp({ [URLS.start]: [{ status: 429, data: {} }] });
  const words = [];
  throttled.machine.subscribe((event) => words.push(event.message));
  assert.equal(await throttled.requests.start(), "failed");
  assert.deepEqual(words, ["The run could not start (429)."]);
});

test("a recovered run goes from the intro with the whole log", async () => {
  const { machine, requests, calls } = setUp({
    [URLS.finish("old")]: [{ status: 200, data: { valid: true, score: 1, moves: [{ points: 1 }] } }],
  });
  machine.recover({ runId: "old", log: { moves: HEXAGON_MOVES.slice(0, 1) }, clientScore: 1 });
  await requests.finish();
  assert.equal(machine.state.finish.status, "scored");
  assert.deepEqual(calls[0].body, { moves: HEXAGON_MOVES.slice(0, 1) });
});


/** A standing answer for `runId` listing `runs` ({id, score, ...}). */
function standingOf(runId, runs) {
  return {
    run: runId,
    score: runs.find((run) => run.id === runId).score,
    par: null,
    par_percent: null,
    bests_before: { today: null, week: null, all_time: null },
    new_bests: [],
    entry: null,
    would_be: null,
    submittable: true,
    runs,
    share: { text: "card", url: "https://x.test/share/r/", image: "https://x.test/share/r/card.png" },
  };
}

test("another run of the challenge, listed as submittable, can be submitted from the end screen", async () => {
  const runs = [
    { id: "r0", score: 40, eligible: true, submitted: false, submittable: true, best: true },
    { id: "r1", score: 10, eligible: true, submitted: false, submittable: true, best: false },
  ];
  const { machine, requests, calls } = setUp({
    [URLS.start]: [STARTED],
    [URLS.finish("r1")]: [{ status: 200, data: { valid: true, eligible: true, score: 10, moves: [] } }],
    [URLS.standing("r1")]: [
      { status: 200, data: standingOf("r1", runs) },
      { status: 200, data: standingOf("r1", runs.map((run) => ({ ...run, submittable: false, submitted: run.id === "r0" }))) },
    ],
    [URLS.submit("r0")]: [{ status: 201, data: { rank: 1, count: 1, percentile: 100 } }],
  });
  await requests.start();
  machine.end("player");
  await requests.finish();
  await requests.standing();
  assert.equal(machine.state.standing.runs.length, 2);
  assert.equal(machine.submitStart("nope"), false, "a run the standing does not list");
  await requests.submit("r0");
  assert.equal(machine.state.submit.runId, "r0");
  assert.equal(machine.state.submit.kind, "entered");
  assert.equal(machine.state.standing.runs[0].submitted, true);
  assert.equal(machine.submitStart("r1"), false, "one entry per challenge");
  assert.deepEqual(
    calls.filter(({ url }) => url.includes("/submit/")).map(({ url }) => url),
    ["/api/runs/r0/submit/"],
  );
});

test("a standing for a run left behind is not shown", async () => {
  const { machine, requests } = setUp({
    [URLS.start]: [STARTED, { status: 201, data: { ...STARTED.data, id: "r2" } }],
    [URLS.finish("r1")]: [{ status: 200, data: { valid: true, eligible: true, score: 0, moves: [] } }],
  });
  await requests.start();
  machine.end("player");
  await requests.finish();
  await requests.start();
  machine.standingLoaded(standingOf("r1", [{ id: "r1", score: 0, best: true, submittable: true }]));
  assert.equal(machine.state.standing, null);
});
