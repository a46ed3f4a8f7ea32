// play/tour.js and play/guest_offer.js: the tour is remembered, and a
// guest's end screen offers signing up instead of the submit.

import assert from "node:assert/strict";
import { test } from "node:test";

import { GuestIdentity } from "../../../challenges/static/challenges/play/guest_identity.js";
import { GuestOffer } from "../../../challenges/static/challenges/play/guest_offer.js";
import { TOUR_SEEN_KEY, tourSeen } from "../../../challenges/static/challenges/play/tour.js";
import { coachText } from "../../../challenges/static/challenges/play/words.js";

class MemoryStorage {
  constructor() {
    this.items = new Map();
  }
  getItem(key) {
    return this.items.has(key) ? this.items.get(key) : null;
  }
  setItem(key, value) {
    this.items.set(key, String(value));
  }
}

test("the tour is due until this browser has seen it, and never without storage", () => {
  const storage = new MemoryStorage();
  assert.equal(tourSeen(storage), false);
  storage.setItem(TOUR_SEEN_KEY, "1");
  assert.equal(tourSeen(storage), true);
  const broken = {
    getItem() {
      throw new Error("storage is off");
    },
  };
  assert.equal(tourSeen(broken), true);
});

test("the coach mark speaks to a finger on a phone and to a mouse and keys elsewhere", () => {
  const phone = coachText({ touch: true });
  const desktop = coachText({ touch: false });
  assert.match(phone, /tap a tile/);
  assert.doesNotMatch(phone, /Keys|click/, "no keys on a phone");
  assert.match(desktop, /click a tile/);
  assert.match(desktop, /Keys 1-9/);
  for (const text of [phone, desktop]) {
    assert.match(text, /clock \(2 minutes\) starts at your first touch/);
  }
});

function fakePage() {
  const elements = {};
  for (const id of ["guest-submit", "submit-button", "submit-explain", "guest-signup", "guest-login"]) {
    elements[id] = { hidden: false, href: "" };
  }
  elements["guest-submit"].hidden = true;
  return { $: (id) => elements[id], elements };
}

const SLOT = "00000000-0000-0000-0000-000000000000";
const URLS = {
  signup: `/accounts/signup/?next=/play/%3Frun%3D${SLOT}`,
  login: `/accounts/login/?next=/play/%3Frun%3D${SLOT}`,
};

test("a guest's run that can count is offered for signing up, with the run in the way back", () => {
  const { $, elements } = fakePage();
  new GuestOffer($, { urls: URLS, slot: SLOT }).show({ runId: "run-7", result: { valid: true, eligible: true, score: 40 } });
  assert.equal(elements["guest-submit"].hidden, false);
  assert.equal(elements["submit-button"].hidden, true);
  assert.equal(elements["submit-explain"].hidden, true);
  assert.equal(elements["guest-signup"].href, "/accounts/signup/?next=/play/%3Frun%3Drun-7");
  assert.equal(elements["guest-login"].href, "/accounts/login/?next=/play/%3Frun%3Drun-7");
});

test("a guest's rejected run has nothing to submit, so no offer", () => {
  const { $, elements } = fakePage();
  new GuestOffer($, { urls: URLS, slot: SLOT }).show({ runId: "run-8", result: { valid: false } });
  assert.equal(elements["guest-submit"].hidden, true);
  assert.equal(elements["submit-button"].hidden, true);
});

test("a guest's run that cannot count is not offered: not eligible, or no points", () => {
  for (const result of [
    { valid: true, eligible: false, score: 120 },
    { valid: true, eligible: true, score: 0 },
    { valid: true, eligible: true, score: -10 },
  ]) {
    const { $, elements } = fakePage();
    new GuestOffer($, { urls: URLS, slot: SLOT }).show({ runId: "run-9", result });
    assert.equal(elements["guest-submit"].hidden, true, JSON.stringify(result));
    assert.equal(elements["guest-signup"].href, "", "no way to sign up for it");
  }
});

test("a guest identity is asked of the server once, and a refusal says why", async () => {
  const calls = [];
  const failures = [];
  let loggedIn = 0;
  const answers = [
    { status: 429, data: { detail: "Too many guests from here.", code: "throttled" } },
    { status: 500, data: {} },
    { status: 201, data: { guest: true } },
  ];
  const identity = new GuestIdentity({
    api: async (url, options) => {
      calls.push([url, options.method]);
      return answers.shift();
    },
    url: "/api/guest/",
    onFailed: (message) => failures.push(message),
    onLoggedIn: () => (loggedIn += 1),
  });
  assert.equal(await identity.ensure(), false);
  assert.deepEqual(failures, ["Too many guests from here."]);
  assert.equal(await identity.ensure(), false);
  assert.match(failures[1], /500/);
  assert.equal(await identity.ensure(), true);
  assert.equal(await identity.ensure(), true);
  assert.deepEqual(calls, [
    ["/api/guest/", "POST"],
    ["/api/guest/", "POST"],
    ["/api/guest/", "POST"],
  ]);
  assert.equal(loggedIn, 0);
});

test("a guest identity refused because the browser is logged in reloads as a player", async () => {
  let loggedIn = 0;
  const identity = new GuestIdentity({
    api: async () => ({ status: 409, data: { detail: "Already logged in.", code: "conflict" } }),
    url: "/api/guest/",
    onFailed: () => assert.fail("not a failure"),
    onLoggedIn: () => (loggedIn += 1),
  });
  assert.equal(await identity.ensure(), false);
  assert.equal(loggedIn, 1);
  assert.equal(identity.ready, false);
});

test("a network failure while asking for a guest identity is told, and tried again later", async () => {
  const failures = [];
  let down = true;
  const identity = new GuestIdentity({
    api: async () => {
      if (down) throw new Error("The server cannot be reached.");
      return { status: 200, data: {} };
    },
    url: "/api/guest/",
    onFailed: (message) => failures.push(message),
    onLoggedIn: () => assert.fail("not logged in"),
  });
  assert.equal(await identity.ensure(), false);
  assert.deepEqual(failures, ["The server cannot be reached."]);
  down = false;
  assert.equal(await identity.ensure(), true);
});
