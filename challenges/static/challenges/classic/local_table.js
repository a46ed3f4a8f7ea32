// A classic game played on this device, for when the server is out of reach: the
// player at seat 0 against 1-3 easy or medium computers, on the browser's port of the
// rules (../rules/classic/). It answers as the server's API does ({status, data}, the
// game as seat 0 sees it, with `new_events`), so the page shows it with the same code;
// `offline: true` marks it. Nothing of it reaches the server: it is not recorded.
// The game is kept in the browser's storage as its seed and log, so a reload resumes
// it. DOM-free.

import { DEFAULT_RULESET } from "../rules/index.js";
import {
  ClassicError,
  OFFLINE_STRENGTHS,
  actionJson,
  actionParse,
  classicReplay,
  computersPlay,
} from "../rules/classic/index.js";

export const LOCAL_GAME_ID = "offline";
const STORAGE_KEY = "tod-classic-offline";
const LENGTHS = Object.freeze({ one_round: 1, to_400: null });
const PLAYERS_MAX = 4;
const YOU = 0;

function seedMake() {
  const bytes = globalThis.crypto.getRandomValues(new Uint8Array(8));
  return [...bytes].map((byte) => byte.toString(16).padStart(2, "0")).join("");
}

/** `event` as seat 0 may see it (the server's event_seen): its own hand at a round's
 * start, the opening tiles only when it opens, and no tile another seat drew. */
export function eventSeen(event) {
  if (event.event === "round_started") {
    const { hands, ...seen } = event;
    return {
      ...seen,
      opening_tiles: event.opener === YOU ? seen.opening_tiles : [],
      hand: hands[YOU],
      hand_sizes: hands.map((hand) => hand.length),
    };
  }
  if (event.event === "drew" && event.player !== YOU) return { ...event, tile: null };
  return event;
}

export class LocalTable {
  /** A game from its seed and log (as kept); the log is checked as it replays. */
  constructor({ players, seed, rounds, strength, log = [], status = "playing" }) {
    this.strength = strength;
    this.status = status;
    this.log = [...log];
    this.seats = Object.fromEntries(Array.from({ length: players - 1 }, (_, i) => [i + 1, strength]));
    this.game = classicReplay({ players, seed, rounds, log });
    this.seed = seed;
  }

  /** A new game: `computers` (1-3) of `strength` (easy or medium), `length` one_round
   * or to_400. The computers play until seat 0 is to move. RangeError for a bad choice. */
  static start({ computers, strength, length, seed = seedMake() }) {
    if (!OFFLINE_STRENGTHS.includes(strength)) throw new RangeError(`no offline strength ${strength}`);
    if (!Number.isInteger(computers) || computers < 1 || computers > PLAYERS_MAX - 1) {
      throw new RangeError(`1 to ${PLAYERS_MAX - 1} computers, not ${computers}`);
    }
    if (!Object.hasOwn(LENGTHS, length)) throw new RangeError(`no length ${length}`);
    const table = new LocalTable({ players: computers + 1, seed, rounds: LENGTHS[length], strength });
    table._computers();
    return table;
  }

  /** The game kept in `storage` (a Storage), or null: none, or unreadable. */
  static restore(storage) {
    try {
      const kept = JSON.parse(storage?.getItem(STORAGE_KEY) ?? "null");
      return kept === null ? null : new LocalTable(kept);
    } catch {
      return null;
    }
  }

  save(storage) {
    const { players, seed, rounds } = this.game;
    const kept = { players, seed, rounds, strength: this.strength, log: this.log, status: this.status };
    try {
      storage?.setItem(STORAGE_KEY, JSON.stringify(kept));
    } catch {
      // Storage full or refused: the game goes on, only a reload loses it.
    }
  }

  static forget(storage) {
    try {
      storage?.removeItem(STORAGE_KEY);
    } catch {
      // nothing kept
    }
  }

  get playing() {
    return this.status === "playing";
  }

  /** The player's action ({type: "place", tile, cell, rotation} | {type: "draw"} |
   * {type: "pass"}), then the computers'; answers as the API: 200 and the game with the
   * events it made, or 422 / 409 with a `code`. */
  act(action) {
    if (!this.playing) return { status: 409, data: { code: "game_over" } };
    const before = this.game.eventCount;
    let taken;
    try {
      [, taken] = actionParse({ ...action, seat: YOU });
      this.game.apply(taken, { player: YOU });
    } catch (error) {
      if (error instanceof ClassicError) return { status: 422, data: { code: error.code } };
      if (error instanceof RangeError) return { status: 422, data: { code: "malformed" } };
      throw error;
    }
    this.log.push(actionJson(YOU, taken));
    this._computers();
    return { status: 200, data: this.view({ eventsFrom: before }) };
  }

  /** The player gives the game up: it ends, lost for them. */
  resign() {
    this.status = "resigned";
    return { status: 200, data: this.view() };
  }

  _computers() {
    for (const [seat, action] of computersPlay(this.game, { seats: this.seats, seed: this.seed })) {
      this.log.push(actionJson(seat, action));
    }
    if (this.game.isOver) this.status = "finished";
  }

  /** The game as seat 0 sees it, in the API's shape (challenges/classic/selectors.py);
   * with `eventsFrom`, also the events since that many. */
  view({ eventsFrom = null } = {}) {
    const { game } = this;
    const events = game.events;
    const roundStart = events.findLastIndex((event) => event.event === "round_started");
    const toMove = this.playing && game.currentPlayer === YOU;
    const state = {
      id: LOCAL_GAME_ID,
      offline: true,
      status: this.status,
      length: game.rounds === 1 ? "one_round" : "to_400",
      strength: this.strength,
      version: this.log.length,
      you: YOU,
      seats: Array.from({ length: game.players }, (_, seat) => ({
        seat,
        kind: seat === YOU ? "person" : "computer",
        strength: seat === YOU ? null : this.strength,
        name: null,
        hand_size: game.hand(seat).length,
        score: game.scores[seat],
      })),
      round: game.round,
      turn: this.playing ? game.currentPlayer : null,
      hand: game.hand(YOU).map((tile) => tile.id),
      board: game.board.placements.map((placement) => placement.toJson()),
      well_size: game.wellSize,
      draws_this_turn: game.drawsThisTurn,
      can_draw: toMove && game.canDraw(),
      can_pass: toMove && game.canPass(),
      opening_tiles: game.isOpening && game.opener === YOU ? game.openingTiles.map((tile) => tile.id) : [],
      scores: game.scores,
      winners: game.winners,
      target: DEFAULT_RULESET.targetScore,
      max_draws: DEFAULT_RULESET.maxDrawsPerTurn,
      round_events: events.slice(roundStart).map(eventSeen),
    };
    if (eventsFrom !== null) state.new_events = events.slice(eventsFrom).map(eventSeen);
    return state;
  }
}
