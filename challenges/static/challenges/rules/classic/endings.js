// How a classic round and game end, as the rules version reads them (RULES.md, "Classic
// rules"). Mirrors triominos/classic/endings.py; the reading is the ruleset's
// `classicReading` ("rulebooks" since version 2, "first_reading" in version 1).

/** Whether a pass with `wellSize` tiles left in the well counts toward a blocked round;
 * any other pass starts the count over. */
export function passCountsTowardBlock(ruleset, wellSize) {
  return wellSize === 0 || ruleset.classicReading === "first_reading";
}

/**
 * Who wins a blocked round (null: nobody) and what it adds to each seat's score, as
 * `{ winner, points }`. In a game of set rounds each player loses their own hand; in a
 * game to the target the lowest hand wins the others' hands less its own (ties: fewer
 * tiles, then first in turn from the round's opener).
 */
export function blockedRoundPoints(ruleset, { setRounds, opener, handValues, handSizes }) {
  const players = handValues.length;
  if (setRounds && ruleset.classicReading === "rulebooks") {
    return { winner: null, points: handValues.map((value) => -value) };
  }
  let winner = null;
  for (let k = 0; k < players; k += 1) {
    const seat = (opener + k) % players;
    const lower =
      winner === null ||
      handValues[seat] < handValues[winner] ||
      (handValues[seat] === handValues[winner] && handSizes[seat] < handSizes[winner]);
    if (lower) winner = seat;
  }
  const total = handValues.reduce((sum, value) => sum + value, 0);
  const points = handValues.map(() => 0);
  points[winner] = total - 2 * handValues[winner];
  return { winner, points };
}

/** Whether the game is over once round `roundNumber` has ended: its set rounds played,
 * or the target reached (at any moment of the round by the rulebooks; at its end by
 * version 1's reading). */
export function gameEndsAfterRound(ruleset, { rounds, roundNumber, reachedInRound, scores }) {
  if (rounds !== null && roundNumber >= rounds) return true;
  if (ruleset.classicReading === "rulebooks") return reachedInRound;
  return Math.max(...scores) >= ruleset.targetScore;
}
