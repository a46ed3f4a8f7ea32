// The play page's end screen, put together: the verdict and the final board
// (end_screen.js), the look back at the score against par and the moves missed
// (end_review.js), the player's standing (standing_view.js), a guest's offer to sign up
// to submit (guest_offer.js), a player's offer of reminders (reminder_offer.js), and the
// submit, asked first in a dialog.

import { pageLanguage } from "../lib/i18n.js";
import { BoardView, READABLE_SIDE_PX } from "../board_view/index.js";
import { EndReview } from "./end_review.js";
import { EndScreen, endSummary } from "./end_screen.js";
import { CONFIRM_SUBMIT } from "./end_words.js";
import { GuestOffer } from "./guest_offer.js";
import { ENDED, submittable } from "./machine.js";
import { ReminderOffer } from "./reminder_offer.js";
import { shareRun, standingView } from "./standing.js";
import { StandingView } from "./standing_view.js";

export class EndParts {
  /**
   * `$`: the page's element lookup; `config`: the page's settings; `machine`: the play
   * machine (read only); `runUrl(template, runId)`; `announce(text)`; `touch`: a touch
   * screen; `submit(runId)`: sends a submit the player confirmed.
   */
  constructor($, { config, machine, runUrl, announce, touch, submit }) {
    Object.assign(this, { $, machine, touch, submit });
    this.endScreen = new EndScreen($, {
      urls: { leaderboard: config.urls.leaderboard, replay: (runId) => runUrl(config.urls.replay, runId) },
      announce,
      // Framed so its digits read (12 px or more); a bigger board is dragged, and the wheel
      // is left to scroll the page.
      finalBoard: new BoardView($("end-board"), { showOpen: false, fitMinSidePx: READABLE_SIDE_PX, wheel: false }),
    });
    this.endReview = new EndReview($, {
      urls: { analysis: (runId) => runUrl(config.urls.analysis, runId), challenge: config.urls.challenge },
      par: config.par,
    });
    this.standingPart = new StandingView($, {
      when: (iso) => new Date(iso).toLocaleTimeString(pageLanguage(), { hour: "2-digit", minute: "2-digit" }),
      onSubmit: (run) => this.askSubmit(run),
      onShare: () => this.#share(),
      announce,
    });
    this.guestOffer = config.guest
      ? new GuestOffer($, { urls: { signup: config.urls.guestSignup, login: config.urls.guestLogin }, slot: config.runIdSlot })
      : null;
    // Reminders by push, offered on the end screen of a scored run (a player's, not a guest's).
    this.reminderOffer = config.guest
      ? null
      : new ReminderOffer($, { urls: { state: config.urls.reminders, subscription: config.urls.reminderSubscription }, storage: window.localStorage });
  }

  /** A new run was dealt: the last run's board and look back go. */
  dealt(run) {
    this.endReview.dealt(run);
    this.endScreen.clearBoard();
  }

  /** The run's verdict is in (`current`: the machine's state). */
  show(current) {
    this.standingPart.clear();
    this.endScreen.show(current.finish, endSummary(current.finish, current.finish.result));
    this.guestOffer?.show(current.finish);
    this.reminderOffer?.show();
    this.endReview.show(current.finish);
  }

  standingShow(current) {
    this.standingPart.show(standingView(current.standing, current.finish.runId));
  }

  submitting() {
    this.endScreen.submitting();
    this.standingPart.submitting();
  }

  submitted(outcome) {
    this.endScreen.showSubmit(outcome);
  }

  /** Asks before a submit (one entry per challenge, never replaced): of the run just
   * played, or of `run`, another of the player's runs listed on the end screen. */
  askSubmit(run = null) {
    const { $ } = this;
    const { phase, finish } = this.machine.state;
    if (phase !== ENDED || finish.status !== "scored" || (run === null && !submittable(finish.result))) {
      return;
    }
    const dialog = $("submit-dialog");
    // Which run the dialog asks about, for its close handler.
    dialog.dataset.run = run?.id ?? finish.runId;
    $("submit-dialog-score").textContent = String(run?.score ?? finish.result.score);
    if (typeof dialog.showModal === "function") {
      dialog.returnValue = "";
      dialog.showModal();
    } else if (window.confirm(CONFIRM_SUBMIT)) {
      this.submit(dialog.dataset.run);
    }
  }

  /** The Submit button and the dialog's answer. */
  wire() {
    const { $ } = this;
    $("submit-button").addEventListener("click", () => this.askSubmit());
    $("submit-dialog").addEventListener("close", () => {
      if ($("submit-dialog").returnValue === "submit") {
        this.submit($("submit-dialog").dataset.run);
      }
    });
  }

  async #share() {
    const { standing } = this.machine.state;
    if (standing !== null) {
      this.standingPart.shared(await shareRun(standing.share, { navigator, touch: this.touch }), standing.share.text);
    }
  }
}
