// The end screen's part that comes with the standing (standing.js): the best moment,
// the bests, par and place lines, the player's runs of the challenge (each with its own
// Submit while none is submitted), and the Share button. DOM only: what it shows is
// decided by standingView.

import * as words from "./end_words.js";

const BEST_MOMENT_CLASS = "end-moment--new";

export class StandingView {
  /**
   * `$`: the page's getElementById; `when(isoTime)`: a local time in words;
   * `onSubmit(run)`: a run's Submit was pressed; `onShare()`: Share was pressed.
   */
  constructor($, { when, onSubmit, onShare, announce }) {
    Object.assign(this, { $, when, onSubmit, onShare, announce });
    $("share-button").addEventListener("click", () => this.onShare());
  }

  /** Hides what belongs to the previous run's standing. */
  clear() {
    for (const id of ["end-moment", "end-bests", "end-place", "end-runs", "end-share", "share-status"]) {
      this.$(id).hidden = true;
    }
    this.$("share-text").hidden = true;
    this.$("end-moment").classList.remove(BEST_MOMENT_CLASS);
  }

  show(view, { submitting = false } = {}) {
    const $ = this.$;
    this.#line("end-bests", view.bests);
    this.#line("end-place", view.place);
    const moment = $("end-moment");
    if (view.moment !== null && moment.hidden) {
      moment.textContent = view.moment;
      moment.hidden = false;
      // Replayed once per run: the moment is the end screen's first news.
      moment.classList.add(BEST_MOMENT_CLASS);
      this.announce(view.moment);
    }
    this.#runs(view.runs, { submitting });
    $("end-share").hidden = false;
    // Submit is the main button only for the best eligible run above zero; otherwise
    // Play again is, and Submit (still there while it can be used) steps back.
    $("submit-button").classList.toggle("secondary", !view.submitIsMain);
    $("again-button").classList.toggle("secondary", view.submitIsMain);
    // The server's word on this run: no Submit for a run it would refuse (another run is
    // the entry already, or the results are out), whatever finish said before.
    if (view.runs.some((run) => run.current && !run.submittable)) {
      $("submit-button").hidden = true;
      $("submit-explain").hidden = true;
    }
  }

  #line(id, text) {
    this.$(id).textContent = text ?? "";
    this.$(id).hidden = text === null;
  }

  #runs(runs, { submitting }) {
    const list = this.$("end-runs-list");
    list.replaceChildren();
    for (const run of runs) {
      const item = document.createElement("li");
      item.className = "end-runs__run";
      item.dataset.run = run.id;
      item.classList.toggle("end-runs__run--current", run.current);
      const score = document.createElement("strong");
      score.className = "num end-runs__score";
      score.textContent = String(run.score);
      const when = document.createElement("span");
      when.className = "muted end-runs__when";
      when.textContent = this.when(run.started_at);
      item.append(score, " ", when);
      for (const [shown, text] of [
        [run.current, words.THIS_RUN_TAG],
        [run.best, words.BEST_TAG],
        [run.submitted, words.SUBMITTED_TAG],
        [!run.eligible, words.PRACTICE_TAG],
      ]) {
        if (shown) {
          const tag = document.createElement("span");
          tag.className = "end-runs__tag";
          tag.textContent = text;
          item.append(" ", tag);
        }
      }
      if (run.submittable) {
        const button = document.createElement("button");
        button.type = "button";
        button.className = `button small${run.best ? "" : " secondary"} end-runs__submit`;
        button.textContent = words.SUBMIT_THIS;
        button.setAttribute("aria-label", `${words.SUBMIT_THIS}: ${words.runRowLabel(run.score, when.textContent)}`);
        button.disabled = submitting;
        button.addEventListener("click", () => this.onSubmit(run));
        item.append(" ", button);
      }
      list.appendChild(item);
    }
    this.$("end-runs").hidden = runs.length <= 1 && !runs.some((run) => run.submitted && !run.current);
  }

  /** A submit is on its way: no other run's Submit meanwhile. */
  submitting() {
    for (const button of this.$("end-runs-list").querySelectorAll("button")) {
      button.disabled = true;
    }
  }

  /** Says what came of Share; when nothing could be copied, shows the text to copy. */
  shared(outcome, text) {
    const status = this.$("share-status");
    const said = { shared: words.SHARED, copied: words.COPIED, failed: words.SHARE_FAILED }[outcome];
    status.textContent = said ?? "";
    status.hidden = said === undefined;
    const box = this.$("share-text");
    box.value = text;
    box.hidden = outcome !== "failed";
  }
}
