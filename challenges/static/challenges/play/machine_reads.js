// What the play page reads of the machine's state, DOM-free: where a tile fits, the
// rotation it snaps to, what a tap would place, why a tile does not fit, whether a
// verdict may go to the leaderboard and whether a run may be submitted now. machine.js
// re-exports them.

import { Placement, cellFormat, tileParse } from "../rules/index.js";

/** The rotation the player turned `tileId` to (0 until turned). */
export function rotationOf(state, tileId) {
  return state.selection.rotations[tileId] ?? 0;
}

/** The rotation the tray tile `tileId` snaps to on `cell`: the one the player turned it
 * to if it fits there, else the first that fits; null when it fits nowhere there. In
 * hard mode nothing turns by itself: the player's rotation, or null. */
export function snappedRotation(state, tileId, cell) {
  const turned = rotationOf(state, tileId);
  const snapped = state.run.snapRotation(tileId, cell, turned);
  return state.hard && snapped !== turned ? null : snapped;
}

/** What a tap on `cell` places while a run is played: the chosen tile in its snapped
 * rotation, or null (no run, nothing chosen, or the tile does not fit there). */
export function tapPlacement(state, cell) {
  const { selected } = state.selection;
  if (state.phase !== "playing" || selected === null) {
    return null;
  }
  const rotation = snappedRotation(state, selected, cell);
  return rotation === null ? null : { tileId: selected, rotation };
}

/** Why the tray tile `tileId`, as the player turned it, does not fit `cell`: the rules'
 * code (cell_occupied, first_not_at_origin, not_adjacent, corner_mismatch), or null
 * when it fits there in some rotation. */
export function misfitCode(state, tileId, cell) {
  if (state.run === null || snappedRotation(state, tileId, cell) !== null) {
    return null;
  }
  const placement = new Placement(tileParse(tileId), cell, rotationOf(state, tileId));
  return state.run.board.check(placement)?.code ?? "corner_mismatch";
}

/** The distinct cells where the tray tile `tileId` fits now. */
export function legalCells(run, tileId) {
  const cells = new Map();
  for (const move of run.legalPlacements(tileId)) {
    cells.set(cellFormat(move.cell), move.cell);
  }
  return [...cells.values()];
}

/** A finished run's verdict may go to the leaderboard: valid and eligible. */
export function submittable(result) {
  return Boolean(result?.valid) && result.eligible !== false;
}

/** Whether the player may submit `runId` now: the run just played if its verdict may go
 * to the leaderboard, or another of their runs that the standing lists as submittable;
 * never once the run just played is entered or a submit's answer is final. */
export function submitAllowed(state, runId) {
  const { phase, finish, submit, standing } = state;
  if (phase !== "ended" || finish.status !== "scored" || finish.result.submitted || submit?.final) {
    return false;
  }
  const listed = standing?.runs.find((run) => run.id === runId);
  return runId === finish.runId ? submittable(finish.result) && listed?.submittable !== false : Boolean(listed?.submittable);
}
