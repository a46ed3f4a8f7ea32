// Reminders in the browser (lib/reminders.js) and in the service worker (its push and
// notificationclick handlers, run here in a sandbox with the real French catalog).

import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { test } from "node:test";
import vm from "node:vm";

import { keyBytes, remindersOff, remindersOn, subscriptionBody } from "../../../challenges/static/challenges/lib/reminders.js";
import { readPo } from "../po_catalog.mjs";

const ROOT = new URL("../../../", import.meta.url);
// A P-256 public point, as a browser's subscription and the site's VAPID key are written.
const POINT = "BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM";

function subscription(endpoint = "https://fcm.googleapis.com/fcm/send/abc") {
  return {
    endpoint,
    unsubscribed: false,
    toJSON: () => ({ endpoint, expirationTime: null, keys: { p256dh: POINT, auth: "AAAAAAAAAAAAAAAAAAAAAA" } }),
    async unsubscribe() {
      this.unsubscribed = true;
      return true;
    },
  };
}

function browser({ existing = null, subscribeFails = false } = {}) {
  const asked = [];
  const pushManager = {
    getSubscription: async () => existing,
    subscribe: async (options) => {
      asked.push(options);
      if (subscribeFails) throw new Error("AbortError: push service not available");
      return subscription();
    },
  };
  const registration = { pushManager };
  return { asked, navigatorLike: { serviceWorker: { ready: Promise.resolve(registration), getRegistration: async () => registration } } };
}

test("the VAPID key becomes the 65 bytes applicationServerKey takes", () => {
  const bytes = keyBytes(POINT);
  assert.equal(bytes.length, 65);
  assert.equal(bytes[0], 4, "an uncompressed point");
});

test("the server is sent the endpoint, the keys, the time zone and the reminders, nothing else", () => {
  assert.deepEqual(subscriptionBody(subscription(), { timeZone: "Europe/Paris", reminders: ["new_challenge"] }), {
    endpoint: "https://fcm.googleapis.com/fcm/send/abc",
    keys: { p256dh: POINT, auth: "AAAAAAAAAAAAAAAAAAAAAA" },
    time_zone: "Europe/Paris",
    reminders: ["new_challenge"],
  });
});

test("turning reminders on: refused permission, no push service, the server's answer", async () => {
  const calls = [];
  const call = async (url, options) => {
    calls.push([url, options]);
    return { status: 200, data: {} };
  };
  const denied = { requestPermission: async () => "denied" };
  const granted = { requestPermission: async () => "granted" };
  const { navigatorLike: noPush } = browser({ subscribeFails: true });
  assert.deepEqual(await remindersOn({ publicKey: POINT, url: "/api/reminders/subscription/", reminders: [], navigatorLike: noPush, notification: denied, call }), { state: "blocked" });
  assert.deepEqual(await remindersOn({ publicKey: POINT, url: "/api/reminders/subscription/", reminders: [], navigatorLike: noPush, notification: granted, call }), { state: "failed" });
  assert.equal(calls.length, 0, "the server hears of no subscription that does not exist");

  const { asked, navigatorLike } = browser();
  const on = await remindersOn({ publicKey: POINT, url: "/api/reminders/subscription/", reminders: ["new_challenge"], navigatorLike, notification: granted, call });
  assert.deepEqual(on, { state: "on" });
  assert.equal(asked[0].userVisibleOnly, true);
  assert.deepEqual([...asked[0].applicationServerKey], [...keyBytes(POINT)]);
  assert.equal(calls[0][1].method, "PUT");
  assert.equal(calls[0][1].body.reminders[0], "new_challenge");

  const refused = async () => ({ status: 403, data: { detail: "Les rappels sont proposés une fois que vous avez terminé une partie.", code: "reminders_not_offered" } });
  const said = await remindersOn({ publicKey: POINT, url: "/x", reminders: [], navigatorLike, notification: granted, call: refused });
  assert.deepEqual(said, { state: "failed", detail: "Les rappels sont proposés une fois que vous avez terminé une partie." });
});

test("turning reminders off tells the server and unsubscribes the browser", async () => {
  const existing = subscription();
  const { navigatorLike } = browser({ existing });
  const calls = [];
  const off = await remindersOff({
    url: "/api/reminders/unsubscribe/",
    navigatorLike,
    call: async (url, options) => {
      calls.push(options);
      return { status: 204, data: {} };
    },
  });
  assert.deepEqual(off, { state: "off" });
  assert.deepEqual(calls, [{ method: "POST", body: { endpoint: existing.endpoint } }]);
  assert.equal(existing.unsubscribed, true);
});

// ------------------------------------------------------------- the service worker

function frenchCatalog() {
  const entries = readPo(readFileSync(new URL("locale/fr/LC_MESSAGES/djangojs.po", ROOT), "utf8"));
  return Object.fromEntries([...entries].map(([msgid, strings]) => [msgid, strings[0]]));
}

function worker({ catalog, online = true }) {
  const listeners = {};
  const shown = [];
  const opened = [];
  const kept = new Map();
  const fetched = [];
  const self = {
    location: { origin: "https://triominos.example" },
    addEventListener: (name, listener) => (listeners[name] = listener),
    registration: { showNotification: async (title, options) => shown.push({ title, options }) },
    clients: { matchAll: async () => [], openWindow: async (url) => opened.push(url), claim: async () => {} },
  };
  const answer = (body) => ({ ok: true, clone: () => answer(body), json: async () => body });
  const sandbox = {
    self,
    URL,
    caches: {
      open: async () => ({ put: (address, response) => kept.set(address, response) }),
      match: async (address) => kept.get(address),
    },
    fetch: async (address) => {
      fetched.push(address);
      if (!online) throw new TypeError("offline");
      return answer({ catalog });
    },
  };
  const head = 'const CACHE = "tod-test"; const PRECACHE = ["/static/challenges/icons/icon-192.abc.png"]; const OFFLINE_PAGE = "/offline/"; const STATIC_PREFIX = "/static/";\n';
  vm.runInNewContext(head + readFileSync(new URL("templates/challenges/service_worker.js", ROOT), "utf8"), sandbox);
  const dispatch = async (name, event) => {
    let waited = null;
    listeners[name]({ ...event, waitUntil: (promise) => (waited = promise) });
    await waited;
  };
  return { dispatch, shown, opened, fetched };
}

const PUSH = { key: "new_challenge", values: { number: 1234 }, lang: "fr", url: "/play/" };

test("a push is said in the subscriber's language from the worker's catalog", async () => {
  const { dispatch, shown, fetched } = worker({ catalog: frenchCatalog() });
  await dispatch("push", { data: { json: () => PUSH } });
  assert.deepEqual(fetched, ["/jsi18n/worker/fr.json"]);
  assert.equal(shown.length, 1);
  assert.equal(shown[0].title, "Un nouveau défi est ouvert");
  assert.equal(shown[0].options.body, "Le défi 1234 est distribué : les mêmes pièces pour tout le monde.");
  assert.equal(shown[0].options.lang, "fr");
  assert.equal(shown[0].options.icon, "/static/challenges/icons/icon-192.abc.png", "the hashed icon's name");
  assert.deepEqual({ ...shown[0].options.data }, { url: "/play/" });

  await dispatch("push", { data: { json: () => ({ ...PUSH, key: "streak_ending" }) } });
  assert.equal(shown[1].title, "Votre série se termine dans une heure");
});

test("offline and never fetched, a push is said in English; an unknown key shows nothing", async () => {
  const { dispatch, shown } = worker({ catalog: {}, online: false });
  await dispatch("push", { data: { json: () => PUSH } });
  assert.equal(shown[0].title, "A new challenge is open");
  assert.equal(shown[0].options.body, "Challenge 1234 is dealt: the same tiles for everyone.");
  await dispatch("push", { data: { json: () => ({ key: "constructor" }) } });
  await dispatch("push", { data: { json: () => ({ key: "sale", values: {} }) } });
  assert.equal(shown.length, 1);
});

test("a click opens the reminder's page on this site, never another", async () => {
  const { dispatch, opened } = worker({ catalog: {} });
  let closed = 0;
  await dispatch("notificationclick", { notification: { close: () => closed++, data: { url: "/play/" } } });
  assert.deepEqual(opened, ["https://triominos.example/play/"]);
  await dispatch("notificationclick", { notification: { close: () => closed++, data: { url: "https://evil.test/" } } });
  assert.deepEqual(opened, ["https://triominos.example/play/"]);
  assert.equal(closed, 2);
});
