// A challenge for the replay and run tests: its tray holds the six tiles of a hexagon
// plus three others, and HEXAGON_MOVES lay that hexagon.

import { TILE_IDS } from "../../../challenges/static/challenges/rules/tiles.js";

export const HEXAGON_TRAY = ["0-0-1", "0-1-2", "0-2-3", "0-3-4", "0-4-5", "0-0-5", "5-5-5", "4-4-4", "3-3-3"];
export const HEXAGON_WELL = TILE_IDS.filter((id) => !HEXAGON_TRAY.includes(id));

// Six tiles around point (1, 2), which shows 0; the ring of outer points shows
// (0,1)=1, (0,3)=2, (1,4)=3, (2,3)=4, (2,1)=5, (1,0)=0. Rotations solved by hand.
export const HEXAGON_MOVES = [
  { t: 100, type: "place", tile: "0-0-1", cell: [0, 0], rotation: 2 },
  { t: 200, type: "place", tile: "0-1-2", cell: [0, 1], rotation: 0 },
  { t: 300, type: "place", tile: "0-2-3", cell: [0, 2], rotation: 1 },
  { t: 400, type: "place", tile: "0-3-4", cell: [1, 2], rotation: 2 },
  { t: 500, type: "place", tile: "0-4-5", cell: [1, 1], rotation: 0 },
  { t: 600, type: "place", tile: "0-0-5", cell: [1, 0], rotation: 2 },
];
