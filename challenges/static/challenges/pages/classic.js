// The classic page: a game against 1-3 computers, the server the authority.
//
// The player's move goes to the server (POST .../move/, draw/, pass/); the server checks
// it, plays the computers' turns and answers with the game and `new_events`, which this
// page then shows one by one (the computers' tiles go down animated, each with its
// points). A reload asks the server for the game (config.current) and resumes it.
//
// When the server is out of reach (the browser offline, or the request failing), the
// game is played on this device instead against the easy or medium computer
// (../classic/sources.js): the same screens, said to be offline and not recorded.
//
// The board's inputs are the challenge's own (../play/board_inputs.js: drag and snap,
// tap to turn, keyboard, screen-reader words), over the classic hand (../classic/hand.js).

import { api, NetworkError } from "../lib/api.js";
import { classicBoardWire } from "../classic/board_wire.js";
import { GuestIdentity } from "../play/guest_identity.js";
import { ClassicMachine, PLAYING } from "../classic/machine.js";
import { browserOffline, localSource, serverSource, unreachable } from "../classic/sources.js";
import { seatsAfter, showFinal, showLog, showSeats } from "../classic/table_view.js";
import * as words from "../classic/words.js";

// How long each computer's move stays on screen before the next (reduced motion: none).
const STEP_MS = window.matchMedia?.("(prefers-reduced-motion: reduce)").matches ? 0 : 650;

const config = JSON.parse(document.getElementById("classic-config").textContent);
const $ = (id) => document.getElementById(id);
const root = $("play");
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

const server = serverSource(config);
const local = localSource();
let source = server;
let game = null;
const machine = new ClassicMachine({ draw: () => act("draw") });
const { board, inputs, hud, placedShow } = classicBoardWire({
  $,
  root,
  machine,
  place: (tileId, cell, rotation) => act("move", { tile: tileId, cell, rotation }),
  onShown: (state) => controlsShow(state),
});

function screen(name) {
  root.dataset.state = name;
  for (const section of root.querySelectorAll("[data-screen]")) {
    section.hidden = section.dataset.screen !== name;
  }
}

/** Says, before a game, that it would be played offline (and what needs the server). */
function offlineShow() {
  const offline = browserOffline() || source.local;
  root.dataset.offline = String(offline);
  $("offline-notice").textContent = offline ? `${words.OFFLINE_SETUP} ${words.SERVER_NEEDED}` : "";
  $("offline-notice").hidden = !offline;
}

function controlsShow(state) {
  const mine = state.phase === PLAYING;
  // Whose move it is, for the styles and for the browser tests to wait on.
  root.dataset.turn = mine ? "mine" : "waiting";
  $("draw-button").disabled = !(mine && state.game.can_draw);
  $("draw-button").textContent = words.drawLabel(state.game);
  $("pass-button").disabled = !(mine && state.game.can_pass);
  $("resign-button").disabled = state.game.status !== "playing";
  // The player's turn is over, though the game shown still says it is theirs.
  const done = !mine && state.game.status === "playing" && state.game.turn === state.game.you;
  $("turn-status").textContent = done ? words.waitingStatus(state.game, { local: source.local }) : words.turnStatus(state.game);
}

function errorShow(text) {
  const element = $("action-error");
  element.textContent = text ?? "";
  element.hidden = !text;
}

/** Shows `next` (the server's answer): its new events one by one (the computers' moves
 * animated, each said), then the game. `fresh`: draw the board from scratch (a resume). */
async function gameShow(next, { events = next.new_events ?? [], fresh = false } = {}) {
  // The table counts along with the events: from the seats shown before, or from zero.
  let seats = game === null ? next.seats.map((seat) => ({ ...seat, hand_size: 0, score: 0 })) : game.seats;
  game = next;
  screen("game");
  $("offline-game").textContent = next.offline ? words.OFFLINE_GAME : "";
  $("offline-game").hidden = !next.offline;
  if (fresh) {
    board.render(next.board);
    board.fit({ animate: false });
  }
  for (const event of events) {
    if (event.event === "round_started") {
      board.render([]);
      board.fit({ animate: false });
    }
    if (event.event === "placed") {
      placedShow(event);
    }
    hud.announce(words.eventText(next, event));
    seats = seatsAfter(seats, event);
    if (event.player !== undefined && event.player !== next.you && STEP_MS > 0) {
      showSeats($("seats"), { ...next, seats }, { turn: event.player });
      if (event.player !== null) $("turn-status").textContent = words.waitingStatus(next, { seat: event.player });
      await sleep(STEP_MS);
    }
  }
  showSeats($("seats"), next);
  showLog($("moves"), next);
  machine.show(next);
  if (next.status !== "playing") {
    if (source.local) local.forget();
    showFinal($, next, { replay: source.replayUrl(next) ?? "#" });
    // An offline game has no replay and is in no record.
    $("replay-link").hidden = source.local;
    $("record-link").hidden = source.local;
    $("end-offline").textContent = source.local ? words.OFFLINE_GAME : "";
    $("end-offline").hidden = !source.local;
    screen("end");
    $("end-title").focus();
  } else if (next.turn === next.you && events.length) {
    hud.announce(`${words.eventText(next, events[events.length - 1])} ${words.YOUR_TURN}`);
  }
}

let busy = false;

/** Sends the player's action; the answer's events are then shown in turn. */
async function act(action, body = {}) {
  if (busy || game === null || machine.state.phase !== PLAYING) return;
  busy = true;
  machine.wait();
  errorShow(null);
  try {
    const answer = await source.act(game, action, body);
    if (answer.status === 200) {
      await gameShow(answer.data);
      return;
    }
    errorShow(answer.data.detail);
    hud.announce(answer.data.detail);
    if (answer.status === 409) {
      await resume(game.id);
      return;
    }
    if (answer.status === 422 && body.tile) inputs.tray.shake?.(body.tile);
    machine.show(game);
  } catch (error) {
    errorShow(error instanceof NetworkError ? error.message : words.UNREACHABLE);
    machine.show(game);
  } finally {
    busy = false;
  }
}

/** The server's game `id` again, or this device's kept game when the server is out of
 * reach (the setup, saying so, when there is none). */
async function resume(id) {
  let answer = null;
  try {
    answer = source.local ? local.restore() : await server.load(id);
  } catch (error) {
    if (!unreachable({ error })) throw error;
  }
  if (!source.local && (answer === null || unreachable({ answer }))) {
    source = local;
    answer = local.restore();
  }
  if (answer === null || answer.status !== 200) {
    offlineShow();
    screen("setup");
    return false;
  }
  game = null;
  await gameShow(answer.data, { events: [], fresh: true });
  return true;
}

// Whether the guest identity failed for want of the server (then the game is local).
let guestUnreachable = false;
async function guestApi(url, options) {
  try {
    const answer = await api(url, options);
    guestUnreachable = unreachable({ answer });
    return answer;
  } catch (error) {
    guestUnreachable = unreachable({ error });
    throw error;
  }
}

const guest = config.guest
  ? new GuestIdentity({
      api: guestApi,
      url: config.urls.guest,
      onFailed: (message) => startError(message),
      onLoggedIn: () => window.location.reload(),
    })
  : null;

function startError(text) {
  $("start-error").textContent = text;
  $("start-error").hidden = !text;
}

/** Starts the game on the server, or on this device when the server is out of reach. */
async function start(choice) {
  source = browserOffline() ? local : server;
  if (!source.local && guest !== null && !(await guest.ensure())) {
    if (!guestUnreachable) return;
    source = local;
  }
  let answer;
  try {
    answer = await source.start(choice);
  } catch (error) {
    if (source.local || !unreachable({ error })) throw error;
    answer = null;
  }
  if (!source.local && (answer === null || unreachable({ answer }))) {
    source = local;
    answer = source.start(choice);
  }
  offlineShow();
  if (answer.status !== 201) {
    startError(answer.data.detail);
    return;
  }
  startError("");
  game = null;
  board.render([]);
  board.fit({ animate: false });
  await gameShow(answer.data);
}

$("setup-form").addEventListener("submit", async (event) => {
  event.preventDefault();
  const form = new FormData($("setup-form"));
  startError("");
  $("start-button").disabled = true;
  try {
    await start({ computers: Number(form.get("computers")), strength: form.get("strength"), length: form.get("length") });
  } catch (error) {
    startError(error.message);
  } finally {
    $("start-button").disabled = false;
  }
});

$("draw-button").addEventListener("click", () => act("draw"));
$("pass-button").addEventListener("click", () => act("pass"));
$("resign-button").addEventListener("click", async () => {
  if (game === null || !window.confirm(words.RESIGN_CONFIRM)) return;
  try {
    const answer = await source.resign(game);
    if (answer.status === 200) await gameShow(answer.data, { events: [] });
  } catch (error) {
    errorShow(error instanceof NetworkError ? error.message : words.UNREACHABLE);
  }
});
$("again-button").addEventListener("click", () => {
  game = null;
  source = browserOffline() ? local : server;
  offlineShow();
  screen("setup");
  $("start-button").focus();
});
for (const change of ["online", "offline"]) {
  window.addEventListener(change, () => {
    if (root.dataset.state === "setup") {
      source = browserOffline() ? local : server;
      offlineShow();
    }
  });
}

if (browserOffline()) source = local;
if (config.current || source.local) {
  resume(config.current).then((resumed) => resumed && hud.announce(words.RESUMED));
} else {
  offlineShow();
  screen("setup");
}
