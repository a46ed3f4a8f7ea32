// The play page: start a run on the server, play it on the board against the clock,
// send the log to be replayed, then submit or play again.
//
// rules/ scores every move instantly; the server replays the log and has the last
// word. The log is kept in localStorage until the server has it (lib/unsent_runs.js), so a
// dropped connection or a closed tab never loses a run. While the run is played its
// moves reach the server in batches, and a too-quick placement waits for its moment
// (play/run_watch.js).
//
// This file only wires the parts of play/ together:
// - lib/boot.js (shared with the practice page) reads the settings and sets up the machine,
//   the board, the HUD and the inputs; each of the machine's events reaches this
//   file's VIEWS through it;
// - machine.js holds the state; its transitions are the only writers;
// - board_inputs.js wires drag.js, keyboard.js, the tray and the board's taps to intents;
// - hud.js, tray_view.js, sending_screen.js and end_screen.js show the state;
// - unsent_offer.js keeps the run in the unsent store (unsent_runs.js) and offers it back;
// - requests.js (with finish.js and submit.js) talks to the server through lib/api.js.

import { api } from "../lib/api.js";
import { pageLanguage } from "../lib/i18n.js";
import { pendingClear, pendingLoad } from "../lib/unsent_runs.js";
import { BoardView, READABLE_SIDE_PX } from "../board_view/index.js";
import { TIMERS, runPageBoot } from "../lib/boot.js";
import { EndReview } from "../play/end_review.js";
import { EndScreen, endSummary } from "../play/end_screen.js";
import { GuestIdentity } from "../play/guest_identity.js";
import { GuestOffer } from "../play/guest_offer.js";
import { HardChoice, hardShow } from "../play/hard_mode.js";
import { CONFIRM_SUBMIT } from "../play/end_words.js";
import { ENDED, PLAYING, READY, screenOf, submittable } from "../play/machine.js";
import { RaceView } from "../play/race_view.js";
import { ReminderOffer } from "../play/reminder_offer.js";
import { RunRequests } from "../play/requests.js";
import { RunWatch } from "../play/run_watch.js";
import { SendingScreen } from "../play/sending_screen.js";
import { shareRun, standingView } from "../play/standing.js";
import { StandingView } from "../play/standing_view.js";
import { Tour } from "../play/tour.js";
import { keepUnsent, offerUnsent, resumable } from "../play/unsent_offer.js";
import * as words from "../play/words.js";

const CLOCK_TICK_MS = 200;
// A cleared board stays on screen a moment, so its toast is seen.
const CLEARED_PAUSE_MS = 1500;

const page = runPageBoot({
  configId: "play-config",
  timeLimitMs: (settings) => settings.timeLimitMs,
  place: (tileId, cell, rotation) => placeTile(tileId, cell, rotation),
});
const { config, $, root, machine, board, hud, announce, tray, keyboard, placementShow, show } = page;
const TOUCH = page.touch;
const playing = () => machine.state.phase === PLAYING;

const runUrl = (template, runId) => template.replace(config.runIdSlot, runId);
const LOCAL_ZONE = Intl.DateTimeFormat().resolvedOptions().timeZone ?? "UTC";

const sendingScreen = new SendingScreen($, { announce });
const endScreen = new EndScreen($, {
  urls: { leaderboard: config.urls.leaderboard, replay: (runId) => runUrl(config.urls.replay, runId) },
  announce,
  // Framed so its digits read (12 px or more); a bigger board is dragged, and the wheel
  // is left to scroll the page.
  finalBoard: new BoardView($("end-board"), { showOpen: false, fitMinSidePx: READABLE_SIDE_PX, wheel: false }),
});
// The end screen's look back: the score against par, the moves missed (play/end_review.js).
const endReview = new EndReview($, {
  urls: { analysis: (runId) => runUrl(config.urls.analysis, runId), challenge: config.urls.challenge },
  par: config.par,
});
const standingPart = new StandingView($, {
  when: (iso) => new Date(iso).toLocaleTimeString(pageLanguage(), { hour: "2-digit", minute: "2-digit" }),
  onSubmit: (run) => askSubmit(run),
  onShare: shareStanding,
  announce,
});

// A visitor plays as a guest: a guest identity before the first start, and
// at the end "sign up to submit this run" instead of the submit.
const guestOffer = config.guest
  ? new GuestOffer($, { urls: { signup: config.urls.guestSignup, login: config.urls.guestLogin }, slot: config.runIdSlot })
  : null;
const guestIdentity = config.guest
  ? new GuestIdentity({
      api,
      url: config.urls.guest,
      onFailed: (message) => machine.startFailed(message),
      // Logged in meanwhile (another tab): the page as a player knows it.
      onLoggedIn: () => window.location.reload(),
    })
  : null;
// Reminders by push, offered on the end screen of a scored run (a player's, not a guest's).
const reminderOffer = config.guest
  ? null
  : new ReminderOffer($, { urls: { state: config.urls.reminders, subscription: config.urls.reminderSubscription }, storage: window.localStorage });
// The ghosts raced while playing (play/race_view.js): they come with the start answer.
const race = new RaceView($, { storage: window.localStorage, announce });
// Hard mode: chosen before the start, kept by the server for the whole run.
const hardChoice = new HardChoice($("hard-mode"), { storage: window.localStorage });

// The first-run coach mark (play/tour.js), on the first deal in this browser.
const tour = $("tour") ? new Tour($, { storage: window.localStorage, root, touch: TOUCH }) : null;

// The resources of the run played last: its watch (batches and pace) and its clock.
let watch = null;
let clockTimer = null;
// The server's word that the dealt run's clock started (the machine's clockStarted).
let clockSent = null;
// A run resumed after a reload: how many of its moves the server holds already.
let resumedHeld = 0;

const requests = new RunRequests({
  machine,
  api,
  urls: {
    start: config.urls.start,
    finish: (runId) => runUrl(config.urls.finish, runId),
    run: (runId) => runUrl(config.urls.run, runId),
    submit: (runId) => runUrl(config.urls.submit, runId),
    // Days and weeks of the bests are the player's own.
    standing: (runId) => `${runUrl(config.urls.standing, runId)}?tz=${encodeURIComponent(LOCAL_ZONE)}`,
  },
  watchOf: (runId) => (watch?.runId === runId ? watch : null),
  later: (fn, ms) => window.setTimeout(fn, ms),
  onStart: (data) => race.start(data.ghosts),
  startBody: () => hardChoice.startBody(),
});
const finishRun = () => requests.finish();

// ------------------------------------------------------------------- screens

const VIEWS = {
  started: runStarted,
  startFailed: ({ message }) => {
    const errorBox = $("start-error");
    if (errorBox) {
      errorBox.textContent = message;
      errorBox.hidden = false;
    }
    announce(message);
  },
  clockStarted: (_event, current) => {
    tour?.close();
    clockTell(current.runId);
  },
  placed: tilePlaced,
  drew: (event, current) => {
    page.drawShow(event, current);
    race.scored(current.run.lastT, current.run.score);
    keepUnsentRun("playing");
    watch.moveAdded();
  },
  ended: runEnded,
  recovered: () => {
    $("pending-notice").hidden = true;
    finishRun();
  },
  sending: (_event, current) => sendingScreen.sending(current.finish),
  unsent: ({ message }, current) => sendingScreen.unsent(current.finish, message),
  scored: (_event, current) => {
    pendingClear(current.finish.runId);
    showEnd(current);
    if (!config.guest) {
      // A guest has no standing: bests, entries and cards are an account's.
      requests.standing();
    }
  },
  standing: (_event, current) => {
    standingPart.show(standingView(current.standing, current.finish.runId));
  },
  submitting: () => {
    endScreen.submitting();
    standingPart.submitting();
  },
  submitted: ({ outcome }) => endScreen.showSubmit(outcome),
};

function showEnd(current) {
  standingPart.clear();
  endScreen.show(current.finish, endSummary(current.finish, current.finish.result));
  guestOffer?.show(current.finish);
  reminderOffer?.show();
  endReview.show(current.finish);
}

async function shareStanding() {
  const { standing } = machine.state;
  if (standing !== null) {
    standingPart.shared(await shareRun(standing.share, { navigator, touch: TOUCH }), standing.share.text);
  }
}

// ------------------------------------------------------------------ starting

async function startRun() {
  const errorBox = $("start-error");
  if (errorBox) {
    errorBox.hidden = true;
  }
  const buttons = [$("start-button"), $("again-button")].filter(Boolean);
  buttons.forEach((button) => (button.disabled = true));
  if (guestIdentity !== null && !(await guestIdentity.ensure())) {
    buttons.forEach((button) => (button.disabled = false));
    return;
  }
  const started = await requests.start();
  buttons.forEach((button) => (button.disabled = false));
  if (started === "login") {
    window.location.assign(config.urls.login);
  } else if (started === "closed") {
    $("closed-notice").hidden = false;
  }
}

function runStarted({ resumed = false }, current) {
  const { run, runId } = current;
  endReview.dealt(run);
  endScreen.clearBoard();
  hardShow(root, $("hard-badge"), current.hard);
  page.runShown(current);
  if (resumed) {
    board.render(run.board.placements.map((placement) => placement.toJson()));
    board.fit({ animate: false });
  }
  watch?.stop();
  // A resumed run whose clock ran before the reload: the server has its start.
  clockSent = resumed && machine.clockRunning ? Promise.resolve(true) : null;
  watch = new RunWatch({
    runId,
    moves: run.log,
    // The clock's start reaches the server before any move: the moves are witnessed
    // from the first touch, not from the deal.
    post: async (body) => {
      await clockTell(runId);
      return api(runUrl(config.urls.moves, runId), { method: "POST", body });
    },
    now: () => machine.elapsed(),
    timers: TIMERS,
    parts: { link: $("link-state"), notice: $("witness-lost"), countdown: $("witness-countdown") },
    online: () => navigator.onLine,
    onRejected: (data) => machine.reject(data),
    acknowledged: resumed ? resumedHeld : 0,
  });
  if (resumed && run.log.length > resumedHeld) {
    watch.moveAdded(); // the moves the server never got go now
  }
  window.clearInterval(clockTimer);
  clockTimer = window.setInterval(tick, CLOCK_TICK_MS);
  tick();
  keepUnsentRun("playing");
  announce(resumed ? words.runResumed(run.score) : words.runStarted(run.tray.length));
  if (tour?.due && !resumed) {
    tour.show();
  }
  const game = root.querySelector("[data-screen='game']");
  if (game.getBoundingClientRect().bottom > window.innerHeight) {
    game.scrollIntoView({ block: "start" });
  }
  tray.buttons()[0]?.focus({ preventScroll: true });
}

/** Tells the server the dealt run's clock started (once; again after a failure).
 * Resolves to whether the server has it. */
function clockTell(runId) {
  clockSent ??= api(runUrl(config.urls.clock, runId), { method: "POST" }).then(
    // 409: the server holds a move already, so its clock runs.
    ({ status }) => status === 200 || status === 409,
    () => {
      clockSent = null;
      return false;
    },
  );
  return clockSent;
}

function tick() {
  if (!playing()) {
    return;
  }
  const left = config.timeLimitMs - machine.elapsed();
  hud.showClock(left);
  race.show({ elapsedMs: machine.elapsed(), score: machine.state.run.score });
  if (left <= 0) {
    machine.end("time");
  }
}

// ------------------------------------------------------------------- moves

/** Places a tile, or holds it until the pace floor has passed since the last
 * placement; one more while a tile is held is refused with a shake. */
function placeTile(tileId, cell, rotation) {
  if (!playing()) {
    return;
  }
  const answer = watch.pace.request(() => {
    board.setPreview(null);
    return machine.place(tileId, cell, rotation);
  });
  if (answer === "held") {
    // The tile shows where it goes while it waits (at most the pace floor).
    board.setPreview({ tile: tileId, cell, rotation });
  } else if (answer === "refused") {
    tray.shake(tileId);
    announce(words.ONE_AT_A_TIME);
  }
}

function tilePlaced(event, current) {
  const { outcome } = event;
  placementShow(event, current);
  race.scored(current.run.lastT, current.run.score);
  keepUnsentRun("playing");
  watch.moveAdded();
  if (outcome.cleared) {
    // The machine ends the run right after this.
    hud.toast(words.CLEARED_TOAST, "clear");
  } else {
    keyboard.showHints();
  }
}

// ------------------------------------------------------------------ the end

function runEnded({ reason }, current) {
  // Stop the clock, the pace gate and every gesture.
  watch.runEnded();
  window.clearInterval(clockTimer);
  clockTimer = null;
  page.runStopped();
  const { finish } = current;
  if (reason === "rejected") {
    // The server refused a batch: its answer is the verdict, and no finish is sent.
    pendingClear(finish.runId);
    showEnd(current);
    return;
  }
  hud.showFinalClock(words.formatClock(reason === "time" ? 0 : config.timeLimitMs - finish.endedAt));
  keepUnsentRun("finished");
  announce(words.runOver(words.endTitle(reason), finish.clientScore));
  window.setTimeout(finishRun, reason === "cleared" ? CLEARED_PAUSE_MS : 0);
}

/** Asks before a submit (one entry per challenge, never replaced): of the run just
 * played, or of `run`, another of the player's runs listed on the end screen. */
function askSubmit(run = null) {
  const { phase, finish } = machine.state;
  if (phase !== ENDED || finish.status !== "scored" || (run === null && !submittable(finish.result))) {
    return;
  }
  const dialog = $("submit-dialog");
  // Which run the dialog asks about, for its close handler.
  dialog.dataset.run = run?.id ?? finish.runId;
  $("submit-dialog-score").textContent = String(run?.score ?? finish.result.score);
  if (typeof dialog.showModal === "function") {
    dialog.returnValue = "";
    dialog.showModal();
  } else if (window.confirm(CONFIRM_SUBMIT)) {
    requests.submit(dialog.dataset.run);
  }
}

// ------------------------------------------------------- the unsent store

function keepUnsentRun(status) {
  const clockStartedAt = machine.clockRunning ? Date.now() - machine.elapsed() : null;
  keepUnsent(machine.state, { challengeId: config.challengeId, status, clockStartedAt });
}

/** After a reload in the middle of a run: the run goes on with its own clock, its moves
 * those this browser kept (or the server's, if it holds more). Resolves to whether a
 * run was resumed. */
async function resumeRun() {
  const pending = resumable(pendingLoad(), { challengeId: config.challengeId, now: Date.now() });
  if (pending === null) {
    return false;
  }
  let answer;
  try {
    answer = await api(runUrl(config.urls.run, pending.runId));
  } catch {
    return false;
  }
  const { status, data } = answer;
  if (status !== 200 || data.status !== "started") {
    return false;
  }
  const held = Array.isArray(data.log?.moves) ? data.log.moves : [];
  resumedHeld = held.length;
  const moves = pending.log.moves.length >= held.length ? pending.log.moves : held;
  machine.resume({ id: pending.runId, tray: data.tray, well: data.well, moves, elapsedMs: pending.elapsedMs, hard: data.hard });
  return true;
}

function offerPending() {
  offerUnsent(
    { notice: $("pending-notice"), text: $("pending-text"), send: $("pending-send") },
    { authenticated: config.authenticated || config.guest },
  );
}

// ------------------------------------------------------------------ wiring

function wire() {
  page.listen(VIEWS, screenOf);
  $("start-button")?.addEventListener("click", startRun);
  $("again-button").addEventListener("click", startRun);
  $("send-retry").addEventListener("click", finishRun);
  $("submit-button").addEventListener("click", () => askSubmit());
  $("submit-dialog").addEventListener("close", () => {
    if ($("submit-dialog").returnValue === "submit") {
      requests.submit($("submit-dialog").dataset.run);
    }
  });
  $("pending-send").addEventListener("click", () => {
    const pending = pendingLoad();
    if (pending === null) {
      offerPending();
    } else {
      machine.recover(pending);
    }
  });
  $("pending-discard").addEventListener("click", () => {
    const pending = pendingLoad();
    if (pending !== null) {
      pendingClear(pending.runId);
    }
    offerPending();
  });
  root.querySelector("[data-countdown]")?.addEventListener("countdown:end", () => {
    $("closed-notice").hidden = false;
    if (machine.state.phase === READY) {
      $("start-button")?.setAttribute("disabled", "");
    }
  });
  window.addEventListener("beforeunload", (event) => {
    if (playing()) {
      keepUnsentRun("playing");
      event.preventDefault();
    }
  });
  window.addEventListener("online", () => {
    watch?.show();
    // The moves waiting in the browser go at once, not with the next batch.
    watch?.nudge();
    const { phase, finish } = machine.state;
    if (phase === ENDED && finish.status === "unsent") {
      finishRun();
    }
  });
  window.addEventListener("offline", () => watch?.show());
}

wire();
performance.mark("tod:board-ready");
page.ready();
resumeRun().then((resumed) => {
  if (!resumed) {
    offerPending();
  }
});
