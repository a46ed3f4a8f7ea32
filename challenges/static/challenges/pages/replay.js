// The replay viewer: steps through a run's moves on the board, with the server's
// points for each move and the running score. The rules engine (rules/) rebuilds the
// tray and the board after every move; the board view (board_view/) draws them. The
// server's verdict (its per-move points) is what the page shows: it is the authority.
// A finished run comes with the server's analysis: before each move that missed points,
// the best move of the position is drawn on the board as a ghost tile, with its
// sentence ("best move you missed: 4-5-5 at 2,1 rotation 1 for +50 (hexagon)"), and the
// biggest misses are listed, each a jump to its position.

import { BoardView, tileIcon } from "../board_view/index.js";
import { ChallengeRun } from "../rules/index.js";
import * as words from "../lib/review_words.js";
import { bonusName, describeMove, missSentence, signed } from "../lib/review_words.js";

export { missSentence };
// "As played" waits as long as the player did, within these bounds (ms).
const REAL_PACE_MIN = 150;
const REAL_PACE_MAX = 2500;

/**
 * Every state of the run: frame 0 is the start, frame k the state after move k.
 * A frame is {placements, tray, wellLeft, score, move}; `move` (null in frame 0) is
 * {index, type, tile, t, points, bonus}.
 */
export function replayFrames({ tray, well, moves, results }) {
  const run = new ChallengeRun({ tray, well });
  const frames = [{ placements: [], tray: run.tray.slice(), wellLeft: run.wellRemaining, score: 0, move: null }];
  let score = 0;
  for (let index = 0; index < moves.length; index += 1) {
    const move = moves[index];
    const outcome =
      move.type === "draw" ? run.draw(move.t) : run.place(move.tile, move.cell, move.rotation, move.t);
    if (!outcome.ok) {
      // The server accepted this prefix; a disagreement here is a bug to report, not to hide.
      console.error(`replay: move ${index + 1} refused by the rules engine (${outcome.code})`, move);
      break;
    }
    const verdict = results[index] ?? { points: outcome.points, bonus: outcome.bonus };
    if (verdict.points !== outcome.points) {
      console.warn(`replay: move ${index + 1}: server ${verdict.points}, rules engine ${outcome.points}`);
    }
    score += verdict.points;
    const drawn = move.type === "draw" ? run.tray[run.tray.length - 1] : null;
    frames.push({
      placements: run.board.placements.map((placement) => placement.toJson()),
      tray: run.tray.slice(),
      wellLeft: run.wellRemaining,
      score,
      move: {
        index,
        type: move.type,
        tile: move.type === "draw" ? drawn : move.tile,
        cell: move.cell ?? null,
        t: move.t,
        points: verdict.points,
        bonus: verdict.bonus,
      },
    });
  }
  return frames;
}

function formatClock(ms) {
  const seconds = Math.floor(ms / 1000);
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, "0")}`;
}


class ReplayViewer {
  constructor(root, data) {
    this.root = root;
    this.data = data;
    this.frames = replayFrames(data);
    this.analysis = data.analysis ?? null;
    this.current = 0;
    this.timer = null;
    this.shown = 0; // placements currently drawn on the board

    const $ = (id) => root.querySelector(`#${id}`);
    this.el = {
      board: $("replay-board"),
      move: $("replay-move"),
      score: $("replay-score"),
      play: $("replay-play"),
      back: $("replay-back"),
      forward: $("replay-forward"),
      first: $("replay-first"),
      last: $("replay-last"),
      slider: $("replay-slider"),
      speed: $("replay-speed"),
      tray: $("replay-tray"),
      well: $("replay-well"),
      moves: $("replay-moves"),
      miss: $("replay-miss"),
      misses: $("replay-misses"),
      showMisses: $("replay-show-misses"),
    };
    this.board = new BoardView(this.el.board, { interactive: true, showOpen: true });
    this.board.render([]); // the empty board still shows where the first tile goes
    this.el.slider.max = String(this.last);
    this._buildMoveList();
    this._buildMissList();
    this._listen();
    this.show(0);
  }

  get last() {
    return this.frames.length - 1;
  }

  get playing() {
    return this.timer !== null;
  }

  _buildMoveList() {
    const items = this.frames.slice(1).map((frame, i) => {
      const { move } = frame;
      const item = document.createElement("li");
      item.dataset.frame = String(i + 1);
      const button = document.createElement("button");
      button.type = "button";
      // Its name is what it shows ("1. Placed 0-1-4 0:00 +5"), as WCAG 2.5.3 asks: the
      // parts are spaced so they read as words, not "1.Placed".
      const number = document.createElement("span");
      number.className = "muted";
      number.textContent = `${i + 1}.`;
      const what = document.createElement("span");
      what.textContent = describeMove(move);
      const when = document.createElement("span");
      when.className = "muted when";
      when.textContent = formatClock(move.t);
      if (move.bonus) {
        const bonus = document.createElement("span");
        bonus.className = "bonus";
        bonus.textContent = bonusName(move.bonus);
        what.append(" ", bonus);
      }
      const missed = this.analysis?.moves[i]?.missed ?? 0;
      if (missed > 0) {
        const tag = document.createElement("span");
        tag.className = "missed";
        tag.textContent = words.missedTag(missed);
        what.append(" ", tag);
      }
      const points = document.createElement("span");
      points.className = move.points < 0 ? "pts neg" : "pts";
      points.textContent = signed(move.points);
      button.append(number, " ", what, " ", when, " ", points);
      button.addEventListener("click", () => {
        this.pause();
        this.show(i + 1);
      });
      item.appendChild(button);
      return item;
    });
    this.el.moves.replaceChildren(...items);
  }

  /** The biggest misses, biggest first: each goes to the position before its move. */
  _buildMissList() {
    if (!this.analysis || !this.el.misses) return;
    const items = this.analysis.misses.slice(0, 10).map((index) => {
      const entry = this.analysis.moves[index];
      const item = document.createElement("li");
      const button = document.createElement("button");
      button.type = "button";
      button.textContent = words.missButton(entry);
      button.addEventListener("click", () => {
        this.pause();
        if (this.el.showMisses) this.el.showMisses.checked = true;
        this.show(Math.min(index, this.last));
      });
      item.appendChild(button);
      return item;
    });
    this.el.misses.replaceChildren(...items);
  }

  _listen() {
    const { el } = this;
    el.showMisses?.addEventListener("change", () => this._showMiss());
    el.play.addEventListener("click", () => (this.playing ? this.pause() : this.play()));
    el.back.addEventListener("click", () => this.step(-1));
    el.forward.addEventListener("click", () => this.step(1));
    el.first.addEventListener("click", () => {
      this.pause();
      this.show(0);
    });
    el.last.addEventListener("click", () => {
      this.pause();
      this.show(this.last);
    });
    el.slider.addEventListener("input", () => {
      this.pause();
      this.show(Number(el.slider.value));
    });
    el.speed.addEventListener("change", () => {
      if (this.playing) {
        this._schedule();
      }
    });
    // Keys work anywhere on the page except in form fields, which keep their own keys.
    document.addEventListener("keydown", (event) => {
      if (event.altKey || event.ctrlKey || event.metaKey || event.defaultPrevented) {
        return;
      }
      if (event.target.closest?.("input, select, textarea, [contenteditable]")) {
        return;
      }
      const actions = {
        ArrowLeft: () => this.step(-1),
        ArrowRight: () => this.step(1),
        Home: () => (this.pause(), this.show(0)),
        End: () => (this.pause(), this.show(this.last)),
        " ": () => (this.playing ? this.pause() : this.play()),
      };
      const action = actions[event.key];
      if (action && !(event.key === " " && event.target.closest("button"))) {
        event.preventDefault();
        action();
      }
    });
  }

  step(delta) {
    this.pause();
    this.show(Math.min(this.last, Math.max(0, this.current + delta)));
  }

  play() {
    if (this.last === 0) return;
    if (this.current >= this.last) {
      this.show(0);
    }
    this.el.play.dataset.playing = "true";
    this.el.play.setAttribute("aria-label", words.PAUSE);
    // Announcing every move while it plays would drown a screen reader; steps still speak.
    this.el.move.parentElement.setAttribute("aria-live", "off");
    this._schedule();
  }

  pause() {
    clearTimeout(this.timer);
    this.timer = null;
    this.el.play.dataset.playing = "false";
    this.el.play.setAttribute("aria-label", words.PLAY);
    this.el.move.parentElement.setAttribute("aria-live", "polite");
  }

  _delay() {
    const choice = this.el.speed.value;
    if (choice !== "real") {
      return Number(choice);
    }
    const next = this.frames[this.current + 1]?.move;
    const previous = this.frames[this.current]?.move;
    const gap = next ? next.t - (previous ? previous.t : 0) : 0;
    return Math.min(REAL_PACE_MAX, Math.max(REAL_PACE_MIN, gap));
  }

  _schedule() {
    clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.show(this.current + 1);
      if (this.current >= this.last) {
        this.pause();
      } else {
        this._schedule();
      }
    }, this._delay());
  }

  /** Shows frame `index`: the board, the tray, the score and the move list. */
  show(index) {
    const frame = this.frames[index];
    const count = frame.placements.length;
    if (count < this.shown) {
      this.board.truncate(count);
    } else if (count === this.shown + 1 && index === this.current + 1) {
      this.board.addPlacement(frame.placements[count - 1]);
    } else if (count !== this.shown) {
      this.board.render(frame.placements);
    }
    this.shown = count;
    const { move } = frame;
    this._markLatest(move && move.type === "place" ? move.cell : null);
    if (move?.bonus && index === this.current + 1) {
      this.board.flash(move.cell);
    }
    this.current = index;
    this._showStatus(frame);
    this._showMiss();
  }

  /** Before a move that missed points: its position's best move, drawn as a ghost. */
  _showMiss() {
    if (!this.analysis || !this.el.miss) return;
    const entry = this.analysis.moves[this.current];
    const shown = Boolean(this.el.showMisses?.checked && entry && entry.missed > 0 && entry.best);
    this.board.setPreview(shown ? entry.best : null, { className: "tile tile--missed" });
    this.el.miss.hidden = !shown;
    this.el.miss.textContent = shown ? missSentence(entry, { isOwner: this.data.isOwner }) : "";
    if (shown) this.board.ensureVisible([entry.best.cell]);
  }

  /** Outlines the tile the shown move put down, so the eye finds it. */
  _markLatest(cell) {
    for (const element of this.el.board.querySelectorAll(".tile--latest")) {
      element.classList.remove("tile--latest");
    }
    if (cell) this.board.tileElement(cell)?.classList.add("tile--latest");
  }

  _showStatus(frame) {
    const { el } = this;
    const { move } = frame;
    el.slider.value = String(this.current);
    el.slider.setAttribute("aria-valuetext", words.moveOfMoves(this.current, this.last));
    el.score.textContent = String(frame.score);
    if (move === null) {
      el.move.textContent = this.last === 0 ? words.NO_MOVES_TO_REPLAY : words.beforeFirstMove(this.last);
    } else {
      el.move.textContent = words.moveStatus({ current: this.current, last: this.last, clock: formatClock(move.t), move });
    }
    el.back.disabled = this.current === 0;
    el.first.disabled = this.current === 0;
    el.forward.disabled = this.current === this.last;
    el.last.disabled = this.current === this.last;
    el.play.disabled = this.last === 0;

    el.tray.replaceChildren(
      ...frame.tray.map((id) => {
        const item = document.createElement("li");
        item.appendChild(tileIcon(id, 0, { label: id }));
        return item;
      }),
    );
    el.well.textContent = words.trayStatus(frame.tray.length, frame.wellLeft);

    for (const item of el.moves.children) {
      const n = Number(item.dataset.frame);
      item.classList.toggle("is-current", n === this.current);
      item.classList.toggle("is-future", n > this.current);
      if (n === this.current) {
        item.setAttribute("aria-current", "step");
        const list = el.moves;
        const top = item.offsetTop - list.offsetTop;
        if (top < list.scrollTop || top + item.offsetHeight > list.scrollTop + list.clientHeight) {
          list.scrollTop = top - list.clientHeight / 2;
        }
      } else {
        item.removeAttribute("aria-current");
      }
    }
  }
}

const root = document.getElementById("replay");
const source = document.getElementById("replay-data");
if (root && source) {
  window.replayViewer = new ReplayViewer(root, JSON.parse(source.textContent));
}
