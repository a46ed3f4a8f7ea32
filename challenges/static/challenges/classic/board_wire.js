// The board of a classic game as the classic page and a live table both show it: the
// SVG board (a tap places the chosen tile where it fits), the challenge's inputs over
// the hand (drag and snap, keyboard, speech), the toasts and the screen reader's line.

import { BoardView } from "../board_view/index.js";
import { boardInputsWire } from "../play/board_inputs.js";
import { bonusToast } from "../play/words.js";
import { PLAYING } from "./machine.js";

/** Wires `machine` (a ClassicMachine) to the page's board and tray. `place(tileId,
 * cell, rotation)` sends a placement; `onShown(state)` redraws the page's controls
 * when the machine shows a game or waits. Returns `{ board, inputs, hud, placedShow }`. */
export function classicBoardWire({ $, root, machine, place, onShown }) {
  const hud = {
    announce(text) {
      const region = $("announcer");
      region.textContent = "";
      setTimeout(() => {
        region.textContent = text;
      }, 50);
    },
    toast(text, kind = "bonus") {
      const element = document.createElement("div");
      element.className = `toast toast--${kind}`;
      element.textContent = text;
      $("toasts").appendChild(element);
      setTimeout(() => element.remove(), 1800);
    },
  };
  const board = new BoardView($("board"), {
    onTap: (cell) => {
      const { selection, run, phase } = machine.state;
      if (phase !== PLAYING || selection.selected === null) return;
      const rotation = run.snapRotation(selection.selected, cell, selection.rotations[selection.selected] ?? 0);
      if (rotation !== null) place(selection.selected, cell, rotation);
    },
  });
  const inputs = boardInputsWire({ $, root, machine, board, hud, place });
  machine.listen((event, state) => {
    inputs.handEvents[event.type]?.(event, state);
    if (event.type === "shown" || event.type === "waiting") {
      inputs.tray.render(state);
      onShown(state);
    }
  });
  /** A `placed` event on the board: the tile goes down with its points (a bonus
   * toasted and flashed), and the board keeps it in view. */
  const placedShow = (event) => {
    board.addPlacement({ tile: event.tile, cell: event.cell, rotation: event.rotation });
    board.floatText(event.cell, `+${event.points}`, event.bonus ? "board__float--bonus" : "");
    if (event.bonus) {
      hud.toast(bonusToast(event.bonus));
      board.flash(event.cell, "tile--bonus");
    }
    board.ensureContentVisible();
  };
  return { board, inputs, hud, placedShow };
}
