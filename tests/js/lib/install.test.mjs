// lib/install.js: which browsers get the iOS install hint.

import assert from "node:assert/strict";
import { test } from "node:test";

import { iosInstallable } from "../../../challenges/static/challenges/lib/install.js";

const IPHONE = "Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 Version/17.4 Mobile/15E148 Safari/604.1";
const IPAD_AS_MAC = "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 Version/17.4 Safari/605.1.15";
const ANDROID = "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 Chrome/126.0 Mobile Safari/537.36";

test("the hint is for iOS and iPadOS browsers that have not installed the app", () => {
  assert.equal(iosInstallable({ userAgent: IPHONE }), true);
  assert.equal(iosInstallable({ userAgent: IPAD_AS_MAC, maxTouchPoints: 5 }), true, "an iPad says it is a Mac");
  assert.equal(iosInstallable({ userAgent: IPAD_AS_MAC, maxTouchPoints: 0 }), false, "a Mac");
  assert.equal(iosInstallable({ userAgent: ANDROID, maxTouchPoints: 5 }), false, "Chrome prompts by itself");
  assert.equal(iosInstallable({ userAgent: IPHONE, standalone: true }), false, "already installed");
});
