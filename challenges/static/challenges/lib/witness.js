// The run's moves go to the server while the run is played, so the server sees each
// one arrive: a leaderboard run must be witnessed, every move reaching the server at
// most witness_window_ms after its t (RULES.md, "Leaderboard eligibility").
//
// Batches (API.md, "Moves while playing"): right after the first move, then at most
// every BATCH_INTERVAL_MS while moves wait, each carrying every move the server has
// not acknowledged, from the acknowledged index on. A failed batch (no network, 5xx,
// any answer that acknowledges nothing) is simply followed by the next one, which
// resends from the same index; the server takes a batch twice harmlessly. A 409 says
// how many moves the server holds: the next batch starts there. A 422 means a move
// broke a rule and the server rejected the run.
//
// The witness also knows, at once, when the run can no longer be eligible: the oldest
// unacknowledged move is older than the window on the run's clock, or the server said
// so. DOM-free: the clock, the timers and the request are injected, so node tests
// drive every schedule.

export const BATCH_INTERVAL_MS = 3000;

/** The body of finish: the moves after those the server acknowledged, or the whole
 * log when it holds none (API.md, "Finish"). */
export function finishBody(moves, acknowledged) {
  const copy = (list) => list.map((move) => ({ ...move }));
  if (acknowledged <= 0) {
    return { moves: copy(moves) };
  }
  return { from: acknowledged, moves: copy(moves.slice(acknowledged)) };
}

export class Witness {
  /**
   * - `moves`: the run log's moves, read live (the run appends to it; never changed here);
   * - `post(body)`: sends a batch, resolves to {status, data}, rejects when the network fails;
   * - `now()`: the run's clock in ms, the clock of the moves' `t`;
   * - `timers`: {setTimeout, clearTimeout};
   * - `windowMs`: the ruleset's witness_window_ms;
   * - `onChange()`: after every answer (or failure), and when the verdict changes;
   * - `onRejected(data)`: the server rejected the run (its 422 answer).
   */
  constructor({ moves, post, now, timers, windowMs, intervalMs = BATCH_INTERVAL_MS, onChange = () => {}, onRejected = () => {} }) {
    Object.assign(this, { moves, post, now, timers, windowMs, intervalMs, onChange, onRejected });
    this.acknowledged = 0;
    // "idle" until the first answer (nothing sent yet), then "live" or "retrying"
    // after each batch.
    this.connection = "idle";
    // null while the run can still be eligible; else {code, source, move}, and the server's
    // `reason` (its code and figures, API.md "Eligibility").
    this.verdict = null;
    this.lastSentAt = null;
    this.inFlight = null;
    this.stopped = false;
    this._settling = false;
    this._sendTimer = null;
    this._deadlineTimer = null;
  }

  /** How many moves the server has not acknowledged. */
  get unsent() {
    return this.moves.length - this.acknowledged;
  }

  /** The run made a move: send it now, or with the batch already due. */
  moveAdded() {
    this._schedule();
    this._watchDeadline();
  }

  /** Send what waits now, without waiting for the interval (the network is back). */
  nudge() {
    if (this.stopped || this._settling || this.inFlight !== null || this.unsent === 0) {
      return;
    }
    this._send();
  }

  /**
   * Before finish: waits for the batch in flight, sends one last batch of what waits,
   * and stops. Resolves to the number of moves the server acknowledged; never rejects.
   */
  async settle() {
    // From here on only this last batch goes out: no timer sends another beside it.
    this._settling = true;
    this._clear("_sendTimer");
    while (this.inFlight !== null) {
      await this.inFlight;
    }
    if (!this.stopped && this.unsent > 0) {
      await this._send();
    }
    this.stop();
    return this.acknowledged;
  }

  /** No more batches, no more timers (the run ended). */
  stop() {
    this.stopped = true;
    this._clear("_sendTimer");
    this._clear("_deadlineTimer");
  }

  _clear(name) {
    if (this[name] !== null) {
      this.timers.clearTimeout(this[name]);
      this[name] = null;
    }
  }

  // ----------------------------------------------------------------- batches

  _schedule() {
    if (this.stopped || this._settling || this.inFlight !== null || this._sendTimer !== null || this.unsent === 0) {
      return;
    }
    const due = this.lastSentAt === null ? 0 : this.lastSentAt + this.intervalMs - this.now();
    if (due <= 0) {
      this._send();
      return;
    }
    this._sendTimer = this.timers.setTimeout(() => {
      this._sendTimer = null;
      this._schedule();
    }, due);
  }

  _send() {
    this._clear("_sendTimer");
    const from = this.acknowledged;
    const batch = this.moves.slice(from).map((move) => ({ ...move }));
    this.lastSentAt = this.now();
    // inFlight covers the whole exchange, its bookkeeping included, so whoever awaits
    // it sees the index the answer set.
    this.inFlight = Promise.resolve()
      .then(() => this.post({ from, moves: batch }))
      .then(
        (answer) => this._answered(from, answer),
        () => this._failed(),
      )
      .then(() => {
        this.inFlight = null;
        this._schedule();
        this._watchDeadline();
        this.onChange();
      });
    return this.inFlight;
  }

  _answered(from, { status, data }) {
    const received = Number.isInteger(data?.received) ? Math.min(Math.max(data.received, 0), this.moves.length) : null;
    if (status === 200 && received !== null) {
      this.acknowledged = received;
      this._serverVerdict(data, received);
      this._setConnection("live");
      return;
    }
    if (status === 409 && received !== null) {
      // A gap or a rewrite: the server says what it holds, and the next batch starts
      // there. Sent again at once only when that moved the index, so a conflict the
      // browser cannot resolve is not resent in a loop.
      const moved = received !== from;
      this.acknowledged = received;
      this._setConnection("live");
      if (moved) {
        this.lastSentAt = null;
      }
      return;
    }
    if (status === 422) {
      this.stop();
      this.onRejected(data ?? {});
      return;
    }
    this._failed();
  }

  _failed() {
    this._setConnection("retrying");
  }

  _setConnection(connection) {
    this.connection = connection;
  }

  // ------------------------------------------------------------ eligibility

  _serverVerdict(data, received) {
    if (data.eligible === false) {
      // The reason's figures go with it: the page words it from them (witness_words.js).
      const reason = data.ineligible ?? {};
      this._setVerdict({ code: reason.code ?? "not_witnessed", source: "server", move: null, reason });
    } else if (data.eligible === true && this.verdict?.source === "local" && received > this.verdict.move) {
      // The browser's clock judged a move late because no answer came in time, but the
      // server holds it and says the run is still eligible: the answer was lost, not
      // the move. The server's word stands.
      this._setVerdict(null);
    }
  }

  _setVerdict(verdict) {
    if (verdict !== null && this.verdict?.source === "server") {
      return;
    }
    this.verdict = verdict;
    this.onChange();
  }

  /** How long the oldest move the server has not acknowledged may still wait before
   * the run can no longer be eligible (ms on the run's clock, never below 0); null when
   * no move waits or the verdict is in. */
  msLeft() {
    if (this.verdict !== null || this.unsent === 0) {
      return null;
    }
    return Math.max(0, this.windowMs - (this.now() - this.moves[this.acknowledged].t));
  }

  /** Keeps a timer on the moment the oldest unacknowledged move runs out of window. */
  _watchDeadline() {
    this._clear("_deadlineTimer");
    if (this.stopped || this.verdict !== null || this.unsent === 0) {
      return;
    }
    const index = this.acknowledged;
    const late = this.now() - this.moves[index].t - this.windowMs;
    if (late > 0) {
      this._setVerdict({ code: "not_witnessed", source: "local", move: index });
      return;
    }
    // At the window's last millisecond the move is still in time: look just after it.
    this._deadlineTimer = this.timers.setTimeout(() => {
      this._deadlineTimer = null;
      this._watchDeadline();
    }, 1 - late);
  }
}
