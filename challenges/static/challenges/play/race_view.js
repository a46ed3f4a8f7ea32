// The race on the page (play/race.js reads it): a line per ghost with its score at this
// second and the gap at the last checkpoint, the medal marks on a bar from 0 to par,
// and the toggle that hides it all (kept in this browser; on by default).

import { gettext } from "../lib/i18n.js";
import { checkpointSpoken, gapText, ghostLabel, medalLabel, raceReading, timelineScoreAt } from "./race.js";

const STORAGE_KEY = "tod:race";

export class RaceView {
  #ghosts = { best: null, other: null, medals: [] };
  #told = null;
  #timeline = [];
  #on = true;

  /** `$`: the page's getElementById; `storage`: localStorage; `announce(text)`. */
  constructor($, { storage, announce }) {
    Object.assign(this, { $, storage, announce });
    try {
      this.#on = storage.getItem(STORAGE_KEY) !== "off";
    } catch {
      // No storage (private mode): on, as by default.
    }
    this.$("race-toggle")?.addEventListener("click", () => this.#toggle());
    this.#showToggle();
  }

  get on() {
    return this.#on;
  }

  /** A new run races `ghosts` ({best, other, medals}, the start answer's). */
  start(ghosts) {
    this.#ghosts = { best: ghosts?.best ?? null, other: ghosts?.other ?? null, medals: ghosts?.medals ?? [] };
    this.#told = null;
    this.#timeline = [];
    const racing = this.#ghosts.best !== null || this.#ghosts.other !== null || this.#ghosts.medals.length > 0;
    this.$("race").hidden = !racing;
    this.#drawMedals();
  }

  /** The run's score became `score` by a move at `t` ms. */
  scored(t, score) {
    this.#timeline.push({ t, score });
  }

  /** Shows the race `elapsedMs` into the run, scoring `score`. */
  show({ elapsedMs, score }) {
    const scoreAt = (ms) => timelineScoreAt(this.#timeline, ms);
    const reading = raceReading(this.#ghosts, { elapsedMs, score, scoreAt });
    const list = this.$("race-lines");
    list.replaceChildren(
      ...reading.lines.map((line) => {
        const item = document.createElement("li");
        item.className = "race__line";
        item.dataset.kind = line.ghost.kind;
        const label = document.createElement("span");
        label.className = "race__who";
        label.textContent = ghostLabel(line.ghost);
        const now = document.createElement("strong");
        now.className = "race__score num";
        now.dataset.testid = "ghost-score";
        now.textContent = String(line.now);
        item.append(label, " ", now);
        if (line.gap !== null) {
          const gap = document.createElement("span");
          // The gap's sign is its word and its mark, never its colour alone.
          gap.className = `race__gap num race__gap--${line.gap > 0 ? "ahead" : line.gap < 0 ? "behind" : "even"}`;
          gap.dataset.testid = "ghost-gap";
          gap.textContent = gapText(line.gap);
          item.append(" ", gap);
        }
        return item;
      }),
    );
    const first = reading.lines.find((line) => line.gap !== null);
    if (first && this.#told !== first.checkpoint) {
      this.#told = first.checkpoint;
      if (this.on) this.announce(checkpointSpoken(first));
    }
    const top = this.#top();
    this.$("race-you").style.setProperty("--at", String(Math.max(0, Math.min(1, score / top))));
    for (const [index, medal] of reading.medals.entries()) {
      this.$("race-medals").children[index]?.classList.toggle("race__medal--reached", medal.reached);
    }
  }

  #top() {
    const medals = this.#ghosts.medals;
    // The bar runs from 0 to par: gold is 90 % of it.
    return medals.length ? Math.max(1, Math.round((medals.at(-1).score * 100) / medals.at(-1).percent)) : 1;
  }

  #drawMedals() {
    const top = this.#top();
    this.$("race-medals").replaceChildren(
      ...this.#ghosts.medals.map((medal) => {
        const mark = document.createElement("li");
        mark.className = `race__medal race__medal--${medal.medal}`;
        mark.style.setProperty("--at", String(medal.score / top));
        const score = document.createElement("span");
        score.className = "race__medal-score num";
        score.setAttribute("aria-hidden", "true");
        score.textContent = String(medal.score);
        const text = document.createElement("span");
        text.className = "visually-hidden";
        text.textContent = medalLabel(medal);
        mark.append(score, text);
        return mark;
      }),
    );
    this.$("race-bar").hidden = this.#ghosts.medals.length === 0;
  }

  #toggle() {
    this.#on = !this.#on;
    try {
      this.storage.setItem(STORAGE_KEY, this.#on ? "on" : "off");
    } catch {
      // Storage refused (private mode): the toggle still works for this page.
    }
    this.#showToggle();
  }

  #showToggle() {
    const on = this.on;
    const toggle = this.$("race-toggle");
    toggle?.setAttribute("aria-pressed", String(on));
    if (toggle) toggle.textContent = on ? gettext("Ghost: on") : gettext("Ghost: off");
    this.$("race-body").hidden = !on;
  }
}
