// The computer players the browser runs when the server is out of reach: `easy` and
// `medium`, ported from triominos/classic/computer.py and hard.py (the greedy choice and
// one placement per tile and cell). `hard` looks ahead over guesses of the hidden
// tiles; it plays on the server only.
//
// Each is a pure function of the game and a seed, seeded as the server seeds it
// (PythonRandom), so the same game and seed give the very action the server's computer
// takes: tests/js/classic/vectors.test.mjs replays every classic vector's computers.
// Their numbers come from the Python engine through computers.json (`make vectors`).

import { DRAW, PASS } from "./actions.js";
import computers from "./computers.json" with { type: "json" };
import { PythonRandom } from "./python_random.js";

/** The strengths this port plays (the server's `hard` is not one of them). */
export const OFFLINE_STRENGTHS = Object.freeze(["easy", "medium"]);

/** The action the computer to move takes at `strength`, seeded by `seed` and the
 * moment of the game (its number of events). */
export function computerAction(game, { strength, seed }) {
  if (game.isOver) throw new RangeError("the game is over");
  if (!OFFLINE_STRENGTHS.includes(strength)) {
    throw new RangeError(`no strength ${JSON.stringify(strength)} in the browser; one of ${OFFLINE_STRENGTHS.join(", ")}`);
  }
  const placements = game.legalPlacements();
  if (placements.length === 0) return game.canDraw() ? DRAW : PASS;
  if (strength === "medium") return greedyPlacement(game.board, placements);
  const rng = new PythonRandom(`classic computer ${seed} ${game.eventCount}`);
  return easyAction(game, placements, rng);
}

/** Plays the computers' turns (`seats`: seat -> strength) until a seat not in it is to
 * move or the game is over; returns each [seat, action] taken, in order. */
export function computersPlay(game, { seats, seed }) {
  const taken = [];
  for (let seat = game.currentPlayer; seat !== null && Object.hasOwn(seats, seat); seat = game.currentPlayer) {
    const action = computerAction(game, { strength: seats[seat], seed: `${seed} seat ${seat}` });
    game.apply(action, { player: seat });
    taken.push([seat, action]);
  }
  return taken;
}

/** The placement worth the most points now (`medium`'s choice); the first of equals. */
export function greedyPlacement(board, placements) {
  let best = placements[0];
  let bestPoints = board.outcome(best).points;
  for (const placement of placements.slice(1)) {
    const points = board.outcome(placement).points;
    if (points > bestPoints) [best, bestPoints] = [placement, points];
  }
  return best;
}

/** One placement per (tile, cell), the first met. */
export function distinctPlacements(ranked) {
  const seen = new Set();
  return ranked.filter(({ tile, cell }) => {
    const key = `${tile.index} ${cell[0]} ${cell[1]}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

// `easy` overlooks fits (each seen with computers.easy_sees), draws when it sees none,
// often misses the bonus placements when a plain one fits, and picks the k-th weakest
// of what it sees with weight 1 / (k + 1) ** easy_skew.
function easyAction(game, placements, rng) {
  let seen = distinctPlacements(placements).filter(() => rng.random() < computers.easy_sees);
  if (seen.length === 0) {
    if (game.canDraw()) return DRAW;
    seen = placements; // no draw left: a person looks again, harder
  }
  const { board } = game;
  let scored = seen.map((placement) => ({ outcome: board.outcome(placement), placement }));
  const plain = scored.filter((item) => item.outcome.bonus === null);
  if (plain.length > 0 && plain.length < scored.length && rng.random() < computers.easy_misses_bonus) {
    scored = plain;
  }
  scored.sort((left, right) => left.outcome.points - right.outcome.points); // stable, as Python's
  const weights = scored.map((_, rank) => 1 / (rank + 1) ** computers.easy_skew);
  return rng.choice(scored, weights).placement;
}
