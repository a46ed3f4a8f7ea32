// The screen between the end of a run and the server's verdict: "checking your run",
// or, when finish did not get through, what happened and a way to try again.

import * as words from "./words.js";

export class SendingScreen {
  /** `$`: the page's getElementById; `announce(text)`: the live region. */
  constructor($, { announce }) {
    this.$ = $;
    this.announce = announce;
  }

  /** Finish is on its way. */
  sending(finish) {
    this.$("send-error").hidden = true;
    this.$("sending-title").textContent = words.endTitle(finish.reason);
    this.$("sending-text").textContent = words.CHECKING;
  }

  /** Finish did not get through (`message`: why); the log is kept in the browser. */
  unsent(finish, message) {
    this.$("sending-title").textContent = words.NOT_SENT_TITLE;
    this.$("sending-text").textContent = words.notSentText(finish.clientScore);
    this.$("send-error-text").textContent = message;
    this.$("send-error").hidden = false;
    this.announce(words.notSentAnnouncement(message));
    this.$("send-retry").focus();
  }
}
