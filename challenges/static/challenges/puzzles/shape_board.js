// The challenge's SVG board showing a puzzle: the shape's cells outlined (the "open"
// cells are the shape's empty ones), the pieces on them, a joker drawn blank.

import { BoardView } from "../board_view/index.js";
import { cellPolygon } from "../board_view/drawing.js";
import { cellFormat } from "../rules/geometry.js";

export class ShapeBoard extends BoardView {
  constructor(svg, cells, options = {}) {
    super(svg, { ...options, showOpen: false });
    this.shape = cells;
    this._drawOpen();
    this.fit({ animate: false });
  }

  /** Frames the shape. BoardView's constructor frames before the shape is known: no
   * cell to frame then (a view of nothing would be NaN wide). */
  fit(options) {
    if (this.shape !== undefined) {
      super.fit(options);
    }
  }

  /** The shape's empty cells: where pieces go, and what the camera frames. */
  openCells() {
    return (this.shape ?? []).filter((cell) => !this.placements.has(cellFormat(cell)));
  }

  _drawOpen() {
    this.layers.open.replaceChildren();
    for (const cell of this.shape ?? []) {
      cellPolygon(cell, "cell cell--shape", this.layers.open);
    }
  }

  /** A joker on `cell`: a blank tile. */
  addJoker(cell) {
    const group = cellPolygon(cell, "tile tile--joker", this.layers.tiles, { shrink: 0.045 });
    group.dataset.joker = "true";
    this.placements.set(cellFormat(cell), { tile: null, cell, rotation: 0, element: group });
  }

  /** Takes the piece on `cell` off the board. */
  removeAt(cell) {
    const key = cellFormat(cell);
    this.placements.get(key)?.element.remove();
    this.placements.delete(key);
  }

  /** Every piece off the board. */
  clear() {
    this.layers.tiles.replaceChildren();
    this.placements.clear();
  }
}
