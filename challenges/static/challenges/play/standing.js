// After a valid run: the player's standing (GET /api/runs/{id}/standing/) in the end
// screen's terms, and sharing its card. DOM-free: node tests read both.

import { bestMoment, bestsLine, placeLine } from "./end_words.js";

/**
 * What the end screen shows of `standing` for the run `runId`: the best moment, the
 * lines about bests and place (par is end_review.js's, beside the score), the runs best first, and whether Submit is the main
 * button (only for the best eligible run, scoring above zero).
 */
export function standingView(standing, runId) {
  const runs = standing.runs.map((run) => ({ ...run, current: run.id === runId }));
  const best = runs.find((run) => run.best) ?? null;
  const current = runs.find((run) => run.current) ?? null;
  return {
    moment: bestMoment(standing.new_bests),
    bests: bestsLine(standing.bests_before),
    place: placeLine(standing),
    runs,
    submitIsMain: Boolean(current?.submittable && best?.id === runId && standing.score > 0),
    // Another run of this challenge is better and can still be submitted: say so.
    betterRun: best !== null && best.id !== runId && best.submittable ? best : null,
    share: standing.share,
  };
}

/**
 * Shares `share` ({text, url}): the system's share sheet on a touch device that has one
 * (`navigator.share`), else the clipboard. Resolves to "shared", "copied", "cancelled"
 * or "failed"; never rejects.
 */
export async function shareRun(share, { navigator, touch }) {
  if (touch && typeof navigator.share === "function") {
    try {
      await navigator.share({ text: share.text });
      return "shared";
    } catch (error) {
      if (error?.name === "AbortError") return "cancelled";
      // A share sheet that fails falls back to the clipboard.
    }
  }
  try {
    await navigator.clipboard.writeText(share.text);
    return "copied";
  } catch {
    return "failed";
  }
}
