// The inputs of a run's board, wired alike on the play page and the practice page: what
// a tray tile, the mouse, a finger and the keyboard may ask of the run (its machine),
// the tray that shows the hand, and the board's own controls (zoom, focus, blur).

import { DragInput } from "./drag.js";
import { KeyboardInput } from "./keyboard.js";
import { misfitCode } from "./machine.js";
import { TrayView, trayTileLabel } from "./tray_view.js";
import * as words from "./words.js";

/**
 * Wires the inputs of `board` (a BoardView) to `machine` (a PlayMachine) and returns
 * `{ drag, keyboard, tray, handEvents, placementShow }`: `handEvents` shows the
 * machine's `selected`, `rotated` and `cursor` events, alike on both pages;
 * `placementShow(event, current)` shows a `placed` event on the board, tray and HUD, and
 * says it (each page adds what a placement also means to it). `$` finds an element by id; `root` is the page's play
 * element; `hud` toasts and announces; `place(tileId, cell, rotation)` plays a
 * placement (the page decides what a placement also does, e.g. pacing it).
 */
export function boardInputsWire({ $, root, machine, board, hud, place }) {
  const state = () => machine.state;
  const playing = () => machine.state.phase === "playing";
  const announce = (text) => hud.announce(text);
  const intents = {
    select: (tileId) => machine.select(tileId),
    rotate: (tileId) => machine.rotate(tileId),
    cursorTo: (cell) => machine.cursorTo(cell),
    draw: () => machine.draw(),
    place,
    fitsNowhere: (tileId) => {
      // Shaken and said: the tile was carried and let go, and it fits no cell yet.
      tray.shake(tileId);
      hud.toast(words.fitsNowhere(tileId), "info");
      announce(words.fitsNowhere(tileId));
    },
    misplaced: (tileId, cell, options) => misplacedShow(tileId, cell, options),
    rest: () => keyboard.showHints(),
    label: (tileId) => trayTileLabel(machine.state, tileId),
  };
  const drag = new DragInput({ board, root, state, playing, intents });
  const keyboard = new KeyboardInput({
    boardElement: $("board"),
    board,
    state,
    playing,
    dragging: () => drag.active,
    announce,
    intents,
  });
  const tray = new TrayView($("tray"), {
    pointerDown: (event, tileId, button) => drag.start(event, tileId, button),
    keySelect: (tileId) => {
      machine.select(tileId);
      $("board").focus({ preventScroll: true });
    },
    trayKey: (event, index) => keyboard.onTrayKey(event, index, tray.buttons()),
  });

  $("zoom-in").addEventListener("click", () => board.zoomBy(1.25));
  $("zoom-out").addEventListener("click", () => board.zoomBy(0.8));
  $("zoom-fit").addEventListener("click", () => board.fit());
  $("board").addEventListener("focus", () => keyboard.showHints());
  $("board").addEventListener("blur", () => keyboard.showHints());
  document.addEventListener("keydown", (event) => keyboard.onKey(event));
  const handEvents = {
    selected: ({ tileId }) => {
      tray.showSelected(tileId);
      keyboard.showHints();
    },
    rotated: ({ tileId, rotation }, current) => {
      tray.showTurned(current, tileId);
      announce(words.turned(tileId, rotation));
      keyboard.showHints();
    },
    cursor: () => keyboard.showHints(),
  };
  /** A tap, a drop or Enter where the tile does not fit: the tile shakes, and the page
   * says why in a few words; `spoken`, when given, is what a screen reader hears instead. */
  function misplacedShow(tileId, cell, { spoken = null } = {}) {
    const code = misfitCode(machine.state, tileId, cell);
    if (code === null) return;
    const sentence = words.doesNotFit(words.refusalReason({ code, detail: "" }));
    tray.shake(tileId);
    hud.toast(sentence, "info");
    announce(spoken ?? sentence);
  }
  const placementShow = ({ tileId, cell, rotation, outcome }, current) => {
    board.addPlacement({ tile: tileId, cell, rotation });
    tray.render(current);
    hud.showRun(current.run, { gained: outcome.points });
    board.floatText(cell, `+${outcome.points}`, outcome.bonus === null ? "" : "board__float--bonus");
    if (outcome.bonus !== null) {
      hud.toast(words.bonusToast(outcome.bonus));
      board.flash(cell, "tile--bonus");
    }
    announce(words.placed(tileId, cell, outcome, current.run.score));
  };
  return { drag, keyboard, tray, handEvents, placementShow, misplacedShow };
}
