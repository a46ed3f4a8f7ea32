// The page's real JavaScript catalog of a language under node: reads
// locale/<language>/LC_MESSAGES/djangojs.po and sets globalThis.django (as /jsi18n/ does
// in the browser) and the page's <html lang>, so a test reads the words a French or
// German player reads. `useCatalog("fr")`, then `dropCatalog()` after the test.

import { readFileSync } from "node:fs";

const ROOT = new URL("../../", import.meta.url);

// Django's plural rules of the languages the site speaks (their .po headers).
const PLURAL = { fr: (n) => (n > 1 ? 1 : 0), nl: (n) => (n !== 1 ? 1 : 0), de: (n) => (n !== 1 ? 1 : 0) };

function unquote(line) {
  return JSON.parse(line.slice(line.indexOf('"')));
}

/** The entries of a .po file: Map of "context\u0004msgid" (or msgid) to [msgstr...]. */
export function readPo(text) {
  const entries = new Map();
  let entry = {};
  let field = null;
  const flush = () => {
    if (entry.msgid !== undefined && entry.msgid !== "" && !entry.fuzzy) {
      const key = entry.msgctxt === undefined ? entry.msgid : `${entry.msgctxt}\u0004${entry.msgid}`;
      entries.set(key, entry.msgstr ?? []);
    }
    entry = {};
    field = null;
  };
  for (const line of text.split("\n")) {
    if (line.trim() === "") {
      flush();
    } else if (line.startsWith("#,") && line.includes("fuzzy")) {
      entry.fuzzy = true;
    } else if (line.startsWith("#")) {
      continue;
    } else if (line.startsWith('"')) {
      if (field.startsWith("msgstr")) {
        entry.msgstr[field === "msgstr" ? 0 : Number(field.slice(7, -1))] += unquote(line);
      } else {
        entry[field] += unquote(line);
      }
    } else {
      field = line.slice(0, line.indexOf(" "));
      if (field.startsWith("msgstr")) {
        entry.msgstr ??= [];
        entry.msgstr[field === "msgstr" ? 0 : Number(field.slice(7, -1))] = unquote(line);
      } else {
        entry[field] = unquote(line);
      }
    }
  }
  flush();
  return entries;
}

export function useCatalog(language) {
  const entries = readPo(readFileSync(new URL(`locale/${language}/LC_MESSAGES/djangojs.po`, ROOT), "utf8"));
  const plural = PLURAL[language];
  const found = (key) => {
    const strings = entries.get(key);
    return strings && strings.every((text) => text !== "") ? strings : null;
  };
  globalThis.django = {
    gettext: (msgid) => found(msgid)?.[0] ?? msgid,
    ngettext: (one, many, n) => found(one)?.[plural(n)] ?? (n === 1 ? one : many),
    pgettext: (context, msgid) => found(`${context}\u0004${msgid}`)?.[0] ?? msgid,
  };
  globalThis.document = { documentElement: { lang: language } };
}

export function dropCatalog() {
  delete globalThis.django;
  delete globalThis.document;
}
