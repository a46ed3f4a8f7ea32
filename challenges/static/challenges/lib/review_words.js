// What the end screen's review and the replay viewer say about moves: the best move of a
// position, a miss, a move of the list, the viewer's status line. DOM-free; every
// sentence through the catalog (i18n.js, docs/i18n.md). The API's analysis also has an
// English `text` of each best move, for scripts; the page words it from the move itself.

import { bonusName } from "./bonus_words.js";
import { gettext, interpolate, ngettext, pageLanguage } from "./i18n.js";

export { bonusName };

/** "+12", "−5" (a minus sign) or "0". */
export function signed(points) {
  return points > 0 ? `+${points}` : points < 0 ? `\u2212${-points}` : "0";
}

/** "+12", "-5" (a hyphen, as the end screen has always written it). */
function signedPlain(points) {
  return points > 0 ? `+${points}` : String(points);
}

/** "68% of par 412" ("68 % de par 412"), or "par: soon" without a par yet. */
export function parOfScore(score, par) {
  if (typeof par !== "number" || par <= 0) {
    return gettext("par: soon");
  }
  const percent = new Intl.NumberFormat(pageLanguage(), { style: "percent", maximumFractionDigits: 0 }).format(
    Math.round((100 * score) / par) / 100,
  );
  return interpolate(gettext("%(percent)s of par %(par)s"), { percent, par });
}

/**
 * The score framed for a beginner, from the analysis's `field` (the board's live
 * entries: {entries, median, better_than}): "better than 62 % of players · median 214 ·
 * par 485". Without entries to compare with, the share of par ("68 % of par 412"). A
 * share of 0 is left unsaid: "better than 0 %" tells a beginner nothing.
 */
export function scoreFrame(score, par, field) {
  if (!field || !(field.entries > 0)) {
    return parOfScore(score, par);
  }
  const values = {
    percent: new Intl.NumberFormat(pageLanguage(), { style: "percent", maximumFractionDigits: 0 }).format(field.better_than / 100),
    median: new Intl.NumberFormat(pageLanguage(), { maximumFractionDigits: 1 }).format(field.median),
    par,
  };
  const known = typeof par === "number" && par > 0;
  if (field.better_than > 0) {
    return known
      ? interpolate(gettext("better than %(percent)s of players · median %(median)s · par %(par)s"), values)
      : interpolate(gettext("better than %(percent)s of players · median %(median)s · par: soon"), values);
  }
  return known
    ? interpolate(gettext("median %(median)s · par %(par)s"), values)
    : interpolate(gettext("median %(median)s · par: soon"), values);
}

/**
 * The best move of an analysed position (the API's `moves[i]`), in words: "4-5-5 on row
 * 2, column 1, for +50 with a hexagon", or "a draw, for -5". The board beside it shows
 * the tile turned as it goes. From its `best` and `best_outcome`; an entry with only
 * the API's English `text` (older answers) shows that.
 */
export function bestMoveText(entry) {
  const outcome = entry.best_outcome;
  if (!outcome) {
    return entry.text ?? "";
  }
  if (!entry.best) {
    return interpolate(gettext("a draw, for %(points)s"), { points: outcome.points });
  }
  const [row, column] = entry.best.cell;
  const values = { tile: entry.best.tile, row, column, points: signedPlain(outcome.points) };
  return outcome.bonus
    ? interpolate(gettext("%(tile)s on row %(row)s, column %(column)s, for %(points)s with a %(bonus)s"), {
        ...values,
        bonus: bonusName(outcome.bonus),
      })
    : interpolate(gettext("%(tile)s on row %(row)s, column %(column)s, for %(points)s"), values);
}

/** The end screen's sentence for one analysed move. */
export function missLine(entry) {
  return interpolate(gettext("Move %(number)s: best move you missed: %(best)s; you made %(made)s."), {
    number: entry.index + 1,
    best: bestMoveText(entry),
    made: signedPlain(entry.played.points),
  });
}

/** The replay viewer's sentence under the board before a move that missed points. */
export function missSentence(entry, { isOwner = false } = {}) {
  const format = isOwner
    ? gettext("Move %(number)s: best move you missed: %(best)s; the move played made %(made)s.")
    : gettext("Move %(number)s: best move missed: %(best)s; the move played made %(made)s.");
  return interpolate(format, { number: entry.index + 1, best: bestMoveText(entry), made: signed(entry.played.points) });
}

/** A button of the list of misses. */
export function missButton(entry) {
  return interpolate(gettext("Move %(number)s: %(best)s (missed %(missed)s)"), {
    number: entry.index + 1,
    best: bestMoveText(entry),
    missed: entry.missed,
  });
}

export const NO_MISSES = gettext("Every move made the most points its position offered.");

/** A move of the replay's list: "Placed 0-1-4", "Drew 2-3-5". */
export function describeMove(move) {
  if (move.type === "draw") {
    return move.tile ? interpolate(gettext("Drew %(tile)s"), { tile: move.tile }) : gettext("Drew a tile");
  }
  return interpolate(gettext("Placed %(tile)s"), { tile: move.tile });
}

export function goToMove(number) {
  return interpolate(gettext("Go to move %(number)s"), { number });
}

export function missedTag(missed) {
  return interpolate(gettext("missed %(missed)s"), { missed });
}

export const PAUSE = gettext("Pause");
export const PLAY = gettext("Play");
export const NO_MOVES_TO_REPLAY = gettext("No moves to replay");

export function beforeFirstMove(count) {
  return interpolate(ngettext("Before the first move · %(count)s move", "Before the first move · %(count)s moves", count), {
    count,
  });
}

export function moveOfMoves(current, last) {
  return interpolate(gettext("move %(current)s of %(last)s"), { current, last });
}

/** The status line at a move: "Move 3 of 20 · 0:12 · Placed 0-1-4: +14, bridge". */
export function moveStatus({ current, last, clock, move }) {
  const bonus = move.bonus ? `, ${bonusName(move.bonus)}` : "";
  return interpolate(gettext("Move %(current)s of %(last)s · %(clock)s · %(move)s: %(points)s%(bonus)s"), {
    current,
    last,
    clock,
    move: describeMove(move),
    points: signed(move.points),
    bonus,
  });
}

export function trayStatus(inHand, wellLeft) {
  return interpolate(gettext("· %(hand)s in hand, %(well)s left in the well"), { hand: inHand, well: wellLeft });
}

export const REPORT_THANKS = gettext("Thank you: the moderators will watch this run and decide.");

export function reportRefused(status) {
  return interpolate(gettext("The report was refused (%(status)s)."), { status });
}
