// witness_words.js: what the play page says about the connection and eligibility.

import assert from "node:assert/strict";
import { afterEach, test } from "node:test";

import {
  countdownNotice,
  endIneligible,
  ineligibleReason,
  linkStatus,
  lostNotice,
  offlineWarning,
} from "../../../challenges/static/challenges/lib/witness_words.js";
import { dropCatalog, useCatalog } from "../po_catalog.mjs";

afterEach(dropCatalog);

// What the server sends (API.md "Eligibility"): a code and its figures. Its `detail`
// is never read: a sentence of the page never holds the server's words.
const LATE = { code: "not_witnessed", move: 6, t_ms: 9700, late_ms: 15700, window_ms: 10000, detail: "SERVER WORDS" };
const FAST = { code: "too_fast", move: 3, gap_ms: 150, previous_move: 1, floor_ms: 200, detail: "SERVER WORDS" };

test("the connection state, with the browser's offline flag first", () => {
  assert.deepEqual(linkStatus({ connection: "live", online: true }), { state: "live", text: "Live · moves reach the server" });
  assert.deepEqual(linkStatus({ connection: "retrying", online: true }), { state: "retrying", text: "Reconnecting…" });
  assert.equal(linkStatus({ connection: "live", online: false }).state, "offline");
  assert.equal(linkStatus({ connection: "idle", online: true }).text, "Your moves go to the server as you play");
});

test("the moment a run can no longer be eligible, in words", () => {
  assert.equal(lostNotice(null, 10000), null);
  assert.equal(
    lostNotice({ code: "not_witnessed", source: "local", move: 1 }, 10000),
    "Your moves have not reached the server for 10 seconds: this run can no longer enter the " +
      "leaderboard. You can finish it as practice.",
  );
  assert.equal(
    lostNotice({ code: "too_fast", source: "server", move: null, reason: FAST }, 10000),
    "The server says: move 4 was placed 150 ms after move 2; placements are at least 200 ms apart: this run can " +
      "no longer enter the leaderboard. You can finish it as practice.",
  );
});

test("the end screen's reason for a valid run that cannot enter the leaderboard", () => {
  assert.equal(endIneligible({ valid: true, eligible: true }), null);
  assert.equal(endIneligible({ valid: true }), null, "a server that says nothing of eligibility: as before");
  assert.equal(endIneligible({ valid: false, eligible: false }), null, "a rejected run has its own verdict");
  assert.equal(
    endIneligible({ valid: true, eligible: false, ineligible: LATE }),
    "This run cannot enter the leaderboard: move 7 (at 9.7 seconds into the run) reached the server 15.7 seconds " +
      "later; a move must arrive within 10 seconds. It still counts as practice in your history, with its score.",
  );
});

test("a reason without its figures (an older run) is its code's words, never the server's", () => {
  assert.equal(ineligibleReason({ code: "not_witnessed", detail: "SERVER WORDS" }), "the server did not see it played in time");
  assert.equal(ineligibleReason({ code: "too_fast", move: 2, detail: "SERVER WORDS" }), "tiles were placed faster than a person can");
  assert.equal(ineligibleReason({ code: "who_knows", detail: "SERVER WORDS" }), "the server did not see it played in time");
  assert.equal(ineligibleReason(undefined), "the server did not see it played in time");
});

test("in French, the reason is the catalog's sentence with the figures written the French way", () => {
  useCatalog("fr");
  const late = ineligibleReason(LATE);
  assert.match(late, /\b7\b/);
  assert.match(late, /9,7 secondes/);
  assert.match(late, /15,7 secondes/);
  assert.match(late, /10 secondes/);
  assert.doesNotMatch(late, /SERVER|reached|seconds/);
  assert.equal(
    endIneligible({ valid: true, eligible: false, ineligible: FAST }),
    "Cette partie ne peut pas entrer au classement : le coup 4 a été posé 150 ms après le coup 2 ; deux poses " +
      "sont séparées d'au moins 200 ms. Elle compte quand même comme entraînement dans votre historique, avec son score.",
  );
});

test("in German, the same reasons in German", () => {
  useCatalog("de");
  const late = ineligibleReason(LATE);
  assert.match(late, /9,7 Sekunden/);
  assert.match(late, /15,7 Sekunden/);
  assert.doesNotMatch(late, /SERVER|reached|seconds/);
  assert.match(ineligibleReason(FAST), /Zug 4 .*150 ms.* Zug 2/);
  assert.doesNotMatch(lostNotice({ code: "too_fast", source: "server", move: null, reason: FAST }, 10000), /[Tt]he |placed/);
});

test("the countdown says the whole seconds left and what happens at zero", () => {
  assert.equal(
    countdownNotice(6200),
    "Reconnect within 7 seconds, or this run can no longer enter the leaderboard (you can still finish it as practice).",
  );
  assert.match(countdownNotice(400), /^Reconnect within 1 second,/);
});

test("offline with no move waiting, the player hears what the next move must do", () => {
  assert.equal(
    offlineWarning(10000),
    "You are offline: a move you make now must reach the server within 10 seconds, or this run can no longer enter the leaderboard.",
  );
  useCatalog("de");
  assert.equal(
    offlineWarning(10000),
    "Du bist offline: Ein Zug, den du jetzt machst, muss den Server innerhalb von 10 Sekunden erreichen, sonst kann diese Runde nicht mehr in die Rangliste kommen.",
  );
});
