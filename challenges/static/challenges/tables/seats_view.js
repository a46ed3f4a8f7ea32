// The seats around a live table: each player's name, kind, tiles left, score, rating,
// clock (the one to move counts down between the server's answers) and whether away.

import * as words from "./words.js";

/** The seat to move's clock, counted down from when the table was read. */
function clockLeft(table, player, received) {
  if (player.clock_ms === null) return null;
  const running = table.status === "playing" && table.turn === player.seat;
  return running ? player.clock_ms - (Date.now() - received) : player.clock_ms;
}

export function showTableSeats(list, table, { received }) {
  list.replaceChildren(
    ...table.players.map((player) => {
      const item = document.createElement("li");
      item.className = "classic-seat table-seat";
      item.dataset.seat = String(player.seat);
      item.dataset.testid = `seat-${player.seat}`;
      item.dataset.kind = player.kind;
      if (player.seat === table.turn && table.status === "playing") {
        item.classList.add("classic-seat--turn");
        item.setAttribute("aria-current", "true");
      }
      const name = document.createElement("span");
      name.className = "classic-seat__name";
      name.textContent = words.seatName(table, player.seat);
      item.append(name);
      if (player.rating !== null) {
        const rating = document.createElement("span");
        rating.className = "table-seat__rating muted";
        rating.textContent = player.provisional ? `${player.rating}?` : String(player.rating);
        item.append(" ", rating);
      }
      if (player.hand_size !== undefined) {
        const tiles = document.createElement("span");
        tiles.className = "classic-seat__tiles";
        tiles.dataset.testid = `tiles-${player.seat}`;
        tiles.textContent = words.tilesText(player.hand_size);
        const score = document.createElement("strong");
        score.className = "classic-seat__score num";
        score.dataset.testid = `score-${player.seat}`;
        score.textContent = String(player.score);
        item.append(" ", tiles, " ", score);
      }
      const clock = document.createElement("span");
      clock.className = "table-seat__clock num";
      clock.dataset.testid = `clock-${player.seat}`;
      const left = clockLeft(table, player, received);
      clock.textContent = left === null ? "" : words.clockText(left);
      clock.hidden = left === null;
      item.append(" ", clock);
      if (player.away) {
        const away = document.createElement("span");
        away.className = "table-seat__away";
        away.dataset.testid = `away-${player.seat}`;
        away.textContent = words.AWAY;
        item.append(" ", away);
      }
      return item;
    }),
  );
}

export function tickClocks(list, table, { received }) {
  for (const player of table.players) {
    const clock = list.querySelector(`[data-testid="clock-${player.seat}"]`);
    const left = clockLeft(table, player, received);
    if (clock && left !== null) clock.textContent = words.clockText(left);
  }
}
