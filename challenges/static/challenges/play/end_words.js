// What the end screen says: the server's verdict, why a run is practice, the submit's
// outcome. DOM-free, one file to translate. (Eligibility's words are witness_words.js.)

import { endIneligible } from "../witness_words.js";

export const ALREADY_SUBMITTED = "You have already submitted a run for this challenge.";
export const ONE_RUN_COUNTS = "Only one run per challenge counts.";
export const SEE_LEADERBOARD = "See the leaderboard";
export const NO_MOVES = "No moves in this run.";
export const DRAW_MOVE = "Draw";

/** The server's verdict in words, or "" when there is nothing to say. */
export function verdictText(result, clientScore) {
  if (!result.valid) {
    const error = result.error;
    const where = error && error.move !== null && error.move !== undefined ? ` at move ${error.move + 1}` : "";
    const reason = error ? `${error.detail ?? ""} (${error.code})` : (result.detail ?? "");
    if (result.refused) {
      return `The server did not take this run: ${reason}`;
    }
    return (
      `The server rejected this run${where}: ${reason}. Your browser counted ` +
      `${clientScore} points, but only the server's replay counts, and only a valid ` +
      "run can be submitted."
    );
  }
  const notes = [];
  const ineligible = endIneligible(result);
  if (ineligible !== null) {
    notes.push(ineligible);
  }
  if (result.score !== clientScore) {
    notes.push(
      `Your browser counted ${clientScore} points; the server's replay gives ${result.score}, ` +
        "and the server's count is the one that stands.",
    );
  }
  return notes.join(" ");
}

/** What a screen reader hears when the end screen opens. */
export function endAnnouncement({ title, result, submittable, best }) {
  return (
    `${title} The server's score: ${result.score}.` +
    (result.valid ? "" : " The run was rejected.") +
    (result.valid && !submittable ? " It counts as practice: it cannot enter the leaderboard." : "") +
    (best === null ? "" : ` Your best on this challenge: ${best}.`)
  );
}

/**
 * The submit's outcome as pieces of one sentence: [text, emphasis] pairs, where
 * emphasis is "strong", "num" (a number, not stressed) or null.
 */
export function submitSentence(outcome) {
  if (outcome.kind === "entered") {
    const { rank, count, percentile } = outcome.entry;
    return [
      ["Submitted! You are ", null],
      [`#${rank}`, "strong"],
      [" of ", null],
      [String(count), "num"],
      [", scoring as well as or better than ", null],
      [`${Math.round(percentile)}%`, "strong"],
      [" of entries.", null],
    ];
  }
  if (outcome.kind === "already") {
    return [[`${outcome.detail} ${ONE_RUN_COUNTS}`, null]];
  }
  return [[outcome.message, null]];
}

// ------------------------------------------------- bests, place, runs, share

const SPAN_WORDS = { today: "today", week: "this week", all_time: "ever" };

/** The moment a run beats a best: the widest span it beats, in words; null when none. */
export function bestMoment(newBests) {
  if (newBests.includes("all_time")) return "New personal best!";
  if (newBests.includes("week")) return "Your best this week!";
  if (newBests.includes("today")) return "Your best today!";
  return null;
}

/** "Your best today 40, this week 55, ever 90" (before this run), or null with none. */
export function bestsLine(before) {
  const parts = Object.entries(SPAN_WORDS)
    .filter(([span]) => before[span] !== null && before[span] !== undefined)
    .map(([span, words]) => `${words} ${before[span]}`);
  return parts.length === 0 ? null : `Your best before this run: ${parts.join(", ")}.`;
}

/** Where the run stands on the board, or would if submitted now; null when neither. */
export function placeLine({ entry, would_be: wouldBe }) {
  if (entry) return `Your entry: rank ${entry.rank} of ${entry.count}.`;
  if (wouldBe) return `Submitted now, it would be rank ${wouldBe.rank} of ${wouldBe.count}.`;
  return null;
}

export const RUNS_TITLE = "Your runs of this challenge";
export const BEST_TAG = "best";
export const SUBMITTED_TAG = "your entry";
export const THIS_RUN_TAG = "this run";
export const PRACTICE_TAG = "practice";
export const SUBMIT_THIS = "Submit";

export function runRowLabel(score, when) {
  return `${score} points, started ${when}`;
}

export const CONFIRM_SUBMIT = "Submit this run? Only one run per challenge counts.";
export const SHARE = "Share";
export const SHARED = "Shared.";
export const COPIED = "Copied: paste it anywhere.";
export const SHARE_FAILED = "Could not copy it. Here it is to copy by hand:";
