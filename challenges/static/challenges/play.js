// The play page: start a run on the server, play it on the board against the clock,
// send the log to be replayed, then submit or play again.
//
// rules.js scores every move instantly; the server replays the log and has the last
// word. The log is kept in localStorage until the server has it, so a dropped
// connection or a closed tab never loses a run.

import { BoardView, SIDE, HEIGHT, tileIcon } from "./board_view/index.js";
import { ChallengeRun, DEFAULT_RULESET, cellFormat, tileParse } from "./rules/index.js";

const DRAW_COST = -DEFAULT_RULESET.drawPoints;
import { api } from "./api.js";
import { pendingClear, pendingLoad, pendingStore } from "./unsent_runs.js";

const config = JSON.parse(document.getElementById("play-config").textContent);
const $ = (id) => document.getElementById(id);
const root = $("play");

const DRAG_THRESHOLD_PX = 6;
const TOAST_MS = 1800;
const CLEARED_PAUSE_MS = 1500;
const ANNOUNCE_SECONDS_LEFT = new Set([60, 30, 10]);
const BONUS_LABELS = {
  bridge: "Bridge",
  hexagon: "Hexagon",
  double_hexagon: "Double hexagon",
  triple_hexagon: "Triple hexagon",
};

const state = {
  screen: "intro",
  run: null,
  runId: null,
  t0: 0,
  timer: null,
  ended: false,
  selected: null,
  rotations: new Map(),
  cursor: [0, 0],
  drag: null,
  lastSecondAnnounced: null,
  stuckAnnounced: false,
  finish: null,
};

const board = new BoardView($("board"), { onTap: onBoardTap });

// ---------------------------------------------------------------------- helpers

function show(screen) {
  state.screen = screen;
  root.dataset.state = screen;
  for (const section of root.querySelectorAll("[data-screen]")) {
    section.hidden = section.dataset.screen !== screen;
  }
}

function announce(text) {
  const region = $("announcer");
  // Clearing first makes screen readers repeat an identical message.
  region.textContent = "";
  setTimeout(() => {
    region.textContent = text;
  }, 30);
}

function toast(text, kind = "bonus") {
  const element = document.createElement("div");
  element.className = `toast toast--${kind}`;
  element.textContent = text;
  $("toasts").appendChild(element);
  setTimeout(() => element.remove(), TOAST_MS);
}

function cellText([r, c]) {
  return `row ${r}, column ${c}`;
}

function formatClock(ms) {
  const seconds = Math.max(0, Math.ceil(ms / 1000));
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, "0")}`;
}

function formatSeconds(ms) {
  return `${(ms / 1000).toFixed(1)} s`;
}

function plural(count, word) {
  return `${count} ${word}${count === 1 ? "" : "s"}`;
}

function runUrl(template, runId) {
  return template.replace(config.runIdSlot, runId);
}

// ---------------------------------------------------------- the log, kept locally

function pendingSave(status) {
  if (state.run === null) {
    return;
  }
  pendingStore({
    runId: state.runId,
    challengeId: config.challengeId,
    status,
    log: state.run.toLog(),
    clientScore: state.run.score,
    savedAt: Date.now(),
  });
}

function offerPending() {
  const pending = pendingLoad();
  if (pending === null || !config.authenticated) {
    $("pending-notice").hidden = true;
    return;
  }
  const moves = pending.log.moves.length;
  const when = new Date(pending.savedAt).toLocaleTimeString([], { hour: "2-digit", minute: "2-digit" });
  $("pending-text").textContent =
    `A run of challenge #${pending.challengeId} from ${when} (${plural(moves, "move")}, ` +
    `${pending.clientScore} points by this browser's count) has not reached the server yet.`;
  $("pending-notice").hidden = false;
}

// ------------------------------------------------------------------- the clock

function elapsed() {
  return performance.now() - state.t0;
}

function tick() {
  if (state.ended || state.run === null) {
    return;
  }
  const left = config.timeLimitMs - elapsed();
  const clock = $("clock");
  clock.textContent = formatClock(left);
  clock.classList.toggle("hud__value--urgent", left <= 10000);
  const seconds = Math.ceil(left / 1000);
  if (ANNOUNCE_SECONDS_LEFT.has(seconds) && state.lastSecondAnnounced !== seconds) {
    state.lastSecondAnnounced = seconds;
    announce(`${seconds} seconds left.`);
  }
  if (left <= 0) {
    endRun("time");
  }
}

// ------------------------------------------------------------------ starting

async function startRun() {
  const errorBox = $("start-error");
  if (errorBox) {
    errorBox.hidden = true;
  }
  for (const b of [$("start-button"), $("again-button")]) {
    if (b) b.disabled = true;
  }
  let response;
  try {
    response = await api(config.urls.start, { method: "POST" });
  } catch (error) {
    return startFailed(error.message);
  } finally {
    for (const b of [$("start-button"), $("again-button")]) {
      if (b) b.disabled = false;
    }
  }
  const { status, data } = response;
  if (status === 201) {
    beginRun(data);
    return;
  }
  if (status === 401 || status === 403) {
    window.location.assign(config.urls.login);
    return;
  }
  if (status === 409) {
    $("closed-notice").hidden = false;
  }
  startFailed(data.detail ?? `The run could not start (${status}).`);
}

function startFailed(message) {
  show("intro");
  const errorBox = $("start-error");
  if (errorBox) {
    errorBox.textContent = message;
    errorBox.hidden = false;
  }
  announce(message);
}

function beginRun(data) {
  state.run = new ChallengeRun({ tray: data.tray, well: data.well });
  state.runId = data.id;
  state.ended = false;
  state.rotations = new Map();
  state.selected = state.run.tray[0];
  state.cursor = [0, 0];
  state.lastSecondAnnounced = null;
  state.stuckAnnounced = false;
  state.finish = null;
  board.render([]);
  show("game");
  board.fit({ animate: false });
  renderTray();
  updateHud();
  state.t0 = performance.now();
  clearInterval(state.timer);
  state.timer = setInterval(tick, 200);
  tick();
  pendingSave("playing");
  announce(
    `Run started: two minutes. ${plural(state.run.tray.length, "tile")} in your tray. ` +
      "Place the first one anywhere: it goes in the middle.",
  );
  const game = root.querySelector("[data-screen='game']");
  if (game.getBoundingClientRect().bottom > window.innerHeight) {
    game.scrollIntoView({ block: "start" });
  }
  trayButtons()[0]?.focus({ preventScroll: true });
}

// ------------------------------------------------------------------- the tray

function rotationOf(tileId) {
  return state.rotations.get(tileId) ?? 0;
}

function trayButtons() {
  return [...$("tray").querySelectorAll(".tray-tile")];
}

function tileLabel(tileId) {
  const tile = tileParse(tileId);
  const [top, right, left] = tile.cornerNumbers(rotationOf(tileId));
  const fits = state.run === null ? 0 : legalCellsFor(tileId).length;
  return (
    `Tile ${tile.a} ${tile.b} ${tile.c}, worth ${tile.value}; shows ${top} on top, ${right} right, ` +
    `${left} left; ${fits === 0 ? "fits nowhere yet" : `fits ${plural(fits, "spot")}`}`
  );
}

function renderTray({ fresh = null } = {}) {
  const tray = $("tray");
  const focusedTile = document.activeElement?.closest?.(".tray-tile")?.dataset.tile ?? null;
  tray.replaceChildren();
  if (state.run !== null && !state.run.tray.includes(state.selected)) {
    state.selected = state.run.tray[0] ?? null;
  }
  (state.run?.tray ?? []).forEach((tileId, index) => {
    const button = document.createElement("button");
    button.type = "button";
    button.className = "tray-tile";
    button.dataset.tile = tileId;
    button.dataset.index = String(index + 1);
    button.setAttribute("aria-pressed", String(tileId === state.selected));
    button.setAttribute("aria-label", tileLabel(tileId));
    button.setAttribute("aria-keyshortcuts", index < 9 ? String(index + 1) : "");
    button.tabIndex = tileId === state.selected ? 0 : -1;
    if (tileId === fresh) {
      button.classList.add("tray-tile--fresh");
    }
    // How many cells the tile fits right now; a dot marks the tiles that fit somewhere.
    const fits = legalCellsFor(tileId).length;
    button.dataset.fits = String(fits);
    button.classList.toggle("tray-tile--stuck", fits === 0);
    button.appendChild(tileIcon(tileId, rotationOf(tileId)));
    if (index < 9) {
      const key = document.createElement("span");
      key.className = "tray-tile__key";
      key.setAttribute("aria-hidden", "true");
      key.textContent = String(index + 1);
      button.appendChild(key);
    }
    button.addEventListener("pointerdown", (event) => dragStart(event, tileId, button));
    button.addEventListener("click", (event) => {
      // Pointer taps are handled by the drag code; this is Enter or Space.
      if (event.detail === 0) {
        select(tileId);
        $("board").focus({ preventScroll: true });
      }
    });
    button.addEventListener("keydown", (event) => trayKey(event, index));
    tray.appendChild(button);
  });
  if (focusedTile !== null) {
    tray.querySelector(`[data-tile="${state.selected}"]`)?.focus({ preventScroll: true });
  }
}

function select(tileId) {
  if (tileId === null || state.run === null || !state.run.tray.includes(tileId)) {
    return;
  }
  state.selected = tileId;
  for (const button of trayButtons()) {
    const chosen = button.dataset.tile === tileId;
    button.setAttribute("aria-pressed", String(chosen));
    button.tabIndex = chosen ? 0 : -1;
  }
  refreshKeyboardHints();
}

function rotateTile(tileId) {
  // Rotation index 2 turns the drawn tile a third of a turn clockwise.
  state.rotations.set(tileId, (rotationOf(tileId) + 2) % 3);
  const button = $("tray").querySelector(`[data-tile="${tileId}"]`);
  if (button) {
    button.replaceChild(tileIcon(tileId, rotationOf(tileId)), button.querySelector("svg"));
    button.setAttribute("aria-label", tileLabel(tileId));
    button.classList.remove("tray-tile--turned");
    void button.offsetWidth;
    button.classList.add("tray-tile--turned");
  }
  const [top, right, left] = tileParse(tileId).cornerNumbers(rotationOf(tileId));
  announce(`Turned: ${top} on top, ${right} right, ${left} left.`);
  refreshKeyboardHints();
}

function trayKey(event, index) {
  const buttons = trayButtons();
  let next = null;
  if (event.key === "ArrowRight" || event.key === "ArrowDown") next = (index + 1) % buttons.length;
  if (event.key === "ArrowLeft" || event.key === "ArrowUp") next = (index - 1 + buttons.length) % buttons.length;
  if (event.key === "Home") next = 0;
  if (event.key === "End") next = buttons.length - 1;
  if (next !== null) {
    event.preventDefault();
    select(buttons[next].dataset.tile);
    buttons[next].focus();
  }
}

// --------------------------------------------------------------- drag and drop

function legalCellsFor(tileId) {
  const cells = new Map();
  for (const move of state.run.legalPlacements(tileId)) {
    cells.set(cellFormat(move.cell), move.cell);
  }
  return [...cells.values()];
}

function dragStart(event, tileId, button) {
  if (state.screen !== "game" || state.ended || (event.pointerType === "mouse" && event.button !== 0)) {
    return;
  }
  event.preventDefault();
  button.setPointerCapture(event.pointerId);
  state.drag = {
    tileId,
    button,
    pointerId: event.pointerId,
    touch: event.pointerType !== "mouse",
    startX: event.clientX,
    startY: event.clientY,
    moving: false,
    ghost: null,
    cells: [],
    target: null,
  };
  button.addEventListener("pointermove", dragMove);
  button.addEventListener("pointerup", dragEnd);
  button.addEventListener("pointercancel", dragEnd);
}

function dragMove(event) {
  const drag = state.drag;
  if (drag === null || event.pointerId !== drag.pointerId) {
    return;
  }
  if (!drag.moving) {
    if (Math.hypot(event.clientX - drag.startX, event.clientY - drag.startY) < DRAG_THRESHOLD_PX) {
      return;
    }
    drag.moving = true;
    select(drag.tileId);
    drag.cells = legalCellsFor(drag.tileId);
    board.highlight(drag.cells);
    drag.ghost = makeGhost(drag.tileId);
    drag.button.classList.add("tray-tile--lifted");
    root.classList.add("play--dragging");
  }
  // On touch the tile floats above the finger so the finger does not hide it.
  const lift = drag.touch ? Math.max(40, board.sidePixels * 0.6) : 0;
  const x = event.clientX;
  const y = event.clientY - lift;
  placeGhost(drag.ghost, x, y);
  const cell = board.containsClient(x, y) ? board.nearestCell(x, y, drag.cells) : null;
  if (cell === null) {
    drag.target = null;
    board.setPreview(null);
    drag.ghost.classList.remove("drag-ghost--snapped");
    return;
  }
  const rotation = state.run.snapRotation(drag.tileId, cell, rotationOf(drag.tileId));
  if (drag.target === null || cellFormat(drag.target.cell) !== cellFormat(cell)) {
    drag.target = { cell, rotation };
    board.setPreview({ tile: drag.tileId, cell, rotation });
  }
  drag.ghost.classList.add("drag-ghost--snapped");
}

function dragEnd(event) {
  const drag = state.drag;
  if (drag === null || event.pointerId !== drag.pointerId) {
    return;
  }
  state.drag = null;
  drag.button.removeEventListener("pointermove", dragMove);
  drag.button.removeEventListener("pointerup", dragEnd);
  drag.button.removeEventListener("pointercancel", dragEnd);
  drag.button.classList.remove("tray-tile--lifted");
  root.classList.remove("play--dragging");
  drag.ghost?.remove();
  board.clearHighlight();
  board.setPreview(null);
  if (!drag.moving) {
    if (event.type === "pointerup") {
      // A tap picks the tile and turns it, as in the mobile game.
      select(drag.tileId);
      rotateTile(drag.tileId);
    }
    return;
  }
  if (event.type === "pointerup" && drag.target !== null) {
    placeTile(drag.tileId, drag.target.cell, drag.target.rotation);
  } else if (drag.cells.length === 0) {
    announce(`${drag.tileId.replaceAll("-", " ")} fits nowhere on the board yet.`);
  }
}

function makeGhost(tileId) {
  const ghost = document.createElement("div");
  ghost.className = "drag-ghost";
  ghost.setAttribute("aria-hidden", "true");
  ghost.appendChild(tileIcon(tileId, rotationOf(tileId)));
  const side = Math.max(56, Math.min(140, board.sidePixels));
  ghost.style.width = `${side * 1.08}px`;
  ghost.dataset.side = String(side);
  document.body.appendChild(ghost);
  return ghost;
}

function placeGhost(ghost, x, y) {
  // Centre the triangle's centroid (2/3 of the way down an up tile) on the point.
  const side = Number(ghost.dataset.side);
  const scale = side / SIDE;
  const centroidY = (SIDE * 0.04 + (HEIGHT * 2) / 3) * scale;
  ghost.style.transform = `translate(${x - (side * 1.08) / 2}px, ${y - centroidY}px)`;
}

// ------------------------------------------------------------------ the moves

function placeTile(tileId, cell, rotation) {
  if (state.ended || state.run === null) {
    return false;
  }
  const t = elapsed();
  if (t >= config.timeLimitMs) {
    endRun("time");
    return false;
  }
  const outcome = state.run.place(tileId, cell, rotation, t);
  if (!outcome.ok) {
    announce(`That tile does not fit there: ${outcome.detail}.`);
    return false;
  }
  state.rotations.delete(tileId);
  board.addPlacement({ tile: tileId, cell, rotation });
  renderTray();
  updateHud({ gained: outcome.points });
  const bonusText = outcome.bonus === null ? "" : `, ${BONUS_LABELS[outcome.bonus]} bonus +${DEFAULT_RULESET.bonusPoints(outcome.bonus)}`;
  board.floatText(cell, `+${outcome.points}`, outcome.bonus === null ? "" : "board__float--bonus");
  if (outcome.bonus !== null) {
    toast(`${BONUS_LABELS[outcome.bonus]}! +${DEFAULT_RULESET.bonusPoints(outcome.bonus)}`);
    board.flash(cell, "tile--bonus");
  }
  announce(
    `Placed ${tileId.replaceAll("-", " ")} at ${cellText(cell)}: ${outcome.points} points${bonusText}. ` +
      `Score ${state.run.score}.`,
  );
  pendingSave("playing");
  if (outcome.cleared) {
    toast(`Board cleared! +${DEFAULT_RULESET.clearBonus}`, "clear");
    endRun("cleared");
    return true;
  }
  state.cursor = cell;
  refreshKeyboardHints();
  return true;
}

function drawTile() {
  if (state.ended || state.run === null || state.screen !== "game") {
    return;
  }
  if (state.run.wellRemaining === 0) {
    announce("The well is empty.");
    return;
  }
  const t = elapsed();
  if (t >= config.timeLimitMs) {
    endRun("time");
    return;
  }
  const outcome = state.run.draw(t);
  if (!outcome.ok) {
    announce(outcome.detail);
    return;
  }
  const drawn = state.run.tray[state.run.tray.length - 1];
  renderTray({ fresh: drawn });
  updateHud({ gained: -DRAW_COST });
  announce(
    `Drew ${drawn.replaceAll("-", " ")}, minus ${DRAW_COST}. Score ${state.run.score}. ` +
      `${plural(state.run.wellRemaining, "tile")} left in the well.`,
  );
  pendingSave("playing");
}

function updateHud({ gained = null } = {}) {
  const run = state.run;
  const score = $("score");
  score.textContent = String(run.score);
  if (gained !== null) {
    score.classList.remove("hud__value--up", "hud__value--down");
    void score.offsetWidth;
    score.classList.add(gained >= 0 ? "hud__value--up" : "hud__value--down");
  }
  $("well-count").textContent = String(run.wellRemaining);
  const draw = $("draw-button");
  draw.disabled = run.wellRemaining === 0;
  draw.setAttribute(
    "aria-label",
    `Draw a tile for minus ${DRAW_COST} points; ${plural(run.wellRemaining, "tile")} left in the well`,
  );
  // When no tray tile fits anywhere, point at the way on: draw, or, with the well
  // empty too, end the run.
  const stuck = run.legalPlacements().length === 0;
  draw.classList.toggle("button--hint", stuck && run.wellRemaining > 0);
  $("end-button").classList.toggle("button--hint", stuck && run.wellRemaining === 0);
  if (stuck && run.wellRemaining === 0 && !state.stuckAnnounced) {
    state.stuckAnnounced = true;
    toast("No tile fits and the well is empty", "info");
    announce("No tile fits and the well is empty: end the run to keep your score.");
  }
}

// --------------------------------------------------------------- the keyboard

function boardFocused() {
  return document.activeElement === $("board");
}

function refreshKeyboardHints() {
  if (!boardFocused() || state.run === null || state.selected === null || state.drag !== null) {
    if (state.drag === null) {
      board.setCursor(null);
      if (!boardFocused()) board.clearHighlight();
    }
    return;
  }
  const cells = legalCellsFor(state.selected);
  board.highlight(cells);
  const fits = cells.some((cell) => cellFormat(cell) === cellFormat(state.cursor));
  board.setCursor(state.cursor, { fits });
  if (fits) {
    const rotation = state.run.snapRotation(state.selected, state.cursor, rotationOf(state.selected));
    board.setPreview({ tile: state.selected, cell: state.cursor, rotation });
  } else {
    board.setPreview(null);
  }
}

function moveCursor(dr, dc) {
  state.cursor = [state.cursor[0] + dr, state.cursor[1] + dc];
  refreshKeyboardHints();
  const fits = state.selected !== null && state.run.fittingRotations(state.selected, state.cursor).length > 0;
  announce(`${cellText(state.cursor)}${fits ? ": fits" : ""}.`);
}

function jumpToFit(step) {
  if (state.selected === null) {
    return;
  }
  const cells = legalCellsFor(state.selected);
  if (cells.length === 0) {
    announce("This tile fits nowhere yet. Pick another, or draw with D.");
    return;
  }
  const index = cells.findIndex((cell) => cellFormat(cell) === cellFormat(state.cursor));
  const next = cells[(index + step + cells.length) % cells.length];
  state.cursor = next;
  refreshKeyboardHints();
  announce(`${cellText(next)}: fits. ${cells.length} spots in all. Enter places it.`);
}

function placeAtCursor() {
  if (state.selected === null) {
    announce("Pick a tile first, with the number keys.");
    return;
  }
  const rotation = state.run.snapRotation(state.selected, state.cursor, rotationOf(state.selected));
  if (rotation === null) {
    announce(`${state.selected.replaceAll("-", " ")} does not fit at ${cellText(state.cursor)}. N jumps to a spot where it does.`);
    return;
  }
  placeTile(state.selected, state.cursor, rotation);
}

function onBoardTap(cell) {
  if (state.screen !== "game" || state.ended || state.selected === null) {
    return;
  }
  const rotation = state.run.snapRotation(state.selected, cell, rotationOf(state.selected));
  if (rotation !== null) {
    placeTile(state.selected, cell, rotation);
  }
}

function onKey(event) {
  if (state.screen !== "game" || state.ended || event.altKey || event.ctrlKey || event.metaKey) {
    return;
  }
  if (event.target.closest?.("input, textarea, select, dialog")) {
    return;
  }
  const key = event.key;
  const onBoard = boardFocused();
  if (/^[1-9]$/.test(key)) {
    const tileId = state.run.tray[Number(key) - 1];
    if (tileId !== undefined) {
      event.preventDefault();
      select(tileId);
      announce(`${tileLabel(tileId)}. ${legalCellsFor(tileId).length} spots where it fits.`);
    }
    return;
  }
  const lower = key.toLowerCase();
  if (lower === "r" && state.selected !== null) {
    event.preventDefault();
    rotateTile(state.selected);
  } else if (lower === "d") {
    event.preventDefault();
    drawTile();
  } else if (lower === "f") {
    event.preventDefault();
    board.fit();
  } else if (lower === "n") {
    event.preventDefault();
    jumpToFit(event.shiftKey ? -1 : 1);
    if (!onBoard) $("board").focus({ preventScroll: true });
  } else if (key === "+" || key === "=") {
    board.zoomBy(1.25);
  } else if (key === "-") {
    board.zoomBy(0.8);
  } else if (onBoard) {
    const moves = { ArrowLeft: [0, -1], ArrowRight: [0, 1], ArrowUp: [-1, 0], ArrowDown: [1, 0] };
    if (moves[key]) {
      event.preventDefault();
      moveCursor(...moves[key]);
    } else if (key === "Enter" || key === " ") {
      event.preventDefault();
      placeAtCursor();
    }
  }
}

// ----------------------------------------------------------------- the end

function endRun(reason) {
  if (state.ended || state.run === null) {
    return;
  }
  state.ended = true;
  clearInterval(state.timer);
  state.timer = null;
  if (state.drag !== null) {
    state.drag.ghost?.remove();
    state.drag = null;
  }
  board.clearHighlight();
  board.setPreview(null);
  board.setCursor(null);
  root.classList.remove("play--dragging");
  $("clock").textContent = formatClock(reason === "time" ? 0 : config.timeLimitMs - elapsed());
  pendingSave("finished");
  const why = { time: "Time's up!", cleared: "Board cleared!", player: "Run ended" }[reason];
  state.finish = { reason, why, runId: state.runId, log: state.run.toLog(), clientScore: state.run.score };
  announce(`${why} Your score: ${state.run.score}. Sending the run to the server.`);
  // A cleared board stays on screen a moment, so its toast is seen.
  setTimeout(sendFinish, reason === "cleared" ? CLEARED_PAUSE_MS : 0);
}

async function sendFinish() {
  const finish = state.finish;
  show("sending");
  $("send-error").hidden = true;
  $("sending-title").textContent = finish.why ?? "Run over";
  $("sending-text").textContent = "Checking your run: the server replays every move to score it…";
  let response;
  try {
    response = await api(runUrl(config.urls.finish, finish.runId), { method: "POST", body: finish.log });
  } catch (error) {
    return sendFailed(error.message);
  }
  const { status, data } = response;
  if (status === 200 || ((status === 422 || status === 400) && data.valid === false && Array.isArray(data.moves))) {
    pendingClear(finish.runId);
    return showEnd(data);
  }
  if (status === 409 && data.code === "run_finished") {
    // The server has it already (an earlier try got through): show what it kept.
    const kept = await api(runUrl(config.urls.run, finish.runId)).catch(() => null);
    pendingClear(finish.runId);
    if (kept !== null && kept.status === 200) {
      return showEnd(runDetailAsFinish(kept.data));
    }
    return showEnd({ valid: false, score: 0, moves: [], error: null, detail: data.detail });
  }
  if (status === 401 || status === 403) {
    // Logged out or a stale CSRF cookie: keep the log; after logging in, the play page
    // offers to send it.
    return sendFailed(
      `${data.detail ?? "You are not logged in."} Log in again (in another tab) and try again.`,
    );
  }
  if (status === 409 || status === 404) {
    pendingClear(finish.runId);
    return showEnd({ valid: false, score: 0, moves: [], error: null, detail: data.detail, refused: true });
  }
  sendFailed(data.detail ?? `The server answered ${status}.`);
}

function runDetailAsFinish(run) {
  return {
    id: run.id,
    valid: run.valid,
    score: run.score ?? 0,
    moves: run.moves ?? run.move_results ?? [],
    error: run.error ?? null,
    best_score: run.best_score,
    submitted: run.submitted,
  };
}

function sendFailed(message) {
  show("sending");
  $("sending-title").textContent = "Your run has not reached the server";
  $("sending-text").textContent =
    `It ended with ${state.finish.clientScore} points by your browser's count; the server ` +
    "scores it once it arrives.";
  $("send-error-text").textContent = message;
  $("send-error").hidden = false;
  announce(`${message} Your moves are kept in this browser. Try again when you are back online.`);
  $("send-retry").focus();
}

function showEnd(result) {
  const finish = state.finish;
  show("end");
  $("end-title").textContent = finish.why ?? "Run over";
  $("end-score").textContent = String(result.score ?? 0);
  const moves = finish.log.moves;
  const serverMoves = Array.isArray(result.moves) ? result.moves : [];
  const placed = moves.slice(0, serverMoves.length).filter((move) => move.type === "place").length;
  const draws = moves.slice(0, serverMoves.length).filter((move) => move.type === "draw").length;
  $("end-tiles").textContent = String(placed);
  $("end-draws").textContent = String(draws);
  const best = typeof result.best_score === "number" ? result.best_score : null;
  $("end-best").textContent = best === null ? "–" : String(best);

  const verdict = $("end-verdict");
  verdict.hidden = true;
  verdict.replaceChildren();
  if (!result.valid) {
    const error = result.error;
    const where = error && error.move !== null && error.move !== undefined ? ` at move ${error.move + 1}` : "";
    const reason = error ? `${error.detail ?? ""} (${error.code})` : (result.detail ?? "");
    verdict.textContent = result.refused
      ? `The server did not take this run: ${reason}`
      : `The server rejected this run${where}: ${reason}. Your browser counted ` +
        `${finish.clientScore} points, but only the server's replay counts, and only a valid ` +
        "run can be submitted.";
    verdict.hidden = false;
  } else if (result.score !== finish.clientScore) {
    verdict.textContent =
      `Your browser counted ${finish.clientScore} points; the server's replay gives ${result.score}, ` +
      "and the server's count is the one that stands.";
    verdict.hidden = false;
  }

  renderReview(moves, serverMoves, result.valid ? null : result.error);
  $("replay-link").href = runUrl(config.urls.replay, finish.runId);

  const submitBox = $("end-submit");
  const submitButton = $("submit-button");
  const resultBox = $("submit-result");
  resultBox.hidden = true;
  resultBox.replaceChildren();
  submitBox.hidden = false;
  submitButton.hidden = !result.valid;
  $("submit-explain").hidden = !result.valid;
  submitButton.disabled = false;
  state.finish.result = result;
  if (result.valid && result.submitted) {
    submitButton.hidden = true;
    $("submit-explain").hidden = true;
    showSubmitOutcome({ already: true, detail: "You have already submitted a run for this challenge." });
  }
  announce(
    `${finish.why} The server's score: ${result.score}.` +
      (result.valid ? "" : " The run was rejected.") +
      (best === null ? "" : ` Your best on this challenge: ${best}.`),
  );
  $("end-title").focus();
}

function renderReview(moves, serverMoves, error) {
  const body = $("review").querySelector("tbody");
  body.replaceChildren();
  moves.forEach((move, index) => {
    const row = document.createElement("tr");
    const outcome = serverMoves[index];
    const cells = [
      String(index + 1),
      formatSeconds(move.t),
      move.type === "draw" ? "Draw" : move.tile,
      move.type === "draw" ? "" : `${move.cell[0]}, ${move.cell[1]}`,
      outcome ? String(outcome.points) : "–",
      outcome?.bonus ? BONUS_LABELS[outcome.bonus] : "",
    ];
    cells.forEach((text, i) => {
      const cell = document.createElement("td");
      cell.textContent = text;
      if (i === 4) cell.className = "num";
      row.appendChild(cell);
    });
    if (error && error.move === index) {
      row.className = "review-row--error";
      row.title = error.detail ?? error.code;
    } else if (!outcome) {
      row.className = "review-row--dropped";
    }
    body.appendChild(row);
  });
  if (moves.length === 0) {
    const row = document.createElement("tr");
    const cell = document.createElement("td");
    cell.colSpan = 6;
    cell.className = "muted";
    cell.textContent = "No moves in this run.";
    row.appendChild(cell);
    body.appendChild(row);
  }
}

function askSubmit() {
  const result = state.finish?.result;
  if (!result?.valid) {
    return;
  }
  const dialog = $("submit-dialog");
  $("submit-dialog-score").textContent = String(result.score);
  if (typeof dialog.showModal === "function") {
    dialog.returnValue = "";
    dialog.showModal();
  } else if (window.confirm("Submit this run? Only one run per challenge counts.")) {
    submitRun();
  }
}

async function submitRun() {
  const button = $("submit-button");
  button.disabled = true;
  let response;
  try {
    response = await api(runUrl(config.urls.submit, state.finish.runId), { method: "POST" });
  } catch (error) {
    button.disabled = false;
    showSubmitOutcome({ error: `${error.message} Nothing was submitted; try again.` });
    return;
  }
  const { status, data } = response;
  if (status === 201) {
    $("end-submit").hidden = true;
    showSubmitOutcome({ entry: data });
    return;
  }
  if (status === 409 && data.code === "already_submitted") {
    button.hidden = true;
    $("submit-explain").hidden = true;
    showSubmitOutcome({ already: true, detail: data.detail });
    return;
  }
  button.disabled = status >= 500;
  showSubmitOutcome({ error: data.detail ?? `The server answered ${status}.` });
}

function showSubmitOutcome({ entry = null, already = false, detail = "", error = null }) {
  const box = $("submit-result");
  box.replaceChildren();
  box.hidden = false;
  box.className = `end-result${error ? " end-result--error" : ""}`;
  // The leaderboard page opens on the player's own row ("?page=mine" finds it).
  const leaderboardUrl = entry
    ? `${config.urls.leaderboard}?page=${entry.page ?? 1}#you`
    : `${config.urls.leaderboard}?page=mine`;
  const paragraph = document.createElement("p");
  if (entry) {
    const percentile = Math.round(entry.percentile);
    paragraph.innerHTML =
      `Submitted! You are <strong class="num">#${entry.rank}</strong> of ` +
      `<span class="num">${entry.count}</span>, ` +
      `scoring as well as or better than <strong class="num">${percentile}%</strong> of entries.`;
  } else if (already) {
    paragraph.textContent = `${detail} Only one run per challenge counts.`;
  } else {
    paragraph.textContent = error;
  }
  box.appendChild(paragraph);
  if (entry || already) {
    const link = document.createElement("a");
    link.className = "button";
    link.href = leaderboardUrl;
    link.id = "leaderboard-link";
    link.textContent = "See the leaderboard";
    box.appendChild(link);
  }
  announce(paragraph.textContent);
}

function playAgain() {
  state.run = null;
  state.finish = null;
  startRun();
}

// ---------------------------------------------------------------- wiring

function wire() {
  $("start-button")?.addEventListener("click", startRun);
  $("again-button").addEventListener("click", playAgain);
  $("draw-button").addEventListener("click", drawTile);
  $("end-button").addEventListener("click", () => endRun("player"));
  $("send-retry").addEventListener("click", sendFinish);
  $("submit-button").addEventListener("click", askSubmit);
  $("submit-dialog").addEventListener("close", () => {
    if ($("submit-dialog").returnValue === "submit") {
      submitRun();
    }
  });
  $("zoom-in").addEventListener("click", () => board.zoomBy(1.25));
  $("zoom-out").addEventListener("click", () => board.zoomBy(0.8));
  $("zoom-fit").addEventListener("click", () => board.fit());
  $("board").addEventListener("focus", refreshKeyboardHints);
  $("board").addEventListener("blur", () => {
    board.setCursor(null);
    board.setPreview(null);
    if (state.drag === null) board.clearHighlight();
  });
  document.addEventListener("keydown", onKey);
  $("pending-send").addEventListener("click", () => {
    const pending = pendingLoad();
    if (pending === null) {
      offerPending();
      return;
    }
    state.finish = { reason: "recovered", why: "Your unsent run", runId: pending.runId, log: pending.log, clientScore: pending.clientScore };
    $("pending-notice").hidden = true;
    sendFinish();
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
    if (state.screen === "intro") {
      $("start-button")?.setAttribute("disabled", "");
    }
  });
  window.addEventListener("beforeunload", (event) => {
    if (state.screen === "game" && !state.ended) {
      pendingSave("playing");
      event.preventDefault();
    }
  });
  window.addEventListener("online", () => {
    if (state.screen === "sending" && !$("send-error").hidden) {
      sendFinish();
    }
  });
}

wire();
show("intro");
offerPending();
performance.mark("tod:board-ready");
root.dataset.ready = "true";
