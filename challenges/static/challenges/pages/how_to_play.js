// The how-to-play page: each picture is a board drawn by the board view from an
// example run the server replayed. A "before" picture highlights the cell its next
// step fills; every other picture marks the tile just laid; in an "after" picture of a
// bonus, the tile that made it also glows when the
// picture comes into view (the board view's own bonus glow; board.css drops it when the
// reader asks for reduced motion).

import { BoardView } from "../board_view/view.js";

const pictures = JSON.parse(document.getElementById("how-pictures").textContent);

const glowing = new Map();
const watcher =
  "IntersectionObserver" in window
    ? new IntersectionObserver(
        (entries) => {
          for (const entry of entries) {
            if (entry.isIntersecting) glowing.get(entry.target)?.();
          }
        },
        { threshold: 0.6 },
      )
    : null;

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
  // The tile just laid is marked, so the caption's "this one" is plain to see.
  if (!next && picture.placements.length > 0) {
    view.tileElement(picture.placements.at(-1).cell)?.classList.add("tile--laid");
  }
  if (picture.bonus && picture.placements.length > 0 && watcher) {
    const last = picture.placements.at(-1).cell;
    glowing.set(svg, () => view.flash(last, "tile--bonus"));
    watcher.observe(svg);
  }
}
