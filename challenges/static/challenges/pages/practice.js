// The untimed practice page: a finished challenge's deal, played with the play page's
// parts (the machine, the board, the tray, drag and keyboard, the HUD) but no clock, no
// server and no submit. The rules are the one engine's port (rules/), as on the play
// page; the run stays in this page and is never sent (challenges/schedule/practice.py says why
// the deal is a finished challenge's).

import { runPageBoot } from "../lib/boot.js";
import { ENDED, PLAYING, READY } from "../play/machine.js";
import * as words from "../play/words.js";

// No clock: the run never runs out of time. (The engine still stamps each move within
// its two minutes; the log is never sent, so those stamps tell nobody anything.)
const { config, $, machine, tray, keyboard, announce, listen, runShown, runStopped, ready, placementShow } =
  runPageBoot({ configId: "practice-config", timeLimitMs: () => Infinity });
let best = null;

function screenOf({ phase }) {
  return { [READY]: "intro", [PLAYING]: "game", [ENDED]: "end" }[phase] ?? "intro";
}

const VIEWS = {
  started: (_event, current) => {
    runShown(current);
    announce(words.practiceStarted(current.run.tray.length));
    tray.buttons()[0]?.focus({ preventScroll: true });
  },
  placed: (event, current) => {
    placementShow(event, current);
    const { outcome } = event;
    if (!outcome.cleared) {
      keyboard.showHints();
    }
  },
  ended: ({ reason }, current) => {
    runStopped();
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

function start() {
  // A run of this page's own: the id only tells runs apart here.
  machine.begin({ id: `practice-${config.challengeId}`, tray: config.tray, well: config.well });
}

listen(VIEWS, screenOf);
$("start-button").addEventListener("click", start);
$("again-button").addEventListener("click", start);
ready();
