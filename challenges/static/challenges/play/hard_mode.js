// Hard mode: no fit highlights and no automatic turning (machine_reads.js snaps a tile
// only in the rotation the player gave it). Chosen on the intro before a run starts,
// sent with the start, and kept by the server for the whole run: the page shows the
// run's own flag from the start answer, never the box.

const STORAGE_KEY = "tod:hard";

export class HardChoice {
  /** `box`: the intro's checkbox (absent: never hard); `storage`: localStorage. */
  constructor(box, { storage }) {
    this.box = box;
    this.storage = storage;
    if (!box) return;
    try {
      box.checked = storage.getItem(STORAGE_KEY) === "on";
    } catch {
      // No storage: unchecked, as by default.
    }
    box.addEventListener("change", () => {
      try {
        storage.setItem(STORAGE_KEY, box.checked ? "on" : "off");
      } catch {
        // Kept for this page only.
      }
    });
  }

  /** The start's body: `{hard: true}` when chosen, else none. */
  startBody() {
    return this.box?.checked ? { hard: true } : undefined;
  }
}

/** Marks the page for a run in hard mode (the CSS hides every fit hint) and shows its
 * badge. */
export function hardShow(root, badge, hard) {
  root.classList.toggle("play--hard", Boolean(hard));
  if (badge) badge.hidden = !hard;
}
