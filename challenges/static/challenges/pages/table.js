// A live table: two to four people (and computers) at one classic game, the server the
// authority. The page shows the table as its seat sees it (GET .../tables/{id}/), then
// follows its events through tables/feed.js: pushed by the socket, or fetched with
// `events/?after=N` on a gap, a reconnect, or the poll when there is no socket. Each
// event is shown once, in order: the others' tiles go down animated, as the computers'
// do on the classic page. A seat's action (place, draw, pass) goes to the API with the
// `seq` it was chosen on; a spectator sees the board and the clocks, never a hand.

import { api, NetworkError } from "../lib/api.js";
import { classicBoardWire } from "../classic/board_wire.js";
import { GuestIdentity } from "../play/guest_identity.js";
import { ClassicMachine, PLAYING } from "../classic/machine.js";
import { TableFeed } from "../tables/feed.js";
import { showTableSeats, tickClocks } from "../tables/seats_view.js";
import * as words from "../tables/words.js";

/** The events a page takes from a push with no read when another seat made them:
 * they change no hand of its own, and the push carries the rest of the table. */
const TAKEN = new Set(["placed", "drew", "passed"]);
/** How often a page reads the table while another person is to move, by pace. */
const REREAD_MS = { live: 5000, correspondence: 60000 };
const STEP_MS = window.matchMedia?.("(prefers-reduced-motion: reduce)").matches ? 0 : 650;

const config = JSON.parse(document.getElementById("table-config").textContent);
const $ = (id) => document.getElementById(id);
const root = $("play");
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const tableUrl = (action = "") => config.urls.table.replace(config.slot, config.table) + (action ? `${action}/` : "");
const invite = new URLSearchParams(window.location.search).get("invite");

const pageTitle = document.title;
let table = null;
let received = Date.now();
let feed = null;
let showing = Promise.resolve();
// Since the table was last shown whole: how many events were shown, the tiles they
// put down, whether all were another seat's place, draw or pass; and the runs of
// events still waiting to be shown.
let since = { count: 0, placements: [], plain: true };
let behind = 0;
const gameOf = (state) => words.asGame(state, config.maxDraws);
const machine = new ClassicMachine({ draw: () => act("draw") });
const { board, inputs, hud, placedShow } = classicBoardWire({
  $,
  root,
  machine,
  place: (tileId, cell, rotation) => act("move", { tile: tileId, cell, rotation }),
  onShown: () => controlsShow(),
});

function screen(name) {
  root.dataset.state = name;
  for (const section of root.querySelectorAll("[data-screen]")) {
    section.hidden = section.dataset.screen !== name;
  }
}

function errorShow(text) {
  $("action-error").textContent = text ?? "";
  $("action-error").hidden = !text;
}

function controlsShow() {
  if (table === null) return;
  const seated = table.you !== null && !table.players[table.you].left;
  const mine = machine.state.phase === PLAYING;
  root.dataset.turn = mine ? "mine" : "waiting";
  root.dataset.seat = table.you === null ? "spectator" : String(table.you);
  $("seat-actions").hidden = !seated || table.status !== "playing";
  $("draw-button").disabled = !(mine && table.can_draw);
  $("pass-button").disabled = !(mine && table.can_pass);
  $("claim-button").hidden = !table.can_claim;
  $("reactions").hidden = !seated;
  $("tray-area").hidden = table.you === null;
  $("turn-status").textContent = words.statusText(table, config.maxDraws);
  // A tab in the background (a day-a-move table) says it is the reader's move.
  document.title = mine ? words.yourMoveTitle(pageTitle) : pageTitle;
}

/** The table as the server last said it: seats, clocks, hand, the screen it is on. */
function tableShow(next, { fresh = false, at = Date.now() } = {}) {
  const started = table !== null && table.status === "open" && next.status !== "open";
  table = next;
  received = at;
  since = { count: 0, placements: [], plain: true };
  if (next.status === "open" || next.status === "expired") {
    waitingShow();
    return;
  }
  if (fresh || started) {
    board.render(next.board);
    board.fit({ animate: false });
  }
  showTableSeats($("seats"), next, { received });
  machine.show(gameOf(next));
  if (next.status === "finished") {
    endShow();
  } else {
    screen("game");
  }
}

function waitingShow() {
  screen("waiting");
  showTableSeats($("waiting-seats"), table, { received });
  $("waiting-status").textContent = words.statusText(table, config.maxDraws);
  $("invite-area").hidden = !table.invite || table.status !== "open";
  if (table.invite) $("invite-link").value = table.invite;
  $("join-button").hidden = table.you !== null || table.status !== "open";
}

function endShow() {
  screen("end");
  const results = [...(table.results ?? [])].sort((a, b) => (a.place ?? 9) - (b.place ?? 9));
  $("results").replaceChildren(
    ...results.map((result) => {
      const item = document.createElement("li");
      item.dataset.testid = `result-${result.seat}`;
      item.textContent = words.resultLine(table, result);
      return item;
    }),
  );
  const mine = results.find((result) => result.seat === table.you);
  $("end-title").textContent = mine ? words.resultLine(table, mine) : words.statusText(table, config.maxDraws);
}

function logAdd(text) {
  if (!text) return;
  const item = document.createElement("li");
  item.textContent = text;
  $("moves").append(item);
  while ($("moves").children.length > 60) $("moves").firstElementChild.remove();
  item.scrollIntoView?.({ block: "nearest" });
}

/** New events, in order: each said and logged, the others' tiles animated; then the
 * table as it now is: from the push when it carried it and the events were another
 * seat's place, draw or pass; else read again (unless the page's own answer already
 * holds it). */
function eventsShow(events, shown = null) {
  // The pushed clocks are as of the push, not of the end of the animations.
  const arrived = Date.now();
  behind += 1;
  showing = showing.then(async () => {
    behind -= 1;
    let refresh = false;
    for (const event of events) {
      since.count += 1;
      if (!TAKEN.has(event.event) || event.player === table.you) since.plain = false;
      if (event.event === "placed") {
        since.placements.push({ tile: event.tile, cell: event.cell, rotation: event.rotation });
      }
      if (event.event === "round_started" && table.status !== "open") {
        board.render([]);
        board.fit({ animate: false });
        $("moves").replaceChildren();
      }
      if (event.event === "placed") {
        placedShow(event);
      }
      const text = words.eventText(table, event, config.maxDraws);
      logAdd(text);
      hud.announce(text);
      if (event.player !== undefined && event.player !== table.you && STEP_MS > 0 && event.event === "placed") {
        await sleep(STEP_MS);
      }
      refresh = true;
    }
    // A run still waiting decides, with the table its push carried.
    if (!refresh || feed.last <= table.seq || behind > 0) return;
    const whole = since.plain && table.seq + since.count === feed.last;
    if (shown !== null && shown.seq === feed.last && whole && table.status === "playing") {
      pushedShow(shown, arrived);
    } else {
      await reload();
    }
  });
  return showing;
}

/** The table as another seat's move left it, from the push: the seats, the turn, the
 * scores; the board with the tiles put down; its own hand as it was. */
function pushedShow(shown, at) {
  const mine = shown.turn === table.you;
  tableShow(
    {
      ...table,
      ...shown,
      board: [...table.board, ...since.placements],
      can_draw: mine && shown.turn_can_draw,
      can_pass: mine && shown.turn_can_pass,
      opening_tiles: [],
      can_claim: table.you !== null && shown.claimable !== null && shown.claimable !== table.you,
    },
    { at },
  );
}

async function reload({ fresh = false } = {}) {
  try {
    const answer = await api(tableUrl());
    if (answer.status === 200) tableShow(answer.data, { fresh });
  } catch {
    // Offline: the feed's poll brings the table back.
  }
}

let busy = false;

/** The seat's action with the table's `seq`; the answer's events are shown in turn. */
async function act(action, body = {}) {
  if (busy || table === null) return;
  if (["move", "draw", "pass"].includes(action) && machine.state.phase !== PLAYING) return;
  busy = true;
  machine.wait();
  errorShow(null);
  try {
    const answer = await api(tableUrl(action), { method: "POST", body: { ...body, seq: table.seq } });
    if (answer.status === 200) {
      const events = answer.data.new_events ?? [];
      // Left the table: from now on the socket must speak to a spectator.
      const reseated = answer.data.you !== table.you;
      table = answer.data;
      feed.take(events);
      await showing;
      tableShow(answer.data);
      if (reseated) {
        feed.stop();
        feedStart();
      }
      return;
    }
    errorShow(answer.data.detail);
    hud.announce(answer.data.detail);
    if (answer.status === 422 && body.tile) inputs.tray.shake?.(body.tile);
    // Stale, not one's turn, over: the table moved on, the feed catches up.
    await feed.catchUp();
    await reload();
  } catch (error) {
    errorShow(error instanceof NetworkError ? error.message : error.message);
    machine.show(gameOf(table));
  } finally {
    busy = false;
  }
}

function feedStart() {
  const scheme = window.location.protocol === "https:" ? "wss" : "ws";
  feed = new TableFeed({
    last: table.seq,
    openSocket: () => new WebSocket(`${scheme}://${window.location.host}${config.socket}`),
    fetchAfter: async (after) => {
      const answer = await api(`${tableUrl("events")}?after=${after}`);
      if (answer.status !== 200) throw new Error(answer.data.detail);
      return answer.data.events;
    },
    onEvents: (events, shown) => eventsShow(events, shown),
    // A seat is shown away only on its own turn: only then does its "here" count.
    present: () => table !== null && table.you !== null && table.turn === table.you,
    onReaction: (shown) => {
      const text = `${words.seatName(table, shown.seat)}: ${words.REACTION_WORDS[shown.reaction] ?? ""}`;
      hud.toast(text, "info");
      hud.announce(text);
    },
    onLink: (up) => {
      root.dataset.link = up ? "live" : "polling";
      $("link-status").hidden = up;
    },
  });
  feed.start();
}

const guest = config.signedIn
  ? null
  : new GuestIdentity({
      api,
      url: config.urls.guest,
      onFailed: (message) => errorShow(message),
      onLoggedIn: () => window.location.reload(),
    });

$("join-button").addEventListener("click", async () => {
  if (guest !== null && !(await guest.ensure())) return;
  const answer = await api(tableUrl("join"), { method: "POST", body: invite ? { invite } : {} });
  if (answer.status !== 200) {
    $("join-error").textContent = answer.data.detail;
    $("join-error").hidden = false;
    return;
  }
  // Seated: the socket now speaks for this seat.
  feed.stop();
  table = null;
  tableShow(answer.data, { fresh: true });
  feedStart();
});
$("copy-invite").addEventListener("click", async () => {
  $("invite-link").select();
  try {
    await navigator.clipboard.writeText($("invite-link").value);
    hud.announce(words.COPIED);
  } catch {
    // The link stays selected for the reader to copy.
  }
});
$("draw-button").addEventListener("click", () => act("draw"));
$("pass-button").addEventListener("click", () => act("pass"));
$("claim-button").addEventListener("click", () => {
  if (window.confirm(words.CLAIM_CONFIRM)) act("claim");
});
$("leave-button").addEventListener("click", () => {
  if (window.confirm(words.LEAVE_CONFIRM)) act("resign");
});
$("reactions").replaceChildren(
  ...config.reactions.map((reaction) => {
    const button = document.createElement("button");
    button.type = "button";
    button.className = "button small secondary";
    button.dataset.reaction = reaction;
    button.textContent = words.REACTION_WORDS[reaction] ?? reaction;
    button.addEventListener("click", () => api(tableUrl("react"), { method: "POST", body: { reaction } }));
    return button;
  }),
);
setInterval(() => {
  if (table !== null && table.status === "playing") {
    tickClocks($("seats"), table, { received });
    // Whether another person to move is away, or may be claimed, changes with time
    // alone: read the table again now and then (one's own turn, or a computer's, has
    // nothing to learn; at a day a move only the day running out matters).
    const mover = table.players[table.turn];
    const waiting = table.turn !== table.you && mover?.kind === "person";
    if (waiting && Date.now() - received > REREAD_MS[table.pace]) reload();
  }
}, 500);

(async () => {
  const answer = await api(tableUrl());
  if (answer.status !== 200) {
    errorShow(answer.data.detail);
    return;
  }
  tableShow(answer.data, { fresh: true });
  feedStart();
})();
