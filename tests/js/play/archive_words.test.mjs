// play/archive_words.js: where an archive run would have ranked, in words.

import assert from "node:assert/strict";
import { test } from "node:test";

import { archiveEndTitle, wouldRankText } from "../../../challenges/static/challenges/play/archive_words.js";

test("the rank is told among the board's entries and this run", () => {
  assert.equal(
    wouldRankText({ valid: true, score: 187, rank: 12, count: 153 }),
    "187 points would have ranked 12 of 154 on that day's board.",
  );
  assert.equal(
    wouldRankText({ valid: true, score: 5, rank: null, count: 0 }),
    "5 points: nobody entered that day's board, so it would have ranked first.",
  );
  assert.equal(
    wouldRankText({ valid: false, detail: "Run rejected at move 2: no edge touches a tile." }),
    "The server's replay refused this run: Run rejected at move 2: no edge touches a tile.",
  );
});

test("an archive run's end is titled by why it ended", () => {
  assert.equal(archiveEndTitle("time"), "Time's up!");
  assert.equal(archiveEndTitle("player"), "Archive run over");
});
