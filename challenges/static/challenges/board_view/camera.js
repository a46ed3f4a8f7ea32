// The board's camera: which part of the board the <svg> shows, and how it moves to
// frame the tiles, follow the play, pan and zoom. The arithmetic is in pure functions
// (views are {x, y, scale}: the board point at the centre and CSS pixels per board
// unit); BoardCamera applies them to an <svg>'s viewBox, animated.

import { SIDE } from "./pixels.js";

export const MIN_SIDE_PX = 14;
export const MAX_SIDE_PX = 220;
const FIT_MAX_SIDE_PX = 120;
// Growing the view never shrinks tiles below this: their numbers must stay readable
// (on a phone a big board is then panned, or framed whole with fit()).
export const AUTO_FIT_MIN_SIDE_PX = 40;
// A board framed to be read (the end screen's final board): its digits, a quarter of a
// side, at 12 px or more. A bigger board is panned.
export const READABLE_SIDE_PX = 50;
const ANIMATION_MS = 260;

/** The view framing `bounds` in a viewport of `size` ({width, height}, CSS pixels),
 * tiles no smaller than `minSidePx` (then centred on `bounds`, which overflow). */
export function fitTarget(bounds, size, minSidePx = MIN_SIDE_PX) {
  const scale = Math.min(
    size.width / (bounds.maxX - bounds.minX),
    size.height / (bounds.maxY - bounds.minY),
    FIT_MAX_SIDE_PX / SIDE,
  );
  return {
    x: (bounds.minX + bounds.maxX) / 2,
    y: (bounds.minY + bounds.maxY) / 2,
    scale: Math.max(scale, minSidePx / SIDE),
  };
}

/** Half the width and height of what `view` shows, in board units. */
function halfExtent(view, size) {
  return { halfW: size.width / view.scale / 2, halfH: size.height / view.scale / 2 };
}

/** Whether `bounds` lie wholly inside what `view` shows. */
export function boundsVisible(bounds, view, size) {
  const { halfW, halfH } = halfExtent(view, size);
  return (
    bounds.minX >= view.x - halfW &&
    bounds.maxX <= view.x + halfW &&
    bounds.minY >= view.y - halfH &&
    bounds.maxY <= view.y + halfH
  );
}

/** `view` panned (never zoomed) just far enough to show `bounds`. */
export function panToShow(bounds, view, size) {
  const { halfW, halfH } = halfExtent(view, size);
  let { x, y } = view;
  if (bounds.minX < x - halfW) x = bounds.minX + halfW;
  if (bounds.maxX > x + halfW) x = bounds.maxX - halfW;
  if (bounds.minY < y - halfH) y = bounds.minY + halfH;
  if (bounds.maxY > y + halfH) y = bounds.maxY - halfH;
  return { x, y, scale: view.scale };
}

/** `view` zoomed by `factor` (within the zoom limits), board point `anchor` kept still. */
export function zoomAbout(view, factor, anchor) {
  const scale = Math.min(MAX_SIDE_PX / SIDE, Math.max(MIN_SIDE_PX / SIDE, view.scale * factor));
  const ratio = view.scale / scale;
  return {
    x: anchor.x + (view.x - anchor.x) * ratio,
    y: anchor.y + (view.y - anchor.y) * ratio,
    scale,
  };
}

/** The view to move to after the board grew, framing `bounds` (see
 * BoardCamera.ensureContentVisible); `focus` is a board point to follow, or null. */
export function growTarget(bounds, view, size, { userMoved, focus }) {
  const target = fitTarget(bounds, size);
  if (userMoved) {
    target.scale = Math.min(target.scale, view.scale);
  }
  if (target.scale < AUTO_FIT_MIN_SIDE_PX / SIDE) {
    // Too big to show whole and readable: keep the size, follow the latest tile.
    target.scale = Math.max(view.scale, AUTO_FIT_MIN_SIDE_PX / SIDE);
    if (focus !== null) {
      Object.assign(target, focus);
    }
  }
  return target;
}

/** An <svg>'s view of the board, moved by the methods below and by gestures. */
export class BoardCamera {
  /** `onChange()` is called after every change of the view; `onResize()` when the
   * <svg> changes size (by default the view is only written again). */
  constructor(svgElement, { onChange = null, onResize = null } = {}) {
    this.svg = svgElement;
    this.onChange = onChange;
    this.view = { x: 0, y: 0, scale: 1 };
    /** True once the player panned or zoomed: automatic framing then holds back. */
    this.userMoved = false;
    this._animation = null;
    this._resizeObserver = new ResizeObserver(() => (onResize ?? (() => this.apply()))());
    this._resizeObserver.observe(this.svg);
  }

  /** The viewport's size in CSS pixels. */
  size() {
    const rect = this.svg.getBoundingClientRect();
    return { width: Math.max(rect.width, 1), height: Math.max(rect.height, 1) };
  }

  /** On-screen length of a tile side, in CSS pixels. */
  get sidePixels() {
    return SIDE * this.view.scale;
  }

  /** Writes the view into the <svg> (its viewBox, and --side-px for the CSS). */
  apply() {
    const { width, height } = this.size();
    const w = width / this.view.scale;
    const h = height / this.view.scale;
    this.svg.setAttribute(
      "viewBox",
      `${(this.view.x - w / 2).toFixed(2)} ${(this.view.y - h / 2).toFixed(2)} ${w.toFixed(2)} ${h.toFixed(2)}`,
    );
    this.svg.style.setProperty("--side-px", `${this.sidePixels.toFixed(1)}px`);
    this.onChange?.();
  }

  /** Frames `bounds` and forgets the player's own panning and zooming. */
  fit(bounds, { animate = true, minSidePx = MIN_SIDE_PX } = {}) {
    this.userMoved = false;
    this.moveTo(fitTarget(bounds, this.size(), minSidePx), animate);
  }

  /** Zooms out or pans only as far as needed to show `bounds`, but not below a
   * readable tile size; then it follows `focus` (a board point, or null) instead. */
  ensureContentVisible(bounds, { animate = true, focus = null } = {}) {
    if (this.userMoved && boundsVisible(bounds, this.view, this.size())) {
      return;
    }
    this.moveTo(growTarget(bounds, this.view, this.size(), { userMoved: this.userMoved, focus }), animate);
  }

  /** Pans (never zooms) so that `bounds` are on screen. */
  ensureVisible(bounds) {
    const size = this.size();
    if (!boundsVisible(bounds, this.view, size)) {
      this.moveTo(panToShow(bounds, this.view, size), true);
    }
  }

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

  /** Zooms by `factor` keeping the client point (default: the centre) still. */
  zoomBy(factor, clientX = null, clientY = null) {
    const rect = this.svg.getBoundingClientRect();
    const anchor = this.clientToBoard(clientX ?? rect.left + rect.width / 2, clientY ?? rect.top + rect.height / 2);
    // The player's own zoom wins over any framing still under way.
    this.stop();
    this.view = zoomAbout(this.view, factor, anchor);
    this.userMoved = true;
    this.apply();
  }

  /** Moves the content by (dx, dy) CSS pixels. */
  panBy(dx, dy) {
    this.stop();
    this.view = { ...this.view, x: this.view.x - dx / this.view.scale, y: this.view.y - dy / this.view.scale };
    this.userMoved = true;
    this.apply();
  }

  stop() {
    if (this._animation !== null) {
      cancelAnimationFrame(this._animation);
      this._animation = null;
    }
    delete this.svg.dataset.moving;
  }

  /** Moves the view to `target`, eased over a quarter second unless `animate` is false
   * or the reader asked for reduced motion. */
  moveTo(target, animate) {
    this.stop();
    const reduced = window.matchMedia?.("(prefers-reduced-motion: reduce)").matches;
    if (!animate || reduced) {
      this.view = { ...target };
      this.apply();
      return;
    }
    const start = { ...this.view };
    const began = performance.now();
    const step = () => {
      const progress = Math.min(1, (performance.now() - began) / ANIMATION_MS);
      const eased = 1 - (1 - progress) ** 3;
      // Zoom in log space so the motion feels even at every scale.
      const scale = Math.exp(Math.log(start.scale) + (Math.log(target.scale) - Math.log(start.scale)) * eased);
      this.view = {
        x: start.x + (target.x - start.x) * eased,
        y: start.y + (target.y - start.y) * eased,
        scale,
      };
      this.apply();
      this._animation = progress < 1 ? requestAnimationFrame(step) : null;
      if (this._animation === null) {
        delete this.svg.dataset.moving;
      }
    };
    this.svg.dataset.moving = "true";
    this._animation = requestAnimationFrame(step);
  }

  destroy() {
    this._resizeObserver.disconnect();
    this.stop();
  }
}
