// The first-run coach mark: the run is dealt at once, and one note points at the real
// tray while the spot where the chosen tile fits pulses on the board. It says how to
// play in the words of the device (a finger, or a mouse and keys), and goes at the
// first touch of a tile (the clock starts then) or with its button. Once seen, it is
// remembered in localStorage.

import { COACH_DONE, COACH_TITLE, coachText } from "./words.js";

export const TOUR_SEEN_KEY = "tod:tour-seen";

export function tourSeen(storage) {
  try {
    return storage.getItem(TOUR_SEEN_KEY) === "1";
  } catch {
    return true; // no storage (private mode): no coach mark rather than one on every run
  }
}

function tourRemember(storage) {
  try {
    storage.setItem(TOUR_SEEN_KEY, "1");
  } catch {
    // Nothing to remember it in: the coach mark shows again next time.
  }
}

export class Tour {
  /** `$`: the page's getElementById; `storage`: localStorage; `root`: the play element
   * (styled while coaching); `touch`: a touch screen (its own words). */
  constructor($, { storage, root, touch }) {
    Object.assign(this, { $, storage, root, touch });
    this.box = $("tour");
    $("tour-done").addEventListener("click", () => this.close());
    this.box.addEventListener("keydown", (event) => {
      if (event.key === "Escape") this.close();
    });
  }

  /** Whether the coach mark should show on this deal (never seen in this browser). */
  get due() {
    return this.box !== null && !tourSeen(this.storage);
  }

  /** Points at the dealt tray. The focus stays where the deal put it (the first tile). */
  show() {
    this.$("tour-title").textContent = COACH_TITLE;
    this.$("tour-text").textContent = coachText({ touch: this.touch });
    this.$("tour-done").textContent = COACH_DONE;
    this.box.dataset.step = "tray";
    this.box.hidden = false;
    this.$("tray").classList.add("tour-target");
    this.root.classList.add("play--coached");
  }

  /** Goes, and is remembered. */
  close() {
    if (this.box.hidden) return;
    this.box.hidden = true;
    this.$("tray").classList.remove("tour-target");
    this.root.classList.remove("play--coached");
    tourRemember(this.storage);
  }
}
