// The end screen's look back at a valid run: its score against par ("68% of par 412",
// or "par: soon" while the solver is still at it) and the moves it missed, the biggest
// first, each drawn on a small board: the position before the move, with the best move
// of that position as a ghost tile where it would have gone. The analysis is the
// server's (GET /api/runs/{id}/analysis/); the board is rebuilt by the rules engine.

import { BoardView, READABLE_SIDE_PX } from "../board_view/index.js";
import { ChallengeRun } from "../rules/index.js";
import { api } from "../lib/api.js";
import { NO_MISSES, missButton, missLine, parOfScore, scoreFrame } from "../lib/review_words.js";

export { missLine };

// The end screen lists this many misses; the replay viewer has them all.
const MISSES_SHOWN = 3;

/** "68% of par 412", or "par: soon" without a par yet. */
export function parLine(score, par) {
  return parOfScore(score, par);
}

/** The placements on the board before move `index` of `moves` (a valid log's moves). */
export function placementsBefore({ tray, well, moves }, index) {
  const run = new ChallengeRun({ tray, well });
  for (const move of moves.slice(0, index)) {
    const outcome =
      move.type === "draw" ? run.draw(move.t) : run.place(move.tile, move.cell, move.rotation, move.t);
    if (!outcome.ok) break; // the server accepted these moves; never expected
  }
  return run.board.placements.map((placement) => placement.toJson());
}

/**
 * Shows the par line and the misses of the finished run. `elements`: {par, box, text,
 * board (an <svg>), list}. `urls`: {analysis, challenge} for this run. Resolves when
 * drawn; a failed request leaves the part it concerns hidden (the run's result is
 * shown already, this is a bonus).
 */
export async function showEndReview({ elements, urls, deal, moves, score, par }) {
  const { box, text, list } = elements;
  box.hidden = true;
  list.replaceChildren();
  let known = par;
  if (typeof known !== "number") {
    // The page was loaded before the solver finished: it may be known now.
    const challenge = await api(urls.challenge).catch(() => null);
    known = challenge?.status === 200 ? challenge.data.par : null;
  }
  elements.par.textContent = parLine(score, known);
  elements.par.hidden = false;

  const answer = await api(urls.analysis).catch(() => null);
  if (answer === null || answer.status !== 200) {
    return;
  }
  const analysis = answer.data;
  // With the board's entries known, the score is framed against them, par beside.
  elements.par.textContent = scoreFrame(score, known, analysis.field);
  const misses = analysis.misses.slice(0, MISSES_SHOWN).map((index) => analysis.moves[index]);
  if (moves.length === 0) {
    return; // a run with no move missed nothing worth a word of praise
  }
  box.hidden = false;
  if (misses.length === 0) {
    text.textContent = NO_MISSES;
    elements.board.parentElement.hidden = true;
    return;
  }
  elements.board.parentElement.hidden = false;
  const view =
    elements.view ?? new BoardView(elements.board, { showOpen: false, fitMinSidePx: READABLE_SIDE_PX, wheel: false });
  elements.view = view;
  const show = (entry) => {
    view.render(placementsBefore({ ...deal, moves }, entry.index));
    // The better tile goes down where it should have (board.css: missed-drop), again
    // each time a miss is chosen.
    view.setPreview(entry.best, { className: "tile tile--missed tile--missed-drop" });
    view.fit({ animate: false });
    view.ensureVisible([entry.best.cell]);
    text.textContent = missLine(entry);
    for (const item of list.children) {
      item.classList.toggle("is-current", Number(item.dataset.move) === entry.index);
    }
  };
  for (const entry of misses) {
    const item = document.createElement("li");
    item.dataset.move = String(entry.index);
    const button = document.createElement("button");
    button.type = "button";
    button.textContent = missButton(entry);
    button.addEventListener("click", () => show(entry));
    item.appendChild(button);
    list.appendChild(item);
  }
  show(misses[0]);
}

/**
 * The end screen's part that shows the look back (elements #end-par, #end-missed and
 * what is inside it): `dealt(run)` keeps the deal when a run starts, `show(finish)`
 * shows the review of a valid finished run, and hides it otherwise. `urls.analysis` is
 * a function of the run's id.
 */
export class EndReview {
  constructor($, { urls, par }) {
    this.elements = {
      par: $("end-par"),
      box: $("end-missed"),
      text: $("end-missed-text"),
      board: $("end-missed-board"),
      list: $("end-missed-list"),
    };
    this.urls = urls;
    this.par = par;
    this.deal = null;
  }

  dealt(run) {
    // The deal, not the tray now: a run resumed after a reload comes with moves played.
    this.deal = { tray: run.dealtTray.slice(), well: run.well.slice() };
  }

  show(finish) {
    const { elements } = this;
    if (elements.par === null) {
      return; // a page without the look back
    }
    elements.par.hidden = true;
    elements.box.hidden = true;
    const result = finish.result;
    if (!result?.valid || this.deal === null) {
      return;
    }
    showEndReview({
      elements,
      urls: { analysis: this.urls.analysis(finish.runId), challenge: this.urls.challenge },
      deal: this.deal,
      moves: finish.log.moves.slice(0, (result.moves ?? []).length),
      score: result.score ?? 0,
      par: this.par,
    }).catch((error) => console.error("end review:", error));
  }
}
