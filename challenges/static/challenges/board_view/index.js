// The board view: the SVG board the player sees (play page, replay viewer). Not to be
// confused with the engine's board, ../rules/board.js, which knows the rules and draws
// nothing. Modules: pixels.js (grid to board coordinates, pure), drawing.js (tiles and
// cells as SVG), camera.js (framing, pan and zoom), gestures.js (pointer and wheel),
// view.js (BoardView, which puts them together).

export { BoardCamera, READABLE_SIDE_PX } from "./camera.js";
export { tileGroup, tileIcon } from "./drawing.js";
export { HEIGHT, SIDE, cellAtPosition, cellCentre, cellVertices, pointPosition } from "./pixels.js";
export { BoardView } from "./view.js";
