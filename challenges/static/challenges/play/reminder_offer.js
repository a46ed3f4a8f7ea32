// The end screen's offer of reminders (docs/reminders.md). Offered only once a run has
// ended and the server has scored it, so never before a player's first finished run
// (the server says so too: `offered`). Not offered again in a browser that has them on,
// that blocks notifications, or whose player said no here; the settings page turns
// them on and off at any time.

import { api } from "../lib/api.js";
import { currentSubscription, pushSupported, remindersOn } from "../lib/reminders.js";
import * as words from "../lib/reminder_words.js";

const DECLINED = "tod:reminders-declined";

export class ReminderOffer {
  /** `$`: the page's getElementById; `urls`: {state, subscription} of the API. */
  constructor($, { urls, storage, win = window }) {
    Object.assign(this, { $, urls, storage, win, state: null });
    $("reminder-yes")?.addEventListener("click", () => this.accept());
    $("reminder-no")?.addEventListener("click", () => this.decline());
  }

  declined() {
    try {
      return this.storage.getItem(DECLINED) === "1";
    } catch {
      return false;
    }
  }

  /** Shows the offer after a scored run, if it is one to make here. */
  async show() {
    const box = this.$("reminder-offer");
    if (!box || !box.hidden || this.declined() || !pushSupported(this.win)) return;
    if (this.win.Notification.permission === "denied") return;
    try {
      if (await currentSubscription(this.win.navigator)) return;
      const answer = await api(this.urls.state);
      if (answer.status !== 200 || !answer.data.offered) return;
      this.state = answer.data;
    } catch {
      return; // Offline: offered after another run.
    }
    box.hidden = false;
  }

  async accept() {
    const status = this.$("reminder-status");
    this.$("reminder-yes").disabled = true;
    const { state, detail } = await remindersOn({
      publicKey: this.state.public_key,
      url: this.urls.subscription,
      reminders: this.state.kinds,
      navigatorLike: this.win.navigator,
      notification: this.win.Notification,
    }).catch(() => ({ state: "failed" }));
    const said = { on: words.REMINDERS_ON, blocked: words.REMINDERS_BLOCKED }[state] ?? detail ?? words.REMINDERS_FAILED;
    status.textContent = said;
    status.hidden = false;
    this.$("reminder-yes").disabled = state === "on";
  }

  decline() {
    try {
      this.storage.setItem(DECLINED, "1");
    } catch {
      // Hidden for this page only.
    }
    this.$("reminder-offer").hidden = true;
  }
}
