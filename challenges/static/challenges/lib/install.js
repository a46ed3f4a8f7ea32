// The installable app in the browser: the service worker (served from the site's root,
// challenges/views/app.py) registered on every page, and on iOS, where Safari offers no
// install prompt, a hint saying how to add the site to the home screen.

import { gettext } from "./i18n.js";

const HINT_DISMISSED = "tod:install-hint";

/** Registers the site's service worker (its scope is the whole site) once the page has
 * loaded: what it keeps for offline play is fetched after the page, never before it. */
export function workerRegister(navigatorLike = navigator) {
  if (!("serviceWorker" in navigatorLike)) return;
  const register = () =>
    navigatorLike.serviceWorker.register("/sw.js").catch(() => {
      // No worker (private mode, an old browser): the site works online as before.
    });
  if (document.readyState === "complete") register();
  else window.addEventListener("load", register, { once: true });
}

/** Whether the hint is for this browser: iOS or iPadOS, not already installed. */
export function iosInstallable({ userAgent, maxTouchPoints = 0, standalone = false }) {
  const ios = /iPhone|iPad|iPod/.test(userAgent) || (/Macintosh/.test(userAgent) && maxTouchPoints > 1);
  return ios && !standalone;
}

/** Shows the iOS hint once per browser, until it is closed. */
export function installHintShow(documentLike = document, { storage = window.localStorage, navigatorLike = navigator } = {}) {
  const standalone = navigatorLike.standalone === true || window.matchMedia?.("(display-mode: standalone)").matches;
  if (!iosInstallable({ userAgent: navigatorLike.userAgent, maxTouchPoints: navigatorLike.maxTouchPoints, standalone })) {
    return null;
  }
  try {
    if (storage.getItem(HINT_DISMISSED) === "1") return null;
  } catch {
    return null;
  }
  const hint = documentLike.createElement("aside");
  hint.className = "install-hint";
  hint.dataset.testid = "install-hint";
  hint.setAttribute("aria-label", gettext("Install the app"));
  const text = documentLike.createElement("p");
  text.textContent = gettext(
    "Add Tri-Ominos Daily to your home screen: tap Share, then “Add to Home Screen”. Practice and puzzles then play offline.",
  );
  const close = documentLike.createElement("button");
  close.type = "button";
  close.className = "button small secondary";
  close.textContent = gettext("Close");
  close.addEventListener("click", () => {
    try {
      storage.setItem(HINT_DISMISSED, "1");
    } catch {
      // Hidden for this page only.
    }
    hint.remove();
  });
  hint.append(text, close);
  documentLike.querySelector("main")?.after(hint);
  return hint;
}
