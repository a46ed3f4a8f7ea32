// A clock the tests move by hand, with the timers that run on it, and a server whose
// answers the tests choose: the witness and the pace guard take both injected.

/** Lets every pending promise callback run (the witness's answers are promises). */
export const settle = () => new Promise((resolve) => setImmediate(resolve));

export class FakeClock {
  constructor(start = 0) {
    this.time = start;
    this._timers = new Map();
    this._nextId = 1;
    this.now = () => this.time;
    this.setTimeout = (fn, ms) => {
      const id = this._nextId++;
      this._timers.set(id, { at: this.time + Math.max(0, ms), fn });
      return id;
    };
    this.clearTimeout = (id) => {
      this._timers.delete(id);
    };
  }

  /** Moves the clock on by `ms`, firing each timer due on the way at its own moment. */
  async advance(ms) {
    const end = this.time + ms;
    await settle();
    for (;;) {
      let next = null;
      for (const [id, timer] of this._timers) {
        if (timer.at <= end && (next === null || timer.at < next[1].at)) next = [id, timer];
      }
      if (next === null) break;
      this._timers.delete(next[0]);
      this.time = next[1].at;
      next[1].fn();
      await settle();
    }
    this.time = end;
    await settle();
  }

  /** Moves the clock to the run time `t`. */
  async to(t) {
    await this.advance(t - this.time);
  }
}

/**
 * The moves endpoint as the API describes it: it holds a prefix of the log, answers
 * 200 with what it holds and whether every move arrived within `windowMs` of its t,
 * 409 on a gap or a rewrite. `down` makes every batch fail as a dropped network does;
 * `answer` replaces the next answer. Records every batch with the clock's time.
 */
export class FakeServer {
  constructor(clock, { windowMs = 10000 } = {}) {
    this.clock = clock;
    this.windowMs = windowMs;
    this.late = false;
    this.held = [];
    this.batches = [];
    this.down = false;
    this.answer = null;
    this.eligible = true;
    this.post = async (body) => {
      this.batches.push({ at: this.clock.time, from: body.from, moves: body.moves.map((move) => move.t) });
      if (this.down) {
        throw new Error("offline");
      }
      if (this.answer !== null) {
        const answer = this.answer;
        this.answer = null;
        return typeof answer === "function" ? answer(body) : answer;
      }
      return this.receive(body);
    };
  }

  receive({ from, moves }) {
    const rewrites = moves.some((move, index) => from + index < this.held.length && this.held[from + index].t !== move.t);
    if (from > this.held.length || rewrites) {
      return { status: 409, data: { detail: "conflict", code: "moves_conflict", received: this.held.length } };
    }
    const fresh = moves.slice(this.held.length - from);
    this.late ||= fresh.some((move) => this.clock.time - move.t > this.windowMs);
    this.held.push(...fresh);
    const eligible = this.eligible && !this.late;
    const data = { received: this.held.length, score: 0, valid: true, eligible };
    if (!eligible) {
      data.ineligible = { code: "not_witnessed", detail: "A move reached the server more than 10 s after its t." };
    }
    return { status: 200, data };
  }
}
