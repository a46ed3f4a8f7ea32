// The boot of a page that plays a run on the board: the play page and the practice
// page. Both read their settings from a JSON script, drive one PlayMachine, and show it
// with the same board, tray, inputs and HUD; each page adds only what is its own (the
// clock and the server on the play page, the untimed round on the practice page).

import { BoardView } from "../board_view/index.js";
import { boardInputsWire } from "../play/board_inputs.js";
import { EndConfirm } from "../play/end_confirm.js";
import { Hud } from "../play/hud.js";
import { PLAYING, PlayMachine, tapPlacement } from "../play/machine.js";
import * as words from "../play/words.js";

// The browser's timers, as the parts take them (called unbound).
export const TIMERS = {
  setTimeout: (fn, ms) => window.setTimeout(fn, ms),
  clearTimeout: (id) => window.clearTimeout(id),
};

/**
 * Boots a run page. `configId` names the page's settings (a json_script);
 * `timeLimitMs(config)` is the run's clock; `place(tileId, cell, rotation)` plays a
 * placement (the page decides what it also does; by default the machine plays it).
 * Returns the page's parts and these helpers: `listen(views, screenOf)` shows each of the
 * machine's events (its screen, then `views[event.type]`), `runShown(current)` and
 * `runStopped()` do what both pages do when a run starts and ends, `drawShow(event,
 * current)` shows a draw, and `ready()` shows the first screen and marks the page ready.
 */
export function runPageBoot({ configId, timeLimitMs, place = null }) {
  const config = JSON.parse(document.getElementById(configId).textContent);
  const $ = (id) => document.getElementById(id);
  const root = $("play");
  // A phone or tablet: End run asks first, and sharing uses the system's sheet.
  const touch = window.matchMedia("(pointer: coarse)").matches;
  const machine = new PlayMachine({ now: () => performance.now(), timeLimitMs: timeLimitMs(config) });
  const placeTile = place ?? ((tileId, cell, rotation) => machine.place(tileId, cell, rotation));

  /** A tap on the board places the chosen tile there, when it fits; else says why not. */
  const onBoardTap = (cell) => {
    const tap = tapPlacement(machine.state, cell);
    if (tap !== null) {
      placeTile(tap.tileId, cell, tap.rotation);
    } else if (machine.state.phase === PLAYING && machine.state.selection.selected !== null) {
      inputs.misplacedShow(machine.state.selection.selected, cell);
    }
  };
  const board = new BoardView($("board"), { onTap: onBoardTap });
  const hud = new Hud($, { timers: TIMERS });
  const announce = (text) => hud.announce(text);
  const inputs = boardInputsWire({ $, root, machine, board, hud, place: placeTile });
  const { drag, tray } = inputs;
  const endConfirm = new EndConfirm($, { ask: () => touch, end: () => machine.end("player") });

  const show = (screen) => {
    root.dataset.state = screen;
    for (const section of root.querySelectorAll("[data-screen]")) {
      section.hidden = section.dataset.screen !== screen;
    }
  };
  let screenOfState = () => "intro";

  /** A tile drawn from the well: the tray and the score show it, and it is said. */
  const drawShow = ({ tileId }, current) => {
    tray.render(current, { fresh: tileId });
    hud.showRun(current.run, { gained: -words.DRAW_COST });
    announce(words.drew(tileId, current.run.score, current.run.wellRemaining));
  };

  // What both pages show of the hand, of a draw, of a refused move and of the well.
  const views = {
    ...inputs.handEvents,
    drew: drawShow,
    placeRefused: ({ outcome }) => announce(words.doesNotFit(words.refusalReason(outcome))),
    wellEmpty: () => announce(words.WELL_EMPTY),
    drawRefused: ({ outcome }) => announce(words.refusalReason(outcome)),
  };

  /** `pageViews` add to (or replace) the shared views; `screenOf(state)` names the screen. */
  const listen = (pageViews, screenOf) => {
    screenOfState = screenOf;
    const all = { ...views, ...pageViews };
    machine.subscribe((event, current) => {
      show(screenOf(current));
      all[event.type]?.(event, current);
    });
  };

  /** A new run's empty board, its tray and its figures. */
  const runShown = (current) => {
    hud.reset();
    endConfirm.reset();
    board.render([]);
    board.fit({ animate: false });
    tray.render(current);
    hud.showRun(current.run);
    inputs.keyboard.showHints();
  };

  /** The run is over: no gesture, cursor, preview or highlight outlives it. */
  const runStopped = () => {
    drag.cancel();
    endConfirm.reset();
    board.clearHighlight();
    board.setPreview(null);
    board.setCursor(null);
    root.classList.remove("play--dragging");
  };

  const ready = () => {
    $("draw-button").addEventListener("click", () => machine.draw());
    show(screenOfState(machine.state));
    root.dataset.ready = "true";
  };

  return {
    config,
    $,
    root,
    touch,
    machine,
    board,
    hud,
    announce,
    endConfirm,
    ...inputs,
    drawShow,
    show,
    listen,
    runShown,
    runStopped,
    ready,
  };
}
