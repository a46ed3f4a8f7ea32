// The pace guard: two placements less than pace_floor_ms apart make a run ineligible
// (RULES.md, "Leaderboard eligibility"), and an honest player must never do that by
// accident (a double tap, a quick key). A placement that comes too soon is held until
// its moment and then played; a further one while one is held is refused, and the page
// shakes the tile. Draws are not limited. DOM-free: clock and timers are injected.

/** The `t` of the last placement in `moves`, or null when there is none. */
export function lastPlacementT(moves) {
  for (let index = moves.length - 1; index >= 0; index -= 1) {
    if (moves[index].type === "place") {
      return moves[index].t;
    }
  }
  return null;
}

/** How many ms a placement at `t` must wait to be `floorMs` after the last one (0: none). */
export function paceWait(moves, t, floorMs) {
  const last = lastPlacementT(moves);
  return last === null ? 0 : Math.max(0, last + floorMs - t);
}

export class PaceGate {
  /**
   * `moves`: the run log's moves, read live; `now()`: the run's clock in ms, rounded
   * as the run rounds a move's `t`; `timers`: {setTimeout, clearTimeout}.
   */
  constructor({ moves, floorMs, now, timers }) {
    Object.assign(this, { moves, floorMs, now, timers });
    this._held = null;
  }

  /** True while a placement waits for its moment. */
  get holding() {
    return this._held !== null;
  }

  /**
   * Asks to play a placement: `place()` plays it. Returns "placed" (played now), "held"
   * (played once the floor has passed) or "refused" (another one is already held).
   */
  request(place) {
    if (this._held !== null) {
      return "refused";
    }
    const wait = paceWait(this.moves, Math.round(this.now()), this.floorMs);
    if (wait === 0) {
      place();
      return "placed";
    }
    this._held = this.timers.setTimeout(() => {
      this._held = null;
      // Timers may fire a little early on a coarse clock: ask again rather than trust it.
      this.request(place);
    }, wait);
    return "held";
  }

  /** Drops the held placement (the run ended). */
  cancel() {
    if (this._held !== null) {
      this.timers.clearTimeout(this._held);
      this._held = null;
    }
  }
}
