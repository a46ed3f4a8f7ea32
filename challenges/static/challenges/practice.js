// The untimed practice page: a finished challenge's deal, played with the play page's
// parts (the machine, the board, the tray, drag and keyboard, the HUD) but no clock, no
// server and no submit. The rules are the one engine's port (rules/), as on the play
// page; the run stays in this page and is never sent (challenges/practice.py says why
// the deal is a finished challenge's).

import { BoardView } from "./board_view/index.js";
import { boardInputsWire } from "./play/board_inputs.js";
import { EndConfirm } from "./play/end_confirm.js";
import { Hud } from "./play/hud.js";
import { ENDED, PLAYING, PlayMachine, READY, tapPlacement } from "./play/machine.js";
import * as words from "./play/words.js";

const config = JSON.parse(document.getElementById("practice-config").textContent);
const $ = (id) => document.getElementById(id);
const root = $("play");
const TIMERS = {
  setTimeout: (fn, ms) => window.setTimeout(fn, ms),
  clearTimeout: (id) => window.clearTimeout(id),
};
const TOUCH = window.matchMedia("(pointer: coarse)").matches;

// No clock: the run never runs out of time. (The engine still stamps each move within
// its two minutes; the log is never sent, so those stamps tell nobody anything.)
const machine = new PlayMachine({ now: () => performance.now(), timeLimitMs: Infinity });

const board = new BoardView($("board"), { onTap: onBoardTap });
const hud = new Hud($, { timers: TIMERS });
const announce = (text) => hud.announce(text);
let best = null;

const { drag, keyboard, tray, handEvents, placementShow } = boardInputsWire({
  $,
  root,
  machine,
  board,
  hud,
  place: (tileId, cell, rotation) => machine.place(tileId, cell, rotation),
});
const endConfirm = new EndConfirm($, { ask: () => TOUCH, end: () => machine.end("player") });

function show(screen) {
  root.dataset.state = screen;
  for (const section of root.querySelectorAll("[data-screen]")) {
    section.hidden = section.dataset.screen !== screen;
  }
}

function screenOf({ phase }) {
  return { [READY]: "intro", [PLAYING]: "game", [ENDED]: "end" }[phase] ?? "intro";
}

const VIEWS = {
  started: (_event, current) => {
    board.render([]);
    board.fit({ animate: false });
    hud.reset();
    endConfirm.reset();
    tray.render(current);
    hud.showRun(current.run);
    announce(words.practiceStarted(current.run.tray.length));
    tray.buttons()[0]?.focus({ preventScroll: true });
  },
  ...handEvents,
  placed: (event, current) => {
    placementShow(event, current);
    const { outcome } = event;
    if (!outcome.cleared) {
      keyboard.showHints();
    }
  },
  placeRefused: ({ outcome }) => announce(words.doesNotFit(words.refusalReason(outcome))),
  drew: ({ tileId }, current) => {
    tray.render(current, { fresh: tileId });
    hud.showRun(current.run, { gained: -words.DRAW_COST });
    announce(words.drew(tileId, current.run.score, current.run.wellRemaining));
  },
  wellEmpty: () => announce(words.WELL_EMPTY),
  drawRefused: ({ outcome }) => announce(words.refusalReason(outcome)),
  ended: ({ reason }, current) => {
    drag.cancel();
    endConfirm.reset();
    board.clearHighlight();
    board.setPreview(null);
    board.setCursor(null);
    root.classList.remove("play--dragging");
    const moves = current.finish.log.moves;
    const placed = moves.filter((move) => move.type === "place").length;
    const draws = moves.length - placed;
    const score = current.run.score;
    best = best === null ? score : Math.max(best, score);
    $("practice-end-title").textContent = words.practiceEndTitle(reason);
    $("end-score").textContent = String(score);
    $("end-tiles").textContent = String(placed);
    $("end-draws").textContent = String(draws);
    $("end-best").textContent = String(best);
    announce(words.practiceOver(words.practiceEndTitle(reason), score, placed, draws));
    $("practice-end-title").focus();
  },
};

function onEvent(event, current) {
  show(screenOf(current));
  VIEWS[event.type]?.(event, current);
}

/** A tap on the board places the chosen tile there, when it fits. */
function onBoardTap(cell) {
  const tap = tapPlacement(machine.state, cell);
  if (tap !== null) {
    machine.place(tap.tileId, cell, tap.rotation);
  }
}

function start() {
  // A run of this page's own: the id only tells runs apart here.
  machine.begin({ id: `practice-${config.challengeId}`, tray: config.tray, well: config.well });
}

machine.subscribe(onEvent);
$("start-button").addEventListener("click", start);
$("again-button").addEventListener("click", start);
$("draw-button").addEventListener("click", () => machine.draw());
show(screenOf(machine.state));
root.dataset.ready = "true";
