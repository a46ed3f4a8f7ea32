// The page's words in the reader's language (docs/i18n.md). Every sentence a player
// reads is a gettext/ngettext call here, so `makemessages -d djangojs` finds it and the
// catalogs translate it. In the browser the functions come from Django's JavaScript
// catalog (/jsi18n/, a script loaded before the modules, which sets globalThis.django);
// under node, or before the catalog has loaded, they give the English words back, so the
// words modules stay DOM-free and testable.

function catalog() {
  const django = globalThis.django;
  return django && typeof django.gettext === "function" ? django : null;
}

/** `msgid` in the page's language. */
export function gettext(msgid) {
  return catalog()?.gettext(msgid) ?? msgid;
}

/** The singular or the plural of a message, for `count`, in the page's language. */
export function ngettext(singular, plural, count) {
  const django = catalog();
  if (django) return django.ngettext(singular, plural, count);
  return count === 1 ? singular : plural;
}

/** `msgid` in `context` (a word that translates differently in two places). */
export function pgettext(context, msgid) {
  const django = catalog();
  if (django) return django.pgettext(context, msgid);
  return msgid;
}

/**
 * Fills the named placeholders of a translated message: "%(score)s points" with
 * {score: 40}. Named, not positional, so a translation may put them in any order.
 * A placeholder with no value stays as it is (a translator's typo shows, not "undefined").
 */
export function interpolate(format, values) {
  return format.replace(/%\((\w+)\)s/g, (placeholder, name) =>
    Object.hasOwn(values, name) ? String(values[name]) : placeholder,
  );
}

/** The page's language (the <html lang> the server wrote), "en" outside a page. */
export function pageLanguage() {
  return globalThis.document?.documentElement?.lang || "en";
}

/** A whole number as the page's language writes it (1,234 / 1 234 / 1.234). */
export function formatNumber(value) {
  return new Intl.NumberFormat(pageLanguage()).format(value);
}
