// play/drag.js in hard mode: a carried tile lights up no cell, is pulled to no fitting
// cell and is turned by nothing; it goes where it is let go, as the player turned it.

import assert from "node:assert/strict";
import { test } from "node:test";

import { dragCells, dragTarget } from "../../../challenges/static/challenges/play/drag.js";
import { PlayMachine, legalCells, rotationOf } from "../../../challenges/static/challenges/play/machine.js";
import { HEXAGON_MOVES, HEXAGON_TRAY, HEXAGON_WELL } from "../rules/fixtures.mjs";
import { FakeClock } from "./fake_clock.mjs";

/** A run of the hexagon deal (`hard` or not) after its first move, and a tray tile with
 * a cell where it fits only in another rotation than the one the player gave it (0). */
function afterFirstMove(hard) {
  const clock = new FakeClock(5000);
  const machine = new PlayMachine({ now: clock.now, timeLimitMs: 120000 });
  machine.begin({ id: "run-1", tray: HEXAGON_TRAY, well: HEXAGON_WELL, hard });
  const { tile, cell, rotation, t } = HEXAGON_MOVES[0];
  machine.clockStart();
  clock.time = machine.state.t0 + t;
  assert.ok(machine.place(tile, cell, rotation));
  const { state } = machine;
  for (const tileId of state.run.tray) {
    for (const fitting of legalCells(state.run, tileId)) {
      if (!state.run.fittingRotations(tileId, fitting).includes(rotationOf(state, tileId))) {
        return { state, tileId, cell: fitting, turned: state.run.snapRotation(tileId, fitting) };
      }
    }
  }
  throw new Error("the deal has no tile that fits only turned");
}

test("without hard mode a carried tile lights its cells, snaps to one and turns to fit", () => {
  const { state, tileId, cell, turned } = afterFirstMove(false);
  assert.ok(dragCells(state, tileId).length > 0);
  const target = dragTarget(state, tileId, { under: [9, 9], nearest: cell });
  assert.deepEqual(target, { cell, rotation: turned, snapped: true, fits: true });
  assert.notEqual(turned, 0);
});

test("in hard mode a carried tile lights nothing, snaps nowhere and keeps its rotation", () => {
  const { state, tileId, cell } = afterFirstMove(true);
  assert.deepEqual(dragCells(state, tileId), [], "no cell lights up");
  // Held over another cell, near one where it fits turned: it stays over its own cell.
  const away = [cell[0] + 5, cell[1] + 5];
  assert.deepEqual(dragTarget(state, tileId, { under: away, nearest: cell }), {
    cell: away,
    rotation: 0,
    snapped: false,
    fits: false,
  });
  // Over the cell where it fits only turned: not turned, so it would not go down.
  assert.deepEqual(dragTarget(state, tileId, { under: cell, nearest: null }), {
    cell,
    rotation: 0,
    snapped: false,
    fits: false,
  });
  assert.equal(dragTarget(state, tileId, { under: null, nearest: cell }), null, "off the board");
});

test("in hard mode a tile turned the way it fits goes down where it is let go", () => {
  const { state, tileId, cell, turned } = afterFirstMove(true);
  const turnedState = { ...state, selection: { ...state.selection, rotations: { [tileId]: turned } } };
  assert.deepEqual(dragTarget(turnedState, tileId, { under: cell, nearest: null }), {
    cell,
    rotation: turned,
    snapped: false,
    fits: true,
  });
});
