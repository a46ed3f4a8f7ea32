// Everything the play page says, in one place: announcements for screen readers, toasts,
// labels and the sentences of the sending and end screens. DOM-free, so node tests
// read the words. Every sentence goes through the catalog (../i18n.js, docs/i18n.md):
// gettext/ngettext with named placeholders, never English typed into the logic.
// (The witness's words are witness_words.js.)

import { BONUS_LABELS } from "../lib/bonus_words.js";
import { gettext, interpolate, ngettext, pageLanguage, pgettext } from "../lib/i18n.js";
import { DEFAULT_RULESET, tileParse } from "../rules/index.js";

export const DRAW_COST = -DEFAULT_RULESET.drawPoints;

// Constants are read from the catalog when this module is first evaluated: the page
// loads the catalog (/jsi18n/, a classic script) before any module runs.

export { BONUS_LABELS } from "../lib/bonus_words.js";

/** Why a run ended, as the sending and end screens title it. */
export const END_TITLES = Object.freeze({
  time: gettext("Time's up!"),
  cleared: gettext("Board cleared!"),
  player: gettext("Run ended"),
  rejected: gettext("Run rejected"),
  recovered: gettext("Your unsent run"),
});

export function endTitle(reason) {
  return END_TITLES[reason] ?? gettext("Run over");
}

/** A tile id as it is read out: "1 2 4", not "1-2-4" (read as "one minus two"). */
export function tileSpoken(tileId) {
  return tileId.replaceAll("-", " ");
}

export function cellText([r, c]) {
  return interpolate(gettext("row %(row)s, column %(column)s"), { row: r, column: c });
}

/** "1:05" for 65,000 ms left; never below 0:00, and a started second shows whole. */
export function formatClock(ms) {
  const seconds = Math.max(0, Math.ceil(ms / 1000));
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, "0")}`;
}

/** "12.5 s" (a move's time in the review), with the language's decimal mark. */
export function formatSeconds(ms) {
  // Rounded as before (toFixed), then written with the language's decimal mark.
  const tenths = Number((ms / 1000).toFixed(1));
  const seconds = tenths.toLocaleString(pageLanguage(), { minimumFractionDigits: 1, maximumFractionDigits: 1 });
  return interpolate(gettext("%(seconds)s s"), { seconds });
}

// ------------------------------------------------------------------ playing

/** How long a run lasts, from the ruleset: "2 minutes". */
export function runDuration() {
  const minutes = DEFAULT_RULESET.timeLimitMs / 60_000;
  return interpolate(ngettext("%(minutes)s minute", "%(minutes)s minutes", minutes), { minutes });
}

export function runStarted(traySize) {
  return interpolate(
    ngettext(
      "Dealt: %(count)s tile in your tray. The clock (%(duration)s) starts when you pick it. The first tile goes in the middle.",
      "Dealt: %(count)s tiles in your tray. The clock (%(duration)s) starts when you pick one. The first tile goes in the middle.",
      traySize,
    ),
    { duration: runDuration(), count: traySize },
  );
}

export function runResumed(score) {
  return interpolate(gettext("Run resumed where you left it, on its own clock. Score %(score)s."), { score });
}

/** The untimed practice page (practice.js): a run with no clock, never sent. */
export function practiceStarted(traySize) {
  return interpolate(
    ngettext(
      "Practice started: no clock, take your time. %(count)s tile in your tray. Place the first one anywhere: it goes in the middle.",
      "Practice started: no clock, take your time. %(count)s tiles in your tray. Place the first one anywhere: it goes in the middle.",
      traySize,
    ),
    { count: traySize },
  );
}

export const PRACTICE_END_TITLES = Object.freeze({
  cleared: gettext("Board cleared!"),
  player: gettext("Practice run over"),
});

export function practiceEndTitle(reason) {
  return PRACTICE_END_TITLES[reason] ?? PRACTICE_END_TITLES.player;
}

export function practiceOver(title, score, placed, draws) {
  return interpolate(gettext("%(title)s Score %(score)s: %(placed)s, %(draws)s. Never sent, on no leaderboard."), {
    title,
    score,
    placed: interpolate(ngettext("%(count)s tile placed", "%(count)s tiles placed", placed), { count: placed }),
    draws: interpolate(ngettext("%(count)s draw", "%(count)s draws", draws), { count: draws }),
  });
}

export function secondsLeft(seconds) {
  return interpolate(ngettext("%(seconds)s second left.", "%(seconds)s seconds left.", seconds), { seconds });
}

/**
 * A tray tile's accessible name. It starts with what the tile shows, in the order it
 * shows it (WCAG 2.5.3: the name contains the visible label): the number key (1-9,
 * `key`; null for a tile without one), then its numbers as turned (top, right, left);
 * then the tile, its worth and where it fits.
 */
export function tileLabel(tileId, rotation, fits, key = null) {
  const tile = tileParse(tileId);
  const [top, right, left] = tile.cornerNumbers(rotation);
  const where =
    fits === 0
      ? gettext("fits nowhere yet")
      : interpolate(ngettext("fits %(count)s spot", "fits %(count)s spots", fits), { count: fits });
  const name = interpolate(
    gettext(
      "%(top)s %(right)s %(left)s: %(top)s on top, %(right)s right, %(left)s left. Tile %(a)s %(b)s %(c)s, worth %(value)s; %(where)s",
    ),
    { a: tile.a, b: tile.b, c: tile.c, value: tile.value, top, right, left, where },
  );
  return key === null ? name : `${key}: ${name}`;
}

export function tilePicked(label, fits) {
  return interpolate(ngettext("%(label)s. %(count)s spot where it fits.", "%(label)s. %(count)s spots where it fits.", fits), {
    label,
    count: fits,
  });
}

export function turned(tileId, rotation) {
  const [top, right, left] = tileParse(tileId).cornerNumbers(rotation);
  return interpolate(gettext("Turned: %(top)s on top, %(right)s right, %(left)s left."), { top, right, left });
}

export function placed(tileId, cell, outcome, score) {
  const values = { tile: tileSpoken(tileId), cell: cellText(cell), points: outcome.points, score };
  if (outcome.bonus === null) {
    return interpolate(gettext("Placed %(tile)s at %(cell)s: %(points)s points. Score %(score)s."), values);
  }
  return interpolate(gettext("Placed %(tile)s at %(cell)s: %(points)s points, %(bonus)s bonus +%(bonusPoints)s. Score %(score)s."), {
    ...values,
    bonus: BONUS_LABELS[outcome.bonus],
    bonusPoints: DEFAULT_RULESET.bonusPoints(outcome.bonus),
  });
}

export function bonusToast(bonus) {
  return interpolate(gettext("%(bonus)s! +%(points)s"), { bonus: BONUS_LABELS[bonus], points: DEFAULT_RULESET.bonusPoints(bonus) });
}

export const CLEARED_TOAST = interpolate(gettext("Board cleared! +%(points)s"), { points: DEFAULT_RULESET.clearBonus });

export function doesNotFit(detail) {
  return interpolate(gettext("That tile does not fit there: %(detail)s."), { detail });
}

/**
 * Why the rules refused a move or a log (the engine's or the server's {code}), in the
 * page's language. The engine's `detail` is English (both engines must agree on it word
 * for word), so the page words the reason from the code alone; a code it does not know
 * gets words of its own, never the engine's English.
 */
export function refusalReason({ code }) {
  const reasons = {
    cell_occupied: gettext("that spot is already taken"),
    first_not_at_origin: gettext("the first tile goes in the middle"),
    not_adjacent: gettext("it must touch a tile on the board along an edge"),
    corner_mismatch: gettext("its numbers do not match the corners it touches"),
    bad_rotation: gettext("a tile turns to one of three positions only"),
    well_empty: gettext("the well is empty: nothing to draw"),
    tile_not_in_tray: gettext("that tile is not in the tray"),
    unknown_tile: gettext("that is not a tile"),
    time_over: gettext("the move came after the clock ran out"),
    time_not_monotonic: gettext("the moves' times go backwards"),
    run_over: gettext("the run was already over"),
    malformed: gettext("the move is not one the rules can read"),
    bad_log: gettext("what was sent is not a run log"),
    bad_challenge: gettext("the challenge's tiles are not a deal of the game"),
    deadline_passed: gettext("its moves reached the server after the run's time"),
  };
  return reasons[code] ?? gettext("the rules refuse it");
}

export const ONE_AT_A_TIME = gettext("One tile at a time: the last one is still going down.");

export function fitsNowhere(tileId) {
  return interpolate(gettext("%(tile)s fits nowhere on the board yet."), { tile: tileSpoken(tileId) });
}

export function drew(tileId, score, wellRemaining) {
  return interpolate(
    ngettext(
      "Drew %(tile)s, minus %(cost)s. Score %(score)s. %(count)s tile left in the well.",
      "Drew %(tile)s, minus %(cost)s. Score %(score)s. %(count)s tiles left in the well.",
      wellRemaining,
    ),
    { tile: tileSpoken(tileId), cost: DRAW_COST, score, count: wellRemaining },
  );
}

export const WELL_EMPTY = gettext("The well is empty.");

/** The Draw button's name: what it shows ("Draw −5 47 left"), then what that means. */
export function drawLabel(wellRemaining) {
  return interpolate(gettext("Draw −%(cost)s %(count)s left: take a tile from the well for minus %(cost)s points"), {
    cost: DRAW_COST,
    count: wellRemaining,
  });
}

export const STUCK_TOAST = gettext("No tile fits and the well is empty");
export const STUCK_ANNOUNCEMENT = gettext("No tile fits and the well is empty: end the run to keep your score.");

// --------------------------------------------------------------- the keyboard

export const FITS_NOWHERE_KEYS = gettext("This tile fits nowhere yet. Pick another, or draw with D.");

/** After N (or Shift+N): the cell jumped to, as the cursor reads it, then the count. */
export function jumpedTo(report, spots) {
  return interpolate(
    ngettext("%(report)s %(count)s spot in all. Enter places it.", "%(report)s %(count)s spots in all. Enter places it.", spots),
    { report, count: spots },
  );
}

// ---------------------------------------------------------- sending the run

export function runOver(title, score) {
  return interpolate(gettext("%(title)s Your score: %(score)s. Sending the run to the server."), { title, score });
}

export const CHECKING = gettext("Checking your run: the server replays every move to score it…");
export const NOT_SENT_TITLE = gettext("Your run has not reached the server");

export function notSentText(clientScore) {
  return interpolate(
    gettext("It ended with %(score)s points by your browser's count; the server scores it once it arrives."),
    { score: clientScore },
  );
}

export function notSentAnnouncement(message) {
  return interpolate(gettext("%(message)s Your moves are kept in this browser. Try again when you are back online."), {
    message,
  });
}

export function loggedOut(detail) {
  return interpolate(gettext("%(detail)s Log in again (in another tab) and try again."), {
    detail: detail ?? gettext("You are not logged in."),
  });
}

export function serverAnswered(status) {
  return interpolate(gettext("The server answered %(status)s."), { status });
}

export function nothingSubmitted(message) {
  return interpolate(gettext("%(message)s Nothing was submitted; try again."), { message });
}

export function startFailed(status) {
  return interpolate(gettext("The run could not start (%(status)s)."), { status });
}

/**
 * The intro's offer of a run this browser kept because the server never had its end:
 * what it is, and what can still be done with it. `when`: its local time; `late`: the
 * server no longer takes it (a run's log is taken until its clock and the grace are
 * over).
 */
export function unsentOffer(pending, when, { late }) {
  const moves = pending.log.moves.length;
  const what = interpolate(
    ngettext(
      "This browser kept a run of challenge #%(number)s from %(when)s that never reached the server: %(count)s move, %(score)s points by this browser's count.",
      "This browser kept a run of challenge #%(number)s from %(when)s that never reached the server: %(count)s moves, %(score)s points by this browser's count.",
      moves,
    ),
    { number: pending.challengeId, when, count: moves, score: pending.clientScore },
  );
  const then = late
    ? gettext(
        "It is too late to send it now (the server takes a run only until shortly after its clock runs out), so it cannot be scored or submitted.",
      )
    : gettext("Send it and the server replays and scores it; then you can submit it.");
  return `${what} ${then}`;
}

// ------------------------------------------------------- the first-run coach mark

export const COACH_TITLE = gettext("Your tiles");
export const COACH_DONE = gettext("Got it");

/** How to play, said once on the first deal (tour.js), in the words of the device. */
export function coachText({ touch }) {
  const how = touch
    ? gettext(
        "Drag a tile onto the glowing spot, or tap a tile, then the spot. Tap a tile again to turn it.",
      )
    : gettext(
        "Drag a tile onto the glowing spot, or click a tile, then the spot. Keys 1-9 pick a tile, R turns it, Enter places it.",
      );
  const clock = interpolate(
    gettext("The clock (%(duration)s) starts at your first touch of a tile. When nothing fits, draw (%(cost)s points)."),
    { duration: runDuration(), cost: DRAW_COST },
  );
  return `${how} ${clock}`;
}

// ------------------------------------------------------------------ guests

export function guestFailed(status) {
  return interpolate(gettext("You could not start as a guest (%(status)s). Sign up or log in to play."), { status });
}
