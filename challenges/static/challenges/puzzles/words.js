// What the puzzle pages say, in the reader's language (docs/i18n.md): every sentence a
// gettext call here, so `makemessages -d djangojs` finds it.

import { gettext, interpolate, ngettext } from "../lib/i18n.js";

const REFUSALS = {
  cell_outside_shape: () => gettext("That cell is not in the shape."),
  cell_occupied: () => gettext("That cell is filled already."),
  corner_mismatch: () => gettext("The numbers do not match the tiles around it."),
  too_many_jokers: () => gettext("No joker left: two at most."),
};

/** The reason a piece may not go there, from its code. */
export function refused(code) {
  return (REFUSALS[code] ?? (() => gettext("That piece cannot go there.")))();
}

/** A refusal of the server when a solve was sent (its detail is already translated). */
export function notSaved(detail) {
  return interpolate(gettext("Not saved: %(detail)s"), { detail });
}

export function timeText(ms) {
  const seconds = Math.floor(ms / 1000);
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, "0")}`;
}

export function starsLine(stars) {
  return "★".repeat(stars) + "☆".repeat(3 - stars);
}

export function starsName(stars) {
  return interpolate(ngettext("%(count)s star", "%(count)s stars", stars), { count: stars });
}

export function tileName(tileId, rotation) {
  const [a, b, c] = tileId.split("-");
  const shown = [[a, b, c], [b, c, a], [c, a, b]][rotation];
  return interpolate(gettext("tile %(numbers)s"), { numbers: shown.join(" ") });
}

/** A tray tile's name: the numbers it shows first, in the order they are drawn, so the
 * name holds the visible text (WCAG 2.5.3), then where each one is. */
export function trayTileName(tileId, rotation, key) {
  const [a, b, c] = tileId.split("-");
  const [top, right, left] = [[a, b, c], [b, c, a], [c, a, b]][rotation];
  const name = interpolate(gettext("%(top)s %(right)s %(left)s: %(top)s on top, %(right)s right, %(left)s left"), {
    top,
    right,
    left,
  });
  return key === null ? name : `${key}: ${name}`;
}

export function jokerName(left) {
  return interpolate(ngettext("joker, %(count)s left", "joker, %(count)s left", left), { count: left });
}

export function jokersLeft(left) {
  return interpolate(ngettext("%(count)s joker left", "%(count)s jokers left", left), { count: left });
}

export function cellName(index, count) {
  return interpolate(gettext("cell %(index)s of %(count)s"), { index, count });
}

export function cellSays({ index, count, piece, fits }) {
  const where = cellName(index, count);
  if (piece === null) {
    return fits
      ? interpolate(gettext("%(cell)s: empty, the chosen piece fits"), { cell: where })
      : interpolate(gettext("%(cell)s: empty"), { cell: where });
  }
  const what = piece.type === "joker" ? gettext("a joker") : tileName(piece.tile, piece.rotation);
  return interpolate(gettext("%(cell)s: %(piece)s"), { cell: where, piece: what });
}

export function placed(piece, index, count, left) {
  const what = piece.type === "joker" ? gettext("Joker") : tileName(piece.tile, piece.rotation);
  return interpolate(
    ngettext("%(piece)s on %(cell)s; %(left)s cell to fill.", "%(piece)s on %(cell)s; %(left)s cells to fill.", left),
    { piece: what, cell: cellName(index, count), left },
  );
}

export function lifted(piece) {
  const what = piece.type === "joker" ? gettext("Joker") : tileName(piece.tile, piece.rotation);
  return interpolate(gettext("%(piece)s taken back."), { piece: what });
}

export function chosen(choice, rotation, left) {
  return choice === "joker" ? jokerName(left) : tileName(choice, rotation);
}

export function solvedSaying(stars, ms) {
  return interpolate(gettext("Solved in %(time)s: %(stars)s."), { time: timeText(ms), stars: starsName(stars) });
}

export const saving = () => gettext("Saving…");
export const saved = () => gettext("Saved.");
export const savedBetter = () => gettext("Saved: a new best.");
export const restarted = () => gettext("Started again: every tile is back in the tray.");
export const copied = () => gettext("Copied.");
export const offline = () => gettext("Not saved: the server could not be reached. Solve it again to save it.");
export const noSelection = () => gettext("Choose a tile or a joker first.");
export function bestLine(stars, ms) {
  return interpolate(gettext("Your best: %(stars)s in %(time)s"), { stars: starsName(stars), time: timeText(ms) });
}
export function streakLine(days) {
  return interpolate(ngettext("%(count)s day in a row", "%(count)s days in a row", days), { count: days });
}
