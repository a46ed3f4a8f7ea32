// Sending a finished run to the server (API.md, "Finish") and reading its answer.
// DOM-free: the request is injected, so node tests play every answer the server can
// give. What the page shows of the outcome is the end screen's job.

import { finishBody } from "../lib/witness.js";
import { loggedOut, serverAnswered } from "./words.js";

// How long after a 503 the run is sent again (the server's Retry-After).
export const UNAVAILABLE_RETRY_MS = 5000;

/** The run as GET /api/runs/{id}/ shows it, in the shape of finish's answer. */
export function runDetailAsFinish(run) {
  return {
    id: run.id,
    valid: run.valid,
    score: run.score ?? 0,
    moves: run.moves ?? run.move_results ?? [],
    error: run.error ?? null,
    best_score: run.best_score,
    submitted: run.submitted,
    eligible: run.eligible,
    ineligible: run.ineligible,
  };
}

/** A verdict with no replay behind it: the server would not take the run. */
function refusedVerdict({ code, detail }, { refused = false } = {}) {
  return { valid: false, score: 0, moves: [], error: null, code, detail, ...(refused ? { refused: true } : {}) };
}

/** A 409 that names another count of held moves than the browser heard, within the log. */
function resyncCount(status, data, acknowledged, moveCount) {
  const received = data.received;
  const usable =
    status === 409 &&
    data.code === "moves_conflict" &&
    Number.isInteger(received) &&
    received !== acknowledged &&
    received >= 0 &&
    received <= moveCount;
  return usable ? received : null;
}

/**
 * Sends the moves of `log` the server has not acknowledged (`acknowledged` of them it
 * holds). `post(body)` and `fetchRun()` call the API ({status, data}; they reject when
 * the network fails). `onAcknowledged(count)`: the server says it holds another count,
 * and the rest is sent from there. Resolves to
 * - {kind: "scored", result}: the server's verdict (the browser may forget the log), or
 * - {kind: "unsent", message, retryInMs?}: the run did not get through; keep the log,
 *   try again (by itself after `retryInMs` when the server said it is briefly away).
 */
export async function finishSend({ log, acknowledged, post, fetchRun, onAcknowledged = () => {} }) {
  let from = acknowledged;
  for (;;) {
    let response;
    try {
      response = await post(finishBody(log.moves, from));
    } catch (error) {
      return { kind: "unsent", message: error.message };
    }
    const { status, data } = response;
    const resync = resyncCount(status, data, from, log.moves.length);
    if (resync !== null) {
      // An answer lost on the way: send the rest from what the server holds.
      from = resync;
      onAcknowledged(from);
      continue;
    }
    return finishOutcome(status, data, fetchRun);
  }
}

async function finishOutcome(status, data, fetchRun) {
  if (status === 200 || ((status === 422 || status === 400) && data.valid === false && Array.isArray(data.moves))) {
    return { kind: "scored", result: data };
  }
  if (status === 409 && data.code === "run_finished") {
    // The server has it already (an earlier try got through): show what it kept.
    const kept = await fetchRun().catch(() => null);
    if (kept !== null && kept.status === 200) {
      return { kind: "scored", result: runDetailAsFinish(kept.data) };
    }
    return { kind: "scored", result: refusedVerdict(data) };
  }
  if (status === 401 || status === 403) {
    // Logged out or a stale CSRF cookie: keep the log; after logging in, the play page
    // offers to send it.
    return { kind: "unsent", message: loggedOut(data.detail) };
  }
  if (status === 409 || status === 404) {
    return { kind: "scored", result: refusedVerdict(data, { refused: true }) };
  }
  if (status === 503) {
    // The database is away for a moment (code database_unavailable): the log stays in
    // the browser and goes again by itself once the server says it may be back.
    return { kind: "unsent", message: data.detail ?? serverAnswered(status), retryInMs: UNAVAILABLE_RETRY_MS };
  }
  return { kind: "unsent", message: data.detail ?? serverAnswered(status) };
}
