import assert from "node:assert/strict";
import { afterEach, test } from "node:test";

import { formatNumber, gettext, interpolate, ngettext, pageLanguage, pgettext } from "../../../challenges/static/challenges/lib/i18n.js";

// Under node there is no page and no catalog: the words are the English ones. In the
// browser, Django's JavaScript catalog (/jsi18n/) sets globalThis.django first.

afterEach(() => {
  delete globalThis.django;
});

test("without a catalog the English words come back", () => {
  assert.equal(gettext("Time's up!"), "Time's up!");
  assert.equal(ngettext("%(count)s tile", "%(count)s tiles", 1), "%(count)s tile");
  assert.equal(ngettext("%(count)s tile", "%(count)s tiles", 0), "%(count)s tiles");
  assert.equal(ngettext("%(count)s tile", "%(count)s tiles", 2), "%(count)s tiles");
  assert.equal(pgettext("verb", "Draw"), "Draw");
  assert.equal(pageLanguage(), "en");
});

test("with the page's catalog the words are the catalog's", () => {
  const asked = [];
  globalThis.django = {
    gettext: (id) => ({ "Time's up!": "Temps écoulé !" })[id] ?? id,
    ngettext: (one, many, n) => {
      asked.push(n);
      return n > 1 ? "%(count)s pièces" : "%(count)s pièce";
    },
    pgettext: (context, id) => (context === "verb" && id === "Draw" ? "Piocher" : id),
  };
  assert.equal(gettext("Time's up!"), "Temps écoulé !");
  assert.equal(gettext("Unknown"), "Unknown");
  // French: 0 is singular; the catalog's plural rule decides, not `count === 1`.
  assert.equal(ngettext("%(count)s tile", "%(count)s tiles", 0), "%(count)s pièce");
  assert.equal(ngettext("%(count)s tile", "%(count)s tiles", 2), "%(count)s pièces");
  assert.deepEqual(asked, [0, 2]);
  assert.equal(pgettext("verb", "Draw"), "Piocher");
});

test("a catalog without functions is no catalog", () => {
  globalThis.django = {};
  assert.equal(gettext("Share"), "Share");
});

test("interpolate fills named placeholders, in any order, and leaves unknown ones", () => {
  assert.equal(interpolate("%(score)s points, started %(when)s", { score: 40, when: "8:05" }), "40 points, started 8:05");
  assert.equal(interpolate("démarrée à %(when)s : %(score)s points", { score: 40, when: "8:05" }), "démarrée à 8:05 : 40 points");
  assert.equal(interpolate("%(score)s and %(missing)s", { score: 0 }), "0 and %(missing)s");
  assert.equal(interpolate("%(a)s%(a)s", { a: "x" }), "xx");
  assert.equal(interpolate("100%", {}), "100%");
});

test("numbers follow the page's language", () => {
  assert.equal(formatNumber(1234567), "1,234,567");
  globalThis.document = { documentElement: { lang: "de" } };
  try {
    assert.equal(pageLanguage(), "de");
    assert.equal(formatNumber(1234567), "1.234.567");
  } finally {
    delete globalThis.document;
  }
});

test("the words modules read the catalog, constants included", async () => {
  const french = {
    "Time's up!": "Temps écoulé !",
    "row %(row)s, column %(column)s": "ligne %(row)s, colonne %(column)s",
    "The well is empty.": "Le puits est vide.",
    "Live · moves reach the server": "En direct · les coups arrivent au serveur",
  };
  globalThis.django = {
    gettext: (id) => french[id] ?? id,
    ngettext: (one, many, n) => (n > 1 ? many : one),
    pgettext: (context, id) => id,
  };
  // A fresh instance of each module, evaluated with the catalog present (as on a page,
  // where /jsi18n/ runs before any module).
  const words = await import("../../../challenges/static/challenges/play/words.js?catalog");
  const witness = await import("../../../challenges/static/challenges/lib/witness_words.js?catalog");
  assert.equal(words.endTitle("time"), "Temps écoulé !");
  assert.equal(words.cellText([1, 2]), "ligne 1, colonne 2");
  assert.equal(words.WELL_EMPTY, "Le puits est vide.");
  assert.equal(witness.linkStatus({ connection: "live", online: true }).text, "En direct · les coups arrivent au serveur");
});
