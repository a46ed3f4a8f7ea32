// What the reminders' offer and switch say. DOM-free; every sentence through the
// catalog (docs/i18n.md). The notifications' own words are the service worker's.

import { gettext, interpolate, pageLanguage } from "./i18n.js";

export const REMINDERS_ON = gettext("Reminders are on in this browser.");
export const REMINDERS_OFF = gettext("Reminders are off in this browser.");
export const REMINDERS_BLOCKED = gettext(
  "This browser blocks notifications from this site: allow them in its settings to turn reminders on.",
);
export const REMINDERS_UNSUPPORTED = gettext("This browser cannot show reminders.");
export const REMINDERS_FAILED = gettext("Reminders could not be turned on in this browser.");
export const REMINDERS_NOT_YET = gettext("Reminders are offered once you have finished a run.");
export const TURN_ON = gettext("Turn reminders on");
export const TURN_OFF = gettext("Turn reminders off");

/** "Quiet hours: from 10:00 PM to 8:00 AM by your clock.", as the page's language writes times. */
export function quietHours(from, until) {
  const time = (hhmm) => {
    const [hours, minutes] = hhmm.split(":").map(Number);
    const moment = new Date(Date.UTC(2000, 0, 1, hours, minutes));
    return moment.toLocaleTimeString(pageLanguage(), { hour: "numeric", minute: "2-digit", timeZone: "UTC" });
  };
  return interpolate(gettext("Quiet hours: from %(from)s to %(until)s by your clock."), { from: time(from), until: time(until) });
}
