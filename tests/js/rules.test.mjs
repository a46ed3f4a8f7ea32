// Unit tests of the JavaScript rules port, worked out by hand from RULES.md.

import assert from "node:assert/strict";
import { describe, test } from "node:test";

import {
  Board,
  ChallengeRun,
  TILE_IDS,
  Tile,
  cellCorners,
  cellIsUp,
  cellNeighbours,
  legalMoves,
  pointCells,
  replayChallenge,
  tileFormat,
  tileParse,
} from "../../challenges/static/challenges/rules.js";

// A challenge whose tray holds the six tiles of the hexagon below plus three others.
const HEXAGON_TRAY = ["0-0-1", "0-1-2", "0-2-3", "0-3-4", "0-4-5", "0-0-5", "5-5-5", "4-4-4", "3-3-3"];
const HEXAGON_WELL = TILE_IDS.filter((id) => !HEXAGON_TRAY.includes(id));

// Six tiles around point (1, 2), which shows 0; the ring of outer points shows
// (0,1)=1, (0,3)=2, (1,4)=3, (2,3)=4, (2,1)=5, (1,0)=0. Rotations solved by hand.
const HEXAGON_MOVES = [
  { t: 100, type: "place", tile: "0-0-1", cell: [0, 0], rotation: 2 },
  { t: 200, type: "place", tile: "0-1-2", cell: [0, 1], rotation: 0 },
  { t: 300, type: "place", tile: "0-2-3", cell: [0, 2], rotation: 1 },
  { t: 400, type: "place", tile: "0-3-4", cell: [1, 2], rotation: 2 },
  { t: 500, type: "place", tile: "0-4-5", cell: [1, 1], rotation: 0 },
  { t: 600, type: "place", tile: "0-0-5", cell: [1, 0], rotation: 2 },
];

const replayHexagon = (moves, maxT = null) =>
  replayChallenge({ tray: HEXAGON_TRAY, well: HEXAGON_WELL, log: { moves }, maxT });

describe("tiles", () => {
  test("there are 56 canonical ids, sorted, each with ascending numbers", () => {
    assert.equal(TILE_IDS.length, 56);
    assert.equal(new Set(TILE_IDS).size, 56);
    assert.deepEqual([...TILE_IDS].sort(), [...TILE_IDS]);
    assert.equal(TILE_IDS[0], "0-0-0");
    assert.equal(TILE_IDS[55], "5-5-5");
    for (const id of TILE_IDS) {
      const tile = tileParse(id);
      assert.ok(tile.a <= tile.b && tile.b <= tile.c);
      assert.equal(tileFormat(tile), id);
      assert.equal(tile.value, tile.a + tile.b + tile.c);
    }
  });

  test("non-canonical spellings are not tiles", () => {
    for (const text of ["3-2-1", "1-2-6", "1-2", "1-2-3-4", " 1-2-3", "1-2-3 ", "1,2,3", "123", "", "a-b-c", "١-٢-٣"]) {
      assert.throws(() => tileParse(text), RangeError, text);
    }
    for (const junk of [null, undefined, 7, ["1-2-3"], { a: 1 }, true]) {
      assert.throws(() => tileParse(junk), RangeError);
    }
  });

  test("rotation i puts numbers[(corner + i) % 3] at each corner", () => {
    const tile = new Tile(1, 2, 5);
    assert.deepEqual(tile.cornerNumbers(0), [1, 2, 5]);
    assert.deepEqual(tile.cornerNumbers(1), [2, 5, 1]);
    assert.deepEqual(tile.cornerNumbers(2), [5, 1, 2]);
  });
});

describe("geometry", () => {
  test("cells point up when row + col is even, negative ones included", () => {
    assert.equal(cellIsUp([0, 0]), true);
    assert.equal(cellIsUp([0, 1]), false);
    assert.equal(cellIsUp([1, 0]), false);
    assert.equal(cellIsUp([-1, 0]), false);
    assert.equal(cellIsUp([-1, -1]), true);
    assert.equal(cellIsUp([-3, 2]), false);
  });

  test("corner points follow the table of RULES.md", () => {
    assert.deepEqual(cellCorners([0, 0]), [[0, 1], [1, 2], [1, 0]]);
    assert.deepEqual(cellCorners([0, 1]), [[1, 2], [0, 1], [0, 3]]);
    assert.deepEqual(cellCorners([-1, 0]), [[0, 1], [-1, 0], [-1, 2]]);
    for (const cell of [[0, 0], [2, -3], [-4, 7], [5, 5]]) {
      for (const [pr, px] of cellCorners(cell)) {
        assert.equal(Math.abs(pr + px) % 2, 1, "points have pr + px odd");
      }
    }
  });

  test("each corner point lists its cell among its six cells", () => {
    for (const cell of [[0, 0], [0, 1], [-2, 3], [3, -4]]) {
      for (const point of cellCorners(cell)) {
        const around = pointCells(point).map(String);
        assert.equal(around.length, 6);
        assert.ok(around.includes(String(cell)), `${cell} around ${point}`);
      }
    }
  });

  test("edge neighbours are symmetric and share two corner points", () => {
    for (const cell of [[0, 0], [0, 1], [-1, 0], [4, -7]]) {
      assert.equal(cellNeighbours(cell).length, 3);
      for (const neighbour of cellNeighbours(cell)) {
        assert.ok(cellNeighbours(neighbour).map(String).includes(String(cell)));
        const shared = cellCorners(cell).filter((p) => cellCorners(neighbour).map(String).includes(String(p)));
        assert.equal(shared.length, 2);
      }
    }
    assert.deepEqual(cellNeighbours([0, 0]), [[0, -1], [0, 1], [1, 0]]);
    assert.deepEqual(cellNeighbours([0, 1]), [[0, 0], [0, 2], [-1, 1]]);
  });
});

describe("scoring", () => {
  test("a hexagon scores the tile's value plus 50", () => {
    const result = replayHexagon(HEXAGON_MOVES);
    assert.equal(result.error, null);
    assert.deepEqual(
      result.moves.map((move) => move.points),
      [1, 3, 5, 7, 9, 5 + 50],
    );
    assert.equal(result.moves[5].bonus, "hexagon");
    assert.equal(result.score, 1 + 3 + 5 + 7 + 9 + 55);
    assert.equal(result.valid, true);
    // The shape of the Python ReplayResult.to_json(), with `error` always present.
    assert.deepEqual(Object.keys(result).sort(), ["error", "moves", "score", "valid"]);
    assert.deepEqual(Object.keys(result.moves[0]).sort(), ["bonus", "points"]);
  });

  // Bonuses depend only on which cells and points are taken, so these boards are
  // laid without checking numbers (Board.place), and only the bonus is read.
  const filler = tileParse("1-1-1");
  const laidBoard = (cells) => {
    const board = new Board();
    for (const cell of cells) {
      board.place(filler, cell, 0);
    }
    return board;
  };
  const ring = (point) => pointCells(point);
  const withoutCell = (cells, gap) => cells.filter((cell) => String(cell) !== String(gap));
  const unique = (cells) => [...new Map(cells.map((cell) => [String(cell), cell])).values()];

  test("a bridge: all three corner points touched, no hexagon closed", () => {
    const board = laidBoard([[0, 0], [0, 2]]);
    assert.deepEqual(board.score(tileParse("2-3-4"), [0, 1]), { points: 9 + 40, bonus: "bridge" });
    // Two corners touched only: no bonus.
    assert.deepEqual(board.score(tileParse("2-3-4"), [1, 0]), { points: 9, bonus: null });
  });

  test("double and triple hexagons replace each other, never add up", () => {
    const gap = [0, 2];
    const [apex, right, left] = cellCorners(gap);
    const double = laidBoard(withoutCell(unique([...ring(left), ...ring(right)]), gap));
    assert.deepEqual(double.score(tileParse("0-0-0"), gap), { points: 60, bonus: "double_hexagon" });
    const triple = laidBoard(withoutCell(unique([...ring(left), ...ring(right), ...ring(apex)]), gap));
    assert.deepEqual(triple.score(tileParse("5-5-5"), gap), { points: 15 + 70, bonus: "triple_hexagon" });
  });

  test("the first tile scores its value alone", () => {
    const result = replayHexagon([{ t: 0, type: "place", tile: "5-5-5", cell: [0, 0], rotation: 1 }]);
    assert.deepEqual(result.moves, [{ points: 15, bonus: null }]);
  });

  test("a draw costs 5 and adds the next well tile to the tray", () => {
    const moves = [
      { t: 0, type: "draw" },
      { t: 10, type: "place", tile: HEXAGON_WELL[0], cell: [0, 0], rotation: 0 },
    ];
    const result = replayHexagon(moves);
    assert.equal(result.valid, true);
    assert.deepEqual(result.moves[0], { points: -5, bonus: null });
    assert.equal(result.score, -5 + tileParse(HEXAGON_WELL[0]).value);
  });
});

describe("replay errors", () => {
  const first = HEXAGON_MOVES[0];
  const cases = [
    ["malformed", [{ ...first, t: "100" }]],
    ["malformed", [{ ...first, t: true }]],
    ["malformed", [{ ...first, t: 1.5 }]],
    ["malformed", [{ ...first, type: "pass" }]],
    ["malformed", [{ ...first, cell: [0] }]],
    ["malformed", [{ ...first, cell: [0, false] }]],
    ["malformed", [{ ...first, rotation: null }]],
    ["malformed", [{ ...first, tile: 1 }]],
    ["malformed", [[1, 2]]],
    ["time_over", [{ ...first, t: 120001 }]],
    ["time_over", [{ ...first, t: -1 }]],
    ["time_not_monotonic", [first, { ...HEXAGON_MOVES[1], t: 99 }]],
    ["unknown_tile", [{ ...first, tile: "1-0-0" }]],
    ["tile_not_in_tray", [{ ...first, tile: "1-1-1" }]],
    ["tile_not_in_tray", [first, { ...first, t: 150, cell: [0, 1] }]],
    ["bad_rotation", [{ ...first, rotation: 3 }]],
    ["cell_occupied", [first, { ...HEXAGON_MOVES[1], cell: [0, 0] }]],
    ["first_not_at_origin", [{ ...first, cell: [0, 1] }]],
    ["not_adjacent", [first, { ...HEXAGON_MOVES[1], cell: [0, 3] }]],
    ["corner_mismatch", [first, { ...HEXAGON_MOVES[1], rotation: 1 }]],
  ];
  for (const [code, moves] of cases) {
    test(`${code}: ${JSON.stringify(moves.at(-1))}`, () => {
      const result = replayHexagon(moves);
      assert.equal(result.valid, false);
      assert.equal(result.error.code, code);
      assert.equal(result.error.move, moves.length - 1);
      assert.equal(typeof result.error.detail, "string");
      assert.equal(result.moves.length, moves.length - 1, "the valid prefix is kept");
    });
  }

  test("the first code of the table wins when a move breaks several rules", () => {
    // Unknown tile on an occupied cell with a bad rotation: unknown_tile comes first.
    const result = replayHexagon([first, { t: 150, type: "place", tile: "9-9-9", cell: [0, 0], rotation: 7 }]);
    assert.equal(result.error.code, "unknown_tile");
    // Out of time and out of order: time_over first.
    const late = replayHexagon([first, { ...HEXAGON_MOVES[1], t: 200000 }]);
    assert.equal(late.error.code, "time_over");
  });

  test("max_t caps the allowed time", () => {
    const result = replayHexagon(HEXAGON_MOVES, 450);
    assert.equal(result.error.code, "time_over");
    assert.equal(result.error.move, 4);
    assert.equal(result.score, 1 + 3 + 5 + 7);
  });

  test("drawing from an empty well is an error", () => {
    const draws = Array.from({ length: 48 }, (_, i) => ({ t: i, type: "draw" }));
    const result = replayHexagon(draws);
    assert.equal(result.error.code, "well_empty");
    assert.equal(result.error.move, 47);
    assert.equal(result.score, -5 * 47);
  });

  test("a log that is not an object with a list of moves is refused before replay", () => {
    for (const log of [null, [], "moves", 3, { moves: {} }, { move: [] }, true]) {
      const result = replayChallenge({ tray: HEXAGON_TRAY, well: HEXAGON_WELL, log });
      assert.deepEqual(
        { valid: result.valid, score: result.score, moves: result.moves, move: result.error.move, code: result.error.code },
        { valid: false, score: 0, moves: [], move: null, code: "bad_log" },
      );
    }
  });

  test("a tray and well that are not 9 + 47 distinct tiles are a bad challenge", () => {
    const log = { moves: [] };
    const bad = [
      [HEXAGON_TRAY.slice(0, 8), HEXAGON_WELL],
      [HEXAGON_TRAY, [...HEXAGON_WELL.slice(1), HEXAGON_TRAY[0]]],
      [[...HEXAGON_TRAY.slice(1), "1-0-0"], [...HEXAGON_WELL]],
      [null, HEXAGON_WELL],
    ];
    for (const [tray, well] of bad) {
      assert.equal(replayChallenge({ tray, well, log }).error.code, "bad_challenge");
    }
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
    ];
    for (const log of junk) {
      const result = replayChallenge({ tray: HEXAGON_TRAY, well: HEXAGON_WELL, log });
      assert.equal(typeof result.valid, "boolean");
      assert.ok(Number.isInteger(result.score));
    }
  });
});

describe("legal moves", () => {
  test("on an empty board, every tray tile in every rotation at the origin", () => {
    const moves = legalMoves(new Board(), ["2-3-4", "0-0-1"]);
    assert.deepEqual(
      moves.map((move) => [move.tile, move.cell, move.rotation]),
      [
        ["0-0-1", [0, 0], 0], ["0-0-1", [0, 0], 1], ["0-0-1", [0, 0], 2],
        ["2-3-4", [0, 0], 0], ["2-3-4", [0, 0], 1], ["2-3-4", [0, 0], 2],
      ],
    );
  });

  test("next to one tile, only the edge-matching rotations of the frontier", () => {
    // 0-0-1 on [0,0] rotation 2 shows apex 1, bottom-right 0, bottom-left 0.
    const board = Board.fromPlacements([{ tile: "0-0-1", cell: [0, 0], rotation: 2 }]);
    const moves = legalMoves(board, ["0-1-2"]).map((move) => [move.cell, move.rotation]);
    // [0,1] (down) needs apex (1,2)=0 and top-left (0,1)=1: only rotation 0 of 0-1-2.
    // [0,-1] (down) needs apex (1,0)=0 and top-right (0,1)=1, reading 0, ?, 1 clockwise:
    // tiles are never flipped, and 0-1-2 reads 0, 1, 2 clockwise, so it does not fit.
    // [1,0] (down) needs top-left (1,0)=0 and top-right (1,2)=0: 0-1-2 has one 0, no fit.
    assert.deepEqual(moves, [[[0, 1], 0]]);
    const flipped = legalMoves(board, ["0-1-1"]).map((move) => [move.cell, move.rotation]);
    // 0-1-1 reads 0, 1, 1: rotation 0 gives apex 0, top-left 1, top-right 1, which
    // fits [0,-1] (apex 0, top-right 1) and [0,1] (apex 0, top-left 1).
    assert.deepEqual(flipped, [[[0, -1], 0], [[0, 1], 0]]);
    for (const [cell, rotation] of moves) {
      assert.equal(board.check(tileParse("0-1-2"), cell, rotation), null);
    }
  });
});

describe("ChallengeRun", () => {
  test("builds a log that the replay scores the same, with clamped, ordered times", () => {
    const run = new ChallengeRun({ tray: HEXAGON_TRAY, well: HEXAGON_WELL });
    for (const move of HEXAGON_MOVES) {
      const outcome = run.place(move.tile, move.cell, move.rotation, move.t + 0.4);
      assert.equal(outcome.ok, true);
    }
    assert.equal(run.draw(-50).ok, true, "a time before the last move is clamped up");
    assert.equal(run.draw(999999).ok, true, "a time past the limit is clamped down");
    const log = run.toLog();
    assert.deepEqual(log.moves.map((move) => move.t), [100, 200, 300, 400, 500, 600, 600, 120000]);
    const replayed = replayChallenge({ tray: HEXAGON_TRAY, well: HEXAGON_WELL, log });
    assert.equal(replayed.valid, true);
    assert.equal(replayed.score, run.score);
    assert.equal(run.wellRemaining, 45);
    assert.equal(run.tray.length, 3 + 2);
  });

  test("a refused move changes nothing and says why", () => {
    const run = new ChallengeRun({ tray: HEXAGON_TRAY, well: HEXAGON_WELL });
    const refused = run.place("0-1-2", [0, 1], 0, 5);
    assert.deepEqual([refused.ok, refused.code], [false, "first_not_at_origin"]);
    assert.equal(run.log.length, 0);
    assert.equal(run.score, 0);
    assert.equal(run.tray.length, 9);
  });

  test("snaps to the preferred rotation when it fits, else to one that does", () => {
    const run = new ChallengeRun({ tray: HEXAGON_TRAY, well: HEXAGON_WELL });
    // On the empty board every rotation fits the origin: the tile keeps its own.
    assert.deepEqual(run.fittingRotations("0-0-1", [0, 0]), [0, 1, 2]);
    assert.equal(run.snapRotation("0-0-1", [0, 0], 1), 1);
    assert.equal(run.snapRotation("0-0-1", [0, 1], 1), null, "only the origin at first");
    run.place("0-0-1", [0, 0], 2, 0);
    assert.deepEqual(run.fittingRotations("0-1-2", [0, 1]), [0]);
    assert.equal(run.snapRotation("0-1-2", [0, 1], 2), 0);
    assert.equal(run.snapRotation("0-1-2", [1, 0], 0), null);
    assert.equal(run.snapRotation("5-5-5", [0, 1], 0), null);
    run.place("0-1-2", [0, 1], 0, 1);
    assert.deepEqual(run.preview("0-2-3", [0, 2]), { points: 5, bonus: null });
  });
});
