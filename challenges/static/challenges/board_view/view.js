// The board the player sees, as SVG: placed tiles, highlighted cells, a keyboard
// cursor, a snapped preview, and a camera that fits the content, pans and zooms
// (wheel, pinch, drag on empty space). No game logic: the play page and the replay
// viewer tell it what to draw. (The engine's board, which knows the rules, is
// ../rules/board.js.)
//
//   const view = new BoardView(svgElement);
//   view.render([{tile: "3-4-5", cell: [0, 0], rotation: 0}, ...]);
//   view.addPlacement(placement);          // animated
//   view.highlight([[0, 1], [1, 0]]);      // cells where a dragged tile fits
//   view.cellAtClient(event.clientX, event.clientY) -> [row, col]

import { ORIGIN, cellFormat, cellNeighbours } from "../rules/geometry.js";
import { BoardCamera, MIN_SIDE_PX } from "./camera.js";
import { cellPolygon, svgElement, tileGroup } from "./drawing.js";
import { listenGestures } from "./gestures.js";
import { SIDE, cellAtPosition, cellCentre, cellsBounds } from "./pixels.js";

// Framing leaves this many tile sides of margin around the content.
const FIT_PADDING_CELLS = 1.2;
const LAYERS = ["open", "highlight", "tiles", "preview", "cursor", "floats"];

/**
 * An interactive board in an <svg>. Options: `interactive` (pan/zoom by pointer and
 * wheel; default true), `onViewChange(view)` (called after the view moves),
 * `onTap(cell, event)` (a click or tap that did not pan), `showOpen` (draw faint
 * outlines of the empty cells next to the tiles; default true), `fitMinSidePx` (the
 * smallest tile side a fit frames: a board shown to be read passes READABLE_SIDE_PX,
 * and is panned when bigger), `wheel` (the wheel zooms; default true: a board in a page
 * to scroll turns it off).
 */
export class BoardView {
  constructor(
    svg,
    { interactive = true, showOpen = true, onViewChange = null, onTap = null, fitMinSidePx = MIN_SIDE_PX, wheel = true } = {},
  ) {
    this.svg = svg;
    this.showOpen = showOpen;
    this.fitMinSidePx = fitMinSidePx;
    this.onViewChange = onViewChange;
    this.onTap = onTap;
    /** What is drawn, by cell text: {tile, cell, rotation, element}. */
    this.placements = new Map();
    this.camera = new BoardCamera(svg, {
      onChange: () => this.onViewChange?.(this),
      // A phone turned, a window resized: the board is framed again, unless the player
      // framed it themselves.
      onResize: () => (this.userMoved ? this.camera.apply() : this.fit({ animate: false })),
    });

    this.svg.classList.add("board");
    this.svg.setAttribute("preserveAspectRatio", "xMidYMid meet");
    this.layers = {};
    // The drawing is hidden from screen readers (loose digits read as noise): the play
    // page says what is on the board in words (play/board_speech.js), and the other
    // boards carry a name of their own.
    for (const name of LAYERS) {
      this.layers[name] = svgElement("g", { class: `board__${name}`, "aria-hidden": "true" }, this.svg);
    }
    if (interactive) {
      listenGestures(this.svg, this.camera, {
        wheel,
        onTap: (clientX, clientY, event) => this.onTap?.(this.cellAtClient(clientX, clientY), event),
      });
    }
    this.fit({ animate: false });
  }

  /** The camera's view: {x, y, scale}. */
  get view() {
    return this.camera.view;
  }

  /** True once the player panned or zoomed. */
  get userMoved() {
    return this.camera.userMoved;
  }

  /** On-screen length of a tile side, in CSS pixels. */
  get sidePixels() {
    return this.camera.sidePixels;
  }

  // ----- content

  /** Draws exactly these placements ([{tile, cell, rotation}]), replacing any others. */
  render(placements) {
    this.layers.tiles.replaceChildren();
    this.placements.clear();
    for (const placement of placements) {
      this._drawPlacement(placement, false);
    }
    this._drawOpen();
    if (!this.userMoved) {
      this.fit({ animate: false });
    }
  }

  /** Adds one placement, animated; grows the view if the board outgrew it. */
  addPlacement(placement, { animate = true } = {}) {
    this._drawPlacement(placement, animate);
    this._drawOpen();
    this.ensureContentVisible({ animate, focus: placement.cell });
  }

  /** Removes the last placements down to `count` (the replay viewer steps back). */
  truncate(count) {
    const keys = [...this.placements.keys()];
    for (const key of keys.slice(count)) {
      this.placements.get(key).element.remove();
      this.placements.delete(key);
    }
    this._drawOpen();
  }

  tileElement(cell) {
    return this.placements.get(cellFormat(cell))?.element ?? null;
  }

  _drawPlacement({ tile, cell, rotation }, animate) {
    const group = tileGroup(tile, cell, rotation, animate ? "tile tile--new" : "tile");
    if (animate) {
      group.addEventListener("animationend", () => group.classList.remove("tile--new"), { once: true });
    }
    this.layers.tiles.appendChild(group);
    this.placements.set(cellFormat(cell), { tile, cell, rotation, element: group });
  }

  /** Empty cells sharing an edge with a tile ([0, 0] on an empty board). */
  openCells() {
    if (this.placements.size === 0) {
      return [ORIGIN];
    }
    const open = new Map();
    for (const { cell } of this.placements.values()) {
      for (const neighbour of cellNeighbours(cell)) {
        const key = cellFormat(neighbour);
        if (!this.placements.has(key)) {
          open.set(key, neighbour);
        }
      }
    }
    return [...open.values()];
  }

  _drawOpen() {
    this.layers.open.replaceChildren();
    if (this.showOpen) {
      for (const cell of this.openCells()) {
        cellPolygon(cell, "cell cell--open", this.layers.open);
      }
    }
  }

  // ----- highlights, preview, cursor

  /** Marks cells (e.g. where the dragged tile fits); `kind` becomes a class suffix. */
  highlight(cells, { kind = "legal" } = {}) {
    this.layers.highlight.replaceChildren();
    for (const cell of cells) {
      cellPolygon(cell, `cell cell--${kind}`, this.layers.highlight, { attributes: { "data-highlight": kind } });
    }
  }

  clearHighlight() {
    this.layers.highlight.replaceChildren();
  }

  /**
   * Shows a translucent tile where a drop would put it; null hides it. `className`
   * draws another kind of ghost (the replay's best move missed: "tile tile--missed").
   */
  setPreview(placement, { className = "tile tile--preview" } = {}) {
    this.layers.preview.replaceChildren();
    if (placement) {
      this.layers.preview.appendChild(
        tileGroup(placement.tile, placement.cell, placement.rotation, className),
      );
    }
  }

  /** Draws the keyboard cursor on `cell` (null hides it), keeping it in view. */
  setCursor(cell, { fits = false } = {}) {
    this.layers.cursor.replaceChildren();
    if (cell === null) {
      return;
    }
    cellPolygon(cell, `cell cell--cursor${fits ? " cell--cursor-fits" : ""}`, this.layers.cursor, { shrink: 0.02 });
    this.ensureVisible([cell]);
  }

  /** Briefly marks a placed tile (a bonus, the replay's current move). */
  flash(cell, className = "tile--flash") {
    const element = this.tileElement(cell);
    if (element) {
      element.classList.remove(className);
      // Restart the CSS animation on a second flash of the same tile.
      void element.getBoundingClientRect();
      element.classList.add(className);
      element.addEventListener("animationend", () => element.classList.remove(className), { once: true });
    }
  }

  /** Floats a short text (a move's points) up from a cell and fades it out. */
  floatText(cell, text, className = "") {
    const { x, y } = cellCentre(cell);
    const label = svgElement("text", {
      class: `board__float ${className}`.trim(),
      x: x.toFixed(2),
      y: y.toFixed(2),
      "font-size": SIDE * 0.3,
    });
    label.textContent = text;
    this.layers.floats.appendChild(label);
    label.addEventListener("animationend", () => label.remove(), { once: true });
    // Without animations (reduced motion) the label still goes away.
    setTimeout(() => label.remove(), 1500);
  }

  // ----- coordinates

  /** Board coordinates of a client (viewport) point. */
  clientToBoard(clientX, clientY) {
    return this.camera.clientToBoard(clientX, clientY);
  }

  /** Client (viewport) coordinates of a board point. */
  boardToClient(x, y) {
    return this.camera.boardToClient(x, y);
  }

  cellAtClient(clientX, clientY) {
    const { x, y } = this.clientToBoard(clientX, clientY);
    return cellAtPosition(x, y);
  }

  cellClientCentre(cell) {
    const { x, y } = cellCentre(cell);
    return this.boardToClient(x, y);
  }

  /** Whether a client point is over the board's visible area. */
  containsClient(clientX, clientY) {
    const rect = this.svg.getBoundingClientRect();
    return clientX >= rect.left && clientX <= rect.right && clientY >= rect.top && clientY <= rect.bottom;
  }

  /**
   * Of `cells`, the one whose centre is nearest the client point, if within `reach`
   * tile sides; null otherwise. This is the snap: a tile held near a fitting cell
   * goes there.
   */
  nearestCell(clientX, clientY, cells, reach = 0.75) {
    const { x, y } = this.clientToBoard(clientX, clientY);
    let best = null;
    let bestDistance = reach * SIDE;
    for (const cell of cells) {
      const centre = cellCentre(cell);
      const distance = Math.hypot(centre.x - x, centre.y - y);
      if (distance <= bestDistance) {
        best = cell;
        bestDistance = distance;
      }
    }
    return best;
  }

  // ----- the camera: fit, pan, zoom

  _contentBounds() {
    const cells = [...[...this.placements.values()].map((placement) => placement.cell), ...this.openCells()];
    return cellsBounds(cells, SIDE * FIT_PADDING_CELLS * 0.5);
  }

  /** Frames every tile and open cell. */
  fit({ animate = true } = {}) {
    this.camera.fit(this._contentBounds(), { animate, minSidePx: this.fitMinSidePx });
  }

  /**
   * Zooms out or pans only as far as needed to show every tile and open cell, but not
   * below a readable tile size; then it follows `focus` (a cell) instead.
   */
  ensureContentVisible({ animate = true, focus = null } = {}) {
    this.camera.ensureContentVisible(this._contentBounds(), {
      animate,
      focus: focus === null ? null : cellCentre(focus),
    });
  }

  /** Pans (never zooms) so that `cells` are on screen. */
  ensureVisible(cells) {
    this.camera.ensureVisible(cellsBounds(cells, SIDE * 0.2));
  }

  /** Zooms by `factor` keeping the client point (default: the centre) still. */
  zoomBy(factor, clientX = null, clientY = null) {
    this.camera.zoomBy(factor, clientX, clientY);
  }

  /** Moves the content by (dx, dy) CSS pixels. */
  panBy(dx, dy) {
    this.camera.panBy(dx, dy);
  }

  destroy() {
    this.camera.destroy();
  }
}
