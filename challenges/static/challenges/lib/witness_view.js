// The witness on the play screen: the small connection line (a polite live region, so
// a change of state is read out once, never each batch) and the notice that the run
// can no longer enter the leaderboard (an alert: the player must hear it at once).

import { linkStatus, lostNotice } from "./witness_words.js";

/**
 * Shows `witness` (witness.js) in `link` (its text in `link`'s `[data-link-text]`) and
 * `notice`. `online`: the browser's navigator.onLine. The link also carries, for
 * tests and styles, its state (`data-link`) and how many moves the server holds
 * (`data-acknowledged`).
 */
export function renderWitness({ link, notice }, witness, { online, windowMs }) {
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
}

/** The line and the notice before a run has a witness (a new run, or none yet). */
export function clearWitness({ link, notice }) {
  delete link.dataset.link;
  link.dataset.acknowledged = "0";
  link.querySelector("[data-link-text]").textContent = "";
  notice.textContent = "";
  notice.hidden = true;
}
