// SVG elements of the board: a tile (triangle and corner numbers), a marked cell, and
// the standalone tile icon of the tray.

import { cellFormat } from "../rules/geometry.js";
import { Tile, tileParse } from "../rules/tiles.js";
import { HEIGHT, SIDE, cellCentre, cellVertices, polygonPoints } from "./pixels.js";

const SVG_NS = "http://www.w3.org/2000/svg";
// Where the corner numbers sit, from the centre (0) to the corner (1).
const NUMBER_INSET = 0.56;

/** A new SVG element with `attributes`, appended to `parent` when given. */
export function svgElement(tag, attributes = {}, parent = null) {
  const element = document.createElementNS(SVG_NS, tag);
  for (const [name, value] of Object.entries(attributes)) {
    element.setAttribute(name, String(value));
  }
  if (parent !== null) {
    parent.appendChild(element);
  }
  return element;
}

/** A cell's outline (highlight, cursor, open cell) with class `className`. */
export function cellPolygon(cell, className, parent, { shrink = 0.06, attributes = {} } = {}) {
  const points = polygonPoints(cellVertices(cell), shrink);
  return svgElement("polygon", { class: className, "data-cell": cellFormat(cell), points, ...attributes }, parent);
}

/**
 * A tile (an id or a Tile) drawn in `cell`: a <g> with the triangle and its three
 * corner numbers, upright for reading.
 */
export function tileGroup(tileOrId, cell, rotation, className = "tile") {
  const tile = tileOrId instanceof Tile ? tileOrId : tileParse(tileOrId);
  const vertices = cellVertices(cell);
  const centre = cellCentre(cell);
  const group = svgElement("g", {
    class: className,
    "data-tile": tile.id,
    "data-cell": cellFormat(cell),
    "data-rotation": rotation,
  });
  svgElement("polygon", { class: "tile__face", points: polygonPoints(vertices, 0.045) }, group);
  const numbers = tile.cornerNumbers(rotation);
  vertices.forEach((vertex, i) => {
    const text = svgElement(
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
    // A space between the numbers, so a tile's text reads "1 2 4", not "124" (the tray
    // tiles' names quote what they show: WCAG 2.5.3).
    group.appendChild(document.createTextNode(" "));
  });
  return group;
}

/** A standalone <svg> of one tile pointing up (the tray), or down when `down` is true. */
export function tileIcon(tileId, rotation, { down = false, label = null } = {}) {
  const cell = down ? [0, 1] : [0, 0];
  const xs = cellVertices(cell).map((v) => v.x);
  const pad = SIDE * 0.04;
  const icon = svgElement("svg", {
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
