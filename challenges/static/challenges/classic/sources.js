// Where the classic page's game is played: on the server (the API, the game recorded),
// or on this device when the server is out of reach (local_table.js, easy and medium
// computers, not recorded). Both answer {status, data} with the game as the player's
// seat sees it, so the page shows either the same way; only the server's throws
// NetworkError (lib/api.js) when it cannot be reached.

import { api, NetworkError } from "../lib/api.js";
import { OFFLINE_STRENGTHS } from "../rules/classic/index.js";
import { LocalTable } from "./local_table.js";
import * as words from "./words.js";

// Gateway answers: a proxy is up, the site behind it is not.
const UNREACHABLE_STATUSES = new Set([502, 503, 504]);

/** Whether `answer` (or the error thrown instead) says the server is out of reach. */
export function unreachable({ answer = null, error = null } = {}) {
  if (error !== null) return error instanceof NetworkError;
  return UNREACHABLE_STATUSES.has(answer?.status);
}

/** Whether the browser knows it has no network (then nothing is asked of the server). */
export function browserOffline() {
  return globalThis.navigator?.onLine === false;
}

export function serverSource(config) {
  const gameUrl = (id, action = "") => config.urls.game.replace(config.gameSlot, id) + (action ? `${action}/` : "");
  return {
    local: false,
    start: (choice) => api(config.urls.start, { method: "POST", body: choice }),
    load: (id) => api(gameUrl(id)),
    act: (game, action, body) => api(gameUrl(game.id, action), { method: "POST", body: { ...body, version: game.version } }),
    resign: (game) => api(gameUrl(game.id, "resign"), { method: "POST" }),
    replayUrl: (game) => config.urls.replay.replace(config.gameSlot, game.id),
  };
}

/** The game on this device, kept in `storage` (localStorage) after every change. */
export function localSource(storage = globalThis.localStorage) {
  let table = null;
  const kept = (answer) => {
    table?.save(storage);
    if (answer.status !== 200 && answer.status !== 201) answer.data.detail = words.REFUSED;
    return answer;
  };
  return {
    local: true,
    start(choice) {
      if (!OFFLINE_STRENGTHS.includes(choice.strength)) return { status: 400, data: { detail: words.HARD_OFFLINE } };
      table = LocalTable.start(choice);
      return kept({ status: 201, data: table.view({ eventsFrom: 0 }) });
    },
    /** The game kept from before (a reload), or null. */
    restore() {
      table = LocalTable.restore(storage);
      return table === null || !table.playing ? null : { status: 200, data: table.view() };
    },
    act(game, action, body) {
      if (table === null) return { status: 409, data: {} };
      const type = action === "move" ? "place" : action;
      return kept(table.act({ ...body, type }));
    },
    resign() {
      return kept(table.resign());
    },
    forget() {
      table = null;
      LocalTable.forget(storage);
    },
    replayUrl: () => null,
  };
}
