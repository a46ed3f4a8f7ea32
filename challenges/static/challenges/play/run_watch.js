// The server watching a run as it is played: the witness that sends its moves in batches
// (witness.js), the pace gate that holds a too-quick placement (pace.js), and the
// connection line that shows both (witness_view.js). One RunWatch per run.

import { DEFAULT_RULESET } from "../rules/index.js";
import { PaceGate } from "../lib/pace.js";
import { Witness } from "../lib/witness.js";
import { clearWitness, renderWitness } from "../lib/witness_view.js";

// The countdown to the end of the witness window is redrawn this often while it shows.
const COUNTDOWN_TICK_MS = 250;

export class RunWatch {
  #settled = false;

  /**
   * `runId`: the run watched; `moves`: the run log's moves, read live; `post(body)`: sends a batch; `now()`: the
   * run's clock; `timers`; `parts`: {link, notice, countdown} (witness_view.js); `online()`: the
   * browser's network flag; `onRejected(data)`: the server rejected the run (422);
   * `acknowledged`: how many moves the server holds already (a run resumed after a reload).
   */
  constructor({ runId, moves, post, now, timers, parts, online, onRejected, acknowledged = 0 }) {
    this.runId = runId;
    this.parts = parts;
    this.timers = timers;
    this.countdownTimer = null;
    this.online = online;
    this.stopped = false;
    this.witness = new Witness({
      moves,
      post,
      now,
      timers,
      windowMs: DEFAULT_RULESET.witnessWindowMs,
      // An answer for a run the player has left behind changes nothing on screen.
      onChange: () => !this.stopped && this.show(),
      onRejected: (data) => !this.stopped && onRejected(data),
    });
    // A resumed run: the server holds its first moves already.
    this.witness.acknowledged = acknowledged;
    this.pace = new PaceGate({ moves, floorMs: DEFAULT_RULESET.paceFloorMs, now, timers });
    clearWitness(parts);
    this.show();
  }

  show() {
    this.timers.clearTimeout(this.countdownTimer);
    const counting = renderWitness(this.parts, this.witness, {
      online: this.online(),
      windowMs: DEFAULT_RULESET.witnessWindowMs,
    });
    if (counting && !this.stopped) {
      this.countdownTimer = this.timers.setTimeout(() => this.show(), COUNTDOWN_TICK_MS);
    }
  }

  /** A move was played: it goes with the next batch. */
  moveAdded() {
    this.witness.moveAdded();
  }

  /** The network is back: what waits goes now. */
  nudge() {
    this.witness.nudge();
  }

  /**
   * Before finish, once per run: the batch in flight lands and one last batch goes.
   * Resolves to how many moves the server holds; null after the first call.
   */
  async settle() {
    if (this.#settled) {
      return null;
    }
    this.#settled = true;
    return this.witness.settle();
  }

  /** The run is over: a placement still held by the pace gate is dropped; the witness
   * goes on until finish settles it. */
  runEnded() {
    this.pace.cancel();
  }

  /** The player left this run behind (a new one started): no batch, no screen update. */
  stop() {
    this.stopped = true;
    this.timers.clearTimeout(this.countdownTimer);
    this.pace.cancel();
    this.witness.stop();
  }
}
