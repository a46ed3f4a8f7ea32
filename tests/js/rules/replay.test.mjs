// replay.js: a log in, the valid prefix, its score and the first error out; never
// throws. Cases worked out by hand from RULES.md; the golden vectors (../vectors.test.mjs)
// hold the engine to the Python one on hundreds more.

import assert from "node:assert/strict";
import { describe, test } from "node:test";

import { replayChallenge } from "../../../challenges/static/challenges/rules/replay.js";
import { tileParse } from "../../../challenges/static/challenges/rules/tiles.js";
import { HEXAGON_MOVES, HEXAGON_TRAY, HEXAGON_WELL } from "./fixtures.mjs";

const replayHexagon = (moves, maxT = null) =>
  replayChallenge({ tray: HEXAGON_TRAY, well: HEXAGON_WELL, log: { moves }, maxT });

describe("scores", () => {
  test("a hexagon scores the tile's value plus 50", () => {
    const result = replayHexagon(HEXAGON_MOVES);
    assert.equal(result.error, null);
    assert.deepEqual(
      result.moves.map((move) => move.points),
      [1, 3, 5, 7, 9, 5 + 50],
    );
    assert.equal(result.moves[5].bonus, "hexagon");
    assert.equal(result.score, 1 + 3 + 5 + 7 + 9 + 55);
    assert.deepEqual([result.valid, result.tilesPlaced, result.draws, result.boardCleared], [true, 6, 0, false]);
    assert.deepEqual(Object.keys(result.toJson()), ["valid", "score", "moves"], "the Python to_json() shape");
  });

  test("a draw costs 5 and adds the next well tile to the tray", () => {
    const moves = [
      { t: 0, type: "draw" },
      { t: 10, type: "place", tile: HEXAGON_WELL[0], cell: [0, 0], rotation: 0 },
    ];
    const result = replayHexagon(moves);
    assert.equal(result.valid, true);
    assert.deepEqual(result.moves[0].toJson(), { points: -5, bonus: null });
    assert.equal(result.score, -5 + tileParse(HEXAGON_WELL[0]).value);
  });
});

describe("errors", () => {
  const first = HEXAGON_MOVES[0];
  const cases = [
    ["malformed", [{ ...first, t: "100" }], "'t' must be an integer number of ms, not a string"],
    ["malformed", [{ ...first, t: true }], "'t' must be an integer number of ms, not a boolean"],
    ["malformed", [{ ...first, t: 1.5 }], "'t' must be an integer number of ms, not a number with a fraction"],
    ["malformed", [{ ...first, type: "pass" }], "'type' must be 'place' or 'draw', not 'pass'"],
    ["malformed", [{ ...first, cell: [0] }], "a placement's 'cell' must be a list of two integers, not a list"],
    ["malformed", [{ ...first, cell: [0, false] }], "a placement's 'cell' must be two integers, not an integer and a boolean"],
    ["malformed", [{ ...first, rotation: null }], "a placement's 'rotation' must be an integer, not null"],
    ["malformed", [{ ...first, tile: 1 }], "a placement's 'tile' must be a string, not an integer"],
    ["malformed", [[1, 2]], "a move must be an object, not a list"],
    ["time_over", [{ ...first, t: 120001 }], "t=120001 ms is past the 120000 ms a run lasts"],
    ["time_over", [{ ...first, t: -1 }], "t=-1 ms is before the run started"],
    ["time_not_monotonic", [first, { ...HEXAGON_MOVES[1], t: 99 }], "t=99 ms comes before the previous move's t=100 ms"],
    ["unknown_tile", [{ ...first, tile: "1-0-0" }], "'1-0-0' is not a tile id (expected 'a-b-c' with 0 <= a <= b <= c <= 5)"],
    ["tile_not_in_tray", [{ ...first, tile: "1-1-1" }], "tile 1-1-1 is not in the tray: it is still in the well (16 draws away)"],
    ["tile_not_in_tray", [first, { ...first, t: 150, cell: [0, 1] }], "tile 0-0-1 is not in the tray: it is already on the board at [0, 0]"],
    ["bad_rotation", [{ ...first, rotation: 3 }], "rotation must be 0, 1 or 2, not 3"],
    ["cell_occupied", [first, { ...HEXAGON_MOVES[1], cell: [0, 0] }], "cell [0, 0] is already taken (by 0-0-1)"],
    ["first_not_at_origin", [{ ...first, cell: [0, 1] }], "the first tile must go on [0, 0], not on [0, 1]"],
    ["not_adjacent", [first, { ...HEXAGON_MOVES[1], cell: [0, 3] }], "cell [0, 3] shares no edge with a tile on the board"],
    [
      "corner_mismatch",
      [first, { ...HEXAGON_MOVES[1], rotation: 1 }],
      "corner 0 of [0, 1] lands on point (1, 2), which shows 0, but 0-1-2 in rotation 1 puts 1 there",
    ],
  ];
  for (const [code, moves, detail] of cases) {
    test(`${code}: ${JSON.stringify(moves.at(-1))}`, () => {
      const result = replayHexagon(moves);
      assert.equal(result.valid, false);
      assert.deepEqual(result.error.toJson(), { move: moves.length - 1, code, detail });
      assert.equal(result.moves.length, moves.length - 1, "the valid prefix is kept");
    });
  }

  test("the first code of the table wins when a move breaks several rules", () => {
    const result = replayHexagon([first, { t: 150, type: "place", tile: "9-9-9", cell: [0, 0], rotation: 7 }]);
    assert.equal(result.error.code, "unknown_tile");
    const late = replayHexagon([first, { ...HEXAGON_MOVES[1], t: 200000 }]);
    assert.equal(late.error.code, "time_over");
  });

  test("max_t caps the allowed time", () => {
    const result = replayHexagon(HEXAGON_MOVES, 450);
    assert.deepEqual(result.error.toJson(), {
      move: 4,
      code: "time_over",
      detail: "t=500 ms, but the server's clock had only reached 450 ms",
    });
    assert.equal(result.score, 1 + 3 + 5 + 7);
  });

  test("drawing from an empty well is an error", () => {
    const draws = Array.from({ length: 48 }, (_, i) => ({ t: i, type: "draw" }));
    const result = replayHexagon(draws);
    assert.deepEqual(result.error.toJson(), { move: 47, code: "well_empty", detail: "the well is empty: nothing to draw" });
    assert.equal(result.score, -5 * 47);
  });

  test("a log that is not an object with a list of moves is refused before replay", () => {
    const cases = [
      [null, "a run log must be an object, not null"],
      [[], "a run log must be an object, not a list"],
      ["moves", "a run log must be an object, not a string"],
      [true, "a run log must be an object, not a boolean"],
      [{ moves: {} }, "a run log's 'moves' must be a list, not an object"],
      [{ move: [] }, "a run log's 'moves' must be a list, not null"],
    ];
    for (const [log, detail] of cases) {
      const result = replayChallenge({ tray: HEXAGON_TRAY, well: HEXAGON_WELL, log });
      assert.deepEqual(result.toJson(), { valid: false, score: 0, error: { move: null, code: "bad_log", detail }, moves: [] });
    }
  });

  test("a tray and well that are not 9 + 47 distinct tiles are a bad challenge", () => {
    const log = { moves: [] };
    const bad = [
      [HEXAGON_TRAY.slice(0, 8), HEXAGON_WELL, "the tray must hold 9 tiles, not 8"],
      [HEXAGON_TRAY, [...HEXAGON_WELL.slice(1), HEXAGON_TRAY[0]], "the tray and the well must hold each of the 56 tiles exactly once"],
      [[...HEXAGON_TRAY.slice(1), "1-0-0"], HEXAGON_WELL, "the tray holds '1-0-0', which is not a tile id"],
      [null, HEXAGON_WELL, "the tray must be a list of tile ids, not null"],
      [HEXAGON_TRAY, "x", "the well must be a list of tile ids, not a string"],
    ];
    for (const [tray, well, detail] of bad) {
      assert.deepEqual(replayChallenge({ tray, well, log }).error.toJson(), { move: null, code: "bad_challenge", detail });
    }
    const floatMaxT = replayChallenge({ tray: HEXAGON_TRAY, well: HEXAGON_WELL, log, maxT: new Number(5) });
    assert.equal(floatMaxT.error.detail, "max_t must be an integer or None, not 5.0");
  });

  test("never throws, whatever the log holds", () => {
    const junk = [
      undefined, NaN, Infinity, {}, { moves: [null] }, { moves: [undefined] }, { moves: [[]] },
      { moves: [{}] }, { moves: [{ t: 0 }] }, { moves: [{ t: 0, type: "place" }] },
      { moves: [{ t: 0, type: "place", tile: "0-0-1", cell: [0, 0], rotation: 2 }, 5] },
      { moves: [{ t: 1e300, type: "draw" }] }, { moves: [{ t: -0, type: "draw" }] },
      { moves: [{ t: 0, type: "place", tile: "0-0-1", cell: [1e300, -1e300], rotation: 0 }] },
      { moves: [{ t: 0, type: "place", tile: "constructor", cell: [0, 0], rotation: 0 }] },
      { moves: [{ t: 0, type: "place", tile: "__proto__", cell: [0, 0], rotation: 0 }] },
      JSON.parse('{"moves": [{"t": 0, "type": "draw", "__proto__": {"t": "x"}}]}'),
      { moves: [Object.create({ t: 0, type: "draw" })] },
    ];
    for (const log of junk) {
      const result = replayChallenge({ tray: HEXAGON_TRAY, well: HEXAGON_WELL, log });
      assert.equal(typeof result.valid, "boolean");
      assert.ok(Number.isInteger(result.score));
    }
    const inherited = replayChallenge({ tray: HEXAGON_TRAY, well: HEXAGON_WELL, log: { moves: [Object.create({ t: 0, type: "draw" })] } });
    assert.equal(inherited.error.detail, "'t' must be an integer number of ms, not null", "only own fields count");
  });
});
