// A classic game's replay: every event in turn, Back and Next, the board of the round
// as it stood, and each event said in words (every hand is known once the game is over).

import { BoardView } from "../board_view/index.js";
import { eventText } from "../classic/words.js";

const replay = JSON.parse(document.getElementById("classic-replay").textContent);
const board = new BoardView(document.getElementById("replay-board"), { interactive: true, showOpen: false });
const events = replay.events;
// The replay's words name seats as the game did ("You", "Computer 2 (hard)").
const game = { ...replay, status: "finished" };
let step = 0;

function show() {
  const placements = [];
  for (let index = 0; index <= step; index += 1) {
    const event = events[index];
    if (event.event === "round_started") placements.length = 0;
    if (event.event === "placed") placements.push({ tile: event.tile, cell: event.cell, rotation: event.rotation });
  }
  board.render(placements);
  board.fit({ animate: false });
  document.getElementById("replay-step").textContent = `${step + 1} / ${events.length}: ${eventText(game, events[step])}`;
  document.getElementById("replay-back").disabled = step === 0;
  document.getElementById("replay-next").disabled = step === events.length - 1;
}

document.getElementById("replay-back").addEventListener("click", () => {
  step = Math.max(0, step - 1);
  show();
});
document.getElementById("replay-next").addEventListener("click", () => {
  step = Math.min(events.length - 1, step + 1);
  show();
});
show();
