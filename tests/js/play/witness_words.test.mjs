// witness_words.js: what the play page says about the connection and eligibility.

import assert from "node:assert/strict";
import { test } from "node:test";

import { countdownNotice, endIneligible, linkStatus, lostNotice } from "../../../challenges/static/challenges/lib/witness_words.js";

test("the connection state, with the browser's offline flag first", () => {
  assert.deepEqual(linkStatus({ connection: "live", online: true }), { state: "live", text: "Live · moves reach the server" });
  assert.deepEqual(linkStatus({ connection: "retrying", online: true }), { state: "retrying", text: "Reconnecting…" });
  assert.equal(linkStatus({ connection: "live", online: false }).state, "offline");
  assert.equal(linkStatus({ connection: "idle", online: true }).text, "Your moves go to the server as you play");
});

test("the moment a run can no longer be eligible, in words", () => {
  assert.equal(lostNotice(null, 10000), null);
  assert.equal(
    lostNotice({ code: "not_witnessed", detail: null, source: "local" }, 10000),
    "Your moves have not reached the server for 10 seconds: this run can no longer enter the " +
      "leaderboard. You can finish it as practice.",
  );
  assert.equal(
    lostNotice({ code: "too_fast", detail: "Placements 3 and 4 are 120 ms apart.", source: "server" }, 10000),
    "The server says: placements 3 and 4 are 120 ms apart: this run can no longer enter the " +
      "leaderboard. You can finish it as practice.",
  );
});

test("the end screen's reason for a valid run that cannot enter the leaderboard", () => {
  assert.equal(endIneligible({ valid: true, eligible: true }), null);
  assert.equal(endIneligible({ valid: true }), null, "a server that says nothing of eligibility: as before");
  assert.equal(endIneligible({ valid: false, eligible: false }), null, "a rejected run has its own verdict");
  assert.equal(
    endIneligible({
      valid: true,
      eligible: false,
      ineligible: { code: "not_witnessed", detail: "Move 5 reached the server 14.2 s after its t." },
    }),
    "This run cannot enter the leaderboard: move 5 reached the server 14.2 s after its t. " +
      "It still counts as practice in your history, with its score.",
  );
});

test("the countdown says the whole seconds left and what happens at zero", () => {
  assert.equal(
    countdownNotice(6200),
    "Reconnect within 7 seconds, or this run can no longer enter the leaderboard (you can still finish it as practice).",
  );
  assert.match(countdownNotice(400), /^Reconnect within 1 second,/);
});
