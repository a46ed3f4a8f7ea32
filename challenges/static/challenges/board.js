// The triangular board as SVG: placed tiles, highlighted cells, a keyboard cursor, a
// snapped preview, and a view that fits its content, pans and zooms (wheel, pinch,
// drag on empty space). No game logic: the play page and the replay viewer tell it
// what to draw.
//
//   const view = new BoardView(svgElement);
//   view.render([{tile: "3-4-5", cell: [0, 0], rotation: 0}, ...]);
//   view.addPlacement(placement);          // animated
//   view.highlight([[0, 1], [1, 0]]);      // cells where a dragged tile fits
//   view.cellAtClient(event.clientX, event.clientY) -> [row, col]

import { Tile, cellCorners, cellIsUp, cellKey, tileParse } from "./rules.js";

export const SIDE = 100;
export const HEIGHT = (SIDE * Math.sqrt(3)) / 2;
const SVG_NS = "http://www.w3.org/2000/svg";
const MIN_SIDE_PX = 14;
const MAX_SIDE_PX = 220;
const FIT_MAX_SIDE_PX = 120;
// Growing the view never shrinks tiles below this: their numbers must stay readable
// (on a phone a big board is then panned, or framed whole with fit()).
const AUTO_FIT_MIN_SIDE_PX = 40;
const FIT_PADDING_CELLS = 1.2;
const NUMBER_INSET = 0.56;

// ------------------------------------------------------------------- pure geometry

/** Board coordinates (SVG user units) of lattice point (pr, px). */
export function pointPosition([pr, px]) {
  return { x: (px * SIDE) / 2, y: pr * HEIGHT };
}

/** The three corners of a cell in board coordinates, corner 0 first. */
export function cellVertices(cell) {
  return cellCorners(cell).map(pointPosition);
}

/** The centre (centroid) of a cell in board coordinates. */
export function cellCentre(cell) {
  const [r, c] = cell;
  return { x: ((c + 1) * SIDE) / 2, y: (r + (cellIsUp(cell) ? 2 / 3 : 1 / 3)) * HEIGHT };
}

/** The cell holding board point (x, y). */
export function cellAtPosition(x, y) {
  const row = Math.floor(y / HEIGHT);
  const v = y / HEIGHT - row;
  const u = x / (SIDE / 2);
  const base = Math.floor(u);
  for (let col = base - 2; col <= base + 1; col += 1) {
    const up = (((row + col) % 2) + 2) % 2 === 0;
    const [left, right] = up ? [col + 1 - v, col + 1 + v] : [col + v, col + 2 - v];
    if (u >= left && u <= right) {
      return [row, col];
    }
  }
  return [row, base];
}

function svg(tag, attributes = {}, parent = null) {
  const element = document.createElementNS(SVG_NS, tag);
  for (const [name, value] of Object.entries(attributes)) {
    element.setAttribute(name, String(value));
  }
  if (parent !== null) {
    parent.appendChild(element);
  }
  return element;
}

function polygonPoints(vertices, shrink = 0) {
  const cx = (vertices[0].x + vertices[1].x + vertices[2].x) / 3;
  const cy = (vertices[0].y + vertices[1].y + vertices[2].y) / 3;
  return vertices
    .map(({ x, y }) => `${(x + (cx - x) * shrink).toFixed(2)},${(y + (cy - y) * shrink).toFixed(2)}`)
    .join(" ");
}

/**
 * A tile (an id or a Tile) drawn in `cell`: a <g> with the triangle and its three
 * corner numbers, upright for reading.
 */
export function tileGroup(tileOrId, cell, rotation, className = "tile") {
  const tile = tileOrId instanceof Tile ? tileOrId : tileParse(tileOrId);
  const tileId = tile.id;
  const vertices = cellVertices(cell);
  const centre = cellCentre(cell);
  const group = svg("g", {
    class: className,
    "data-tile": tileId,
    "data-cell": cellKey(cell),
    "data-rotation": rotation,
  });
  svg("polygon", { class: "tile__face", points: polygonPoints(vertices, 0.045) }, group);
  const numbers = tile.cornerNumbers(rotation);
  vertices.forEach((vertex, i) => {
    const text = svg(
      "text",
      {
        class: "tile__number",
        x: (centre.x + (vertex.x - centre.x) * NUMBER_INSET).toFixed(2),
        y: (centre.y + (vertex.y - centre.y) * NUMBER_INSET).toFixed(2),
        "font-size": SIDE * 0.24,
      },
      group,
    );
    text.textContent = String(numbers[i]);
  });
  return group;
}

/** A standalone <svg> of one tile pointing up (the tray), or down when `down` is true. */
export function tileIcon(tileId, rotation, { down = false, label = null } = {}) {
  const cell = down ? [0, 1] : [0, 0];
  const vertices = cellVertices(cell);
  const xs = vertices.map((v) => v.x);
  const pad = SIDE * 0.04;
  const icon = svg("svg", {
    class: "tile-icon",
    viewBox: `${Math.min(...xs) - pad} ${-pad} ${SIDE + 2 * pad} ${HEIGHT + 2 * pad}`,
    "aria-hidden": label === null ? "true" : "false",
    focusable: "false",
  });
  if (label !== null) {
    icon.setAttribute("role", "img");
    icon.setAttribute("aria-label", label);
  }
  icon.appendChild(tileGroup(tileId, cell, rotation, "tile"));
  return icon;
}

// --------------------------------------------------------------------- the view

/**
 * An interactive board in an <svg>. Options: `interactive` (pan/zoom by pointer and
 * wheel; default true), `onViewChange` (called after the view moves), `onTap(cell,
 * event)` (a click or tap that did not pan), `showOpen` (draw faint outlines of the
 * empty cells next to the tiles; default true).
 */
export class BoardView {
  constructor(
    svgElement,
    { interactive = true, showOpen = true, onViewChange = null, onTap = null } = {},
  ) {
    this.svg = svgElement;
    this.showOpen = showOpen;
    this.onViewChange = onViewChange;
    this.onTap = onTap;
    this.placements = new Map();
    this.view = { x: 0, y: 0, scale: 1 };
    this.userMoved = false;
    this._animation = null;
    this._pointers = new Map();
    this._gesture = null;

    this.svg.classList.add("board");
    this.svg.setAttribute("preserveAspectRatio", "xMidYMid meet");
    this.layers = {};
    for (const name of ["open", "highlight", "tiles", "preview", "cursor", "floats"]) {
      this.layers[name] = svg("g", { class: `board__${name}` }, this.svg);
    }
    this._resizeObserver = new ResizeObserver(() => this._applyView());
    this._resizeObserver.observe(this.svg);
    if (interactive) {
      this._listen();
    }
    this.fit({ animate: false });
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
    return this.placements.get(cellKey(cell))?.element ?? null;
  }

  _drawPlacement({ tile, cell, rotation }, animate) {
    const group = tileGroup(tile, cell, rotation, animate ? "tile tile--new" : "tile");
    if (animate) {
      group.addEventListener("animationend", () => group.classList.remove("tile--new"), { once: true });
    }
    this.layers.tiles.appendChild(group);
    this.placements.set(cellKey(cell), { tile, cell, rotation, element: group });
  }

  /** Empty cells sharing an edge with a tile ([0, 0] on an empty board). */
  openCells() {
    if (this.placements.size === 0) {
      return [[0, 0]];
    }
    const open = new Map();
    for (const { cell } of this.placements.values()) {
      const [r, c] = cell;
      const vertical = cellIsUp(cell) ? [r + 1, c] : [r - 1, c];
      for (const neighbour of [[r, c - 1], [r, c + 1], vertical]) {
        const key = cellKey(neighbour);
        if (!this.placements.has(key)) {
          open.set(key, neighbour);
        }
      }
    }
    return [...open.values()];
  }

  _drawOpen() {
    this.layers.open.replaceChildren();
    if (!this.showOpen) {
      return;
    }
    for (const cell of this.openCells()) {
      svg(
        "polygon",
        { class: "cell cell--open", "data-cell": cellKey(cell), points: polygonPoints(cellVertices(cell), 0.06) },
        this.layers.open,
      );
    }
  }

  // ----- highlights, preview, cursor

  /** Marks cells (e.g. where the dragged tile fits); `kind` becomes a class suffix. */
  highlight(cells, { kind = "legal" } = {}) {
    this.layers.highlight.replaceChildren();
    for (const cell of cells) {
      svg(
        "polygon",
        {
          class: `cell cell--${kind}`,
          "data-cell": cellKey(cell),
          "data-highlight": kind,
          points: polygonPoints(cellVertices(cell), 0.06),
        },
        this.layers.highlight,
      );
    }
  }

  clearHighlight() {
    this.layers.highlight.replaceChildren();
  }

  /** Shows a translucent tile where a drop would put it; null hides it. */
  setPreview(placement) {
    this.layers.preview.replaceChildren();
    if (placement) {
      this.layers.preview.appendChild(
        tileGroup(placement.tile, placement.cell, placement.rotation, "tile tile--preview"),
      );
    }
  }

  /** Draws the keyboard cursor on `cell` (null hides it), keeping it in view. */
  setCursor(cell, { fits = false } = {}) {
    this.layers.cursor.replaceChildren();
    if (cell === null) {
      return;
    }
    svg(
      "polygon",
      {
        class: `cell cell--cursor${fits ? " cell--cursor-fits" : ""}`,
        "data-cell": cellKey(cell),
        points: polygonPoints(cellVertices(cell), 0.02),
      },
      this.layers.cursor,
    );
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
    const label = svg("text", {
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
    const matrix = this.svg.getScreenCTM();
    if (matrix === null) {
      return { x: 0, y: 0 };
    }
    const point = new DOMPoint(clientX, clientY).matrixTransform(matrix.inverse());
    return { x: point.x, y: point.y };
  }

  /** Client (viewport) coordinates of a board point. */
  boardToClient(x, y) {
    const matrix = this.svg.getScreenCTM();
    if (matrix === null) {
      return { x: 0, y: 0 };
    }
    const point = new DOMPoint(x, y).matrixTransform(matrix);
    return { x: point.x, y: point.y };
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

  /** On-screen length of a tile side, in CSS pixels. */
  get sidePixels() {
    return SIDE * this.view.scale;
  }

  // ----- the view: fit, pan, zoom

  _size() {
    const rect = this.svg.getBoundingClientRect();
    return { width: Math.max(rect.width, 1), height: Math.max(rect.height, 1) };
  }

  _applyView() {
    const { width, height } = this._size();
    const w = width / this.view.scale;
    const h = height / this.view.scale;
    this.svg.setAttribute(
      "viewBox",
      `${(this.view.x - w / 2).toFixed(2)} ${(this.view.y - h / 2).toFixed(2)} ${w.toFixed(2)} ${h.toFixed(2)}`,
    );
    this.svg.style.setProperty("--side-px", `${this.sidePixels.toFixed(1)}px`);
    this.onViewChange?.(this);
  }

  _contentBounds(extraCells = []) {
    const cells = [...[...this.placements.values()].map((p) => p.cell), ...this.openCells(), ...extraCells];
    let [minX, minY, maxX, maxY] = [Infinity, Infinity, -Infinity, -Infinity];
    for (const cell of cells) {
      for (const { x, y } of cellVertices(cell)) {
        minX = Math.min(minX, x);
        minY = Math.min(minY, y);
        maxX = Math.max(maxX, x);
        maxY = Math.max(maxY, y);
      }
    }
    const pad = SIDE * FIT_PADDING_CELLS * 0.5;
    return { minX: minX - pad, minY: minY - pad, maxX: maxX + pad, maxY: maxY + pad };
  }

  _fitTarget(bounds) {
    const { width, height } = this._size();
    const scale = Math.min(
      width / (bounds.maxX - bounds.minX),
      height / (bounds.maxY - bounds.minY),
      FIT_MAX_SIDE_PX / SIDE,
    );
    return {
      x: (bounds.minX + bounds.maxX) / 2,
      y: (bounds.minY + bounds.maxY) / 2,
      scale: Math.max(scale, MIN_SIDE_PX / SIDE),
    };
  }

  /** Frames every tile and open cell. */
  fit({ animate = true } = {}) {
    this.userMoved = false;
    this._moveTo(this._fitTarget(this._contentBounds()), animate);
  }

  /**
   * Zooms out or pans only as far as needed to show every tile and open cell, but not
   * below a readable tile size; then it follows `focus` (a cell) instead.
   */
  ensureContentVisible({ animate = true, focus = null } = {}) {
    const bounds = this._contentBounds();
    if (this.userMoved && this._boundsVisible(bounds)) {
      return;
    }
    const target = this._fitTarget(bounds);
    if (this.userMoved) {
      target.scale = Math.min(target.scale, this.view.scale);
    }
    if (target.scale < AUTO_FIT_MIN_SIDE_PX / SIDE) {
      // Too big to show whole and readable: keep the size, follow the latest tile.
      target.scale = Math.max(this.view.scale, AUTO_FIT_MIN_SIDE_PX / SIDE);
      const centre = focus === null ? { x: target.x, y: target.y } : cellCentre(focus);
      Object.assign(target, centre);
    }
    this._moveTo(target, animate);
  }


  /** Pans (never zooms) so that `cells` are on screen. */
  ensureVisible(cells) {
    const bounds = this._contentBoundsOf(cells);
    if (this._boundsVisible(bounds)) {
      return;
    }
    const { width, height } = this._size();
    const halfW = width / this.view.scale / 2;
    const halfH = height / this.view.scale / 2;
    let { x, y } = this.view;
    if (bounds.minX < x - halfW) x = bounds.minX + halfW;
    if (bounds.maxX > x + halfW) x = bounds.maxX - halfW;
    if (bounds.minY < y - halfH) y = bounds.minY + halfH;
    if (bounds.maxY > y + halfH) y = bounds.maxY - halfH;
    this._moveTo({ x, y, scale: this.view.scale }, true);
  }

  _contentBoundsOf(cells) {
    const vertices = cells.flatMap(cellVertices);
    const pad = SIDE * 0.2;
    return {
      minX: Math.min(...vertices.map((v) => v.x)) - pad,
      minY: Math.min(...vertices.map((v) => v.y)) - pad,
      maxX: Math.max(...vertices.map((v) => v.x)) + pad,
      maxY: Math.max(...vertices.map((v) => v.y)) + pad,
    };
  }

  _boundsVisible(bounds) {
    const { width, height } = this._size();
    const halfW = width / this.view.scale / 2;
    const halfH = height / this.view.scale / 2;
    return (
      bounds.minX >= this.view.x - halfW &&
      bounds.maxX <= this.view.x + halfW &&
      bounds.minY >= this.view.y - halfH &&
      bounds.maxY <= this.view.y + halfH
    );
  }

  _stopAnimation() {
    if (this._animation !== null) {
      cancelAnimationFrame(this._animation);
      this._animation = null;
    }
    delete this.svg.dataset.moving;
  }

  _moveTo(target, animate) {
    this._stopAnimation();
    const reduced = window.matchMedia?.("(prefers-reduced-motion: reduce)").matches;
    if (!animate || reduced) {
      this.view = { ...target };
      this._applyView();
      return;
    }
    const start = { ...this.view };
    const began = performance.now();
    const duration = 260;
    const step = () => {
      const progress = Math.min(1, (performance.now() - began) / duration);
      const eased = 1 - (1 - progress) ** 3;
      // Zoom in log space so the motion feels even at every scale.
      const scale = Math.exp(Math.log(start.scale) + (Math.log(target.scale) - Math.log(start.scale)) * eased);
      this.view = {
        x: start.x + (target.x - start.x) * eased,
        y: start.y + (target.y - start.y) * eased,
        scale,
      };
      this._applyView();
      this._animation = progress < 1 ? requestAnimationFrame(step) : null;
      if (this._animation === null) {
        delete this.svg.dataset.moving;
      }
    };
    this.svg.dataset.moving = "true";
    this._animation = requestAnimationFrame(step);
  }

  /** Zooms by `factor` keeping the client point (default: the centre) still. */
  zoomBy(factor, clientX = null, clientY = null) {
    const rect = this.svg.getBoundingClientRect();
    const cx = clientX ?? rect.left + rect.width / 2;
    const cy = clientY ?? rect.top + rect.height / 2;
    const before = this.clientToBoard(cx, cy);
    // The player's own zoom wins over any framing still under way.
    this._stopAnimation();
    const scale = Math.min(MAX_SIDE_PX / SIDE, Math.max(MIN_SIDE_PX / SIDE, this.view.scale * factor));
    const ratio = this.view.scale / scale;
    this.view = {
      x: before.x + (this.view.x - before.x) * ratio,
      y: before.y + (this.view.y - before.y) * ratio,
      scale,
    };
    this.userMoved = true;
    this._applyView();
  }

  /** Moves the content by (dx, dy) CSS pixels. */
  panBy(dx, dy) {
    this._stopAnimation();
    this.view = { ...this.view, x: this.view.x - dx / this.view.scale, y: this.view.y - dy / this.view.scale };
    this.userMoved = true;
    this._applyView();
  }

  _listen() {
    this.svg.addEventListener(
      "wheel",
      (event) => {
        event.preventDefault();
        const factor = Math.exp(-event.deltaY * (event.deltaMode === 1 ? 0.05 : 0.0015));
        this.zoomBy(factor, event.clientX, event.clientY);
      },
      { passive: false },
    );
    this.svg.addEventListener("pointerdown", (event) => {
      if (event.button !== 0 && event.pointerType === "mouse") {
        return;
      }
      this.svg.setPointerCapture(event.pointerId);
      this._pointers.set(event.pointerId, { x: event.clientX, y: event.clientY });
      this._gesture = this._pointers.size === 1 ? { x: event.clientX, y: event.clientY, travel: 0 } : null;
      this.svg.classList.add("board--panning");
    });
    this.svg.addEventListener("pointermove", (event) => {
      const previous = this._pointers.get(event.pointerId);
      if (previous === undefined) {
        return;
      }
      const points = [...this._pointers.values()];
      if (points.length >= 2) {
        const [a, b] = points;
        const before = { d: Math.hypot(a.x - b.x, a.y - b.y), mx: (a.x + b.x) / 2, my: (a.y + b.y) / 2 };
        this._pointers.set(event.pointerId, { x: event.clientX, y: event.clientY });
        const [c, d] = [...this._pointers.values()];
        const after = { d: Math.hypot(c.x - d.x, c.y - d.y), mx: (c.x + d.x) / 2, my: (c.y + d.y) / 2 };
        if (before.d > 0) {
          this.zoomBy(after.d / before.d, after.mx, after.my);
        }
        this.panBy(after.mx - before.mx, after.my - before.my);
        return;
      }
      this._pointers.set(event.pointerId, { x: event.clientX, y: event.clientY });
      if (this._gesture !== null) {
        this._gesture.travel += Math.hypot(event.clientX - previous.x, event.clientY - previous.y);
        // A few pixels of jitter is still a tap, not a pan.
        if (this._gesture.travel < 6) {
          return;
        }
      }
      this.panBy(event.clientX - previous.x, event.clientY - previous.y);
    });
    const release = (event) => {
      const gesture = this._gesture;
      if (event.type === "pointerup" && gesture !== null && gesture.travel < 6 && this._pointers.size === 1) {
        this.onTap?.(this.cellAtClient(event.clientX, event.clientY), event);
      }
      this._gesture = null;
      this._pointers.delete(event.pointerId);
      if (this._pointers.size === 0) {
        this.svg.classList.remove("board--panning");
      }
    };
    this.svg.addEventListener("pointerup", release);
    this.svg.addEventListener("pointercancel", release);
  }

  destroy() {
    this._resizeObserver.disconnect();
    if (this._animation !== null) {
      cancelAnimationFrame(this._animation);
    }
  }
}
