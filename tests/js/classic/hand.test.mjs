// classic/hand.js, the page's guide to where a tile fits, against the classic games the
// Python engine wrote (tests/vectors/classic.json): every placement of those games is
// one the hand offers, at the opening only the opening tiles fit, and whenever a
// medium or hard computer drew (they draw only when no tile fits; easy may overlook
// one) the hand offers nothing.

import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { test } from "node:test";
import { fileURLToPath } from "node:url";

import { ClassicHand } from "../../../challenges/static/challenges/classic/hand.js";
import { ClassicMachine, PLAYING, WAITING } from "../../../challenges/static/challenges/classic/machine.js";
import { seatsAfter } from "../../../challenges/static/challenges/classic/table_view.js";
import { parseJsonExact } from "../json_exact.mjs";

const VECTORS = join(dirname(fileURLToPath(import.meta.url)), "..", "..", "vectors", "classic.json");
const CASES = parseJsonExact(readFileSync(VECTORS, "utf8")).cases;

/** Walks a game's events, calling `visit(event, hands, board, openingTiles)` before each. */
function walk(events, visit) {
  let hands = [];
  let board = [];
  let opening = [];
  for (const event of events) {
    visit(event, hands, board, opening);
    if (event.event === "round_started") {
      hands = event.hands.map((hand) => [...hand]);
      board = [];
      opening = event.opening_tiles;
    } else if (event.event === "placed") {
      board.push({ tile: event.tile, cell: event.cell, rotation: event.rotation });
      hands[event.player].splice(hands[event.player].indexOf(event.tile), 1);
    } else if (event.event === "drew") {
      hands[event.player].push(event.tile);
    }
  }
}

const handOf = (hand, board, opening) =>
  new ClassicHand({
    hand,
    board,
    opening_tiles: board.length === 0 ? opening : [],
    scores: [0, 0, 0, 0],
    you: 0,
    well_size: 0,
  });

test("the classic vectors are there", () => {
  assert.ok(CASES.length >= 5);
});

for (const vector of CASES) {
  test(`${vector.name}: every placement fits, and a careful computer's draw had nothing that fits`, () => {
    let placements = 0;
    walk(vector.expect.events, (event, hands, board, opening) => {
      if (event.event === "placed") {
        const hand = handOf(hands[event.player], [...board], opening);
        const offered = hand.legalPlacements(event.tile).map((p) => `${p.cell[0]},${p.cell[1]}r${p.rotation}`);
        assert.ok(offered.includes(`${event.cell[0]},${event.cell[1]}r${event.rotation}`), JSON.stringify(event));
        if (board.length === 0) {
          for (const placement of hand.legalPlacements()) {
            assert.ok(opening.includes(placement.tile.id ?? String(placement.tile)), "only the opening tiles open");
          }
        }
        placements += 1;
      }
      const strength = vector.computers[String(event.player)];
      if (event.event === "drew" && strength && strength !== "easy") {
        assert.deepEqual(handOf(hands[event.player], [...board], opening).legalPlacements(), []);
      }
    });
    assert.ok(placements > 0);
  });
}

test("the machine lets the player act only on their turn, with no request on its way", () => {
  let drawn = 0;
  const machine = new ClassicMachine({ draw: () => (drawn += 1) });
  const game = { status: "playing", turn: 0, you: 0, hand: ["0-0-0", "5-5-5"], board: [], opening_tiles: ["5-5-5"], scores: [0, 0], well_size: 38 };
  machine.show(game);
  assert.equal(machine.state.phase, PLAYING);
  machine.select("5-5-5");
  machine.rotate("5-5-5");
  assert.equal(machine.state.selection.selected, "5-5-5");
  assert.equal(machine.state.selection.rotations["5-5-5"], 2);
  machine.draw();
  assert.equal(drawn, 1);
  machine.wait();
  machine.draw();
  machine.select("0-0-0");
  assert.equal(drawn, 1);
  assert.equal(machine.state.selection.selected, "5-5-5");
  machine.show({ ...game, turn: 1 });
  assert.equal(machine.state.phase, WAITING);
  assert.deepEqual(machine.state.run.legalPlacements("0-0-0"), [], "0-0-0 does not open here");
});

test("the table counts tiles and points along the events, to the server's final seats", () => {
  for (const vector of CASES) {
    const players = vector.players;
    let seats = Array.from({ length: players }, () => ({ hand_size: 0, score: 0 }));
    for (const event of vector.expect.events) {
      const seen = event.event === "round_started" ? { ...event, hand_sizes: event.hands.map((hand) => hand.length) } : event;
      seats = seatsAfter(seats, seen);
    }
    assert.deepEqual(
      seats.map((seat) => seat.score),
      vector.expect.scores,
      vector.name,
    );
  }
});
