// The inputs of a puzzle's board, as on the challenge: drag a tray tile onto the shape
// (it snaps to a cell where it fits, turned to fit), tap a tile to choose it and tap
// again to turn it, tap a cell to put the chosen piece there or take its piece back,
// and the keyboard (arrow keys move a cursor over the shape's cells and say them).

import { tileIcon } from "../board_view/index.js";
import { DRAG_THRESHOLD_PX, ghostOffset, ghostSide, touchLift } from "../play/drag.js";
import { JOKER } from "./game.js";

/** The cell the arrow `key` leads to from `cursor`, among the shape's sorted `cells`. */
export function cursorStep(cells, cursor, key) {
  const index = cells.findIndex(([r, c]) => r === cursor[0] && c === cursor[1]);
  if (key === "ArrowLeft") return cells[Math.max(0, index - 1)];
  if (key === "ArrowRight") return cells[Math.min(cells.length - 1, index + 1)];
  const row = cursor[0] + (key === "ArrowUp" ? -1 : 1);
  const inRow = cells.filter(([r]) => r === row);
  if (inRow.length === 0) return cursor;
  return inRow.reduce((best, cell) => (Math.abs(cell[1] - cursor[1]) < Math.abs(best[1] - cursor[1]) ? cell : best));
}

/**
 * Wires the tray and board. `intents`: {choose(choice), tapCell(cell), dropOn(choice,
 * cell), fitCells(choice), preview(choice, cell) -> placement | null, cursorMoved(cell),
 * lift(cell), joker(cell), rotateChosen()}.
 */
export class PuzzleInputs {
  constructor({ board, boardElement, root, cells, intents }) {
    Object.assign(this, { board, boardElement, root, cells, intents });
    this.cursor = null;
    this.drag = null;
    boardElement.addEventListener("keydown", (event) => this.onBoardKey(event));
    boardElement.addEventListener("focus", () => this.moveCursor(this.cursor ?? cells[0]));
    boardElement.addEventListener("blur", () => board.setCursor(null));
  }

  moveCursor(cell) {
    this.cursor = cell;
    this.board.setCursor(cell);
    this.intents.cursorMoved(cell);
  }

  onBoardKey(event) {
    if (event.altKey || event.ctrlKey || event.metaKey) return;
    const key = event.key;
    if (key.startsWith("Arrow")) {
      this.moveCursor(cursorStep(this.cells, this.cursor ?? this.cells[0], key));
    } else if (key === "Enter" || key === " ") {
      this.intents.tapCell(this.cursor ?? this.cells[0]);
    } else if (key === "j" || key === "J") {
      this.intents.joker(this.cursor ?? this.cells[0]);
    } else if (key === "Delete" || key === "Backspace") {
      this.intents.lift(this.cursor ?? this.cells[0]);
    } else if (key === "r" || key === "R") {
      this.intents.rotateChosen();
    } else if (key === "f" || key === "F") {
      this.board.fit();
    } else {
      return;
    }
    event.preventDefault();
  }

  /** A pointerdown on a tray button (a tile or the joker). */
  trayPointerDown(event, choice, button) {
    if (event.pointerType === "mouse" && event.button !== 0) return;
    event.preventDefault();
    button.setPointerCapture(event.pointerId);
    this.drag = { choice, button, id: event.pointerId, x: event.clientX, y: event.clientY,
      touch: event.pointerType !== "mouse", moving: false, ghost: null, target: null, cells: [] };
    const move = (e) => this.#move(e);
    const end = (e) => {
      button.removeEventListener("pointermove", move);
      button.removeEventListener("pointerup", end);
      button.removeEventListener("pointercancel", end);
      this.#end(e);
    };
    button.addEventListener("pointermove", move);
    button.addEventListener("pointerup", end);
    button.addEventListener("pointercancel", end);
  }

  #move(event) {
    const drag = this.drag;
    if (drag === null || event.pointerId !== drag.id) return;
    if (!drag.moving) {
      if (Math.hypot(event.clientX - drag.x, event.clientY - drag.y) < DRAG_THRESHOLD_PX) return;
      drag.moving = true;
      this.intents.choose(drag.choice);
      drag.cells = this.intents.fitCells(drag.choice);
      this.board.highlight(drag.cells);
      drag.ghost = this.#ghost(drag.choice);
      this.root.classList.add("play--dragging");
    }
    const lift = drag.touch ? touchLift(this.board.sidePixels) : 0;
    const x = event.clientX;
    const y = event.clientY - lift;
    const side = Number(drag.ghost.dataset.side);
    const offset = ghostOffset(side, x, y);
    drag.ghost.style.transform = `translate(${offset.x}px, ${offset.y}px)`;
    const cell = this.board.containsClient(x, y) ? this.board.nearestCell(x, y, drag.cells) : null;
    drag.target = cell;
    this.board.setPreview(cell === null ? null : this.intents.preview(drag.choice, cell));
  }

  #end(event) {
    const drag = this.drag;
    if (drag === null || event.pointerId !== drag.id) return;
    this.drag = null;
    drag.ghost?.remove();
    this.root.classList.remove("play--dragging");
    this.board.clearHighlight();
    this.board.setPreview(null);
    if (event.type !== "pointerup") return;
    if (!drag.moving) {
      this.intents.choose(drag.choice, { tap: true });
    } else if (drag.target !== null) {
      this.intents.dropOn(drag.choice, drag.target);
    }
  }

  #ghost(choice) {
    const ghost = document.createElement("div");
    ghost.className = "drag-ghost";
    ghost.setAttribute("aria-hidden", "true");
    const side = ghostSide(this.board.sidePixels);
    if (choice === JOKER) {
      ghost.appendChild(tileIcon("0-0-0", 0));
      ghost.classList.add("drag-ghost--joker");
    } else {
      ghost.appendChild(tileIcon(choice, this.intents.rotationOf(choice)));
    }
    ghost.style.width = `${side * 1.08}px`;
    ghost.dataset.side = String(side);
    document.body.appendChild(ghost);
    return ghost;
  }
}
