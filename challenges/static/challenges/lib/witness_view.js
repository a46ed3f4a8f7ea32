// The witness on the play screen: the small connection line (a polite live region, so
// a change of state is read out once, never each batch) and the notice that the run
// can no longer enter the leaderboard (an alert: the player must hear it at once).

import { countdownNotice, linkStatus, lostNotice, offlineWarning } from "./witness_words.js";

/**
 * Shows `witness` (witness.js) in `link` (its text in `link`'s `[data-link-text]`) and
 * `notice`. `online`: the browser's navigator.onLine. The link also carries, for
 * tests and styles, its state (`data-link`) and how many moves the server holds
 * (`data-acknowledged`). `countdown` (optional) counts down the window while the moves
 * cannot get through, and warns while offline with none waiting. Returns whether it
 * is counting.
 */
export function renderWitness({ link, notice, countdown = null }, witness, { online, windowMs }) {
  const status = linkStatus({ connection: witness.connection, online });
  if (link.dataset.link !== status.state) {
    link.dataset.link = status.state;
    link.querySelector("[data-link-text]").textContent = status.text;
  }
  link.dataset.acknowledged = String(witness.acknowledged);
  const words = lostNotice(witness.verdict, windowMs) ?? "";
  if (notice.textContent !== words) {
    notice.textContent = words;
    notice.hidden = words === "";
  }
  // Offline or retrying, the seconds left count down before the notice above comes;
  // offline with no move waiting, the player is told what the next move must do.
  const left = online && witness.connection !== "retrying" ? null : witness.msLeft();
  if (countdown !== null) {
    let words = "";
    if (left !== null) {
      words = countdownNotice(left);
    } else if (!online && witness.verdict === null) {
      words = offlineWarning(windowMs);
    }
    countdown.textContent = words;
    countdown.hidden = words === "";
  }
  return left !== null;
}

/** The line and the notice before a run has a witness (a new run, or none yet). */
export function clearWitness({ link, notice, countdown = null }) {
  delete link.dataset.link;
  link.dataset.acknowledged = "0";
  link.querySelector("[data-link-text]").textContent = "";
  notice.textContent = "";
  notice.hidden = true;
  if (countdown !== null) {
    countdown.textContent = "";
    countdown.hidden = true;
  }
}
