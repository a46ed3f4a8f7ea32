// The classic page's words, in the reader's language (the djangojs catalog): the seats,
// whose turn it is, each event of a round, and the end of the game.

import { gettext, interpolate, ngettext } from "../lib/i18n.js";
import { bonusName } from "../lib/bonus_words.js";

const STRENGTH_WORDS = Object.freeze({
  easy: gettext("easy"),
  medium: gettext("medium"),
  hard: gettext("hard"),
});

/** A computer's strength, in words. */
export function strengthName(strength) {
  return STRENGTH_WORDS[strength] ?? strength;
}

/** "You", "Computer 2 (hard)", or a person's name. */
export function seatName(game, seat) {
  if (seat === game.you) {
    return gettext("You");
  }
  const info = game.seats[seat];
  if (info.kind === "computer") {
    return interpolate(gettext("Computer %(number)s (%(strength)s)"), {
      number: seat,
      strength: strengthName(info.strength),
    });
  }
  return info.name ?? interpolate(gettext("Player %(number)s"), { number: seat + 1 });
}

export function tilesLeft(count) {
  return interpolate(ngettext("%(count)s tile", "%(count)s tiles", count), { count });
}

export function pointsText(points) {
  return interpolate(ngettext("%(points)s point", "%(points)s points", Math.abs(points)), { points });
}

/** Whose turn it is, and what the player may do. */
export function turnStatus(game) {
  if (game.status !== "playing") {
    return gettext("The game is over.");
  }
  if (game.turn !== game.you) {
    return interpolate(gettext("%(name)s is playing…"), { name: seatName(game, game.turn) });
  }
  if (game.opening_tiles.length > 0) {
    return interpolate(gettext("Your turn: open the round with %(tiles)s."), { tiles: game.opening_tiles.join(" / ") });
  }
  if (game.draws_this_turn === 0) {
    return gettext("Your turn: play a tile, or draw if none fits.");
  }
  if (game.can_draw) {
    return interpolate(
      ngettext(
        "Your turn: you drew %(drawn)s tile of %(max)s. Play a tile or draw again.",
        "Your turn: you drew %(drawn)s tiles of %(max)s. Play a tile or draw again.",
        game.draws_this_turn,
      ),
      { drawn: game.draws_this_turn, max: game.max_draws },
    );
  }
  return gettext("Your turn: play a tile, or pass.");
}

export function drawLabel(game) {
  const left = Math.max(0, game.max_draws - game.draws_this_turn);
  return interpolate(gettext("Draw (%(left)s left)"), { left });
}

/**
 * One event of a round as a line of the log (and what a screen reader hears). The
 * player's own moves have sentences of their own: a verb agrees with its person ("Du
 * legtest", "Vous avez posé"), so "You" is never put in another seat's sentence.
 */
export function eventText(game, event) {
  const yours = event.player === game.you;
  const who = event.player === undefined || event.player === null ? "" : seatName(game, event.player);
  const points = event.points;
  switch (event.event) {
    case "round_started":
      return event.opener === game.you
        ? interpolate(gettext("Round %(round)s: you open."), { round: event.round })
        : interpolate(gettext("Round %(round)s: %(name)s opens."), { round: event.round, name: seatName(game, event.opener) });
    case "placed":
      return placedText(event, yours, who);
    case "drew":
      return drewText(event, yours, who);
    case "passed":
      return yours
        ? interpolate(gettext("You passed (%(points)s)."), { points })
        : interpolate(gettext("%(name)s passed (%(points)s)."), { name: who, points });
    case "hand_counted":
      return yours
        ? interpolate(gettext("You lose the tiles left in your hand (%(points)s)."), { points })
        : interpolate(gettext("%(name)s loses the tiles left in hand (%(points)s)."), { name: who, points });
    case "round_ended":
      return roundEndedText(event, yours, who);
    case "game_ended":
      return gettext("The game is over.");
    default:
      return "";
  }
}

function placedText(event, yours, who) {
  const values = { name: who, tile: event.tile, points: event.points };
  if (event.bonus) {
    const withBonus = { ...values, bonus: bonusName(event.bonus) };
    return yours
      ? interpolate(gettext("You placed %(tile)s: +%(points)s with a %(bonus)s."), withBonus)
      : interpolate(gettext("%(name)s placed %(tile)s: +%(points)s with a %(bonus)s."), withBonus);
  }
  return yours
    ? interpolate(gettext("You placed %(tile)s: +%(points)s."), values)
    : interpolate(gettext("%(name)s placed %(tile)s: +%(points)s."), values);
}

function drewText(event, yours, who) {
  const values = { name: who, tile: event.tile, points: event.points };
  if (event.tile) {
    return yours
      ? interpolate(gettext("You drew %(tile)s (%(points)s)."), values)
      : interpolate(gettext("%(name)s drew %(tile)s (%(points)s)."), values);
  }
  return yours
    ? interpolate(gettext("You drew a tile (%(points)s)."), values)
    : interpolate(gettext("%(name)s drew a tile (%(points)s)."), values);
}

function roundEndedText(event, yours, who) {
  const values = { name: who, points: event.points };
  if (event.reason === "out") {
    return yours
      ? interpolate(gettext("You played your last tile and win the round: +%(points)s."), values)
      : interpolate(gettext("%(name)s played their last tile and wins the round: +%(points)s."), values);
  }
  if (event.player === null) {
    return gettext("The round is blocked: the well is empty and nobody can play.");
  }
  return yours
    ? interpolate(gettext("The round is blocked: you have the lowest hand and win it: %(points)s."), values)
    : interpolate(gettext("The round is blocked: %(name)s has the lowest hand and wins it: %(points)s."), values);
}

export function endTitle(game) {
  if (game.status === "resigned") {
    return gettext("You resigned.");
  }
  if (game.winners.length > 1 && game.winners.includes(game.you)) {
    return gettext("A tie: you share the win!");
  }
  if (game.winners.includes(game.you)) {
    return gettext("You won!");
  }
  return interpolate(gettext("%(name)s won."), { name: seatName(game, game.winners[0]) });
}

export const SENDING = gettext("Your move is on its way…");

/** The status while the player's turn is over and the page shows what came of it:
 * `seat`'s move (the answer here, its moves shown one by one), else the player's move on
 * its way to the server; a game on this device sends nothing, its computers just play. */
export function waitingStatus(game, { local = false, seat = null } = {}) {
  if (seat !== null && seat !== game.you) {
    return interpolate(gettext("%(name)s is playing…"), { name: seatName(game, seat) });
  }
  if (!local) {
    return SENDING;
  }
  const computers = game.seats.length - 1;
  return ngettext("The computer is playing…", "The computers are playing…", computers);
}
export const YOUR_TURN = gettext("Your turn.");
export const RESIGN_CONFIRM = gettext("Give this game up? It counts as a loss.");
export const RESUMED = gettext("Your game is back where you left it.");
export const UNREACHABLE = gettext("The server could not be reached. Try again.");

// Offline: a game played on this device (local_table.js) is never recorded.
export const OFFLINE_SETUP = gettext(
  "You are offline: this game is played on this device against the easy or medium computer, and it is not recorded.",
);
export const SERVER_NEEDED = gettext("The hard computer and live tables need the server.");
export const OFFLINE_GAME = gettext("Offline game: not recorded.");
export const HARD_OFFLINE = gettext("The hard computer needs the server: choose easy or medium while offline.");
export const REFUSED = gettext("The rules do not allow that.");
