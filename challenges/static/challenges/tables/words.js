// The live tables' words, in the reader's language (the djangojs catalog): seats and
// their clocks, the table's own events (the game's are the classic page's words), the
// reactions, and how the table ended for each person.

import { gettext, interpolate, ngettext } from "../lib/i18n.js";
import * as classic from "../classic/words.js";

/** The table as the classic page's words read a game: its seats are the players. */
export function asGame(table, maxDraws) {
  return { ...table, seats: table.players, max_draws: maxDraws, round_events: [] };
}

export function seatName(table, seat) {
  const player = table.players[seat];
  if (player.kind === "open") {
    return gettext("Open seat");
  }
  return classic.seatName(asGame(table, 0), seat);
}

export const REACTION_WORDS = Object.freeze({
  hello: gettext("Hello!"),
  good_move: gettext("Good move!"),
  well_played: gettext("Well played!"),
  oops: gettext("Oops!"),
  thinking: gettext("Let me think…"),
  thanks: gettext("Thanks!"),
  good_game: gettext("Good game!"),
});

const LEFT_WORDS = Object.freeze({
  resigned: gettext("%(name)s left the table."),
  claimed: gettext("%(name)s was away too long: the table claimed the seat."),
  timed_out: gettext("%(name)s ran out of time."),
});

const RESULT_WORDS = Object.freeze({
  won: gettext("won"),
  lost: gettext("lost"),
  left: gettext("left"),
});

/** What happened, as a line of the table's log. */
export function eventText(table, event, maxDraws) {
  switch (event.event) {
    case "table_joined":
      return interpolate(gettext("%(name)s sat down."), { name: seatName(table, event.seat) });
    case "table_started":
      return gettext("Every seat is taken: the game begins.");
    case "seat_left":
      return interpolate(LEFT_WORDS[event.reason] ?? LEFT_WORDS.resigned, { name: seatName(table, event.seat) });
    case "computer_took_seat":
      return interpolate(gettext("A computer (%(strength)s) plays seat %(number)s from now on."), {
        strength: classic.strengthName(event.strength),
        number: event.seat + 1,
      });
    case "table_ended":
      return gettext("The game is over.");
    default:
      return classic.eventText(asGame(table, maxDraws), event);
  }
}

/** A clock's time left: m:ss, or hours and minutes at a day a move. */
export function clockText(ms) {
  const seconds = Math.max(0, Math.ceil(ms / 1000));
  if (seconds >= 3600) {
    const hours = Math.floor(seconds / 3600);
    return interpolate(gettext("%(hours)s h %(minutes)s min"), { hours, minutes: Math.floor((seconds % 3600) / 60) });
  }
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, "0")}`;
}

export function statusText(table, maxDraws) {
  if (table.status === "open") {
    const free = table.players.filter((player) => player.kind === "open").length - table.computers;
    return interpolate(ngettext("Waiting for %(count)s more player…", "Waiting for %(count)s more players…", free), { count: free });
  }
  if (table.status === "expired") {
    return gettext("Nobody came in time: this table is closed.");
  }
  if (table.status === "finished") {
    return gettext("The game is over.");
  }
  if (table.you === null) {
    return interpolate(gettext("%(name)s is playing…"), { name: seatName(table, table.turn) });
  }
  return classic.turnStatus(asGame(table, maxDraws));
}

export function resultLine(table, result) {
  const parts = [
    interpolate(gettext("%(place)s. %(name)s (%(result)s)"), {
      place: result.place ?? "–",
      name: seatName(table, result.seat),
      result: RESULT_WORDS[result.result] ?? result.result,
    }),
  ];
  if (result.rating_after !== null && result.rating_before !== null) {
    const change = result.rating_after - result.rating_before;
    parts.push(
      interpolate(gettext("rating %(before)s → %(after)s (%(change)s)"), {
        before: result.rating_before,
        after: result.rating_after,
        change: change >= 0 ? `+${change}` : String(change),
      }),
    );
  }
  if (result.coins > 0) {
    parts.push(interpolate(ngettext("%(count)s silver coin", "%(count)s silver coins", result.coins), { count: result.coins }));
  }
  return parts.join(" · ");
}

export const AWAY = gettext("away");
export const CLAIM_CONFIRM = gettext("Claim the game? The player to move has been away too long.");
export const LEAVE_CONFIRM = gettext("Leave this table? It counts as a loss.");
export const COPIED = gettext("Invitation copied.");

/** The page's title while it is the reader's move (a tab in the background shows it). */
export function yourMoveTitle(title) {
  return interpolate(gettext("Your move · %(title)s"), { title });
}

export function tilesText(count) {
  return classic.tilesLeft(count);
}
