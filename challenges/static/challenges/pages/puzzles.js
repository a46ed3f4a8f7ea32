// A puzzle's page (`/puzzles/<n>/`, `/puzzles/today/`): fill the shape with the tray's
// tiles on the challenge's SVG board, with the same inputs; the rules' port checks each
// piece as it goes down, the server checks the whole filling when it is saved.

import { api } from "../lib/api.js";
import { tileIcon } from "../board_view/index.js";
import { JOKER, PuzzleGame } from "../puzzles/game.js";
import { PuzzleInputs } from "../puzzles/inputs.js";
import { ShapeBoard } from "../puzzles/shape_board.js";
import * as words from "../puzzles/words.js";
import { cellFormat } from "../rules/geometry.js";

const config = JSON.parse(document.getElementById("puzzle-config").textContent);
const $ = (id) => document.getElementById(id);
const root = $("puzzle");
const cells = [...config.puzzle.cells].sort((a, b) => a[0] - b[0] || a[1] - b[1]);
const game = new PuzzleGame(config.puzzle, { maxJokers: config.maxJokers, now: () => performance.now() });
let best = { stars: config.stars, ms: config.bestMs };

const announce = (text) => {
  $("announcer").textContent = "";
  window.setTimeout(() => ($("announcer").textContent = text), 30);
};
let toastTimer = null;
const toast = (text) => {
  const box = $("puzzle-toast");
  box.textContent = text;
  box.hidden = false;
  window.clearTimeout(toastTimer);
  toastTimer = window.setTimeout(() => (box.hidden = true), 2500);
};
const cellIndex = (cell) => cells.findIndex(([r, c]) => r === cell[0] && c === cell[1]) + 1;

const board = new ShapeBoard($("board"), cells, { onTap: (cell) => tapCell(cell) });

// ----- the tray

function renderTray() {
  const tray = $("tray");
  tray.replaceChildren();
  game.tray.forEach((tileId, index) => {
    const button = document.createElement("button");
    button.type = "button";
    button.className = "tray-tile";
    button.dataset.tile = tileId;
    button.dataset.rotation = String(game.rotationOf(tileId));
    button.setAttribute("aria-pressed", String(game.selected === tileId));
    button.setAttribute("aria-label", words.trayTileName(tileId, game.rotationOf(tileId), index < 9 ? index + 1 : null));
    if (index < 9) {
      const key = document.createElement("span");
      key.className = "tray-tile__key";
      key.setAttribute("aria-hidden", "true");
      key.textContent = String(index + 1);
      button.append(key, " ");
    }
    button.appendChild(tileIcon(tileId, game.rotationOf(tileId)));
    wireTrayButton(button, tileId);
    tray.appendChild(button);
  });
  const joker = $("joker-button");
  joker.disabled = game.jokersLeft === 0 || game.solved;
  joker.setAttribute("aria-pressed", String(game.selected === JOKER));
  $("jokers-left").textContent = words.jokersLeft(game.jokersLeft);
  $("stars-now").textContent = words.starsLine(game.stars);
  $("stars-now").setAttribute("aria-label", words.starsName(game.stars));
}

function wireTrayButton(button, choice) {
  button.addEventListener("pointerdown", (event) => inputs.trayPointerDown(event, choice, button));
  button.addEventListener("click", (event) => {
    if (event.detail === 0) choose(choice, { tap: true }); // Enter or Space
  });
}

/** Chooses a tile or the joker; a tap on the chosen tile turns it. */
function choose(choice, { tap = false } = {}) {
  if (tap && choice !== JOKER && game.selected === choice) {
    game.rotate(choice);
  } else if (!game.select(choice)) {
    return;
  }
  renderTray();
  announce(words.chosen(choice, game.rotationOf(choice), game.jokersLeft));
}

// ----- putting pieces down and taking them back

function putDown(choice, cell) {
  if (choice === null) {
    toast(words.noSelection());
    announce(words.noSelection());
    return;
  }
  const result = game.place(choice, cell);
  if (!result.placed) {
    toast(words.refused(result.code));
    announce(words.refused(result.code));
    return;
  }
  const { piece } = result;
  if (piece.type === JOKER) board.addJoker(cell);
  else board.addPlacement({ tile: piece.tile, cell, rotation: piece.rotation });
  renderTray();
  announce(words.placed(piece, cellIndex(cell), cells.length, game.emptyCells().length));
  if (game.solved) solved();
}

function tapCell(cell) {
  if (cell === null || !game.inShape(cell) || game.solved) return;
  if (game.pieceAt(cell) !== null) {
    lift(cell);
    return;
  }
  putDown(game.selected, cell);
}

function lift(cell) {
  const piece = game.lift(cell);
  if (piece === null) return;
  board.removeAt(cell);
  renderTray();
  announce(words.lifted(piece));
}

const inputs = new PuzzleInputs({
  board,
  boardElement: $("board"),
  root,
  cells,
  intents: {
    choose,
    tapCell,
    lift,
    dropOn: (choice, cell) => putDown(choice, cell),
    joker: (cell) => putDown(game.jokersLeft > 0 ? JOKER : null, cell),
    fitCells: (choice) => game.fitCells(choice),
    rotationOf: (tileId) => game.rotationOf(tileId),
    preview: (choice, cell) => {
      if (choice === JOKER) return null;
      return { tile: choice, cell, rotation: game.fittingRotation(choice, cell) ?? game.rotationOf(choice) };
    },
    rotateChosen: () => {
      if (game.selected !== null && game.selected !== JOKER) choose(game.selected, { tap: true });
    },
    cursorMoved: (cell) => {
      const piece = game.pieceAt(cell);
      const fits = piece === null && game.selected !== null && game.fitCells(game.selected).some((c) => cellFormat(c) === cellFormat(cell));
      $("cursor-says").textContent = words.cellSays({ index: cellIndex(cell), count: cells.length, piece, fits });
    },
  },
});

wireTrayButton($("joker-button"), JOKER);
document.addEventListener("keydown", (event) => {
  if (event.altKey || event.ctrlKey || event.metaKey || event.target.closest?.("input, textarea")) return;
  const digit = Number(event.key);
  if (Number.isInteger(digit) && digit >= 1 && digit <= 9 && game.tray[digit - 1]) {
    choose(game.tray[digit - 1]);
    event.preventDefault();
  }
});

// ----- the clock, the end, saving

function showClock() {
  $("puzzle-time").textContent = words.timeText(game.elapsedMs);
}
window.setInterval(showClock, 500);

function showBest() {
  $("puzzle-best").textContent = best.ms === null ? "" : words.bestLine(best.stars, best.ms);
}

async function solved() {
  showClock();
  const ms = game.elapsedMs;
  root.dataset.state = "solved";
  $("end-stars").textContent = words.starsLine(game.stars);
  $("end-stars").setAttribute("aria-label", words.starsName(game.stars));
  $("end-time").textContent = words.timeText(ms);
  $("end-status").textContent = words.saving();
  $("puzzle-end").hidden = false;
  $("end-title").focus({ preventScroll: false });
  announce(words.solvedSaying(game.stars, ms));
  let answer;
  try {
    if (!config.loggedIn) await api(config.guestUrl, { method: "POST" });
    answer = await api(config.solveUrl, { method: "POST", body: { pieces: game.pieces, ms } });
  } catch {
    $("end-status").textContent = words.offline();
    return;
  }
  if (answer.status !== 200) {
    $("end-status").textContent = words.notSaved(answer.data.detail ?? answer.status);
    return;
  }
  const saved = answer.data.saved;
  best = { stars: saved.best_stars, ms: saved.best_ms };
  showBest();
  $("end-status").textContent = saved.improved ? words.savedBetter() : words.saved();
  root.dataset.saved = "true";
  if (answer.data.next_number) {
    $("next-link").href = `${config.seriesUrl}${answer.data.next_number}/`;
    $("next-link").hidden = false;
  }
  if (answer.data.share_text !== undefined) {
    $("end-streak").textContent = words.streakLine(answer.data.streak);
    $("share-text").textContent = answer.data.share_text;
    $("share-box").hidden = false;
  }
}

function restart() {
  game.restart();
  board.clear();
  root.dataset.state = "playing";
  delete root.dataset.saved;
  $("puzzle-end").hidden = true;
  renderTray();
  showClock();
  announce(words.restarted());
}

$("restart-button").addEventListener("click", restart);
$("again-button").addEventListener("click", () => {
  restart();
  $("board").focus({ preventScroll: true });
});
$("copy-button")?.addEventListener("click", async () => {
  try {
    await navigator.clipboard.writeText($("share-text").textContent);
    announce(words.copied());
    toast(words.copied());
  } catch {
    window.getSelection()?.selectAllChildren($("share-text"));
  }
});

renderTray();
showBest();
showClock();
// On a phone the game fills the screen it is scrolled to, as on the play page.
if (window.matchMedia("(max-width: 51.99rem)").matches) {
  root.querySelector(".puzzle-game").scrollIntoView({ block: "start" });
}
root.dataset.ready = "true";
