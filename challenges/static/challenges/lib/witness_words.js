// What the play page says about the witness: the connection state while playing, the
// moment a run can no longer be eligible, and the end screen's eligibility. DOM-free,
// so node tests read the words. Every sentence through the catalog (i18n.js).

import { formatNumber, gettext, interpolate, ngettext, pageLanguage } from "./i18n.js";

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

/** A figure of a fault (API.md "Eligibility"), or null when the server sent none. */
function figure(fault, name) {
  const value = fault?.[name];
  return Number.isInteger(value) ? value : null;
}

/**
 * Why a valid run cannot enter the leaderboard, as the middle of a sentence (no capital,
 * no full stop), worded here from the server's code and figures ({code, move, t_ms,
 * late_ms, window_ms} or {code, move, gap_ms, previous_move, floor_ms}): never the
 * server's own words inside this page's sentence. Without figures, the code's words.
 */
export function ineligibleReason(fault) {
  const move = figure(fault, "move");
  if (fault?.code === "too_fast") {
    const [gap, previous, floor] = ["gap_ms", "previous_move", "floor_ms"].map((name) => figure(fault, name));
    if (move === null || gap === null || previous === null || floor === null) {
      return gettext("tiles were placed faster than a person can");
    }
    return interpolate(
      gettext("move %(move)s was placed %(gap)s ms after move %(previous)s; placements are at least %(floor)s ms apart"),
      { move: move + 1, gap: formatNumber(gap), previous: previous + 1, floor: formatNumber(floor) },
    );
  }
  const [t, late, window] = ["t_ms", "late_ms", "window_ms"].map((name) => figure(fault, name));
  if (fault?.code !== "not_witnessed" || move === null || t === null || late === null || window === null) {
    return gettext("the server did not see it played in time");
  }
  return interpolate(
    gettext("move %(move)s (at %(time)s into the run) reached the server %(late)s later; a move must arrive within %(window)s"),
    { move: move + 1, time: seconds(t), late: seconds(late), window: seconds(window) },
  );
}

function seconds(ms) {
  const value = Math.round(ms / 100) / 10;
  const shown = value.toLocaleString(pageLanguage(), { maximumFractionDigits: 1 });
  // A fraction counts as plural: "1.8 seconds" (French takes "1,8 secondes" too).
  const count = Number.isInteger(value) ? value : 2;
  return interpolate(ngettext("%(seconds)s second", "%(seconds)s seconds", count), { seconds: shown });
}

/**
 * The words the player reads at once when the run can no longer be eligible, from the
 * witness's verdict ({code, source} and, from the server, the figures of its reason);
 * null while it still can be.
 */
export function lostNotice(verdict, windowMs) {
  if (verdict === null) {
    return null;
  }
  return verdict.source === "local"
    ? interpolate(
        gettext(
          "Your moves have not reached the server for %(seconds)s: this run can no longer enter the leaderboard. You can finish it as practice.",
        ),
        { seconds: seconds(windowMs) },
      )
    : interpolate(
        gettext(
          "The server says: %(reason)s: this run can no longer enter the leaderboard. You can finish it as practice.",
        ),
        { reason: ineligibleReason(verdict.reason) },
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

/** Offline with no move waiting yet: what a move made now must do for the run to keep
 * counting (the countdown takes over once one waits). */
export function offlineWarning(windowMs) {
  return interpolate(
    gettext(
      "You are offline: a move you make now must reach the server within %(seconds)s, or this run can no longer enter the leaderboard.",
    ),
    { seconds: seconds(windowMs) },
  );
}

/** The end screen's words for a valid run the leaderboard refuses (finish's
 * `eligible: false`), or null when the run is eligible or not valid at all. */
export function endIneligible(result) {
  if (!result?.valid || result.eligible !== false) {
    return null;
  }
  const reason = ineligibleReason(result.ineligible);
  return interpolate(
    gettext("This run cannot enter the leaderboard: %(reason)s. It still counts as practice in your history, with its score."),
    { reason },
  );
}
