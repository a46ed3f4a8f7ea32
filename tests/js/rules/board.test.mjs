// rules/board.js, the engine's board: checked and unchecked play, scoring, undo and
// legal placements, worked out by hand from RULES.md.

import assert from "node:assert/strict";
import { describe, test } from "node:test";

import { Board } from "../../../challenges/static/challenges/rules/board.js";
import { PlacementError } from "../../../challenges/static/challenges/rules/errors.js";
import { cellCorners, cellFormat, pointCells } from "../../../challenges/static/challenges/rules/geometry.js";
import { Placement, placementParse } from "../../../challenges/static/challenges/rules/moves.js";
import { TILES, tileParse } from "../../../challenges/static/challenges/rules/tiles.js";

const at = (tileId, cell, rotation) => new Placement(tileParse(tileId), cell, rotation);

// Six tiles around point (1, 2), which shows 0; the ring of outer points shows
// (0,1)=1, (0,3)=2, (1,4)=3, (2,3)=4, (2,1)=5, (1,0)=0. Rotations solved by hand.
const HEXAGON = ["0-0-1@0,0r2", "0-1-2@0,1r0", "0-2-3@0,2r1", "0-3-4@1,2r2", "0-4-5@1,1r0", "0-0-5@1,0r2"].map(
  placementParse,
);

describe("checked play", () => {
  test("the hexagon scores each tile's value, the sixth plus 50", () => {
    const board = new Board();
    const outcomes = HEXAGON.map((placement) => board.play(placement).toJson());
    assert.deepEqual(outcomes, [
      { points: 1, bonus: null },
      { points: 3, bonus: null },
      { points: 5, bonus: null },
      { points: 7, bonus: null },
      { points: 9, bonus: null },
      { points: 5 + 50, bonus: "hexagon" },
    ]);
    assert.equal(board.size, 6);
    assert.equal(board.numberAt([1, 2]), 0);
    assert.equal(board.tilesAround([1, 2]), 6);
    assert.equal(board.numberAt([5, 5]), null);
    assert.deepEqual(board.placements, HEXAGON);
  });

  test("each rule of the board refuses with its code and the Python engine's detail", () => {
    const board = Board.fromPlacements(HEXAGON.slice(0, 1));
    const cases = [
      [at("0-1-2", [0, 1], 3), "bad_rotation", "rotation must be 0, 1 or 2, not 3"],
      [at("0-1-2", [0, 0], 0), "cell_occupied", "cell [0, 0] is already taken (by 0-0-1)"],
      [at("0-1-2", [0, 3], 0), "not_adjacent", "cell [0, 3] shares no edge with a tile on the board"],
      [
        at("0-1-2", [0, 1], 1),
        "corner_mismatch",
        "corner 0 of [0, 1] lands on point (1, 2), which shows 0, but 0-1-2 in rotation 1 puts 1 there",
      ],
    ];
    for (const [placement, code, detail] of cases) {
      const error = board.check(placement);
      assert.ok(error instanceof PlacementError);
      assert.deepEqual({ code: error.code, detail: error.detail }, { code, detail });
      assert.throws(() => board.play(placement), { name: "PlacementError", code, detail });
    }
    assert.equal(board.size, 1, "a refused placement changes nothing");
    assert.deepEqual(new Board().check(at("0-1-2", [0, 1], 0)).toString(), "PlacementError: the first tile must go on [0, 0], not on [0, 1]");
    assert.equal(board.check(at("0-1-2", [0, 1], 0)), null);
  });

  test("far-away cells are refused like near ones", () => {
    assert.equal(new Board().check(at("1-1-1", [10 ** 15, 0], 0)).code, "first_not_at_origin");
    const board = Board.fromPlacements(HEXAGON.slice(0, 1));
    assert.equal(board.check(at("1-1-1", [-(10 ** 15), 10 ** 15], 0)).code, "not_adjacent");
  });

  test("fromPlacements takes the JSON form too", () => {
    const board = Board.fromPlacements(HEXAGON.map((placement) => placement.toJson()));
    assert.deepEqual(board.placements, HEXAGON);
  });
});

describe("bonuses", () => {
  // Bonuses depend only on which cells and points are taken, so these boards are laid
  // without checking numbers (push), and only the outcome is read.
  const filler = tileParse("1-1-1");
  const laidBoard = (cells) => {
    const board = new Board();
    for (const cell of cells) {
      board.push(new Placement(filler, cell, 0));
    }
    return board;
  };
  const withoutCell = (cells, gap) => cells.filter((cell) => cellFormat(cell) !== cellFormat(gap));
  const unique = (cells) => [...new Map(cells.map((cell) => [cellFormat(cell), cell])).values()];
  const outcome = (board, tileId, cell) => board.outcome(at(tileId, cell, 0)).toJson();

  test("a bridge: all three corner points touched, no hexagon closed", () => {
    const board = laidBoard([[0, 0], [0, 2]]);
    assert.deepEqual(outcome(board, "2-3-4", [0, 1]), { points: 9 + 40, bonus: "bridge" });
    assert.deepEqual(outcome(board, "2-3-4", [1, 0]), { points: 9, bonus: null }, "two corners only");
  });

  test("double and triple hexagons replace each other, never add up", () => {
    const gap = [0, 2];
    const [apex, right, left] = cellCorners(gap);
    const double = laidBoard(withoutCell(unique([...pointCells(left), ...pointCells(right)]), gap));
    assert.deepEqual(outcome(double, "0-0-0", gap), { points: 60, bonus: "double_hexagon" });
    const triple = laidBoard(withoutCell(unique([...pointCells(left), ...pointCells(right), ...pointCells(apex)]), gap));
    assert.deepEqual(outcome(triple, "5-5-5", gap), { points: 15 + 70, bonus: "triple_hexagon" });
  });
});

describe("undo", () => {
  test("pop takes tiles back in reverse order and restores the position", () => {
    const board = new Board();
    const snapshots = [];
    for (const placement of HEXAGON) {
      snapshots.push({ frontier: board.frontier(), points: HEXAGON.flatMap((p) => cellCorners(p.cell)).map((point) => board.numberAt(point)) });
      board.push(placement);
    }
    for (const placement of [...HEXAGON].reverse()) {
      assert.deepEqual(board.pop(), placement);
      const before = snapshots.pop();
      assert.deepEqual(board.frontier(), before.frontier);
      assert.deepEqual(HEXAGON.flatMap((p) => cellCorners(p.cell)).map((point) => board.numberAt(point)), before.points);
    }
    assert.equal(board.isEmpty, true);
    assert.throws(() => board.pop(), RangeError);
  });

  test("copy is independent of the original", () => {
    const board = Board.fromPlacements(HEXAGON.slice(0, 3));
    const copy = board.copy();
    copy.push(HEXAGON[3]);
    assert.equal(board.size, 3);
    assert.equal(copy.size, 4);
    assert.equal(board.tileAt([1, 2]), null);
    assert.deepEqual(copy.tileAt([1, 2]), HEXAGON[3]);
  });
});

describe("legal placements", () => {
  test("on an empty board, every tile in every rotation at the origin, sorted", () => {
    const moves = new Board().legalPlacements([tileParse("2-3-4"), tileParse("0-0-1"), tileParse("2-3-4")]);
    assert.deepEqual(moves.map(String), [
      "0-0-1@0,0r0", "0-0-1@0,0r1", "0-0-1@0,0r2", "2-3-4@0,0r0", "2-3-4@0,0r1", "2-3-4@0,0r2",
    ]);
  });

  test("next to one tile, only the edge-matching rotations of the frontier", () => {
    // 0-0-1 on [0,0] rotation 2 shows apex 1, bottom-right 0, bottom-left 0.
    const board = Board.fromPlacements([at("0-0-1", [0, 0], 2)]);
    // [0,1] (down) needs apex (1,2)=0 and top-left (0,1)=1: only rotation 0 of 0-1-2.
    // [0,-1] needs 0, ?, 1 clockwise: tiles are never flipped, and 0-1-2 reads 0, 1, 2.
    // [1,0] needs two 0s: 0-1-2 has one.
    assert.deepEqual(board.legalPlacements([tileParse("0-1-2")]).map(String), ["0-1-2@0,1r0"]);
    // 0-1-1 reads 0, 1, 1: rotation 0 fits [0,-1] and [0,1].
    assert.deepEqual(board.legalPlacements([tileParse("0-1-1")]).map(String), ["0-1-1@0,-1r0", "0-1-1@0,1r0"]);
    assert.deepEqual(board.legalPlacementsAt([0, 1], [tileParse("0-1-1"), tileParse("0-1-2")]).map(String), [
      "0-1-1@0,1r0",
      "0-1-2@0,1r0",
    ]);
    assert.deepEqual(board.legalPlacementsAt([0, 0], TILES), [], "a taken cell");
    assert.deepEqual(board.legalPlacementsAt([5, 5], TILES), [], "a cell out of reach");
  });

  test("every legal placement passes check, tiles on the board are skipped", () => {
    const board = Board.fromPlacements(HEXAGON.slice(0, 4));
    const moves = board.legalPlacements(TILES);
    assert.ok(moves.length > 0);
    for (const placement of moves) {
      assert.equal(board.check(placement), null, String(placement));
      assert.equal(board.tiles.has(placement.tile), false);
    }
    assert.equal(board.hasLegalPlacement(TILES), true);
    assert.equal(board.hasLegalPlacement(HEXAGON.slice(0, 4).map((placement) => placement.tile)), false);
  });
});
