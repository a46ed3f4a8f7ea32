// Reminders by Web Push in the browser (docs/reminders.md): this browser's push
// subscription, made with the site's VAPID public key, handed to the server with the
// player's time zone; and taken back. The page's language is the reminders' language
// (the request's, on the server). The notifications are the service worker's.

import { api } from "./api.js";

/** Whether this browser can take reminders at all. */
export function pushSupported(win = globalThis) {
  return Boolean(win.navigator?.serviceWorker) && "PushManager" in win && "Notification" in win;
}

/** A URL-safe base64 key as the bytes `applicationServerKey` takes. */
export function keyBytes(base64url) {
  const base64 = base64url.replace(/-/g, "+").replace(/_/g, "/").padEnd(Math.ceil(base64url.length / 4) * 4, "=");
  return Uint8Array.from(atob(base64), (char) => char.charCodeAt(0));
}

/** The subscription the server is sent: the browser's, the zone and the reminders. */
export function subscriptionBody(subscription, { timeZone, reminders }) {
  const { endpoint, keys } = subscription.toJSON();
  return { endpoint, keys: { p256dh: keys.p256dh, auth: keys.auth }, time_zone: timeZone, reminders };
}

// A browser with no worker registered never readies one, and a push service out of
// reach may keep a subscription waiting: the page says it failed rather than wait on.
const BROWSER_WAIT_MS = 20_000;

function bounded(promise, ms = BROWSER_WAIT_MS) {
  let timer;
  const late = new Promise((_, reject) => {
    timer = setTimeout(() => reject(new Error("the browser did not answer")), ms);
  });
  return Promise.race([promise, late]).finally(() => clearTimeout(timer));
}

export const localZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone ?? "UTC";

/** This browser's subscription, or null (none, or no worker yet). */
export async function currentSubscription(navigatorLike = navigator) {
  const registration = await navigatorLike.serviceWorker?.getRegistration("/");
  return registration ? registration.pushManager.getSubscription() : null;
}

/**
 * Turns reminders on: asks the browser's permission, subscribes with `publicKey`, tells
 * the server. Resolves to "on", "blocked" (permission refused) or "failed" (no push
 * service reached, or the server refused; `detail` then says why if the server did).
 */
export async function remindersOn({ publicKey, url, reminders, navigatorLike = navigator, notification = Notification, call = api }) {
  const permission = await notification.requestPermission();
  if (permission !== "granted") return { state: "blocked" };
  let subscription;
  try {
    const registration = await bounded(navigatorLike.serviceWorker.ready);
    subscription =
      (await registration.pushManager.getSubscription()) ??
      (await bounded(registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: keyBytes(publicKey) })));
  } catch {
    return { state: "failed" };
  }
  const answer = await call(url, { method: "PUT", body: subscriptionBody(subscription, { timeZone: localZone(), reminders }) });
  return answer.status === 200 ? { state: "on" } : { state: "failed", detail: answer.data.detail };
}

/** Turns reminders off in this browser: the server forgets it, the browser unsubscribes. */
export async function remindersOff({ url, navigatorLike = navigator, call = api }) {
  const subscription = await currentSubscription(navigatorLike);
  if (!subscription) return { state: "off" };
  const answer = await call(url, { method: "POST", body: { endpoint: subscription.endpoint } });
  await subscription.unsubscribe();
  return answer.status === 204 ? { state: "off" } : { state: "failed", detail: answer.data.detail };
}
