// The play page's state and the only code that changes it.
//
// A run goes ready → playing → ended, and from the end screen to submitting and back to
// ended, or to playing again. Each transition below checks that it may happen in the
// current phase, writes a new frozen snapshot of the state, and tells every listener
// what happened (an event). Everything else (input, HUD, tray, end screen) reads
// `machine.state` and reacts to events; nothing else writes. DOM-free: the clock is
// injected, so node tests drive whole runs.
//
// One thing in the state is not frozen: `run`, the rules engine's ChallengeRun, which
// changes as moves are played. Only this file calls its `place` and `draw` (a node
// test checks that); the other parts only ask it questions.

import { ChallengeRun } from "../rules/index.js";
import { rotationOf, submitAllowed } from "./machine_reads.js";

export {
  legalCells,
  misfitCode,
  rotationOf,
  snappedRotation,
  submitAllowed,
  submittable,
  tapPlacement,
} from "./machine_reads.js";

export const READY = "ready";
export const PLAYING = "playing";
export const ENDED = "ended";
export const SUBMITTING = "submitting";

// Which phase may follow which. `ended → ready`: a new run's start failed from the end
// screen. `ready → ended`: a run kept unsent in this browser is sent from the intro.
// `submitting → playing`: Play again does not wait for the submit's answer.
const NEXT_PHASES = Object.freeze({
  [READY]: [READY, PLAYING, ENDED],
  [PLAYING]: [ENDED],
  [ENDED]: [READY, PLAYING, ENDED, SUBMITTING],
  [SUBMITTING]: [READY, PLAYING, ENDED],
});

// What an ended run is waiting for: "waiting" (its last moment stays on screen before
// finish goes), "sending" (finish is on its way), "unsent" (it did not get through;
// the log is kept), "scored" (the server's verdict is in `finish.result`).
export const FINISH_STATUSES = Object.freeze(["waiting", "sending", "unsent", "scored"]);

/** An ended run's record (`state.finish`): none of its moves acknowledged yet. */
function finishRecord({ reason, runId, log, clientScore, endedAt, status, result }) {
  return frozen({ reason, runId, log, clientScore, endedAt, acknowledged: 0, status, message: null, result });
}

export class TransitionError extends Error {}

const NO_SELECTION = Object.freeze({ selected: null, rotations: Object.freeze({}), cursor: Object.freeze([0, 0]) });

const INITIAL = Object.freeze({
  phase: READY,
  run: null,
  runId: null,
  // Hard mode (no fit highlights, no auto-turn), chosen at the start, kept for the run.
  hard: false,
  // performance.now() when the run's clock started (the first touch of a tile), or null
  // while the deal waits for it: the run's clock counts from here.
  t0: 0,
  selection: NO_SELECTION,
  finish: null,
  // The player's standing after a valid run (standing.js): bests, place, runs, share.
  standing: null,
  submit: null,
});

function frozen(object) {
  return Object.freeze({ ...object });
}

/** The screen a state shows: intro, game, sending or end. */
export function screenOf(state) {
  if (state.phase === READY) return "intro";
  if (state.phase === PLAYING) return "game";
  if (state.phase === SUBMITTING) return "end";
  const { status } = state.finish;
  if (status === "waiting") {
    // The run's last moment stays on screen; a run recovered from the browser has none.
    return state.run === null ? "sending" : "game";
  }
  return { sending: "sending", unsent: "sending", scored: "end" }[status];
}

export class PlayMachine {
  #state = INITIAL;
  #listeners = new Set();
  #now;
  #timeLimitMs;
  #newRun;

  /**
   * `now()`: a monotonic clock in ms (performance.now); `timeLimitMs`: the run's limit;
   * `newRun({tray, well})`: the engine's run for a deal (ChallengeRun).
   */
  constructor({ now, timeLimitMs, newRun = (deal) => new ChallengeRun(deal) }) {
    this.#now = now;
    this.#timeLimitMs = timeLimitMs;
    this.#newRun = newRun;
  }

  get state() {
    return this.#state;
  }

  /** The run's clock: ms since it started (0 while the deal waits for a touch). */
  elapsed() {
    return this.#state.t0 === null ? 0 : this.#now() - this.#state.t0;
  }

  /** Whether the run's clock runs: a run is dealt first, and its clock starts at the
   * player's first touch of a tile (a pick, a turn, a placement or a draw). */
  get clockRunning() {
    return this.#state.phase === PLAYING && this.#state.t0 !== null;
  }

  /** Starts the dealt run's clock now, once. */
  clockStart() {
    if (!this.#playing() || this.#state.t0 !== null) {
      return;
    }
    this.#commit({ t0: this.#now() }, { type: "clockStarted" });
  }

  /** Calls `listener(event, state, previous)` after every transition; returns an unsubscribe. */
  subscribe(listener) {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  #commit(changes, event) {
    const previous = this.#state;
    const phase = changes.phase ?? previous.phase;
    if (!NEXT_PHASES[previous.phase].includes(phase) && phase !== previous.phase) {
      throw new TransitionError(`${event.type}: no way from ${previous.phase} to ${phase}`);
    }
    this.#state = frozen({ ...previous, ...changes });
    this.#tell(event, previous);
  }

  /** An event that changes nothing (a refusal, a notice): told, state untouched. */
  #tell(event, previous = this.#state) {
    for (const listener of this.#listeners) {
      listener(event, this.#state, previous);
    }
  }

  #require(...phases) {
    if (!phases.includes(this.#state.phase)) {
      throw new TransitionError(`not in ${phases.join(" or ")} but ${this.#state.phase}`);
    }
  }

  #playing() {
    return this.#state.phase === PLAYING;
  }

  #select(changes) {
    return frozen({ ...this.#state.selection, ...changes });
  }

  // ------------------------------------------------------------------ a run

  /** The server started a run (`data`: its start answer, {id, tray, well}): it is dealt,
   * and its clock waits for the first touch (`clockStart`). */
  begin({ id, tray, well, hard = false }) {
    this.#require(READY, ENDED, SUBMITTING);
    this.#deal(this.#newRun({ tray, well }), { runId: id, hard, t0: null }, { type: "started" });
  }

  /**
   * A run played before the page was reloaded goes on where it was: its deal, its
   * `moves` played again, and its own clock, `elapsedMs` into the run (null: the deal
   * was still waiting for its first touch). Moves the rules refuse are dropped there.
   */
  resume({ id, tray, well, moves, elapsedMs, hard = false }) {
    this.#require(READY);
    const run = this.#newRun({ tray, well });
    for (const move of moves) {
      const outcome = move.type === "draw" ? run.draw(move.t) : run.place(move.tile, move.cell, move.rotation, move.t);
      if (!outcome.ok) break;
    }
    const t0 = elapsedMs === null ? null : this.#now() - elapsedMs;
    this.#deal(run, { runId: id, hard, t0 }, { type: "started", resumed: true });
  }

  /** `run` is played from now (`changes`: its id, mode and clock), its first tile chosen. */
  #deal(run, changes, event) {
    const selection = frozen({ ...NO_SELECTION, selected: run.tray[0] ?? null });
    this.#commit({ phase: PLAYING, run, selection, finish: null, standing: null, submit: null, ...changes }, event);
  }

  /** The run could not start: back to the intro, with `message`. */
  startFailed(message) {
    this.#require(READY, ENDED, SUBMITTING);
    this.#commit(
      { phase: READY, run: null, runId: null, finish: null, standing: null, submit: null, selection: NO_SELECTION },
      { type: "startFailed", message },
    );
  }

  select(tileId) {
    const { run } = this.#state;
    if (!this.#playing() || tileId === null || !run.tray.includes(tileId)) {
      return;
    }
    this.clockStart();
    this.#commit({ selection: this.#select({ selected: tileId }) }, { type: "selected", tileId });
  }

  /** Turns `tileId` a third of a turn clockwise (rotation index 2 does that). */
  rotate(tileId) {
    if (!this.#playing() || !this.#state.run.tray.includes(tileId)) {
      return;
    }
    this.clockStart();
    const rotation = (rotationOf(this.#state, tileId) + 2) % 3;
    const rotations = Object.freeze({ ...this.#state.selection.rotations, [tileId]: rotation });
    this.#commit({ selection: this.#select({ rotations }) }, { type: "rotated", tileId, rotation });
  }

  /** The keyboard cursor moves to `cell`. */
  cursorTo(cell) {
    if (!this.#playing()) {
      return;
    }
    this.#commit({ selection: this.#select({ cursor: Object.freeze([cell[0], cell[1]]) }) }, { type: "cursor", cell });
  }

  /** Plays a placement now, on the run's clock. Ends the run when time is up or the
   * board is cleared. Returns true when the tile went down. */
  place(tileId, cell, rotation) {
    if (!this.#playing()) {
      return false;
    }
    const t = this.#moveTime();
    if (t === null) {
      return false;
    }
    const { run, selection } = this.#state;
    const outcome = run.place(tileId, cell, rotation, t);
    if (!outcome.ok) {
      this.#tell({ type: "placeRefused", tileId, cell, outcome });
      return false;
    }
    const rotations = { ...selection.rotations };
    delete rotations[tileId];
    this.#commit(
      {
        selection: this.#select({
          rotations: Object.freeze(rotations),
          // The placed tile left the tray: the first one is chosen instead.
          selected: run.tray.includes(selection.selected) ? selection.selected : (run.tray[0] ?? null),
          cursor: outcome.cleared ? selection.cursor : Object.freeze([cell[0], cell[1]]),
        }),
      },
      { type: "placed", tileId, cell, rotation, outcome },
    );
    if (outcome.cleared) {
      this.end("cleared");
    }
    return true;
  }

  /** Draws from the well now, on the run's clock. */
  draw() {
    if (!this.#playing()) {
      return false;
    }
    const { run } = this.#state;
    if (run.wellRemaining === 0) {
      this.#tell({ type: "wellEmpty" });
      return false;
    }
    const t = this.#moveTime();
    if (t === null) {
      return false;
    }
    const outcome = run.draw(t);
    if (!outcome.ok) {
      this.#tell({ type: "drawRefused", outcome });
      return false;
    }
    this.#commit({}, { type: "drew", tileId: run.tray[run.tray.length - 1], outcome });
    return true;
  }

  /** The run's clock for a move made now (starting it at a first touch); null, and the
   * run ended, once its time is up. */
  #moveTime() {
    this.clockStart();
    const t = this.elapsed();
    if (t >= this.#timeLimitMs) {
      this.end("time");
      return null;
    }
    return t;
  }

  // --------------------------------------------------------------- the end

  /** The run is over (`reason`: time, cleared or player); its log waits to be sent. */
  end(reason) {
    if (!this.#playing()) {
      return false;
    }
    const finish = this.#finishOf({ reason, status: "waiting", result: null });
    this.#commit({ phase: ENDED, finish }, { type: "ended", reason });
    return true;
  }

  /** The server rejected the run from a batch of moves (its 422 answer): it is over,
   * and that answer is its verdict; no finish is sent. */
  reject(data) {
    if (!this.#playing()) {
      return false;
    }
    const result = frozen({
      valid: false,
      score: data.score ?? 0,
      moves: Array.isArray(data.moves) ? data.moves : [],
      error: data.error ?? null,
      detail: data.detail,
      best_score: data.best_score,
    });
    const finish = this.#finishOf({ reason: "rejected", status: "scored", result });
    this.#commit({ phase: ENDED, finish }, { type: "ended", reason: "rejected" });
    return true;
  }

  /** A run kept unsent in this browser (unsent_runs.js's record) goes to the server. */
  recover(pending) {
    this.#require(READY);
    const finish = finishRecord({
      reason: "recovered",
      runId: pending.runId,
      log: pending.log,
      clientScore: pending.clientScore,
      endedAt: null,
      status: "waiting",
      result: null,
    });
    this.#commit({ phase: ENDED, run: null, runId: pending.runId, finish, standing: null, submit: null }, { type: "recovered" });
  }

  /** The record of the run played now, ended (`reason`) at this moment. */
  #finishOf({ reason, status, result }) {
    const { run, runId } = this.#state;
    return finishRecord({ reason, runId, log: run.toLog(), clientScore: run.score, endedAt: this.elapsed(), status, result });
  }

  #finishWith(changes, event) {
    this.#require(ENDED);
    if (this.#state.finish.status === "scored") {
      throw new TransitionError(`${event.type}: the run has its verdict already`);
    }
    this.#commit({ finish: frozen({ ...this.#state.finish, ...changes }) }, event);
  }

  /** Finish is (again) on its way. False while it already is. */
  finishSending() {
    if (this.#state.phase !== ENDED || this.#state.finish.status === "sending") {
      return false;
    }
    this.#finishWith({ status: "sending", message: null }, { type: "sending" });
    return true;
  }

  /** The server holds the run's first `count` moves: finish sends the rest. */
  finishAcknowledged(count) {
    this.#finishWith({ acknowledged: count }, { type: "acknowledged", count });
  }

  /** Finish did not get through; the log stays in the browser. */
  finishFailed(message) {
    this.#finishWith({ status: "unsent", message }, { type: "unsent", message });
  }

  /** The server's verdict on the run (finish's answer, or the run as the server kept it). */
  scored(result) {
    this.#finishWith({ status: "scored", result: frozen(result) }, { type: "scored", result });
  }

  /** The player's standing after this run came (standing.js reads it). */
  standingLoaded(standing) {
    const { phase, finish } = this.#state;
    if ((phase !== ENDED && phase !== SUBMITTING) || finish.status !== "scored" || standing.run !== finish.runId) {
      // An answer about a run the player has left behind.
      return;
    }
    this.#commit({ standing: frozen(standing) }, { type: "standing", standing });
  }

  // ------------------------------------------------------------ submitting

  /**
   * The player confirmed the submit of `runId` (the run just played, or another of
   * their runs of this challenge that the standing lists as submittable); it is on its
   * way. False when it cannot be submitted.
   */
  submitStart(runId = this.#state.finish?.runId) {
    if (!submitAllowed(this.#state, runId)) {
      return false;
    }
    this.#commit({ phase: SUBMITTING, submit: frozen({ runId, final: false }) }, { type: "submitting", runId });
    return true;
  }

  /** The submit's outcome (submit.js's submitOutcome). An answer that comes after the
   * player started another run changes nothing on screen. */
  submitDone(outcome) {
    if (this.#state.phase !== SUBMITTING) {
      return;
    }
    const runId = this.#state.submit.runId;
    this.#commit({ phase: ENDED, submit: frozen({ ...outcome, runId }) }, { type: "submitted", outcome, runId });
  }
}
