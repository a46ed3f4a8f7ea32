// The lobby of live tables: make a table (friends, computers, a pace), join one that
// waits for players, see one's own tables and invitations, and join the rated pool,
// which seats the player when a wave finds them a table (the page then goes there).

import { api } from "../lib/api.js";
import { gettext, interpolate, ngettext } from "../lib/i18n.js";
import { GuestIdentity } from "../play/guest_identity.js";
import { strengthName } from "../classic/words.js";

const config = JSON.parse(document.getElementById("tables-config").textContent);
const $ = (id) => document.getElementById(id);
const pageOf = (id) => config.urls.page.replace(config.slot, id);
const joinUrl = (id) => `${config.urls.table.replace(config.slot, id)}join/`;
const LOBBY_MS = 5000;
const POOL_MS = 2000;

const LENGTH_WORDS = { one_round: gettext("one round"), to_400: gettext("to 400 points") };
const PACE_WORDS = { live: gettext("live"), correspondence: gettext("a day a move") };

const guest = config.signedIn
  ? null
  : new GuestIdentity({ api, url: config.urls.guest, onFailed: (message) => errorShow(message), onLoggedIn: () => window.location.reload() });

function errorShow(text) {
  $("make-error").textContent = text ?? "";
  $("make-error").hidden = !text;
}

function describe(row) {
  const people = row.players.map((name) => name ?? gettext("a guest")).join(", ");
  const parts = [
    interpolate(ngettext("%(count)s seat", "%(count)s seats", row.seats), { count: row.seats }),
    LENGTH_WORDS[row.length],
    PACE_WORDS[row.pace],
  ];
  if (row.computers > 0) {
    parts.push(interpolate(ngettext("%(count)s computer (%(strength)s)", "%(count)s computers (%(strength)s)", row.computers), { count: row.computers, strength: strengthName(row.strength) }));
  }
  if (row.rated) parts.push(gettext("rated"));
  return `${parts.join(" · ")}${people ? ` — ${people}` : ""}`;
}

function rowItem(row) {
  const item = document.createElement("li");
  item.className = "lobby-row";
  item.dataset.table = row.id;
  const what = document.createElement("span");
  what.className = "lobby-row__what";
  what.textContent = describe(row);
  item.append(what);
  if (row.seated || row.status !== "open") {
    const link = document.createElement("a");
    link.className = row.your_move ? "button small" : "button small secondary";
    link.href = pageOf(row.id);
    if (row.your_move) {
      item.classList.add("lobby-row--your-move");
      link.dataset.testid = "your-move";
      link.textContent = gettext("Your move");
    } else {
      link.textContent = row.status === "open" ? gettext("Waiting…") : gettext("Back to the table");
    }
    item.append(link);
  } else {
    const join = document.createElement("button");
    join.type = "button";
    join.className = "button small";
    join.dataset.testid = "join-table";
    join.textContent = interpolate(ngettext("Join (%(free)s seat free)", "Join (%(free)s seats free)", row.free), { free: row.free });
    join.addEventListener("click", () => joinTable(row.id));
    item.append(join);
  }
  return item;
}

async function joinTable(id) {
  if (guest !== null && !(await guest.ensure())) return;
  const answer = await api(joinUrl(id), { method: "POST", body: {} });
  if (answer.status === 200) {
    window.location.assign(pageOf(id));
  } else {
    errorShow(answer.data.detail);
    refresh();
  }
}

async function refresh() {
  try {
    const answer = await api(config.urls.open);
    if (answer.status !== 200) return;
    const open = answer.data.tables;
    $("open-tables").replaceChildren(...open.map(rowItem));
    $("open-empty").hidden = open.length > 0;
    const mine = [...answer.data.invitations, ...answer.data.mine];
    $("my-tables").replaceChildren(...mine.map(rowItem));
    $("mine-empty").hidden = mine.length > 0;
    const waiting = answer.data.mine.filter((row) => row.your_move).length;
    $("your-move").textContent = waiting
      ? interpolate(ngettext("It is your move at %(count)s table.", "It is your move at %(count)s tables.", waiting), { count: waiting })
      : "";
    $("your-move").hidden = waiting === 0;
  } catch {
    // Offline for now: the next refresh tries again.
  }
}

$("make-form").addEventListener("submit", async (event) => {
  event.preventDefault();
  errorShow(null);
  const form = new FormData($("make-form"));
  const seats = Number(form.get("seats"));
  const body = {
    seats,
    computers: Math.min(Number(form.get("computers")), seats - 1),
    length: form.get("length"),
    pace: form.get("pace"),
    listed: form.get("listed") === "on",
  };
  if (form.get("invite")) body.invite = form.get("invite");
  if (guest !== null && !(await guest.ensure())) return;
  $("make-button").disabled = true;
  try {
    const answer = await api(config.urls.create, { method: "POST", body });
    if (answer.status === 201) {
      window.location.assign(pageOf(answer.data.id));
    } else {
      errorShow(answer.data.detail);
    }
  } finally {
    $("make-button").disabled = false;
  }
});

let poolTimer = null;
let poolAsked = false;

function poolShow(status) {
  if (status.waiting) poolAsked = true;
  $("pool-leave").hidden = !status.waiting;
  $("pool-join").disabled = status.waiting;
  const rating = interpolate(gettext("Your rating: %(rating)s"), { rating: status.provisional ? `${status.rating}?` : status.rating });
  $("pool-status").textContent = status.waiting ? `${gettext("Looking for players…")} ${rating}` : rating;
  clearTimeout(poolTimer);
  if (status.waiting) poolTimer = setTimeout(poolCheck, POOL_MS);
}

async function poolCheck() {
  const answer = await api(config.urls.pairing);
  if (answer.status !== 200) return;
  if (answer.data.table && !answer.data.waiting && poolAsked) {
    window.location.assign(pageOf(answer.data.table));
    return;
  }
  poolShow(answer.data);
}

if ($("pool-form")) {
  $("pool-form").addEventListener("submit", async (event) => {
    event.preventDefault();
    const form = new FormData($("pool-form"));
    const answer = await api(config.urls.pairing, { method: "POST", body: { seats: Number(form.get("seats")), length: form.get("length") } });
    if (answer.status !== 200) {
      $("pool-status").textContent = answer.data.detail;
      return;
    }
    poolAsked = true;
    if (answer.data.table && !answer.data.waiting) {
      window.location.assign(pageOf(answer.data.table));
      return;
    }
    poolShow(answer.data);
  });
  $("pool-leave").addEventListener("click", async () => {
    await api(config.urls.pairing, { method: "DELETE" });
    poolAsked = false;
    poolCheck();
  });
  poolCheck();
}

refresh();
setInterval(refresh, LOBBY_MS);
