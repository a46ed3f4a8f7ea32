// The classic Tri-Ominos board game (RULES.md, "Classic rules"), 2 to 6 players: a
// DOM-free port of triominos/classic/game.py, held to it by the classic golden vectors
// (tests/js/classic/vectors.test.mjs). The Python docstring's decisions where RULES.md
// is silent hold here too: the deal's slices, the opening without triples, blocked
// ties, "a game of set rounds", and the turn order.
//
// The board, placement legality and placement points are the shared port's (Board,
// the Ruleset read from ruleset.json); this adds hands, the well, turns, the opening,
// the draw limit, passing, and the end of rounds and of the game. Actions: play(),
// draw(), passTurn(), or apply() with a Placement, DRAW or PASS.

import { Board } from "../board.js";
import { PlacementError } from "../errors.js";
import { DEFAULT_RULESET } from "../ruleset.js";
import { MoveOutcome } from "../scoring.js";
import { tileParse } from "../tiles.js";
import { ClassicError, DRAW, PASS, classicDealOrder, openingCompare, orderParse } from "./actions.js";
import { blockedRoundPoints, gameEndsAfterRound, passCountsTowardBlock } from "./endings.js";
import * as events from "./events.js";

const byIndex = (left, right) => left.index - right.index;
const sum = (values) => values.reduce((total, value) => total + value, 0);

export class ClassicGame {
  /**
   * A game for `players` (2-6), seated 0 .. players-1. Rounds are dealt from `deals`
   * (one order of the 56 tile ids per round) while it lasts, then from shuffles seeded
   * by `seed` (a string). `rounds` ends the game after that many rounds (null: play to
   * the target).
   */
  constructor(players, { seed = "0", deals = [], ruleset = DEFAULT_RULESET, rounds = null } = {}) {
    if (!Number.isInteger(players)) throw new TypeError(`players must be an integer, not ${players}`);
    if (rounds !== null && (!Number.isInteger(rounds) || rounds < 1)) {
      throw new RangeError(`rounds must be a positive integer or null, not ${rounds}`);
    }
    this.rounds = rounds;
    this.ruleset = ruleset;
    this.dealSize = dealSizeOf(ruleset, players);
    this.players = players;
    this.seed = String(seed);
    this._deals = deals.map((order, index) => orderParse(order, index + 1));
    this._scores = new Array(players).fill(0);
    this._events = [];
    this._round = 0;
    this._over = false;
    this._winners = [];
    this._roundStart();
  }

  // --- reading the state -------------------------------------------------------------

  get round() {
    return this._round;
  }

  get board() {
    return this._board;
  }

  get scores() {
    return [...this._scores];
  }

  get isOver() {
    return this._over;
  }

  /** The players with the highest total once the game is over. */
  get winners() {
    return [...this._winners];
  }

  /** Whose turn it is; null once the game is over. */
  get currentPlayer() {
    return this._over ? null : this._turn;
  }

  get opener() {
    return this._opener;
  }

  /** True until the current round's first tile is down. */
  get isOpening() {
    return !this._over && this._board.isEmpty;
  }

  /** The tiles the round may open with (the opener's choice among them). */
  get openingTiles() {
    return [...this._openingTiles];
  }

  get drawsThisTurn() {
    return this._draws;
  }

  get wellSize() {
    return this._well.length;
  }

  /** `player`'s tiles, sorted. */
  hand(player) {
    return [...this._hands[player]].sort(byIndex);
  }

  handValue(player) {
    return sum(this._hands[player].map((tile) => tile.value));
  }

  /** Everything that happened, oldest first (events.js's JSON objects). */
  get events() {
    return [...this._events];
  }

  get eventCount() {
    return this._events.length;
  }

  // --- what the player to move may do ------------------------------------------------

  /** Every placement the player to move may make, sorted by (row, col, tile, rotation). */
  legalPlacements() {
    if (this._over) return [];
    const tiles = this._board.isEmpty ? this._openingTiles : this._hands[this._turn];
    return this._board.legalPlacements(tiles);
  }

  canDraw() {
    return this._drawRefusal() === null;
  }

  canPass() {
    return this._passRefusal() === null;
  }

  /** Every action the player to move may take: placements, then DRAW, then PASS. */
  legalActions() {
    const actions = this.legalPlacements();
    if (this.canDraw()) actions.push(DRAW);
    if (this.canPass()) actions.push(PASS);
    return actions;
  }

  // --- actions -------------------------------------------------------------------------

  /** Takes `action` (a Placement, DRAW or PASS); `player`, when given, must be the mover. */
  apply(action, { player = null } = {}) {
    if (action === DRAW || action?.type === "draw") return this.draw({ player });
    if (action === PASS || action?.type === "pass") return this.passTurn({ player });
    return this.play(action, { player });
  }

  /** Puts a tile from the mover's hand down; returns its MoveOutcome. Throws ClassicError
   * (the board's codes included) when the rules refuse it; the game is then unchanged. */
  play(placement, { player = null } = {}) {
    const mover = this._checkTurn(player);
    const opening = this._board.isEmpty;
    const hand = this._hands[mover];
    const { tile } = placement;
    if (opening && !this._openingTiles.includes(tile)) {
      throw new ClassicError("wrong_opening", this._openingExplain(tile));
    }
    if (!hand.includes(tile)) {
      throw new ClassicError("tile_not_in_hand", `player ${mover} does not hold ${tile.id}`);
    }
    let outcome;
    try {
      outcome = this._board.play(placement);
    } catch (error) {
      if (error instanceof PlacementError) throw new ClassicError(error.code, error.detail ?? error.message);
      throw error;
    }
    if (opening && tile.isTriple) {
      let extra = this.ruleset.openingBonus;
      if (tile.c === 0) extra += this.ruleset.tripleZeroExtra;
      outcome = new MoveOutcome(outcome.points + extra, outcome.bonus);
    }
    hand.splice(hand.indexOf(tile), 1);
    this._score(mover, outcome.points);
    this._events.push(events.placed(this._round, mover, placement, outcome.points, outcome.bonus, opening));
    this._passesInARow = 0;
    if (hand.length === 0) {
      this._roundEndOut(mover);
    } else {
      this._turnNext();
    }
    return outcome;
  }

  /** Takes the next tile of the well into the mover's hand (the draw cost); returns it. */
  draw({ player = null } = {}) {
    const mover = this._checkTurn(player);
    const refusal = this._drawRefusal();
    if (refusal !== null) throw new ClassicError(...refusal);
    const tile = this._well.shift();
    this._hands[mover].push(tile);
    this._draws += 1;
    const points = this.ruleset.drawPoints;
    this._score(mover, points);
    this._events.push(events.drew(this._round, mover, tile.id, points));
    return tile;
  }

  /** Ends the mover's turn without playing (the pass penalty): after the last draw a
   * turn allows, or with the well empty. Every player passing in turn with the well
   * empty blocks the round (any pass, by version 1's reading). */
  passTurn({ player = null } = {}) {
    const mover = this._checkTurn(player);
    const refusal = this._passRefusal();
    if (refusal !== null) throw new ClassicError(...refusal);
    const points = this.ruleset.passPoints;
    this._score(mover, points);
    this._events.push(events.passed(this._round, mover, points));
    this._passesInARow = passCountsTowardBlock(this.ruleset, this._well.length) ? this._passesInARow + 1 : 0;
    if (this._passesInARow === this.players) {
      this._roundEndBlocked();
    } else {
      this._turnNext();
    }
  }

  // --- inside --------------------------------------------------------------------------

  _checkTurn(player) {
    if (this._over) throw new ClassicError("game_over", "the game is over");
    if (player !== null && player !== this._turn) {
      throw new ClassicError("not_your_turn", `it is player ${this._turn}'s turn, not player ${player}'s`);
    }
    return this._turn;
  }

  _drawRefusal() {
    if (this._over) return ["game_over", "the game is over"];
    if (this._board.isEmpty) return ["opening_required", this._openingExplain(null)];
    if (this._well.length === 0) return ["well_empty", "the well is empty: play a tile or pass"];
    const limit = this.ruleset.maxDrawsPerTurn;
    if (this._draws >= limit) {
      return ["draw_limit", `${limit} draws is the most a turn allows: play a tile or pass`];
    }
    return null;
  }

  _passRefusal() {
    if (this._over) return ["game_over", "the game is over"];
    if (this._board.isEmpty) return ["opening_required", this._openingExplain(null)];
    const limit = this.ruleset.maxDrawsPerTurn;
    if (this._well.length > 0 && this._draws < limit) {
      return [
        "pass_not_allowed",
        `a player may pass only after ${limit} draws or with an empty well ` +
          `(${this._draws} drawn this turn, ${this._well.length} left in the well)`,
      ];
    }
    return null;
  }

  _openingExplain(tile) {
    const choices = this._openingTiles.map((each) => each.id).join(" or ");
    const why = this._openingTiles[0].isTriple ? "the highest triple" : "the highest tile";
    const played = tile === null ? "" : `, not ${tile.id}`;
    return `player ${this._opener} opens round ${this._round} with ${choices} (${why})${played}`;
  }

  _score(player, points) {
    this._scores[player] += points;
    if (this._scores[player] >= this.ruleset.targetScore) this._reachedInRound = true;
  }

  _turnNext() {
    this._turn = (this._turn + 1) % this.players;
    this._draws = 0;
  }

  _roundStart() {
    this._round += 1;
    const index = this._round - 1;
    const order = index < this._deals.length ? this._deals[index] : classicDealOrder(this.seed, this._round);
    const size = this.dealSize;
    this._hands = Array.from({ length: this.players }, (_, i) => order.slice(i * size, (i + 1) * size));
    this._well = order.slice(this.players * size);
    this._board = new Board(this.ruleset);
    this._draws = 0;
    this._passesInARow = 0;
    this._reachedInRound = false;
    [this._opener, this._openingTiles] = this._openingFind();
    this._turn = this._opener;
    this._events.push(
      events.roundStarted(
        this._round,
        this._hands.map((_, player) => this.hand(player).map((tile) => tile.id)),
        this._well.length,
        this._opener,
        this._openingTiles.map((tile) => tile.id),
      ),
    );
  }

  _openingFind() {
    let bestPlayer = null;
    let best = null;
    this._hands.forEach((hand, player) => {
      for (const tile of hand) {
        if (best === null || openingCompare(tile, best) > 0) [bestPlayer, best] = [player, tile];
      }
    });
    const hand = this._hands[bestPlayer];
    if (best.isTriple) {
      const zero = tileParse("0-0-0");
      return [bestPlayer, hand.includes(zero) && best !== zero ? [best, zero] : [best]];
    }
    const choices = hand.filter((tile) => tile.value === best.value).sort((a, b) => openingCompare(b, a));
    return [bestPlayer, choices];
  }

  _roundEndOut(winner) {
    const values = this._handValues();
    const points = this.ruleset.goingOutBonus + sum(values.filter((_, player) => player !== winner));
    this._score(winner, points);
    this._roundEnd(events.roundEnded(this._round, winner, "out", points, this._handValues()));
  }

  _roundEndBlocked() {
    const values = this._handValues();
    const { winner, points } = blockedRoundPoints(this.ruleset, {
      setRounds: this.rounds !== null,
      opener: this._opener,
      handValues: values,
      handSizes: this._hands.map((hand) => hand.length),
    });
    if (winner === null) {
      points.forEach((lost, player) => {
        this._score(player, lost);
        this._events.push(events.handCounted(this._round, player, lost));
      });
      this._roundEnd(events.roundEnded(this._round, null, "blocked", 0, values));
      return;
    }
    this._score(winner, points[winner]);
    this._roundEnd(events.roundEnded(this._round, winner, "blocked", points[winner], values));
  }

  _handValues() {
    return this._hands.map((_, player) => this.handValue(player));
  }

  _roundEnd(event) {
    this._events.push(event);
    const ends = gameEndsAfterRound(this.ruleset, {
      rounds: this.rounds,
      roundNumber: this._round,
      reachedInRound: this._reachedInRound,
      scores: this._scores,
    });
    if (!ends) {
      this._roundStart();
      return;
    }
    const top = Math.max(...this._scores);
    this._winners = this._scores.flatMap((score, player) => (score === top ? [player] : []));
    this._over = true;
    this._events.push(events.gameEnded(this._round, this._scores, this._winners));
  }
}

/** Tiles dealt to each of `players` players (RangeError outside the ruleset's 2-6). */
export function dealSizeOf(ruleset, players) {
  const pair = ruleset.dealSizes.find(([count]) => count === players);
  if (pair === undefined) throw new RangeError(`the classic game is for 2 to 6 players, not ${players}`);
  return pair[1];
}
