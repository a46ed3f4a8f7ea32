// The browser's classic game (rules/classic/) against every classic golden vector the
// Python engine wrote (tests/vectors/classic.json, `make vectors`): each logged game
// replays to exactly the same events (deals, openings, draws, passes, points, bonuses,
// blocked rounds, hands counted, the game to 400), scores and winners; and wherever an
// easy or a medium computer moved, the port's computer, seeded as the server seeds it,
// takes exactly the logged action. A hard computer's moves are taken from the log (it
// plays on the server only). Fewer than the expected vectors or checks fails.

import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { describe, test } from "node:test";
import { fileURLToPath } from "node:url";

import {
  ClassicGame,
  OFFLINE_STRENGTHS,
  actionJson,
  actionParse,
  classicDealOrder,
  classicReplay,
  computerAction,
} from "../../../challenges/static/challenges/rules/classic/index.js";
import { parseJsonExact } from "../json_exact.mjs";

const VECTORS = join(dirname(fileURLToPath(import.meta.url)), "..", "..", "vectors", "classic.json");
const CASES = parseJsonExact(readFileSync(VECTORS, "utf8")).cases;

test("the classic vectors are there and cover the rules", () => {
  assert.ok(CASES.length >= 12, `only ${CASES.length} classic vectors`);
  const tags = new Set(CASES.flatMap((vector) => vector.tags));
  for (const tag of [
    "opening:triple",
    "opening:triple_zero",
    "opening:highest_value",
    "draw",
    "pass",
    "round:blocked",
    "round:blocked_to_400",
    "round:out",
    "game:reached_mid_round",
    "game:to_400",
  ]) {
    assert.ok(tags.has(tag), `no classic vector tagged ${tag}`);
  }
});

describe("a logged game replays to the server's events", () => {
  for (const vector of CASES) {
    test(vector.name, () => {
      const game = classicReplay({ players: vector.players, seed: vector.seed, rounds: vector.rounds, log: vector.log });
      assert.deepEqual(game.events, vector.expect.events);
      assert.deepEqual(game.scores, vector.expect.scores);
      assert.deepEqual(game.winners, vector.expect.winners);
      assert.equal(game.isOver, vector.expect.over);
    });
  }
});

describe("every round is dealt as the server deals it", () => {
  for (const vector of CASES) {
    test(vector.name, () => {
      const game = new ClassicGame(vector.players, { seed: vector.seed, rounds: vector.rounds });
      const size = game.dealSize;
      const starts = vector.expect.events.filter((event) => event.event === "round_started");
      assert.ok(starts.length >= 1);
      for (const start of starts) {
        const order = classicDealOrder(vector.seed, start.round).map((tile) => tile.id);
        const hands = start.hands.map((_, seat) => order.slice(seat * size, (seat + 1) * size).sort());
        assert.deepEqual(hands, start.hands.map((hand) => [...hand].sort()), `round ${start.round}`);
        assert.equal(start.well_size, 56 - vector.players * size);
      }
    });
  }
});

const checked = { easy: 0, medium: 0 };

describe("the easy and medium computers take the logged actions", () => {
  for (const vector of CASES) {
    test(vector.name, () => {
      const game = new ClassicGame(vector.players, { seed: vector.seed, rounds: vector.rounds });
      vector.log.forEach((entry, index) => {
        const strength = vector.computers[String(entry.seat)];
        assert.equal(game.currentPlayer, entry.seat, `action ${index}: not the seat to move`);
        if (OFFLINE_STRENGTHS.includes(strength)) {
          const action = computerAction(game, { strength, seed: `${vector.seed} seat ${entry.seat}` });
          assert.deepEqual(actionJson(entry.seat, action), entry, `action ${index} (${strength})`);
          checked[strength] += 1;
        }
        game.apply(actionParse(entry)[1], { player: entry.seat });
      });
      assert.equal(game.isOver, vector.expect.over);
    });
  }
  test("both strengths were checked, many times", () => {
    assert.ok(checked.easy >= 200, `only ${checked.easy} easy actions checked`);
    assert.ok(checked.medium >= 500, `only ${checked.medium} medium actions checked`);
  });
});
