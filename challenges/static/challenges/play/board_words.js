// What the board says to a screen reader: the cursor's cell (cellReport), the B key's
// summary (boardSummary) and the keyboard's refusals at the cursor. play/board_speech.js
// gathers the facts from the rules port; these are its words, through the catalog
// (../i18n.js), like every sentence of words.js.

import { gettext, interpolate, ngettext } from "../lib/i18n.js";
import { BONUS_LABELS, cellText, tileSpoken } from "./words.js";

// Corners in the engine's order (clockwise from the apex), edges in cellNeighbours'
// order (left, right, the flat side), for a cell pointing up or down.
const CORNER_NAMES = Object.freeze({
  up: [gettext("at the top"), gettext("bottom right"), gettext("bottom left")],
  down: [gettext("at the bottom"), gettext("top left"), gettext("top right")],
});
const EDGE_PHRASES = Object.freeze({
  up: [gettext("%(tile)s on the left edge"), gettext("%(tile)s on the right edge"), gettext("%(tile)s on the bottom edge")],
  down: [gettext("%(tile)s on the left edge"), gettext("%(tile)s on the right edge"), gettext("%(tile)s on the top edge")],
});

function cornersSpoken(up, numbers) {
  const names = CORNER_NAMES[up ? "up" : "down"];
  return numbers
    .map((number, i) =>
      interpolate(gettext("%(number)s %(corner)s"), { number: number === null ? gettext("any number") : number, corner: names[i] }),
    )
    .join(", ");
}

function capitalised(text) {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

function pointsSpoken(points, bonus) {
  if (bonus === null) {
    return interpolate(ngettext("%(count)s point", "%(count)s points", points), { count: points });
  }
  return interpolate(
    ngettext("%(count)s point, %(bonus)s bonus included", "%(count)s points, %(bonus)s bonus included", points),
    { count: points, bonus: BONUS_LABELS[bonus] },
  );
}

/**
 * What the keyboard cursor reads on a cell (`facts`: board_speech.js's cellFacts):
 * where it is, the tile on it or that it is empty, the tiles across its edges, the
 * numbers its corners need, and what the selected tile would score there.
 */
export function cellReport(facts) {
  const { up, tile, edges, demands, open, fit } = facts;
  const cell = capitalised(cellText(facts.cell));
  const sentences = [interpolate(up ? gettext("%(cell)s, pointing up.") : gettext("%(cell)s, pointing down."), { cell })];
  if (tile !== null) {
    sentences.push(interpolate(gettext("Tile %(tile)s: %(corners)s."), { tile: tileSpoken(tile.id), corners: cornersSpoken(up, tile.numbers) }));
  } else if (open && edges.every((edge) => edge === null)) {
    sentences.push(gettext("Empty: the first tile goes here."));
  } else {
    sentences.push(open ? gettext("Empty, next to the tiles.") : gettext("Empty, touching no tile."));
  }
  const phrases = EDGE_PHRASES[up ? "up" : "down"];
  const touching = edges.flatMap((edge, i) => (edge === null ? [] : [interpolate(phrases[i], { tile: tileSpoken(edge) })]));
  if (touching.length > 0) {
    sentences.push(interpolate(gettext("Touching: %(tiles)s."), { tiles: touching.join(", ") }));
  }
  if (tile === null && open && demands.some((number) => number !== null)) {
    sentences.push(interpolate(gettext("Corners need %(corners)s."), { corners: cornersSpoken(up, demands) }));
  }
  if (fit !== null) {
    sentences.push(
      fit.fits
        ? interpolate(gettext("%(tile)s fits here, for %(points)s: %(corners)s."), {
            tile: tileSpoken(fit.tile),
            points: pointsSpoken(fit.points, fit.bonus),
            corners: cornersSpoken(up, fit.numbers),
          })
        : interpolate(gettext("%(tile)s does not fit here."), { tile: tileSpoken(fit.tile) }),
    );
  }
  return sentences.join(" ");
}

/** The B key's summary of the board (`facts`: board_speech.js's boardFacts). */
export function boardSummary(facts) {
  const sentences = [];
  if (facts.tiles === 0) {
    sentences.push(gettext("The board is empty: the first tile goes in the middle, at row 0, column 0."));
  } else {
    const [top, bottom] = facts.rows;
    const [left, right] = facts.columns;
    sentences.push(
      interpolate(
        ngettext(
          "%(count)s tile on the board, rows %(top)s to %(bottom)s, columns %(left)s to %(right)s;",
          "%(count)s tiles on the board, rows %(top)s to %(bottom)s, columns %(left)s to %(right)s;",
          facts.tiles,
        ),
        { count: facts.tiles, top, bottom, left, right },
      ),
      interpolate(ngettext("%(count)s open spot next to them.", "%(count)s open spots next to them.", facts.open), {
        count: facts.open,
      }),
    );
  }
  sentences.push(
    interpolate(gettext("Score %(score)s."), { score: facts.score }),
    interpolate(ngettext("%(count)s tile in your tray,", "%(count)s tiles in your tray,", facts.tray), { count: facts.tray }),
    interpolate(ngettext("%(count)s tile in the well.", "%(count)s tiles in the well.", facts.wellRemaining), {
      count: facts.wellRemaining,
    }),
  );
  if (facts.selected !== null) {
    const tile = tileSpoken(facts.selected);
    sentences.push(
      facts.best === null
        ? interpolate(gettext("%(tile)s fits nowhere yet."), { tile })
        : interpolate(
            ngettext(
              "%(tile)s fits %(count)s spot; the best is %(cell)s, for %(points)s.",
              "%(tile)s fits %(count)s spots; the best is %(cell)s, for %(points)s.",
              facts.fitsFor,
            ),
            { tile, count: facts.fitsFor, cell: cellText(facts.best.cell), points: pointsSpoken(facts.best.points, facts.best.bonus) },
          ),
    );
  }
  return sentences.join(" ");
}

export const PICK_FIRST = gettext("Pick a tile first, with the number keys.");

export function notFitAtCursor(tileId, cell) {
  return interpolate(gettext("%(tile)s does not fit at %(cell)s. N jumps to a spot where it does."), {
    tile: tileSpoken(tileId),
    cell: cellText(cell),
  });
}
