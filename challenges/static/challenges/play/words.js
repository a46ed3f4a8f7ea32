// Everything the play page says, in one place: announcements for screen readers, toasts,
// labels and the sentences of the sending and end screens. DOM-free, so node tests
// read the words, and one file to translate. (The witness's words are witness_words.js.)

import { DEFAULT_RULESET, tileParse } from "../rules/index.js";

export const DRAW_COST = -DEFAULT_RULESET.drawPoints;

export const BONUS_LABELS = Object.freeze({
  bridge: "Bridge",
  hexagon: "Hexagon",
  double_hexagon: "Double hexagon",
  triple_hexagon: "Triple hexagon",
});

/** Why a run ended, as the sending and end screens title it. */
export const END_TITLES = Object.freeze({
  time: "Time's up!",
  cleared: "Board cleared!",
  player: "Run ended",
  rejected: "Run rejected",
  recovered: "Your unsent run",
});

export function endTitle(reason) {
  return END_TITLES[reason] ?? "Run over";
}

export function plural(count, word) {
  return `${count} ${word}${count === 1 ? "" : "s"}`;
}

/** A tile id as it is read out: "1 2 4", not "1-2-4" (read as "one minus two"). */
export function tileSpoken(tileId) {
  return tileId.replaceAll("-", " ");
}

export function cellText([r, c]) {
  return `row ${r}, column ${c}`;
}

/** "1:05" for 65,000 ms left; never below 0:00, and a started second shows whole. */
export function formatClock(ms) {
  const seconds = Math.max(0, Math.ceil(ms / 1000));
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, "0")}`;
}

export function formatSeconds(ms) {
  return `${(ms / 1000).toFixed(1)} s`;
}

// ------------------------------------------------------------------ playing

export function runStarted(traySize) {
  return (
    `Run started: two minutes. ${plural(traySize, "tile")} in your tray. ` +
    "Place the first one anywhere: it goes in the middle."
  );
}

/** The untimed practice page (practice.js): a run with no clock, never sent. */
export function practiceStarted(traySize) {
  return (
    `Practice started: no clock, take your time. ${plural(traySize, "tile")} in your tray. ` +
    "Place the first one anywhere: it goes in the middle."
  );
}

export const PRACTICE_END_TITLES = Object.freeze({
  cleared: "Board cleared!",
  player: "Practice run over",
});

export function practiceEndTitle(reason) {
  return PRACTICE_END_TITLES[reason] ?? PRACTICE_END_TITLES.player;
}

export function practiceOver(title, score, placed, draws) {
  return `${title} Score ${score}: ${plural(placed, "tile")} placed, ${plural(draws, "draw")}. Never sent, on no leaderboard.`;
}

export function secondsLeft(seconds) {
  return `${seconds} seconds left.`;
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
  const name =
    `${top} ${right} ${left}: ${top} on top, ${right} right, ${left} left. ` +
    `Tile ${tile.a} ${tile.b} ${tile.c}, worth ${tile.value}; ${fits === 0 ? "fits nowhere yet" : `fits ${plural(fits, "spot")}`}`;
  return key === null ? name : `${key}: ${name}`;
}

export function tilePicked(label, fits) {
  return `${label}. ${fits} spots where it fits.`;
}

export function turned(tileId, rotation) {
  const [top, right, left] = tileParse(tileId).cornerNumbers(rotation);
  return `Turned: ${top} on top, ${right} right, ${left} left.`;
}

export function placed(tileId, cell, outcome, score) {
  const bonus =
    outcome.bonus === null
      ? ""
      : `, ${BONUS_LABELS[outcome.bonus]} bonus +${DEFAULT_RULESET.bonusPoints(outcome.bonus)}`;
  return `Placed ${tileSpoken(tileId)} at ${cellText(cell)}: ${outcome.points} points${bonus}. Score ${score}.`;
}

export function bonusToast(bonus) {
  return `${BONUS_LABELS[bonus]}! +${DEFAULT_RULESET.bonusPoints(bonus)}`;
}

export const CLEARED_TOAST = `Board cleared! +${DEFAULT_RULESET.clearBonus}`;

export function doesNotFit(detail) {
  return `That tile does not fit there: ${detail}.`;
}

export const ONE_AT_A_TIME = "One tile at a time: the last one is still going down.";

export function fitsNowhere(tileId) {
  return `${tileSpoken(tileId)} fits nowhere on the board yet.`;
}

export function drew(tileId, score, wellRemaining) {
  return (
    `Drew ${tileSpoken(tileId)}, minus ${DRAW_COST}. Score ${score}. ` +
    `${plural(wellRemaining, "tile")} left in the well.`
  );
}

export const WELL_EMPTY = "The well is empty.";

/** The Draw button's name: what it shows ("Draw −5 47 left"), then what that means. */
export function drawLabel(wellRemaining) {
  return `Draw −${DRAW_COST} ${wellRemaining} left: take a tile from the well for minus ${DRAW_COST} points`;
}

export const STUCK_TOAST = "No tile fits and the well is empty";
export const STUCK_ANNOUNCEMENT = "No tile fits and the well is empty: end the run to keep your score.";

// --------------------------------------------------------------- the keyboard

export const FITS_NOWHERE_KEYS = "This tile fits nowhere yet. Pick another, or draw with D.";

/** After N (or Shift+N): the cell jumped to, as the cursor reads it, then the count. */
export function jumpedTo(report, spots) {
  return `${report} ${plural(spots, "spot")} in all. Enter places it.`;
}

// ------------------------------------------------------- the board, spoken
// (play/board_speech.js gathers the facts from the rules port; these are its words.)

// Corners in the engine's order (clockwise from the apex), edges in cellNeighbours'
// order (left, right, the flat side), for a cell pointing up or down.
const CORNER_NAMES = Object.freeze({
  up: ["at the top", "bottom right", "bottom left"],
  down: ["at the bottom", "top left", "top right"],
});
const EDGE_NAMES = Object.freeze({ up: ["left", "right", "bottom"], down: ["left", "right", "top"] });

function cornersSpoken(up, numbers) {
  const names = CORNER_NAMES[up ? "up" : "down"];
  return numbers.map((number, i) => `${number === null ? "any number" : number} ${names[i]}`).join(", ");
}

function capitalised(text) {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

function pointsSpoken(points, bonus) {
  const extra = bonus === null ? "" : `, ${BONUS_LABELS[bonus]} bonus included`;
  return `${plural(points, "point")}${extra}`;
}

/**
 * What the keyboard cursor reads on a cell (`facts`: board_speech.js's cellFacts):
 * where it is, the tile on it or that it is empty, the tiles across its edges, the
 * numbers its corners need, and what the selected tile would score there.
 */
export function cellReport(facts) {
  const { up, tile, edges, demands, open, fit } = facts;
  const sentences = [`${capitalised(cellText(facts.cell))}, pointing ${up ? "up" : "down"}.`];
  if (tile !== null) {
    sentences.push(`Tile ${tileSpoken(tile.id)}: ${cornersSpoken(up, tile.numbers)}.`);
  } else if (open && edges.every((edge) => edge === null)) {
    sentences.push("Empty: the first tile goes here.");
  } else {
    sentences.push(open ? "Empty, next to the tiles." : "Empty, touching no tile.");
  }
  const names = EDGE_NAMES[up ? "up" : "down"];
  const touching = edges.flatMap((edge, i) => (edge === null ? [] : [`${tileSpoken(edge)} on the ${names[i]} edge`]));
  if (touching.length > 0) {
    sentences.push(`Touching: ${touching.join(", ")}.`);
  }
  if (tile === null && open && demands.some((number) => number !== null)) {
    sentences.push(`Corners need ${cornersSpoken(up, demands)}.`);
  }
  if (fit !== null) {
    sentences.push(
      fit.fits
        ? `${tileSpoken(fit.tile)} fits here, for ${pointsSpoken(fit.points, fit.bonus)}: ${cornersSpoken(up, fit.numbers)}.`
        : `${tileSpoken(fit.tile)} does not fit here.`,
    );
  }
  return sentences.join(" ");
}

/** The B key's summary of the board (`facts`: board_speech.js's boardFacts). */
export function boardSummary(facts) {
  const sentences = [];
  if (facts.tiles === 0) {
    sentences.push("The board is empty: the first tile goes in the middle, at row 0, column 0.");
  } else {
    const [top, bottom] = facts.rows;
    const [left, right] = facts.columns;
    sentences.push(
      `${plural(facts.tiles, "tile")} on the board, rows ${top} to ${bottom}, columns ${left} to ${right}; ` +
        `${plural(facts.open, "open spot")} next to them.`,
    );
  }
  sentences.push(
    `Score ${facts.score}. ${plural(facts.tray, "tile")} in your tray, ${plural(facts.wellRemaining, "tile")} in the well.`,
  );
  if (facts.selected !== null) {
    const tile = tileSpoken(facts.selected);
    sentences.push(
      facts.best === null
        ? `${tile} fits nowhere yet.`
        : `${tile} fits ${plural(facts.fitsFor, "spot")}; the best is ${cellText(facts.best.cell)}, ` +
            `for ${pointsSpoken(facts.best.points, facts.best.bonus)}.`,
    );
  }
  return sentences.join(" ");
}

export const PICK_FIRST = "Pick a tile first, with the number keys.";

export function notFitAtCursor(tileId, cell) {
  return `${tileSpoken(tileId)} does not fit at ${cellText(cell)}. N jumps to a spot where it does.`;
}

// ---------------------------------------------------------- sending the run

export function runOver(title, score) {
  return `${title} Your score: ${score}. Sending the run to the server.`;
}

export const CHECKING = "Checking your run: the server replays every move to score it…";
export const NOT_SENT_TITLE = "Your run has not reached the server";

export function notSentText(clientScore) {
  return (
    `It ended with ${clientScore} points by your browser's count; the server ` +
    "scores it once it arrives."
  );
}

export function notSentAnnouncement(message) {
  return `${message} Your moves are kept in this browser. Try again when you are back online.`;
}

export function loggedOut(detail) {
  return `${detail ?? "You are not logged in."} Log in again (in another tab) and try again.`;
}

export function serverAnswered(status) {
  return `The server answered ${status}.`;
}

export function startFailed(status) {
  return `The run could not start (${status}).`;
}

/**
 * The intro's offer of a run this browser kept because the server never had its end:
 * what it is, and what can still be done with it. `when`: its local time; `late`: the
 * server no longer takes it (a run's log is taken until its two minutes and the grace
 * are over).
 */
export function unsentOffer(pending, when, { late }) {
  const what =
    `This browser kept a run of challenge #${pending.challengeId} from ${when} that never reached ` +
    `the server: ${plural(pending.log.moves.length, "move")}, ${pending.clientScore} points by this ` +
    "browser's count.";
  return late
    ? `${what} It is too late to send it now (the server takes a run only until shortly after its two minutes end), so it cannot be scored or submitted.`
    : `${what} Send it and the server replays and scores it; then you can submit it.`;
}

// ------------------------------------------------------- the first-run tour

/** The tour before a browser's first run (tour.js): where each step points, what it says. */
export const TOUR_STEPS = Object.freeze([
  {
    target: "tray",
    title: "Your tiles",
    text: "Your nine tiles wait here once the run starts. Drag one onto the board, or pick it with its number key; tap it to turn it.",
  },
  {
    target: "board",
    title: "The board",
    text: "The first tile goes anywhere. Every next one must touch the board, with matching numbers on every shared corner. Spots where the chosen tile fits light up.",
  },
  {
    target: "draw-button",
    title: "Draw",
    text: `When nothing fits, draw a tile from the well: it costs ${DRAW_COST} points.`,
  },
  {
    target: "clock",
    title: "The clock",
    text: "Two minutes from the start. Hexagons and bridges earn big bonuses; clear the board for more.",
  },
]);

export function tourProgress(index, count) {
  return `Step ${index + 1} of ${count}`;
}

export const TOUR_NEXT = "Next";
export const TOUR_START = "Start the run";
export const TOUR_SKIP = "Skip the tour";

// ------------------------------------------------------------------ guests

export function guestFailed(status) {
  return `You could not start as a guest (${status}). Sign up or log in to play.`;
}
