// What happens in a classic game, as a history of small frozen events, each already in
// the JSON form of triominos/classic/events.py's to_json() (the golden vectors compare
// them as they are). `points` is what the event adds to `player`'s score.

const event = (fields) => Object.freeze(fields);

/** A round was dealt: `hands[i]` are player i's tile ids (sorted); `opener` must open
 * with one of `openingTiles`. */
export function roundStarted(round, hands, wellSize, opener, openingTiles) {
  return event({
    event: "round_started",
    round,
    hands: hands.map((hand) => [...hand]),
    well_size: wellSize,
    opener,
    opening_tiles: [...openingTiles],
  });
}

/** `player` put a tile down for `points` (opening, hexagon or bridge bonus included). */
export function placed(round, player, placement, points, bonus, opening) {
  return event({
    event: "placed",
    round,
    player,
    tile: placement.tile.id,
    cell: [placement.cell[0], placement.cell[1]],
    rotation: placement.rotation,
    points,
    bonus,
    opening,
  });
}

/** `player` took `tile` (an id) from the well; `points` is the draw cost. */
export function drew(round, player, tile, points) {
  return event({ event: "drew", round, player, tile, points });
}

/** `player` ended their turn without playing; `points` is the penalty. */
export function passed(round, player, points) {
  return event({ event: "passed", round, player, points });
}

/** A blocked round of a game of set rounds cost `player` their hand (`points`). */
export function handCounted(round, player, points) {
  return event({ event: "hand_counted", round, player, points });
}

/** `player` (null: nobody) won the round by going "out" or as the lowest hand of a
 * "blocked" one, scoring `points`; `handValues` are every hand's value at the end. */
export function roundEnded(round, player, reason, points, handValues) {
  return event({ event: "round_ended", round, player, reason, points, hand_values: [...handValues] });
}

/** The last round (`round`) ended; `winners` hold the highest total. */
export function gameEnded(round, scores, winners) {
  return event({ event: "game_ended", round, scores: [...scores], winners: [...winners] });
}
