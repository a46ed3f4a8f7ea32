// The run's requests to the server (API.md): start, finish and submit, each moving the
// machine on with the answer. DOM-free: the request function and the URLs are
// injected, so node tests play a whole run against a fake server.

import { finishSend } from "./finish.js";
import { submitSend } from "./submit.js";
import { startFailed } from "./words.js";

export class RunRequests {
  /**
   * - `machine`: the PlayMachine;
   * - `api(url, {method, body})`: resolves to {status, data}, rejects when offline;
   * - `urls`: {start, finish(runId), run(runId), submit(runId), standing(runId)};
   * - `watchOf(runId)`: the RunWatch of that run, if it is the one played last;
   * - `later(fn, ms)`: runs `fn` after `ms` (finish is sent again after a 503);
   * - `onStart(data)`: the start answer, before the run begins (its ghosts);
   * - `startBody()`: the start's body (`{hard}`), or undefined for none.
   */
  constructor({ machine, api, urls, watchOf, later = () => {}, onStart = () => {}, startBody = () => undefined }) {
    Object.assign(this, { machine, api, urls, watchOf, later, onStart, startBody });
  }

  /**
   * Asks the server for a new run. Resolves to "started", "login" (the player is not
   * logged in: send them to log in), "closed" (the challenge has closed) or "failed";
   * on the last two the machine is back at the intro with the server's words.
   */
  async start() {
    let response;
    try {
      response = await this.api(this.urls.start, { method: "POST", body: this.startBody() });
    } catch (error) {
      this.machine.startFailed(error.message);
      return "failed";
    }
    const { status, data } = response;
    if (status === 201) {
      this.onStart(data);
      this.machine.begin(data);
      return "started";
    }
    if (status === 401 || status === 403) {
      return "login";
    }
    this.machine.startFailed(data.detail ?? startFailed(status));
    return status === 409 ? "closed" : "failed";
  }

  /** Sends the ended run's log (again, after a failure) until the server gives its
   * verdict or the request fails. Does nothing while a finish is on its way. */
  async finish() {
    const machine = this.machine;
    if (!machine.finishSending()) {
      return;
    }
    const { runId } = machine.state.finish;
    const watch = this.watchOf(runId);
    if (watch) {
      // The batch in flight lands, and one last batch goes, before finish: then finish
      // carries only what the server has not acknowledged.
      const held = await watch.settle();
      if (held !== null) {
        machine.finishAcknowledged(held);
      }
    }
    const { finish } = machine.state;
    const outcome = await finishSend({
      log: finish.log,
      acknowledged: finish.acknowledged,
      post: (body) => this.api(this.urls.finish(runId), { method: "POST", body }),
      fetchRun: () => this.api(this.urls.run(runId)),
      onAcknowledged: (count) => machine.finishAcknowledged(count),
    });
    if (outcome.kind === "scored") {
      machine.scored(outcome.result);
    } else {
      machine.finishFailed(outcome.message);
      if (outcome.retryInMs) {
        this.later(() => this.finish(), outcome.retryInMs);
      }
    }
  }

  /** Submits the run just played (or `runId`, another of the player's runs of this
   * challenge) as the player's entry, if it may be submitted; then reads the standing
   * again, which the entry changed. */
  async submit(runId = this.machine.state.finish?.runId) {
    if (!this.machine.submitStart(runId)) {
      return;
    }
    const outcome = await submitSend(() => this.api(this.urls.submit(runId), { method: "POST" }));
    this.machine.submitDone(outcome);
    if (outcome.kind !== "error") {
      await this.standing();
    }
  }

  /** Reads the player's standing after the run just played (a valid one only); an answer
   * that does not come changes nothing (the end screen shows what finish said). */
  async standing() {
    const { finish } = this.machine.state;
    if (finish?.status !== "scored" || !finish.result.valid) {
      return;
    }
    try {
      const { status, data } = await this.api(this.urls.standing(finish.runId));
      if (status === 200) {
        this.machine.standingLoaded(data);
      }
    } catch {
      // Offline: the end screen stands without the standing.
    }
  }
}
