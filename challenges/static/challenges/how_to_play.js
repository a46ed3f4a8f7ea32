// The how-to-play page: each picture is a board drawn by the board view from an
// example run the server replayed; a "before" picture highlights the cell its next
// step fills.

import { BoardView } from "./board_view/index.js";

const pictures = JSON.parse(document.getElementById("how-pictures").textContent);

for (const svg of document.querySelectorAll("svg[data-picture]")) {
  const picture = pictures[svg.dataset.picture];
  if (!picture) continue;
  const view = new BoardView(svg, { interactive: false, showOpen: false });
  view.render(picture.placements);
  const next = pictures[svg.dataset.next];
  if (next && next.placements.length > 0) {
    view.highlight([next.placements.at(-1).cell]);
  }
  view.fit({ animate: false });
  svg.dataset.tiles = String(picture.placements.length);
}
