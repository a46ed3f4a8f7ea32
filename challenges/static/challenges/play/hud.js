// The heads-up display while a run is played: the clock, the score, the well and its
// Draw button, the toasts over the board, and the live region screen readers hear.
// `clockReading` and `ClockCallouts` decide what the clock shows and says (DOM-free);
// `Hud` puts it on the page.

import * as words from "./words.js";

const URGENT_MS = 10000;
const ANNOUNCED_SECONDS = new Set([60, 30, 10]);
const TOAST_MS = 1800;
// The live region is emptied first and filled a moment later, so a screen reader
// repeats a message identical to the last one.
const ANNOUNCE_DELAY_MS = 30;

/** The clock with `leftMs` to go: its text, whether it is urgent, the whole seconds left. */
export function clockReading(leftMs) {
  return { text: words.formatClock(leftMs), urgent: leftMs <= URGENT_MS, seconds: Math.ceil(leftMs / 1000) };
}

/** The seconds a screen reader is told are left (60, 30, 10), each once per run. */
export class ClockCallouts {
  #last = null;

  /** The words to say with `seconds` left, or null. */
  due(seconds) {
    if (!ANNOUNCED_SECONDS.has(seconds) || this.#last === seconds) {
      return null;
    }
    this.#last = seconds;
    return words.secondsLeft(seconds);
  }
}

/** Whether no tray tile fits (`stuck`), and what that points the player to. */
export function stuckHints(run) {
  const stuck = run.legalPlacements().length === 0;
  const wellEmpty = run.wellRemaining === 0;
  return { draw: stuck && !wellEmpty, end: stuck && wellEmpty };
}

/** Restarts a CSS animation class on `element` (removing it alone does not replay it). */
export function replayAnimation(element, className, ...others) {
  element.classList.remove(className, ...others);
  void element.offsetWidth;
  element.classList.add(className);
}

export class Hud {
  #callouts = new ClockCallouts();
  #stuckTold = false;

  /** `$`: the page's getElementById; `timers`: {setTimeout}. */
  constructor($, { timers }) {
    this.$ = $;
    this.timers = timers;
  }

  /** A new run: its callouts start afresh. */
  reset() {
    this.#callouts = new ClockCallouts();
    this.#stuckTold = false;
  }

  announce(text) {
    const region = this.$("announcer");
    region.textContent = "";
    this.timers.setTimeout(() => {
      region.textContent = text;
    }, ANNOUNCE_DELAY_MS);
  }

  toast(text, kind = "bonus") {
    const element = document.createElement("div");
    element.className = `toast toast--${kind}`;
    element.textContent = text;
    this.$("toasts").appendChild(element);
    this.timers.setTimeout(() => element.remove(), TOAST_MS);
  }

  /** Shows `leftMs` on the clock, and tells a screen reader at 60, 30 and 10 s. */
  showClock(leftMs) {
    const reading = clockReading(leftMs);
    const clock = this.$("clock");
    clock.textContent = reading.text;
    clock.classList.toggle("hud__value--urgent", reading.urgent);
    const callout = this.#callouts.due(reading.seconds);
    if (callout !== null) {
      this.announce(callout);
    }
  }

  /** The clock as the run ended: 0:00 when time ran out, else what was left. */
  showFinalClock(text) {
    this.$("clock").textContent = text;
  }

  /** The score, the well and the hints, after a move (`gained`: its points, to flash). */
  showRun(run, { gained = null } = {}) {
    const score = this.$("score");
    score.textContent = String(run.score);
    if (gained !== null) {
      replayAnimation(score, gained >= 0 ? "hud__value--up" : "hud__value--down", "hud__value--up", "hud__value--down");
    }
    this.$("well-count").textContent = String(run.wellRemaining);
    const draw = this.$("draw-button");
    draw.disabled = run.wellRemaining === 0;
    draw.setAttribute("aria-label", words.drawLabel(run.wellRemaining));
    // When no tray tile fits anywhere, point at the way on: draw, or, with the well
    // empty too, end the run.
    const hints = stuckHints(run);
    draw.classList.toggle("button--hint", hints.draw);
    this.$("end-button").classList.toggle("button--hint", hints.end);
    if (hints.end && !this.#stuckTold) {
      this.#stuckTold = true;
      this.toast(words.STUCK_TOAST, "info");
      this.announce(words.STUCK_ANNOUNCEMENT);
    }
  }
}
