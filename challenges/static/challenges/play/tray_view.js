// The tray: one button per tile, showing the tile as the player turned it, whether it
// fits anywhere (a dot, and `data-fits` for tests), and which one is chosen. The
// buttons hand their pointer and key presses to the input parts.

import { tileIcon } from "../board_view/index.js";
import { legalCells, rotationOf } from "./machine.js";
import { replayAnimation } from "./hud.js";
import { tileLabel } from "./words.js";

// Tiles 1 to 9 have a number key.
const KEYED_TILES = 9;

/** A tray tile's accessible name in `state`, starting with its number key when it has
 * one (the key shown on the tile). */
export function trayTileLabel(state, tileId) {
  const fits = state.run === null ? 0 : legalCells(state.run, tileId).length;
  const index = state.run === null ? -1 : state.run.tray.indexOf(tileId);
  const key = index >= 0 && index < KEYED_TILES ? index + 1 : null;
  return tileLabel(tileId, rotationOf(state, tileId), fits, key);
}

export class TrayView {
  /**
   * `element`: the tray; `handlers`: {pointerDown(event, tileId, button),
   * keySelect(tileId)} (Enter or Space on a tile), trayKey(event, index)}.
   */
  constructor(element, handlers) {
    this.element = element;
    this.handlers = handlers;
  }

  buttons() {
    return [...this.element.querySelectorAll(".tray-tile")];
  }

  button(tileId) {
    return this.element.querySelector(`[data-tile="${tileId}"]`);
  }

  /** Draws the tray of `state`; `fresh`: a tile just drawn, to animate. Keeps the focus
   * in the tray when it was there. */
  render(state, { fresh = null } = {}) {
    const focusedTile = document.activeElement?.closest?.(".tray-tile")?.dataset.tile ?? null;
    this.element.replaceChildren();
    const selected = state.selection.selected;
    (state.run?.tray ?? []).forEach((tileId, index) => {
      const button = document.createElement("button");
      button.type = "button";
      button.className = "tray-tile";
      button.dataset.tile = tileId;
      button.dataset.index = String(index + 1);
      button.setAttribute("aria-pressed", String(tileId === selected));
      button.setAttribute("aria-label", trayTileLabel(state, tileId));
      button.setAttribute("aria-keyshortcuts", index < KEYED_TILES ? String(index + 1) : "");
      button.tabIndex = tileId === selected ? 0 : -1;
      if (tileId === fresh) {
        button.classList.add("tray-tile--fresh");
      }
      // How many cells the tile fits right now; a dot marks the tiles that fit somewhere.
      const fits = legalCells(state.run, tileId).length;
      button.dataset.fits = String(fits);
      button.classList.toggle("tray-tile--stuck", fits === 0);
      // The key first, then the tile: the order the name reads them in (words.tileLabel).
      if (index < KEYED_TILES) {
        const key = document.createElement("span");
        key.className = "tray-tile__key";
        key.setAttribute("aria-hidden", "true");
        key.textContent = String(index + 1);
        button.append(key, " ");
      }
      button.appendChild(tileIcon(tileId, rotationOf(state, tileId)));
      button.addEventListener("pointerdown", (event) => this.handlers.pointerDown(event, tileId, button));
      button.addEventListener("click", (event) => {
        // Pointer taps are handled by the drag code; this is Enter or Space.
        if (event.detail === 0) {
          this.handlers.keySelect(tileId);
        }
      });
      button.addEventListener("keydown", (event) => this.handlers.trayKey(event, index));
      this.element.appendChild(button);
    });
    if (focusedTile !== null) {
      this.button(selected)?.focus({ preventScroll: true });
    }
  }

  /** Marks `tileId` as the chosen tile (the one the keyboard and a tap place). */
  showSelected(tileId) {
    for (const button of this.buttons()) {
      const chosen = button.dataset.tile === tileId;
      button.setAttribute("aria-pressed", String(chosen));
      button.tabIndex = chosen ? 0 : -1;
    }
  }

  /** Redraws `tileId` as it is turned now, with a little turn. */
  showTurned(state, tileId) {
    const button = this.button(tileId);
    if (button) {
      button.replaceChild(tileIcon(tileId, rotationOf(state, tileId)), button.querySelector("svg"));
      button.setAttribute("aria-label", trayTileLabel(state, tileId));
      replayAnimation(button, "tray-tile--turned");
    }
  }

  /** Shakes `tileId`: a placement was refused. */
  shake(tileId) {
    const button = this.button(tileId);
    if (button) {
      replayAnimation(button, "tray-tile--refused");
    }
  }
}
