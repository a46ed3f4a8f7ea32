// Playing with the keyboard: 1-9 choose a tile, R turns it, D draws, F frames the board,
// B reads a summary of the board, + and - zoom, N jumps the cursor to the next cell where the tile fits (Shift+N: the
// one before); on the board the arrow keys move the cursor and Enter or Space place
// the tile there. Each cursor move says what is there (play/board_speech.js): the tile
// or that it is empty, what touches its edges, what the chosen tile would score. The cursor, the cells where the chosen tile fits and the tile as it
// would go down show on the board while it has the focus.
//
// `keyCommand` reads a key press (DOM-free, node tested); `KeyboardInput` carries it
// out through the page's intents and draws the hints.

import { cellFormat } from "../rules/index.js";
import { boardFacts, cellFacts } from "./board_speech.js";
import * as boardWords from "./board_words.js";
import { legalCells, rotationOf, snappedRotation } from "./machine.js";
import * as words from "./words.js";

const CURSOR_STEPS = Object.freeze({
  ArrowLeft: [0, -1],
  ArrowRight: [0, 1],
  ArrowUp: [-1, 0],
  ArrowDown: [1, 0],
});
const ZOOM_IN = 1.25;
const ZOOM_OUT = 0.8;

/**
 * What a key press asks for, or null when the page leaves it alone: {type, ...,
 * prevent} where `prevent` says the browser's own use of the key is replaced.
 * `onBoard`: the board has the focus (arrows and Enter act only there).
 */
export function keyCommand({ key, altKey = false, ctrlKey = false, metaKey = false, shiftKey = false, repeat = false }, { onBoard }) {
  if (altKey || ctrlKey || metaKey) {
    return null;
  }
  if (/^[1-9]$/.test(key)) {
    return { type: "pick", index: Number(key) - 1, prevent: true };
  }
  const lower = key.toLowerCase();
  const letters = {
    r: { type: "rotate", prevent: true },
    d: { type: "draw", prevent: true },
    f: { type: "frame", prevent: true },
    n: { type: "jump", step: shiftKey ? -1 : 1, prevent: true },
    b: { type: "summary", prevent: true },
  };
  if (letters[lower]) {
    return letters[lower];
  }
  if (key === "+" || key === "=") {
    return { type: "zoom", factor: ZOOM_IN, prevent: false };
  }
  if (key === "-") {
    return { type: "zoom", factor: ZOOM_OUT, prevent: false };
  }
  if (!onBoard) {
    return null;
  }
  if (CURSOR_STEPS[key]) {
    const [dr, dc] = CURSOR_STEPS[key];
    return { type: "cursor", dr, dc, prevent: true };
  }
  if (key === "Enter" || key === " ") {
    // A held key places once: its repeats are not new placements.
    return repeat ? { type: "held", prevent: true } : { type: "place", prevent: true };
  }
  return null;
}

/** The tray tile the arrow, Home or End key `key` moves to from tile `index` of
 * `count` (round the ends), or null for any other key. */
export function trayStep(key, index, count) {
  const steps = {
    ArrowRight: (index + 1) % count,
    ArrowDown: (index + 1) % count,
    ArrowLeft: (index - 1 + count) % count,
    ArrowUp: (index - 1 + count) % count,
    Home: 0,
    End: count - 1,
  };
  return steps[key] ?? null;
}

/** The cell after `cursor` (`step` 1) or before it (-1) among `cells`, round the end. */
export function nextFit(cells, cursor, step) {
  const index = cells.findIndex((cell) => cellFormat(cell) === cellFormat(cursor));
  return cells[(index + step + cells.length) % cells.length];
}

export class KeyboardInput {
  /**
   * `boardElement`: the board's SVG; `board`: its BoardView; `state()`: the machine's
   * state; `playing()`; `dragging()`: a tile is in hand; `announce(text)`;
   * `intents`: {select, rotate, draw, place(tileId, cell, rotation), cursorTo(cell)}.
   */
  constructor({ boardElement, board, state, playing, dragging, announce, intents }) {
    Object.assign(this, { boardElement, board, state, playing, dragging, announce, intents });
  }

  boardFocused() {
    return document.activeElement === this.boardElement;
  }

  /** A keydown on the tray tile `index` of `buttons`: the arrows choose along the tray. */
  onTrayKey(event, index, buttons) {
    const next = trayStep(event.key, index, buttons.length);
    if (next !== null) {
      event.preventDefault();
      this.intents.select(buttons[next].dataset.tile);
      buttons[next].focus();
    }
  }

  /** The document's keydown. */
  onKey(event) {
    if (!this.playing() || event.target.closest?.("input, textarea, select, dialog")) {
      return;
    }
    const command = keyCommand(event, { onBoard: this.boardFocused() });
    if (command === null || !this.#run(command)) {
      return;
    }
    if (command.prevent) {
      event.preventDefault();
    }
  }

  /** Carries `command` out; false when it does not apply (its key is left alone). */
  #run(command) {
    const state = this.state();
    const selected = state.selection.selected;
    switch (command.type) {
      case "pick": {
        const tileId = state.run.tray[command.index];
        if (tileId === undefined) return false;
        this.intents.select(tileId);
        this.announce(words.tilePicked(this.intents.label(tileId), legalCells(state.run, tileId).length));
        return true;
      }
      case "rotate":
        if (selected === null) return false;
        this.intents.rotate(selected);
        return true;
      case "draw":
        this.intents.draw();
        return true;
      case "frame":
        this.board.fit();
        return true;
      case "jump":
        this.#jump(command.step);
        if (!this.boardFocused()) this.boardElement.focus({ preventScroll: true });
        return true;
      case "zoom":
        this.board.zoomBy(command.factor);
        return true;
      case "summary":
        this.announce(boardWords.boardSummary(boardFacts(state.run, { selected })));
        return true;
      case "cursor":
        this.#moveCursor(command.dr, command.dc);
        return true;
      case "place":
        this.#placeAtCursor();
        return true;
      default:
        return true;
    }
  }

  #moveCursor(dr, dc) {
    const { cursor } = this.state().selection;
    this.intents.cursorTo([cursor[0] + dr, cursor[1] + dc]);
    this.announce(this.#cursorReport());
  }

  /** What the cursor's cell holds, said (board_speech.js and board_words.cellReport). */
  #cursorReport() {
    const state = this.state();
    const { selected, cursor } = state.selection;
    const rotation = selected === null ? 0 : rotationOf(state, selected);
    return boardWords.cellReport(cellFacts(state.run, cursor, { selected, rotation }));
  }

  #jump(step) {
    const state = this.state();
    const { selected, cursor } = state.selection;
    if (selected === null) {
      return;
    }
    const cells = legalCells(state.run, selected);
    if (cells.length === 0) {
      this.announce(words.FITS_NOWHERE_KEYS);
      return;
    }
    const next = nextFit(cells, cursor, step);
    this.intents.cursorTo(next);
    this.announce(words.jumpedTo(this.#cursorReport(), cells.length));
  }

  #placeAtCursor() {
    const state = this.state();
    const { selected, cursor } = state.selection;
    if (selected === null) {
      this.announce(boardWords.PICK_FIRST);
      return;
    }
    const rotation = snappedRotation(state, selected, cursor);
    if (rotation === null) {
      // Shown as a finger's drop there is (the tile shakes, a toast says why), and
      // said with the key that finds a spot.
      this.intents.misplaced(selected, cursor, { spoken: boardWords.notFitAtCursor(selected, cursor) });
      return;
    }
    this.intents.place(selected, cursor, rotation);
  }

  /** Draws the cursor, the fitting cells and the tile as it would go, while the board
   * has the focus and no tile is in hand; else lights where the chosen tile fits. */
  showHints() {
    const state = this.state();
    const { selected, cursor } = state.selection;
    if (this.dragging()) {
      return; // the carried tile's cells are lit (drag.js)
    }
    if (!this.boardFocused() || state.run === null || selected === null) {
      this.board.setCursor(null);
      this.board.setPreview(null);
      // Without the keyboard on the board, the chosen tile's spots stay lit: every pick
      // shows where the tile fits, by tap, click or key.
      if (state.run !== null && selected !== null && state.phase === "playing") {
        this.board.highlight(legalCells(state.run, selected), { kind: "choice" });
      } else {
        this.board.clearHighlight();
      }
      return;
    }
    const cells = legalCells(state.run, selected);
    this.board.highlight(cells);
    const fits = cells.some((cell) => cellFormat(cell) === cellFormat(cursor));
    this.board.setCursor(cursor, { fits });
    if (fits) {
      const rotation = snappedRotation(state, selected, cursor);
      this.board.setPreview({ tile: selected, cell: cursor, rotation });
    } else {
      this.board.setPreview(null);
    }
  }
}
