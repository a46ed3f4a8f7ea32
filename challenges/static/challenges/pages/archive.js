// The archive's play page: a closed challenge's deal played again, against the clock or
// without it, with the play page's parts (the machine, the board, the tray, the HUD) and
// the race (play/race_view.js: the leader's or a followed player's ghost, the medals).
// Nothing is stored: at the end the server replays the log and answers where its score
// would have ranked on that day's board (challenges/schedule/archive.py).

import { api } from "../lib/api.js";
import { runPageBoot } from "../lib/boot.js";
import { archiveEndTitle, archiveStarted, RANK_ASKING, RANK_UNAVAILABLE, wouldRankText } from "../play/archive_words.js";
import { ENDED, PLAYING, READY } from "../play/machine.js";
import { RaceView } from "../play/race_view.js";

const CLOCK_TICK_MS = 200;

// The machine has no limit of its own: a timed run is ended by this page's clock, and
// the rules still stamp every move within the run's two minutes.
const page = runPageBoot({ configId: "archive-config", timeLimitMs: () => Infinity });
const { config, $, machine, tray, keyboard, announce, hud, listen, runShown, runStopped, ready, placementShow } = page;
const race = new RaceView($, { storage: window.localStorage, announce });
let timed = true;
let clockTimer = null;

function screenOf({ phase }) {
  return { [READY]: "intro", [PLAYING]: "game", [ENDED]: "end" }[phase] ?? "intro";
}

function tick() {
  if (machine.state.phase !== PLAYING || !timed) {
    return;
  }
  const elapsed = machine.elapsed();
  const left = config.timeLimitMs - elapsed;
  hud.showClock(left);
  race.show({ elapsedMs: elapsed, score: machine.state.run.score });
  if (left <= 0) {
    machine.end("time");
  }
}

async function rankShow(log) {
  const line = $("archive-rank");
  line.textContent = RANK_ASKING;
  let answer;
  try {
    answer = await api(config.urls.rank, { method: "POST", body: log });
  } catch {
    line.textContent = RANK_UNAVAILABLE;
    return;
  }
  const { status, data } = answer;
  line.textContent = status === 200 || status === 422 ? wouldRankText(data) : (data.detail ?? RANK_UNAVAILABLE);
  announce(line.textContent);
}

const VIEWS = {
  started: (_event, current) => {
    runShown(current);
    $("clock").hidden = !timed;
    $("no-clock").hidden = timed;
    hud.showClock(config.timeLimitMs);
    announce(archiveStarted(current.run.tray.length, timed));
    tray.buttons()[0]?.focus({ preventScroll: true });
  },
  placed: (event, current) => {
    placementShow(event, current);
    race.scored(current.run.lastT, current.run.score);
    if (!event.outcome.cleared) {
      keyboard.showHints();
    }
  },
  drew: (event, current) => {
    page.drawShow(event, current);
    race.scored(current.run.lastT, current.run.score);
  },
  ended: ({ reason }, current) => {
    runStopped();
    window.clearInterval(clockTimer);
    const moves = current.finish.log.moves;
    const placed = moves.filter((move) => move.type === "place").length;
    $("end-score").textContent = String(current.run.score);
    $("end-tiles").textContent = String(placed);
    $("end-draws").textContent = String(moves.length - placed);
    $("archive-end-title").textContent = archiveEndTitle(reason);
    $("archive-end-title").focus();
    rankShow(current.finish.log);
  },
};

function start(withClock) {
  timed = withClock;
  // Without a clock the ghosts' seconds mean nothing: the medals alone stay.
  const { ghosts } = config;
  race.start(timed ? ghosts : { best: null, other: null, medals: ghosts.medals });
  machine.begin({ id: `archive-${config.challengeId}`, tray: config.tray, well: config.well });
  window.clearInterval(clockTimer);
  clockTimer = timed ? window.setInterval(tick, CLOCK_TICK_MS) : null;
}

listen(VIEWS, screenOf);
$("start-timed").addEventListener("click", () => start(true));
$("start-untimed").addEventListener("click", () => start(false));
$("again-timed").addEventListener("click", () => start(true));
$("again-untimed").addEventListener("click", () => start(false));
ready();
