// The classic game's log: the player's own moves in the second person, in every language
// (the real djangojs catalogs); the other seats' in the third.

import assert from "node:assert/strict";
import { afterEach, test } from "node:test";

import { eventText } from "../../../challenges/static/challenges/classic/words.js";
import { dropCatalog, useCatalog } from "../po_catalog.mjs";

afterEach(dropCatalog);

// Seat 0 is the player; seat 1 a person at the table.
const GAME = { you: 0, seats: [{ kind: "person", name: "Ada" }, { kind: "person", name: "Bea" }] };
const EVENTS = [
  { event: "round_started", round: 1, opener: 0 },
  { event: "placed", player: 0, tile: "2-2-4", points: 8, bonus: null },
  { event: "drew", player: 0, tile: "0-1-2", points: -5 },
  { event: "passed", player: 0, points: -10 },
  { event: "round_ended", player: 0, reason: "out", points: 45 },
];

const line = (event) => eventText(GAME, event);

test("the player's own moves read in the second person in German", () => {
  useCatalog("de");
  assert.deepEqual(EVENTS.map(line), [
    "Runde 1: du eröffnest.",
    "Du legtest 2-2-4: +8.",
    "Du zogst 0-1-2 (-5).",
    "Du passtest (-10).",
    "Du legtest deinen letzten Stein und gewinnst die Runde: +45.",
  ]);
  assert.equal(line({ event: "placed", player: 1, tile: "2-2-4", points: 8, bonus: null }), "Bea legte 2-2-4: +8.");
  assert.equal(line({ event: "round_started", round: 2, opener: 1 }), "Runde 2: Bea eröffnet.");
});

test("and in French, with the verb of vous", () => {
  useCatalog("fr");
  assert.equal(line(EVENTS[0]), "Manche 1 : vous ouvrez.");
  assert.equal(line(EVENTS[1]), "Vous avez posé 2-2-4 : +8.");
  assert.equal(line(EVENTS[3]), "Vous avez passé (-10).");
  assert.equal(line({ event: "passed", player: 1, points: -10 }), "Bea a passé (-10).");
});

test("and in Dutch and English", () => {
  useCatalog("nl");
  assert.equal(line(EVENTS[1]), "Je legde 2-2-4: +8.");
  dropCatalog();
  assert.equal(line(EVENTS[1]), "You placed 2-2-4: +8.");
  // (The bonus names are read from the catalog when the page loads: English here.)
  const hexagon = { event: "placed", player: 0, tile: "4-5-5", points: 64, bonus: "hexagon" };
  assert.equal(line(hexagon), "You placed 4-5-5: +64 with a hexagon.");
  assert.equal(line({ event: "round_ended", player: 1, reason: "blocked", points: 12 }), "The round is blocked: Bea has the lowest hand and wins it: 12.");
});

test("the offline game's words are said in every language (the real catalogs)", async () => {
  const english = await import("../../../challenges/static/challenges/classic/words.js?offline-en");
  const names = ["OFFLINE_SETUP", "SERVER_NEEDED", "OFFLINE_GAME", "HARD_OFFLINE", "REFUSED"];
  for (const language of ["de", "fr", "nl"]) {
    useCatalog(language);
    // A fresh instance, evaluated with the catalog present, as on a page.
    const words = await import(`../../../challenges/static/challenges/classic/words.js?offline-${language}`);
    for (const name of names) {
      assert.ok(words[name].length > 10, `${language} ${name}`);
      assert.notEqual(words[name], english[name], `${language} ${name} is still English`);
    }
    dropCatalog();
  }
});

test("once the player's turn is over, the status says who is playing, not a move on its way offline", async () => {
  const { waitingStatus } = await import("../../../challenges/static/challenges/classic/words.js");
  const offline = { you: 0, seats: [{ kind: "person" }, { kind: "computer", strength: "easy" }, { kind: "computer", strength: "medium" }] };
  const alone = { you: 0, seats: [{ kind: "person" }, { kind: "computer", strength: "easy" }] };
  // With the server, the move is on its way until its answer comes.
  assert.equal(waitingStatus(offline), "Your move is on its way…");
  // On this device nothing is sent: the computers play (one computer, or several).
  assert.equal(waitingStatus(offline, { local: true }), "The computers are playing…");
  assert.equal(waitingStatus(alone, { local: true }), "The computer is playing…");
  // While a computer's move is shown, that computer is named, wherever the game is played.
  assert.equal(waitingStatus(offline, { local: true, seat: 2 }), "Computer 2 (medium) is playing…");
  assert.equal(waitingStatus(offline, { seat: 1 }), "Computer 1 (easy) is playing…");
  const expected = {
    de: ["Die Computer sind am Zug…", "Der Computer ist am Zug…", "Computer 2 (mittel) ist am Zug…"],
    fr: ["Les ordinateurs jouent…", "L'ordinateur joue…", "Ordinateur 2 (moyen) joue…"],
    nl: ["De computers zijn aan zet…", "De computer is aan zet…", "Computer 2 (gemiddeld) is aan zet…"],
  };
  for (const [language, [several, one, named]] of Object.entries(expected)) {
    useCatalog(language);
    const words = await import(`../../../challenges/static/challenges/classic/words.js?waiting-${language}`);
    assert.equal(words.waitingStatus(offline, { local: true }), several, language);
    assert.equal(words.waitingStatus(alone, { local: true }), one, language);
    assert.equal(words.waitingStatus(offline, { local: true, seat: 2 }), named, language);
    dropCatalog();
  }
});
