// "End run" on a touch screen asks first: a slip of the thumb next to Draw must not
// throw a run away. The button gives way to a question with "End it" and "Keep
// playing" (the focus goes to the latter, the safe answer); with a mouse or a keyboard
// End run ends at once, as it is not where a finger slips. The words are the
// template's (play.html), so they are translated with it.

export class EndConfirm {
  /**
   * `$`: the page's getElementById; `ask()`: true when End run should ask first (a
   * coarse pointer); `end()`: ends the run.
   */
  constructor($, { ask, end }) {
    Object.assign(this, { $, ask, end });
    $("end-button").addEventListener("click", () => this.#pressed());
    $("end-confirm").addEventListener("click", () => {
      this.reset();
      this.end();
    });
    $("end-cancel").addEventListener("click", () => {
      this.reset();
      this.$("end-button").focus();
    });
    $("end-confirm-box").addEventListener("keydown", (event) => {
      if (event.key === "Escape") {
        event.preventDefault();
        this.reset();
        this.$("end-button").focus();
      }
    });
  }

  #pressed() {
    if (!this.ask()) {
      this.end();
      return;
    }
    this.$("end-button").hidden = true;
    this.$("end-confirm-box").hidden = false;
    this.$("end-cancel").focus();
  }

  /** Back to the plain End run button (a new run, a run over, an answer given). */
  reset() {
    this.$("end-confirm-box").hidden = true;
    this.$("end-button").hidden = false;
  }
}
