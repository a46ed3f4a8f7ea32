// run.js: the run the play page drives. Every move goes through the same checks as the
// replay, so a log built here replays to the same score.

import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { test } from "node:test";

import { replayChallenge } from "../../../challenges/static/challenges/rules/replay.js";
import { ChallengeRun } from "../../../challenges/static/challenges/rules/run.js";
import { DEFAULT_RULESET, Ruleset } from "../../../challenges/static/challenges/rules/ruleset.js";
import { HEXAGON_MOVES, HEXAGON_TRAY, HEXAGON_WELL } from "./fixtures.mjs";

const RULESET_DOCUMENT = JSON.parse(
  readFileSync(new URL("../../../challenges/static/challenges/rules/ruleset.json", import.meta.url), "utf8"),
);
const newRun = () => new ChallengeRun({ tray: HEXAGON_TRAY, well: HEXAGON_WELL });

test("builds a log that the replay scores the same, with clamped, ordered times", () => {
  const run = newRun();
  for (const move of HEXAGON_MOVES) {
    const outcome = run.place(move.tile, move.cell, move.rotation, move.t + 0.4);
    assert.equal(outcome.ok, true);
  }
  assert.equal(run.draw(-50).ok, true, "a time before the last move is clamped up");
  assert.equal(run.draw(999999).ok, true, "a time past the limit is clamped down");
  const log = run.toLog();
  assert.deepEqual(log.moves.map((move) => move.t), [100, 200, 300, 400, 500, 600, 600, DEFAULT_RULESET.timeLimitMs]);
  const replayed = replayChallenge({ tray: HEXAGON_TRAY, well: HEXAGON_WELL, log });
  assert.equal(replayed.valid, true);
  assert.equal(replayed.score, run.score);
  assert.equal(run.wellRemaining, 45);
  assert.equal(run.tray.length, 3 + 2);
  assert.equal(run.tray.at(-1), HEXAGON_WELL[1], "a drawn tile goes last in the tray");
});

test("a refused move changes nothing and says why, in the replay's words", () => {
  const run = newRun();
  const refused = run.place("0-1-2", [0, 1], 0, 5);
  assert.deepEqual(refused, {
    ok: false,
    code: "first_not_at_origin",
    detail: "the first tile must go on [0, 0], not on [0, 1]",
  });
  assert.deepEqual([run.log.length, run.score, run.tray.length, run.board.size], [0, 0, 9, 0]);
  const { outcome, error } = run.playMove({ t: 5, type: "place", tile: "5-5-5", cell: [0, 0], rotation: 0 }, { maxT: 4 });
  assert.equal(outcome, null);
  assert.deepEqual(error, { code: "time_over", detail: "t=5 ms, but the server's clock had only reached 4 ms" });
});

test("snaps to the preferred rotation when it fits, else to one that does", () => {
  const run = newRun();
  assert.deepEqual(run.fittingRotations("0-0-1", [0, 0]), [0, 1, 2], "every rotation fits the empty origin");
  assert.equal(run.snapRotation("0-0-1", [0, 0], 1), 1);
  assert.equal(run.snapRotation("0-0-1", [0, 1], 1), null, "only the origin at first");
  run.place("0-0-1", [0, 0], 2, 0);
  assert.deepEqual(run.fittingRotations("0-1-2", [0, 1]), [0]);
  assert.equal(run.snapRotation("0-1-2", [0, 1], 2), 0);
  assert.equal(run.snapRotation("0-1-2", [1, 0], 0), null);
  assert.equal(run.snapRotation("5-5-5", [0, 1], 0), null);
  assert.deepEqual(run.fittingRotations("1-1-1", [0, 1]), [], "not in the tray");
  run.place("0-1-2", [0, 1], 0, 1);
  assert.deepEqual(run.preview("0-2-3", [0, 2]).toJson(), { points: 5, bonus: null });
  assert.deepEqual(
    run.legalPlacements("0-2-3").map(String),
    ["0-2-3@0,2r1"],
  );
  assert.ok(run.legalPlacements().length > 1);
});

test("the time limit is the ruleset's, the one source of it", () => {
  const short = new Ruleset({ ...RULESET_DOCUMENT, time_limit_ms: 1000 });
  const run = new ChallengeRun({ tray: HEXAGON_TRAY, well: HEXAGON_WELL, ruleset: short });
  assert.equal(run.timeLimitMs, 1000);
  run.draw(5000);
  assert.equal(run.lastT, 1000, "clamped to the ruleset's limit");
  assert.equal(newRun().timeLimitMs, DEFAULT_RULESET.timeLimitMs);
});

test("a challenge that is not one is refused with the replay's detail", () => {
  assert.throws(() => new ChallengeRun({ tray: HEXAGON_TRAY.slice(1), well: HEXAGON_WELL }), {
    name: "RangeError",
    message: "the tray must hold 9 tiles, not 8",
  });
});

