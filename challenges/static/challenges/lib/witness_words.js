// What the play page says about the witness: the connection state while playing, the
// moment a run can no longer be eligible, and the end screen's eligibility. DOM-free,
// so node tests read the words. Every sentence through the catalog (i18n.js).

import { gettext, interpolate, ngettext, pageLanguage } from "./i18n.js";

const LINK_TEXT = {
  idle: gettext("Your moves go to the server as you play"),
  live: gettext("Live · moves reach the server"),
  retrying: gettext("Reconnecting…"),
  offline: gettext("Offline · moves wait in this browser"),
};

/** The connection state shown on the play screen: {state, text}. The browser's own
 * offline flag wins, since no batch can get through without a network. */
export function linkStatus({ connection, online }) {
  const state = online ? connection : "offline";
  return { state, text: LINK_TEXT[state] ?? LINK_TEXT.idle };
}

/** A server detail as the middle of a sentence: no final full stop, and a capital
 * that only began the sentence lowered ("Move 3 ..." but not "API ..."). */
function clause(detail) {
  const text = String(detail ?? "").trim().replace(/\.+$/, "");
  return /^[A-Z][a-z]/.test(text) ? text[0].toLowerCase() + text.slice(1) : text;
}

function seconds(ms) {
  const value = ms / 1000;
  const shown = (Number.isInteger(value) ? value : Number(value.toFixed(1))).toLocaleString(pageLanguage());
  return interpolate(ngettext("%(seconds)s second", "%(seconds)s seconds", value), { seconds: shown });
}

/**
 * The words the player reads at once when the run can no longer be eligible, from the
 * witness's verdict ({code, detail, source}); null while it still can be.
 */
export function lostNotice(verdict, windowMs) {
  if (verdict === null) {
    return null;
  }
  return verdict.source === "local" || !clause(verdict.detail)
    ? interpolate(
        gettext(
          "Your moves have not reached the server for %(seconds)s: this run can no longer enter the leaderboard. You can finish it as practice.",
        ),
        { seconds: seconds(windowMs) },
      )
    : interpolate(
        gettext(
          "The server says: %(detail)s: this run can no longer enter the leaderboard. You can finish it as practice.",
        ),
        { detail: clause(verdict.detail) },
      );
}

/** While the moves cannot reach the server: the seconds left before the run can no
 * longer be eligible, and what happens then. */
export function countdownNotice(msLeft) {
  const left = Math.ceil(msLeft / 1000);
  return interpolate(
    ngettext(
      "Reconnect within %(seconds)s second, or this run can no longer enter the leaderboard (you can still finish it as practice).",
      "Reconnect within %(seconds)s seconds, or this run can no longer enter the leaderboard (you can still finish it as practice).",
      left,
    ),
    { seconds: left },
  );
}

/** The end screen's words for a valid run the leaderboard refuses (finish's
 * `eligible: false`), or null when the run is eligible or not valid at all. */
export function endIneligible(result) {
  if (!result?.valid || result.eligible !== false) {
    return null;
  }
  const reason = clause(result.ineligible?.detail) || gettext("the server did not see it played in time");
  return interpolate(
    gettext("This run cannot enter the leaderboard: %(reason)s. It still counts as practice in your history, with its score."),
    { reason },
  );
}
