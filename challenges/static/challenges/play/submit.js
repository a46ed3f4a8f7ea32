// Submitting a run as the player's entry (API.md, "Submit") and reading the answer.
// DOM-free: `post()` is injected, so node tests give every answer.

import { endIneligible } from "../lib/witness_words.js";
import { ALREADY_SUBMITTED } from "./end_words.js";
import { nothingSubmitted, serverAnswered } from "./words.js";

// Submit refuses a run the leaderboard cannot take with one of these codes.
const INELIGIBLE_CODES = new Set(["not_witnessed", "too_fast"]);

/**
 * What came of a submit, as the end screen shows it:
 * - {kind: "entered", entry, final: true}: the run is the player's entry (entry: 201's body);
 * - {kind: "already", detail, final: true}: the player has an entry for this challenge;
 * - {kind: "error", message, final, retry}: not submitted; `final` when trying again
 *   cannot help (the run is not eligible), `retry` when the button stays usable.
 */
export function submitOutcome({ status, data }) {
  if (status === 201) {
    return { kind: "entered", entry: data, final: true };
  }
  if (status === 409 && data.code === "already_submitted") {
    return { kind: "already", detail: ALREADY_SUBMITTED, final: true };
  }
  const final = status === 400 && INELIGIBLE_CODES.has(data.code);
  if (final && data.ineligible) {
    // Worded here from the reason's code and figures, as the end screen words it.
    return { kind: "error", message: endIneligible({ valid: true, eligible: false, ineligible: data.ineligible }), final, retry: true };
  }
  // A 503 is the database away for a moment: nothing was submitted, the button stays.
  const retry = status < 500 || status === 503;
  return { kind: "error", message: data.detail ?? serverAnswered(status), final, retry };
}

/** Sends the submit; resolves to its outcome, a dropped network included (never rejects). */
export async function submitSend(post) {
  try {
    return submitOutcome(await post());
  } catch (error) {
    return { kind: "error", message: nothingSubmitted(error.message), final: false, retry: true };
  }
}
