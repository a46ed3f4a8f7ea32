// The end screen: the server's score and verdict, the run's figures, the move review,
// and the submit. `endSummary` and `reviewRows` decide what it shows (DOM-free, node
// tested); `EndScreen` puts that on the page.

import { submittable } from "./machine.js";
import {
  ALREADY_SUBMITTED,
  DRAW_MOVE,
  NO_MOVES,
  SEE_LEADERBOARD,
  endAnnouncement,
  finalBoardDescription,
  submitSentence,
  verdictText,
} from "./end_words.js";
import { BONUS_LABELS, endTitle, formatSeconds, refusalReason } from "./words.js";

/** What the end screen shows for `finish` (the machine's) and its verdict `result`. */
export function endSummary(finish, result) {
  const moves = finish.log.moves;
  const serverMoves = Array.isArray(result.moves) ? result.moves : [];
  // Only the moves the server replayed count: a rejected run's later ones do not.
  const counted = moves.slice(0, serverMoves.length);
  const best = typeof result.best_score === "number" ? result.best_score : null;
  const title = endTitle(finish.reason);
  const canSubmit = submittable(result);
  return {
    title,
    score: result.score ?? 0,
    placed: counted.filter((move) => move.type === "place").length,
    board: finalPlacements(moves, serverMoves.length),
    draws: counted.filter((move) => move.type === "draw").length,
    best,
    verdict: verdictText(result, finish.clientScore),
    submittable: canSubmit,
    alreadySubmitted: canSubmit && Boolean(result.submitted),
    review: reviewRows(moves, serverMoves, result.valid ? null : result.error),
    announcement: endAnnouncement({ title, result, submittable: canSubmit, best }),
  };
}

/** The placements the server replayed ({tile, cell, rotation}), for the final board. */
export function finalPlacements(moves, replayedCount) {
  return moves
    .slice(0, replayedCount)
    .filter((move) => move.type === "place")
    .map(({ tile, cell, rotation }) => ({ tile, cell, rotation }));
}

/**
 * The move review's rows: {cells: [#, time, move, cell, points, bonus], kind, title},
 * kind "error" for the move the server refused, "dropped" for moves it never reached.
 */
export function reviewRows(moves, serverMoves, error) {
  return moves.map((move, index) => {
    const outcome = serverMoves[index];
    const draw = move.type === "draw";
    const cells = [
      String(index + 1),
      formatSeconds(move.t),
      draw ? DRAW_MOVE : move.tile,
      draw ? "" : `${move.cell[0]}, ${move.cell[1]}`,
      outcome ? String(outcome.points) : "–",
      outcome?.bonus ? BONUS_LABELS[outcome.bonus] : "",
    ];
    if (error && error.move === index) {
      return { cells, kind: "error", title: refusalReason(error) };
    }
    return { cells, kind: outcome ? null : "dropped", title: null };
  });
}

const POINTS_COLUMN = 4;

export class EndScreen {
  /**
   * `$`: the page's getElementById; `urls`: {leaderboard, replay(runId)}; `finalBoard`:
   * a BoardView (not interactive) for the run's last position.
   */
  constructor($, { urls, announce, finalBoard }) {
    this.$ = $;
    this.urls = urls;
    this.announce = announce;
    this.finalBoard = finalBoard;
  }

  /** A new run: the last one's final board goes (its tiles are not this run's). */
  clearBoard() {
    this.finalBoard.render([]);
    // An <svg> has no `hidden` property: the attribute itself.
    this.$("end-board").toggleAttribute("hidden", true);
  }

  show(finish, summary) {
    const $ = this.$;
    $("end-title").textContent = summary.title;
    $("end-score").textContent = String(summary.score);
    $("end-tiles").textContent = String(summary.placed);
    $("end-draws").textContent = String(summary.draws);
    $("end-best").textContent = summary.best === null ? "–" : String(summary.best);
    $("end-board").toggleAttribute("hidden", summary.board.length === 0);
    $("end-board").setAttribute("aria-label", finalBoardDescription(summary.board));
    if (summary.board.length > 0) {
      this.finalBoard.render(summary.board);
      this.finalBoard.fit({ animate: false });
    }
    const verdict = $("end-verdict");
    verdict.textContent = summary.verdict;
    verdict.hidden = summary.verdict === "";
    this.#review(summary.review);
    $("replay-link").href = this.urls.replay(finish.runId);

    $("submit-result").hidden = true;
    $("submit-result").replaceChildren();
    $("end-submit").hidden = false;
    this.#offerSubmit(summary.submittable && !summary.alreadySubmitted);
    $("submit-button").disabled = false;
    // A run at zero or below is no entry to push: Play again leads. (The standing, once
    // it comes, decides for the best run: standing_view.js.)
    const submitMain = summary.submittable && summary.score > 0;
    $("submit-button").classList.toggle("secondary", !submitMain);
    $("again-button").classList.toggle("secondary", submitMain);
    if (summary.alreadySubmitted) {
      this.showSubmit({ kind: "already", detail: ALREADY_SUBMITTED, final: true }, { announce: false });
    }
    this.announce(summary.announcement);
    $("end-title").focus();
  }

  #offerSubmit(offered) {
    this.$("submit-button").hidden = !offered;
    this.$("submit-explain").hidden = !offered;
  }

  #review(rows) {
    const body = this.$("review").querySelector("tbody");
    body.replaceChildren();
    for (const { cells, kind, title } of rows) {
      const row = document.createElement("tr");
      cells.forEach((text, index) => {
        const cell = document.createElement("td");
        cell.textContent = text;
        if (index === POINTS_COLUMN) cell.className = "num";
        row.appendChild(cell);
      });
      if (kind !== null) row.className = `review-row--${kind}`;
      if (title !== null) row.title = title;
      body.appendChild(row);
    }
    if (rows.length === 0) {
      const row = document.createElement("tr");
      const cell = document.createElement("td");
      cell.colSpan = 6;
      cell.className = "muted";
      cell.textContent = NO_MOVES;
      row.appendChild(cell);
      body.appendChild(row);
    }
  }

  /** The submit is on its way: no second click meanwhile. */
  submitting() {
    this.$("submit-button").disabled = true;
  }

  /** Shows a submit's outcome (submit.js) under the buttons. */
  showSubmit(outcome, { announce = true } = {}) {
    const $ = this.$;
    if (outcome.final) {
      // Submit goes; Play again, beside it, stays.
      this.#offerSubmit(false);
    } else {
      $("submit-button").disabled = !outcome.retry;
    }
    const box = $("submit-result");
    box.replaceChildren();
    box.hidden = false;
    box.className = `end-result${outcome.kind === "error" ? " end-result--error" : ""}`;
    const paragraph = document.createElement("p");
    for (const [text, emphasis] of submitSentence(outcome)) {
      paragraph.append(emphasis === null ? text : emphasised(text, emphasis));
    }
    box.appendChild(paragraph);
    if (outcome.kind !== "error") {
      // The leaderboard page opens on the player's own row ("?page=mine" finds it).
      const link = document.createElement("a");
      link.className = "button";
      link.href =
        outcome.kind === "entered"
          ? `${this.urls.leaderboard}?page=${outcome.entry.page ?? 1}#you`
          : `${this.urls.leaderboard}?page=mine`;
      link.id = "leaderboard-link";
      link.textContent = SEE_LEADERBOARD;
      box.appendChild(link);
    }
    if (announce) {
      this.announce(paragraph.textContent);
    }
    // The focus was on Submit (or a run's Submit), which went: it goes to the outcome,
    // never to <body>, so the keyboard carries on from here.
    if (focusLost(document.activeElement)) {
      box.focus();
    }
  }
}

/** True when the focus is nowhere a keyboard player can carry on from: on <body>, on
 * an element gone from the page, hidden or disabled. */
export function focusLost(active) {
  if (active === null || active === undefined || active === active.ownerDocument?.body || !active.isConnected) {
    return true;
  }
  return active.disabled === true || active.closest("[hidden]") !== null;
}

function emphasised(text, emphasis) {
  const element = document.createElement(emphasis === "strong" ? "strong" : "span");
  element.className = "num";
  element.textContent = text;
  return element;
}
