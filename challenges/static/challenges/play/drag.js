// Dragging a tray tile onto the board, with a mouse, a pen or a finger. A press that
// stays put is a tap: it chooses the tile and turns it. A press that moves lifts the
// tile: the cells where it fits light up, a ghost follows the pointer (above the
// finger on touch, so the finger does not hide it), and near a fitting cell the tile
// snaps there, turned to fit. Letting go over that cell places it. In hard mode
// nothing lights up, pulls or turns the tile: it goes where it is let go, as turned.
//
// `DragGesture` is the geometry (DOM-free, node tested); `DragInput` wires it to the
// tray's pointer events, the board view and the page's intents.

import { HEIGHT, SIDE, tileIcon } from "../board_view/index.js";
import { cellFormat } from "../rules/index.js";
import { legalCells, rotationOf, snappedRotation } from "./machine.js";

// A press moving less than this is a tap, not a drag.
export const DRAG_THRESHOLD_PX = 6;
// The ghost's size follows the board's tiles, within these bounds.
const GHOST_MIN_PX = 56;
const GHOST_MAX_PX = 140;
// The ghost's box is a little wider than its tile.
const GHOST_WIDTH = 1.08;

/** How far above a finger the tile floats, for a board showing tiles `sidePixels` wide. */
export function touchLift(sidePixels) {
  return Math.max(40, sidePixels * 0.6);
}

/** The ghost's tile side in pixels, for a board showing tiles `sidePixels` wide. */
export function ghostSide(sidePixels) {
  return Math.max(GHOST_MIN_PX, Math.min(GHOST_MAX_PX, sidePixels));
}

/** Where the ghost's box goes so the tile's centroid (2/3 down an up tile) sits on (x, y). */
export function ghostOffset(side, x, y) {
  const scale = side / SIDE;
  const centroidY = (SIDE * 0.04 + (HEIGHT * 2) / 3) * scale;
  return { x: x - (side * GHOST_WIDTH) / 2, y: y - centroidY };
}

/** The cells a lifted tile lights up and may snap to: where it fits, none in hard mode. */
export function dragCells(state, tileId) {
  return state.hard ? [] : legalCells(state.run, tileId);
}

/**
 * Where the carried tile `tileId` would go, for the cell under it (`under`) and the
 * fitting cell near it (`nearest`), either null: `{cell, rotation, snapped, fits}`, or
 * null for nowhere. It snaps to the nearest fitting cell, turned to fit; in hard mode
 * it goes to the cell under it in the player's rotation, and places only if it fits so.
 */
export function dragTarget(state, tileId, { under, nearest }) {
  if (state.hard) {
    if (under === null) return null;
    const fits = snappedRotation(state, tileId, under) !== null;
    return { cell: under, rotation: rotationOf(state, tileId), snapped: false, fits };
  }
  if (nearest === null) return null;
  return { cell: nearest, rotation: snappedRotation(state, tileId, nearest), snapped: true, fits: true };
}

/** One press on a tray tile, from pointerdown to pointerup. */
export class DragGesture {
  constructor({ tileId, pointerId, touch, x, y }) {
    Object.assign(this, { tileId, pointerId, touch, startX: x, startY: y });
    this.moving = false;
    // The cells where the tile fits, and the {cell, rotation} it would go to on release.
    this.cells = [];
    this.target = null;
  }

  /** True the first time the pointer has gone far enough to lift the tile. */
  lifts(x, y) {
    if (this.moving || Math.hypot(x - this.startX, y - this.startY) < DRAG_THRESHOLD_PX) {
      return false;
    }
    this.moving = true;
    return true;
  }

  /** The point the tile is aimed at, for the pointer at (x, y). */
  aim(x, y, sidePixels) {
    return { x, y: y - (this.touch ? touchLift(sidePixels) : 0) };
  }

  /** Aims at `target` (a `dragTarget`, null: nowhere); true when that changed the cell. */
  retarget(target) {
    const before = this.target;
    this.target = target;
    if (target === null || before === null) {
      return target !== before;
    }
    return cellFormat(before.cell) !== cellFormat(target.cell);
  }
}

export class DragInput {
  #drag = null;

  /**
   * `board`: the BoardView; `root`: the play element (styled while dragging);
   * `state()`: the machine's state; `playing()`: whether a run is being played;
   * `intents`: {select(tileId), rotate(tileId), place(tileId, cell, rotation),
   * fitsNowhere(tileId), misplaced(tileId, cell), rest() (no tile in hand any more)}.
   */
  constructor({ board, root, state, playing, intents }) {
    Object.assign(this, { board, root, state, playing, intents });
    this.move = this.move.bind(this);
    this.end = this.end.bind(this);
  }

  /** True while a tile is pressed or carried. */
  get active() {
    return this.#drag !== null;
  }

  /** A pointerdown on the tray tile `tileId` (its `button`). */
  start(event, tileId, button) {
    if (!this.playing() || (event.pointerType === "mouse" && event.button !== 0)) {
      return;
    }
    event.preventDefault();
    button.setPointerCapture(event.pointerId);
    const gesture = new DragGesture({
      tileId,
      pointerId: event.pointerId,
      touch: event.pointerType !== "mouse",
      x: event.clientX,
      y: event.clientY,
    });
    this.#drag = { gesture, button, ghost: null };
    button.addEventListener("pointermove", this.move);
    button.addEventListener("pointerup", this.end);
    button.addEventListener("pointercancel", this.end);
  }

  move(event) {
    const drag = this.#drag;
    if (drag === null || event.pointerId !== drag.gesture.pointerId) {
      return;
    }
    const { gesture } = drag;
    if (gesture.lifts(event.clientX, event.clientY)) {
      this.intents.select(gesture.tileId);
      gesture.cells = dragCells(this.state(), gesture.tileId);
      this.board.highlight(gesture.cells);
      drag.ghost = this.#ghost(gesture.tileId);
      drag.button.classList.add("tray-tile--lifted");
      this.root.classList.add("play--dragging");
    }
    if (!gesture.moving) {
      return;
    }
    const { x, y } = gesture.aim(event.clientX, event.clientY, this.board.sidePixels);
    const offset = ghostOffset(Number(drag.ghost.dataset.side), x, y);
    drag.ghost.style.transform = `translate(${offset.x}px, ${offset.y}px)`;
    const over = this.board.containsClient(x, y);
    const target = dragTarget(this.state(), gesture.tileId, {
      under: over ? this.board.cellAtClient(x, y) : null,
      nearest: over ? this.board.nearestCell(x, y, gesture.cells) : null,
    });
    const snapped = target?.snapped === true;
    if (gesture.retarget(target) || !snapped) {
      this.board.setPreview(snapped ? { tile: gesture.tileId, cell: target.cell, rotation: target.rotation } : null);
    }
    drag.ghost.classList.toggle("drag-ghost--snapped", snapped);
  }

  end(event) {
    const drag = this.#drag;
    if (drag === null || event.pointerId !== drag.gesture.pointerId) {
      return;
    }
    this.#release();
    const { gesture } = drag;
    if (!gesture.moving) {
      if (event.type === "pointerup") {
        // A tap chooses the tile and turns it, as in the mobile game.
        this.intents.select(gesture.tileId);
        this.intents.rotate(gesture.tileId);
      }
      return;
    }
    if (event.type === "pointerup" && gesture.target?.fits) {
      this.intents.place(gesture.tileId, gesture.target.cell, gesture.target.rotation);
    } else if (gesture.cells.length === 0 && !this.state().hard) {
      this.intents.fitsNowhere(gesture.tileId);
    } else if (event.type === "pointerup") {
      // Let go on the board away from every spot where it fits: say why not there.
      const { x, y } = gesture.aim(event.clientX, event.clientY, this.board.sidePixels);
      if (this.board.containsClient(x, y)) {
        this.intents.misplaced(gesture.tileId, this.board.cellAtClient(x, y));
      }
    }
  }

  /** Drops any tile in hand (the run ended). */
  cancel() {
    if (this.#drag !== null) {
      this.#drag.ghost?.remove();
      this.#drag = null;
    }
  }

  #release() {
    const { button, ghost } = this.#drag;
    this.#drag = null;
    button.removeEventListener("pointermove", this.move);
    button.removeEventListener("pointerup", this.end);
    button.removeEventListener("pointercancel", this.end);
    button.classList.remove("tray-tile--lifted");
    this.root.classList.remove("play--dragging");
    ghost?.remove();
    this.board.clearHighlight();
    this.board.setPreview(null);
    this.intents.rest();
  }

  #ghost(tileId) {
    const ghost = document.createElement("div");
    ghost.className = "drag-ghost";
    ghost.setAttribute("aria-hidden", "true");
    ghost.appendChild(tileIcon(tileId, rotationOf(this.state(), tileId)));
    const side = ghostSide(this.board.sidePixels);
    ghost.style.width = `${side * GHOST_WIDTH}px`;
    ghost.dataset.side = String(side);
    document.body.appendChild(ghost);
    return ghost;
  }
}
