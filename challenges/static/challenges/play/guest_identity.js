// A visitor's guest identity (docs/first_visit.md): asked of the server once,
// before the visitor's first run starts; the server keeps it in a signed cookie. DOM-free.

import { guestFailed } from "./words.js";

export class GuestIdentity {
  /**
   * `api(url, options)` answers {status, data} (or throws when the network fails);
   * `onFailed(message)` tells the visitor why no run can start; `onLoggedIn()` is
   * called when the browser turns out to be logged in already (another tab).
   */
  constructor({ api, url, onFailed, onLoggedIn }) {
    this.api = api;
    this.url = url;
    this.onFailed = onFailed;
    this.onLoggedIn = onLoggedIn;
    this.ready = false;
  }

  /** True once this browser has its guest identity; false (the reason told) when the
   * server refuses it or cannot be reached. */
  async ensure() {
    if (this.ready) {
      return true;
    }
    let answer;
    try {
      answer = await this.api(this.url, { method: "POST" });
    } catch (error) {
      this.onFailed(error.message);
      return false;
    }
    if (answer.status === 200 || answer.status === 201) {
      this.ready = true;
      return true;
    }
    if (answer.status === 409) {
      this.onLoggedIn();
      return false;
    }
    this.onFailed(answer.data?.detail ?? guestFailed(answer.status));
    return false;
  }
}
