// The table around the board: every seat (name, tiles left, score, whose turn), the
// round's log of moves with their points, and the final scores.

import * as words from "./words.js";

/** The seats (`hand_size`, `score`) after `event`, for the table to count along while
 * the computers' moves are shown one by one (the answer holds only the final seats). */
export function seatsAfter(seats, event) {
  return seats.map((seat, index) => {
    if (event.event === "round_started") {
      return { ...seat, hand_size: event.hand_sizes[index] };
    }
    if (event.player !== index || event.points === undefined) {
      return seat;
    }
    const tiles = { placed: -1, drew: 1 }[event.event] ?? 0;
    return { ...seat, hand_size: seat.hand_size + tiles, score: seat.score + event.points };
  });
}

/** The seats in `list`; `turn` overrides whose turn is marked (a computer's move shown). */
export function showSeats(list, game, { turn = game.turn } = {}) {
  list.replaceChildren(
    ...game.seats.map((seat) => {
      const item = document.createElement("li");
      item.className = "classic-seat";
      item.dataset.seat = String(seat.seat);
      item.dataset.testid = `seat-${seat.seat}`;
      if (seat.seat === turn && game.status === "playing") {
        item.classList.add("classic-seat--turn");
        item.setAttribute("aria-current", "true");
      }
      const name = document.createElement("span");
      name.className = "classic-seat__name";
      name.textContent = words.seatName(game, seat.seat);
      const tiles = document.createElement("span");
      tiles.className = "classic-seat__tiles";
      tiles.dataset.testid = `tiles-${seat.seat}`;
      tiles.textContent = words.tilesLeft(seat.hand_size);
      const score = document.createElement("strong");
      score.className = "classic-seat__score num";
      score.dataset.testid = `score-${seat.seat}`;
      score.textContent = String(seat.score);
      item.append(name, " ", tiles, " ", score);
      return item;
    }),
  );
}

/** The current round's events, newest last. */
export function showLog(list, game) {
  list.replaceChildren(
    ...game.round_events.map((event) => {
      const item = document.createElement("li");
      item.textContent = words.eventText(game, event);
      if (event.bonus) item.classList.add("classic-log__bonus");
      return item;
    }),
  );
  list.lastElementChild?.scrollIntoView?.({ block: "nearest" });
}

export function showFinal($, game, { replay }) {
  $("end-title").textContent = words.endTitle(game);
  const ordered = [...game.seats].sort((a, b) => b.score - a.score);
  $("final-scores").replaceChildren(
    ...ordered.map((seat) => {
      const item = document.createElement("li");
      item.className = "classic-seat";
      item.textContent = `${words.seatName(game, seat.seat)}: ${words.pointsText(seat.score)}`;
      return item;
    }),
  );
  $("replay-link").href = replay;
}
