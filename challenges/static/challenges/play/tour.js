// The first-run tour: before the first run in this browser, the game screen
// shows with a step-by-step note pointing at the tray, the board, the draw button and
// the clock. The clock does not run meanwhile: the run starts when the tour closes.
// Dismissed (finished or skipped) once, it is remembered in localStorage.

import { TOUR_NEXT, TOUR_SKIP, TOUR_START, TOUR_STEPS, tourProgress } from "./words.js";

export const TOUR_SEEN_KEY = "tod:tour-seen";

export function tourSeen(storage) {
  try {
    return storage.getItem(TOUR_SEEN_KEY) === "1";
  } catch {
    return true; // no storage (private mode): no tour rather than one on every run
  }
}

function tourRemember(storage) {
  try {
    storage.setItem(TOUR_SEEN_KEY, "1");
  } catch {
    // Nothing to remember it in: the tour shows again next time.
  }
}

export class Tour {
  /** `$`: the page's getElementById; `storage`: localStorage; `area`: the game screen,
   * shown but inert during the tour (no run yet: nothing there may be pressed). */
  constructor($, { storage, area }) {
    this.$ = $;
    this.storage = storage;
    this.area = area;
    this.box = $("tour");
    this.index = 0;
    this.done = null;
    $("tour-next").addEventListener("click", () => this.#next());
    $("tour-skip").addEventListener("click", () => this.#close());
    this.box.addEventListener("keydown", (event) => {
      if (event.key === "Escape") this.#close();
    });
  }

  /** Whether the tour should show before this run (never seen in this browser). */
  get due() {
    return this.box !== null && !tourSeen(this.storage);
  }

  /** Shows the tour; resolves when it is finished or skipped. */
  run() {
    this.index = 0;
    this.box.hidden = false;
    this.area.inert = true;
    this.area.classList.add("play-game--touring");
    this.#show();
    return new Promise((resolve) => {
      this.done = resolve;
    });
  }

  #show() {
    const step = TOUR_STEPS[this.index];
    const last = this.index === TOUR_STEPS.length - 1;
    for (const element of document.querySelectorAll(".tour-target")) {
      element.classList.remove("tour-target");
    }
    const target = this.$(step.target);
    target?.classList.add("tour-target");
    target?.scrollIntoView({ block: "nearest" });
    this.box.dataset.step = step.target;
    this.$("tour-title").textContent = step.title;
    this.$("tour-text").textContent = step.text;
    this.$("tour-progress").textContent = tourProgress(this.index, TOUR_STEPS.length);
    this.$("tour-next").textContent = last ? TOUR_START : TOUR_NEXT;
    this.$("tour-skip").textContent = TOUR_SKIP;
    this.$("tour-title").focus();
  }

  #next() {
    if (this.index < TOUR_STEPS.length - 1) {
      this.index += 1;
      this.#show();
    } else {
      this.#close();
    }
  }

  #close() {
    if (this.box.hidden) return;
    for (const element of document.querySelectorAll(".tour-target")) {
      element.classList.remove("tour-target");
    }
    this.box.hidden = true;
    this.area.inert = false;
    this.area.classList.remove("play-game--touring");
    tourRemember(this.storage);
    const done = this.done;
    this.done = null;
    done?.();
  }
}
