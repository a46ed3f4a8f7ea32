// The home page: the sample run's board, drawn by the board view from the finished
// run's placements (the server replayed them), not a picture of a screen.

import { BoardView } from "../board_view/view.js";

const data = JSON.parse(document.getElementById("sample-run").textContent);
const svg = document.getElementById("sample-board");
const view = new BoardView(svg, { interactive: false, showOpen: false });
view.render(data.placements);
view.fit({ animate: false });
svg.dataset.tiles = String(data.placements.length);
