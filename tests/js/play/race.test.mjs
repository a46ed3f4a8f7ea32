// play/race.js: what the race shows while a run is played, from the start answer's
// ghosts alone.

import assert from "node:assert/strict";
import { test } from "node:test";

import {
  checkpointAt,
  checkpointSpoken,
  gapText,
  ghostLabel,
  ghostScoreAt,
  medalLabel,
  raceReading,
  timelineScoreAt,
} from "../../../challenges/static/challenges/play/race.js";

// A ghost that scored 10 a second for the first 20 seconds, then nothing.
const scores = Array.from({ length: 121 }, (_, second) => 10 * Math.min(second, 20));
const best = { kind: "best", player: null, score: 200, scores };
const medals = [
  { medal: "bronze", percent: 50, score: 200 },
  { medal: "silver", percent: 75, score: 300 },
  { medal: "gold", percent: 90, score: 360 },
];

test("a ghost's score is the one it had at the same whole second", () => {
  assert.equal(ghostScoreAt(best, 0), 0);
  assert.equal(ghostScoreAt(best, 1999), 10);
  assert.equal(ghostScoreAt(best, 2000), 20);
  assert.equal(ghostScoreAt(best, 500000), 200, "past the clock: its last second");
});

test("the gap is told at every 15 s checkpoint, and held until the next", () => {
  assert.equal(checkpointAt(14999), null);
  assert.equal(checkpointAt(15000), 15000);
  assert.equal(checkpointAt(29999), 15000);
  assert.equal(checkpointAt(30000), 30000);
  const timeline = [
    { t: 3000, score: 40 },
    { t: 14000, score: 180 },
    { t: 16000, score: 170 },
  ];
  const scoreAt = (ms) => timelineScoreAt(timeline, ms);
  const before = raceReading({ best, other: null, medals }, { elapsedMs: 10000, score: 40, scoreAt });
  assert.equal(before.lines[0].now, 100);
  assert.equal(before.lines[0].gap, null, "no gap before the first checkpoint");
  const after = raceReading({ best, other: null, medals }, { elapsedMs: 29000, score: 170, scoreAt });
  assert.equal(after.lines[0].now, 200);
  assert.equal(after.lines[0].gap, 180 - 150, "the score at 15 s against the ghost's at 15 s");
  assert.equal(checkpointSpoken(after.lines[0]), "15 seconds: +30 against Your best.");
});

test("a medal is reached at its score, and read out with its share of par", () => {
  const reading = raceReading({ best: null, other: null, medals }, { elapsedMs: 0, score: 300, scoreAt: () => 0 });
  assert.deepEqual(
    reading.medals.map((medal) => medal.reached),
    [true, true, false],
  );
  assert.deepEqual(reading.lines, [], "no ghost, no line");
  assert.equal(medalLabel(medals[1]), "silver at 300 (75% of par)");
});

test("gaps carry their sign as a mark, and another player's ghost says whose it is", () => {
  assert.deepEqual([gapText(12), gapText(-8), gapText(0)], ["+12", "\u22128", "\u00b10"]);
  assert.equal(ghostLabel({ kind: "leader", player: "ada" }), "ada (leader)");
  assert.equal(ghostLabel({ kind: "friend", player: "bo" }), "bo (followed)");
  const other = { kind: "leader", player: "ada", score: 50, scores: Array(121).fill(50) };
  const reading = raceReading({ best, other, medals: [] }, { elapsedMs: 15000, score: 0, scoreAt: () => 0 });
  assert.deepEqual(
    reading.lines.map((line) => [line.ghost.kind, line.gap]),
    [
      ["best", -150],
      ["leader", -50],
    ],
  );
});
