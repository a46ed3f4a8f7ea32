// The settings page's reminders switch for this browser (docs/reminders.md): on or off
// at any time once they are offered (after the player's first finished run).

import { api } from "../lib/api.js";
import { currentSubscription, pushSupported, remindersOff, remindersOn } from "../lib/reminders.js";
import * as words from "../lib/reminder_words.js";

const section = document.getElementById("reminders-settings");

async function setUp() {
  const status = document.getElementById("reminders-state");
  const button = document.getElementById("reminders-switch");
  const say = (text) => {
    status.textContent = text;
  };
  if (!pushSupported(window)) {
    say(words.REMINDERS_UNSUPPORTED);
    return;
  }
  const state = (await api(section.dataset.stateUrl)).data;
  const quiet = document.getElementById("reminders-quiet");
  quiet.textContent = words.quietHours(state.quiet_from, state.quiet_until);
  quiet.hidden = false;
  if (!state.offered) {
    say(words.REMINDERS_NOT_YET);
    return;
  }
  let on = (await currentSubscription()) !== null;
  const show = () => {
    say(on ? words.REMINDERS_ON : Notification.permission === "denied" ? words.REMINDERS_BLOCKED : words.REMINDERS_OFF);
    button.textContent = on ? words.TURN_OFF : words.TURN_ON;
    document.getElementById("reminders-controls").hidden = false;
  };
  button.addEventListener("click", async () => {
    button.disabled = true;
    const done = on
      ? await remindersOff({ url: section.dataset.unsubscribeUrl }).catch(() => ({ state: "failed" }))
      : await remindersOn({ publicKey: state.public_key, url: section.dataset.subscriptionUrl, reminders: state.kinds }).catch(() => ({
          state: "failed",
        }));
    on = done.state === "on" || (on && done.state !== "off");
    show();
    if (done.state === "failed") say(done.detail ?? words.REMINDERS_FAILED);
    button.disabled = false;
  });
  show();
}

if (section) {
  setUp().catch(() => {
    // Offline: the switch stays hidden; the page works as before.
  });
}
