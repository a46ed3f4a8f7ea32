// The classic page's state: the game as the server last answered it, the player's hand
// on it (hand.js), the tile chosen, how each tile is turned and the keyboard cursor.
// "playing" only while it is the player's turn and no request is on its way, so the
// board's inputs (../play/) act exactly then. DOM-free; listeners hear each change.

import { ClassicHand } from "./hand.js";

export const PLAYING = "playing";
export const WAITING = "waiting";
export const OVER = "over";

const NO_SELECTION = Object.freeze({ selected: null, rotations: Object.freeze({}), cursor: Object.freeze([0, 0]) });

export class ClassicMachine {
  #listeners = new Set();

  constructor({ draw }) {
    this.drawIntent = draw;
    this.state = Object.freeze({ phase: WAITING, run: null, game: null, selection: NO_SELECTION });
  }

  listen(listener) {
    this.#listeners.add(listener);
  }

  #commit(changes, event) {
    this.state = Object.freeze({ ...this.state, ...changes });
    for (const listener of this.#listeners) {
      listener(event, this.state);
    }
  }

  /** The server's game; `busy` while the player's action is on its way. */
  show(game, { busy = false } = {}) {
    const run = new ClassicHand(game);
    const mine = game.status === "playing" && game.turn === game.you;
    const phase = game.status !== "playing" ? OVER : mine && !busy ? PLAYING : WAITING;
    const { selection } = this.state;
    const selected = run.tray.includes(selection.selected) ? selection.selected : null;
    this.#commit({ phase, run, game, selection: Object.freeze({ ...selection, selected }) }, { type: "shown" });
  }

  /** The player's action was sent: inputs wait for the answer. */
  wait() {
    this.#commit({ phase: WAITING }, { type: "waiting" });
  }

  select(tileId) {
    if (this.state.phase !== PLAYING || tileId === null || !this.state.run.tray.includes(tileId)) {
      return;
    }
    this.#commit({ selection: Object.freeze({ ...this.state.selection, selected: tileId }) }, { type: "selected", tileId });
  }

  /** Turns `tileId` a third of a turn clockwise, as on the challenge's board. */
  rotate(tileId) {
    if (this.state.phase !== PLAYING || !this.state.run.tray.includes(tileId)) {
      return;
    }
    const rotation = ((this.state.selection.rotations[tileId] ?? 0) + 2) % 3;
    const rotations = Object.freeze({ ...this.state.selection.rotations, [tileId]: rotation });
    this.#commit({ selection: Object.freeze({ ...this.state.selection, rotations }) }, { type: "rotated", tileId, rotation });
  }

  cursorTo(cell) {
    if (this.state.phase !== PLAYING) {
      return;
    }
    const cursor = Object.freeze([cell[0], cell[1]]);
    this.#commit({ selection: Object.freeze({ ...this.state.selection, cursor }) }, { type: "cursor", cell });
  }

  draw() {
    if (this.state.phase === PLAYING) {
      this.drawIntent();
    }
  }
}
