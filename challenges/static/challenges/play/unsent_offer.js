// The play page's side of the unsent store (unsent_runs.js): what it keeps of the run
// being played, and the intro's offer to send a run kept from an earlier visit.

import { pageLanguage } from "../lib/i18n.js";
import { DEFAULT_RULESET } from "../rules/index.js";
import { pendingLoad, pendingStore } from "../lib/unsent_runs.js";
import { unsentOffer } from "./words.js";

/** True once the server can no longer take the kept run: it was saved during the run,
 * so the run ends at most a time limit later, and its finish is taken a grace after. */
export function unsentTooLate(pending, now) {
  return now > pending.savedAt + DEFAULT_RULESET.timeLimitMs + DEFAULT_RULESET.finishGraceMs;
}

/** What the store keeps of `state`'s run (null: no run to keep). `clockStartedAt`: when
 * its clock started, in ms since the epoch (null while the deal waits): a reload
 * resumes the run on its own clock. */
export function unsentRecord(state, { challengeId, status, savedAt, clockStartedAt = null }) {
  const { run, runId } = state;
  if (run === null) {
    return null;
  }
  return { runId, challengeId, status, log: run.toLog(), clientScore: run.score, savedAt, clockStartedAt };
}

/** The run a reload resumes: the store's run of `challengeId` still being played, if
 * its clock has not run out (`now`: ms since the epoch); else null. */
export function resumable(pending, { challengeId, now }) {
  if (pending === null || pending.status !== "playing" || pending.challengeId !== challengeId) {
    return null;
  }
  const started = typeof pending.clockStartedAt === "number" ? pending.clockStartedAt : null;
  if (started !== null && now - started >= DEFAULT_RULESET.timeLimitMs) {
    return null;
  }
  return { ...pending, elapsedMs: started === null ? null : Math.max(0, now - started) };
}

/** Keeps `state`'s run (status "playing" or "finished") until the server has it. */
export function keepUnsent(state, { challengeId, status, clockStartedAt = null }) {
  const record = unsentRecord(state, { challengeId, status, savedAt: Date.now(), clockStartedAt });
  if (record !== null) {
    pendingStore(record);
  }
}

/** Shows, in `notice` and its `text`, the run the store still holds and offers what
 * can be done with it (`send`: only while the server still takes it), or hides the
 * notice when there is none (or no player to send it for). */
export function offerUnsent({ notice, text, send }, { authenticated, now = Date.now() }) {
  const pending = pendingLoad();
  if (pending === null || !authenticated) {
    notice.hidden = true;
    return;
  }
  const when = new Date(pending.savedAt).toLocaleTimeString(pageLanguage(), { hour: "2-digit", minute: "2-digit" });
  const late = unsentTooLate(pending, now);
  text.textContent = unsentOffer(pending, when, { late });
  send.hidden = late;
  notice.hidden = false;
}
