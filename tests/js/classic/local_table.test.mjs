// classic/local_table.js and classic/sources.js: the game played on this device when the
// server is out of reach. It answers as the API does (the seat's view, `new_events`),
// hides what seat 0 may not see, keeps itself in storage and resumes from it, refuses
// what the rules refuse with the rule's code, and plays whole games to their end; its
// log replays through the port to the same events.

import assert from "node:assert/strict";
import { test } from "node:test";

import { ClassicHand } from "../../../challenges/static/challenges/classic/hand.js";
import { LocalTable, eventSeen } from "../../../challenges/static/challenges/classic/local_table.js";
import { localSource, unreachable } from "../../../challenges/static/challenges/classic/sources.js";
import { NetworkError } from "../../../challenges/static/challenges/lib/api.js";
import { classicReplay } from "../../../challenges/static/challenges/rules/classic/index.js";

class MemoryStorage {
  #items = new Map();
  getItem(key) {
    return this.#items.get(key) ?? null;
  }
  setItem(key, value) {
    this.#items.set(key, String(value));
  }
  removeItem(key) {
    this.#items.delete(key);
  }
}

/** A simple player's action in `view`: the first placement that fits, else draw, else pass. */
function simpleAction(table) {
  const [placement] = table.game.legalPlacements();
  if (placement) return { type: "place", ...placement.toJson() };
  return { type: table.game.canDraw() ? "draw" : "pass" };
}

function playOut(table) {
  let answers = 0;
  while (table.playing) {
    const answer = table.act(simpleAction(table));
    assert.equal(answer.status, 200, JSON.stringify(answer.data));
    answers += 1;
    assert.ok(answers < 2000, "the game does not end");
  }
  return answers;
}

for (const [strength, length, computers] of [
  ["easy", "one_round", 1],
  ["medium", "one_round", 3],
  ["easy", "to_400", 2],
  ["medium", "to_400", 1],
]) {
  test(`a whole game against ${computers} ${strength} computer(s), ${length}`, () => {
    const table = LocalTable.start({ computers, strength, length, seed: `local ${strength} ${length}` });
    playOut(table);
    const view = table.view();
    assert.equal(view.status, "finished");
    assert.equal(view.offline, true);
    assert.equal(view.turn, null);
    assert.ok(view.winners.length >= 1);
    assert.deepEqual(view.scores, view.seats.map((seat) => seat.score));
    // The log is the game: replayed through the port, it makes the same events.
    const again = classicReplay({ players: computers + 1, seed: table.seed, rounds: table.game.rounds, log: table.log });
    assert.deepEqual(again.events, table.game.events);
    assert.equal(again.isOver, true);
    if (length === "to_400") assert.ok(Math.max(...view.scores) >= 400);
  });
}

test("the view hides the other hands and the tiles they draw", () => {
  const table = LocalTable.start({ computers: 2, strength: "easy", length: "one_round", seed: "hidden" });
  const start = eventSeen(table.game.events[0]);
  assert.equal(start.hands, undefined);
  assert.deepEqual(start.hand, table.game.events[0].hands[0]);
  assert.deepEqual(start.hand_sizes, [7, 7, 7]);
  assert.deepEqual(eventSeen({ event: "drew", round: 1, player: 1, tile: "0-0-0", points: -5 }).tile, null);
  assert.deepEqual(eventSeen({ event: "drew", round: 1, player: 0, tile: "0-0-0", points: -5 }).tile, "0-0-0");
  const view = table.view();
  assert.deepEqual(view.hand, table.game.hand(0).map((tile) => tile.id));
  assert.ok(view.round_events.every((event) => event.hands === undefined));
  assert.ok(view.round_events.filter((e) => e.event === "drew" && e.player !== 0).every((e) => e.tile === null));
});

test("a refused action answers the rule's code and leaves the game as it was", () => {
  const table = LocalTable.start({ computers: 1, strength: "medium", length: "one_round", seed: "refused" });
  const before = table.view();
  const answer = table.act({ type: "place", tile: "9-9-9", cell: [0, 0], rotation: 0 });
  assert.deepEqual(answer, { status: 422, data: { code: "malformed" } });
  const other = table.game.hand(1)[0].id;
  const stolen = table.act({ type: "place", tile: other, cell: [5, 5], rotation: 0 });
  assert.equal(stolen.status, 422);
  assert.ok(["tile_not_in_hand", "wrong_opening"].includes(stolen.data.code), stolen.data.code);
  assert.deepEqual(table.view(), before);
});

test("the hard computer and bad choices are refused", () => {
  assert.throws(() => LocalTable.start({ computers: 1, strength: "hard", length: "one_round" }), RangeError);
  assert.throws(() => LocalTable.start({ computers: 4, strength: "easy", length: "one_round" }), RangeError);
  assert.throws(() => LocalTable.start({ computers: 1, strength: "easy", length: "forever" }), RangeError);
  const source = localSource(new MemoryStorage());
  const answer = source.start({ computers: 1, strength: "hard", length: "one_round" });
  assert.equal(answer.status, 400);
  assert.match(answer.data.detail, /hard computer needs the server/);
});

/** What the page would send for `game` (the view): the first fit its hand offers,
 * else a draw, else a pass. */
function pageAction(game) {
  const [placement] = new ClassicHand(game).legalPlacements();
  if (placement) return ["move", { tile: placement.tile.id, cell: [...placement.cell], rotation: placement.rotation }];
  return [game.can_draw ? "draw" : "pass", {}];
}

function withoutNew(view) {
  const { new_events: _, ...rest } = view;
  return rest;
}

test("the game is kept in storage after every change, resumed, and forgotten at its end", () => {
  const storage = new MemoryStorage();
  const source = localSource(storage);
  const started = source.start({ computers: 1, strength: "easy", length: "one_round", seed: "kept" });
  assert.equal(started.status, 201);
  assert.equal(started.data.new_events[0].event, "round_started");
  let game = started.data;
  for (let turn = 0; turn < 4 && game.status === "playing"; turn += 1) {
    const answer = source.act(game, ...pageAction(game));
    assert.equal(answer.status, 200, JSON.stringify(answer.data));
    game = answer.data;
  }
  assert.equal(game.status, "playing");
  const reloaded = localSource(storage).restore();
  assert.deepEqual(reloaded, { status: 200, data: withoutNew(game) });
  assert.equal(source.resign(game).data.status, "resigned");
  assert.equal(localSource(storage).restore(), null, "a resigned game is not resumed");
  source.forget();
  assert.equal(storage.getItem("tod-classic-offline"), null);
});

test("a refusal through the source carries words to show", () => {
  const source = localSource(new MemoryStorage());
  const game = source.start({ computers: 1, strength: "medium", length: "one_round", seed: "words" }).data;
  const answer = source.act(game, "move", { tile: "0-0-0", cell: [7, 7], rotation: 0 });
  assert.equal(answer.status, 422);
  assert.equal(answer.data.detail, "The rules do not allow that.");
});

test("unreachable: a network failure or a gateway's answer, not a refusal", () => {
  assert.equal(unreachable({ error: new NetworkError("down") }), true);
  assert.equal(unreachable({ error: new TypeError("bug") }), false);
  assert.equal(unreachable({ answer: { status: 503, data: {} } }), true);
  assert.equal(unreachable({ answer: { status: 422, data: {} } }), false);
});
