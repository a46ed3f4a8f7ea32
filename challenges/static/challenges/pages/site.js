// Small enhancements shared by every page: live countdowns and local times.
// Without JavaScript the server-rendered text stays correct as of page load.

import { gettext, interpolate, pageLanguage } from "../lib/i18n.js";
import { installHintShow, workerRegister } from "../lib/install.js";

/** "5h 02m 09s", "2m 09s", "9s" for a duration in milliseconds (never negative). */
export function formatCountdown(ms) {
  const total = Math.max(0, Math.floor(ms / 1000));
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  const pad = (n) => String(n).padStart(2, "0");
  if (h > 0) return interpolate(gettext("%(h)sh %(m)sm %(s)ss"), { h, m: pad(m), s: pad(s) });
  if (m > 0) return interpolate(gettext("%(m)sm %(s)ss"), { m, s: pad(s) });
  return interpolate(gettext("%(s)ss"), { s });
}

/** Tick every `[data-countdown]` element (a <time datetime=...>) down to its end. */
export function startCountdowns(root = document) {
  const clocks = [...root.querySelectorAll("[data-countdown]")];
  if (clocks.length === 0) return;
  const tick = () => {
    const now = Date.now();
    for (const el of clocks) {
      const end = Date.parse(el.getAttribute("datetime"));
      if (Number.isNaN(end)) continue;
      const left = end - now;
      if (left <= 0) {
        if (!el.dataset.ended) {
          el.dataset.ended = "1";
          el.textContent = el.dataset.endedText || gettext("now");
          el.dispatchEvent(new CustomEvent("countdown:end", { bubbles: true }));
        }
      } else {
        el.textContent = formatCountdown(left);
      }
    }
  };
  tick();
  setInterval(tick, 1000);
}

/** Show `<time data-local>` in the reader's own time zone, keeping UTC in the title. */
export function localizeTimes(root = document) {
  // In the page's language (its <html lang>), in the reader's own time zone.
  const language = pageLanguage();
  const formats = {
    // <time data-local>: "Nov 21, 2026, 8:01 AM"; data-local="short": "Nov 21, 8:01 AM".
    "": new Intl.DateTimeFormat(language, { dateStyle: "medium", timeStyle: "short" }),
    short: new Intl.DateTimeFormat(language, {
      month: "short",
      day: "numeric",
      hour: "numeric",
      minute: "2-digit",
    }),
    time: new Intl.DateTimeFormat(language, { timeStyle: "short" }),
  };
  for (const el of root.querySelectorAll("time[data-local]")) {
    const when = new Date(el.getAttribute("datetime"));
    if (Number.isNaN(when.getTime())) continue;
    if (!el.title) el.title = `${el.textContent.trim()} UTC`;
    el.textContent = (formats[el.dataset.local] ?? formats[""]).format(when);
  }
}

/** Show the pinned "You: rank ..." bar only while neither the reader's row nor the
 * summary card above the table is on screen. */
export function pinYourRank(root = document) {
  const pin = root.querySelector("[data-you-pin]");
  if (!pin || !("IntersectionObserver" in window)) return;
  const watched = [root.querySelector("#you"), root.querySelector("[data-testid=you-card]")];
  const onScreen = new Map();
  const observer = new IntersectionObserver((entries) => {
    for (const entry of entries) onScreen.set(entry.target, entry.isIntersecting);
    pin.hidden = [...onScreen.values()].some(Boolean);
  });
  for (const element of watched) {
    if (element) observer.observe(element);
  }
}

/** Keeps the reader's time zone in the "tz" cookie, so the server counts a player's
 * days (streaks, calendar) as the reader's days. */
export function rememberTimeZone() {
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  if (zone && !document.cookie.split("; ").includes(`tz=${zone}`)) {
    document.cookie = `tz=${zone}; path=/; max-age=31536000; samesite=lax`;
  }
}

/** Scrolls each calendar to its latest weeks (it scrolls sideways on a narrow screen). */
export function showLatestWeeks(root = document) {
  for (const wrap of root.querySelectorAll(".calendar-wrap")) {
    wrap.scrollLeft = wrap.scrollWidth;
  }
}

/** Marks the header's row of links `has-more` while some of it lies off to the right
 * (a phone's row scrolls sideways): the CSS fades that edge, a cue to scroll. */
export function cueNavMore(root = document) {
  const nav = root.querySelector(".site-nav");
  if (!nav) return;
  const mark = () => nav.classList.toggle("has-more", nav.scrollLeft + nav.clientWidth < nav.scrollWidth - 1);
  nav.addEventListener("scroll", mark, { passive: true });
  window.addEventListener("resize", mark);
  mark();
}

/** Moves the focus to what the server said went wrong (a form's errors, marked
 * data-focus-on-load), so a screen reader reads it as the page opens. */
export function focusOnLoad(root = document) {
  root.querySelector("[data-focus-on-load]")?.focus();
}

// A page whose challenge closes while it is open reloads once, to reveal the tiles.
document.addEventListener("countdown:end", (event) => {
  if (event.target.dataset.reloadOnEnd !== undefined) {
    setTimeout(() => window.location.reload(), 1500);
  }
});

startCountdowns();
localizeTimes();
pinYourRank();
rememberTimeZone();
showLatestWeeks();
cueNavMore();
focusOnLoad();
workerRegister();
installHintShow();
