// tables/feed.js, the table page's events: each applied once and in order, whether
// pushed, fetched after a gap or a reconnect's hello, or polled with no socket.

import assert from "node:assert/strict";
import { test } from "node:test";

import { TableFeed } from "../../../challenges/static/challenges/tables/feed.js";

/** A table's events 1..n on the server; `fetchAfter` reads them like the API. */
function server(count) {
  const events = Array.from({ length: count }, (_, index) => ({ seq: index + 1, event: { event: "drew", n: index + 1 } }));
  return {
    events,
    fetches: 0,
    async fetchAfter(after) {
      this.fetches += 1;
      return events.filter((event) => event.seq > after);
    },
  };
}

/** Timers that never fire on their own: the test decides. */
const stillTimers = {
  setTimeout: () => 0,
  clearTimeout: () => {},
  setInterval: () => 0,
  clearInterval: () => {},
};

class FakeSocket {
  constructor() {
    this.sent = [];
  }
  send(data) {
    this.sent.push(JSON.parse(data));
  }
  close() {
    this.onclose?.();
  }
  push(message) {
    this.onmessage({ data: JSON.stringify(message) });
  }
}

function feedOn(table, { last = 0, sockets = [] } = {}) {
  const applied = [];
  const feed = new TableFeed({
    last,
    openSocket: () => {
      const socket = new FakeSocket();
      sockets.push(socket);
      return socket;
    },
    fetchAfter: (after) => table.fetchAfter(after),
    onEvents: (events) => applied.push(...events.map((event) => event.n)),
    timers: stillTimers,
  });
  return { feed, applied, sockets };
}

test("pushes in order are applied once; a repeated push is ignored", async () => {
  const table = server(3);
  const { feed, applied, sockets } = feedOn(table);
  feed.start();
  sockets[0].onopen();
  for (const event of [table.events[0], table.events[1], table.events[1], table.events[2]]) sockets[0].push(event);
  assert.deepEqual(applied, [1, 2, 3]);
  assert.equal(table.fetches, 0);
});

test("the table a push carries goes with its event, and only while it is the last taken", async () => {
  const table = server(3);
  const shown = [];
  const feed = new TableFeed({
    last: 0,
    openSocket: () => new FakeSocket(),
    fetchAfter: (after) => table.fetchAfter(after),
    onEvents: (events, carried) => shown.push([events.map((event) => event.n), carried]),
    timers: stillTimers,
  });
  feed.start();
  feed.socket.onopen();
  feed.socket.push({ ...table.events[0], table: { seq: 1 } });
  feed.socket.push({ ...table.events[0], table: { seq: 1 } });
  feed.socket.push(table.events[1]);
  feed.take([{ ...table.events[2], table: { seq: 3 } }]);
  assert.deepEqual(shown, [
    [[1], { seq: 1 }],
    [[2], null],
    [[3], { seq: 3 }],
  ]);
});

test("the socket says 'here' every few seconds only while the page is present", async () => {
  const table = server(0);
  const ticks = [];
  let present = false;
  const feed = new TableFeed({
    last: 0,
    openSocket: () => new FakeSocket(),
    fetchAfter: (after) => table.fetchAfter(after),
    onEvents: () => {},
    present: () => present,
    timers: { ...stillTimers, setInterval: (tick) => ticks.push(tick) },
  });
  feed.start();
  feed.socket.onopen();
  ticks[0]();
  present = true;
  ticks[0]();
  ticks[0]();
  present = false;
  ticks[0]();
  assert.deepEqual(feed.socket.sent, [{ type: "here" }, { type: "here" }]);
});

test("each push puts the safety poll off: it is for a silence after a dropped push", async () => {
  const table = server(2);
  const waits = [];
  const feed = new TableFeed({
    last: 0,
    openSocket: () => new FakeSocket(),
    fetchAfter: (after) => table.fetchAfter(after),
    onEvents: () => {},
    safetyMs: 15000,
    timers: { ...stillTimers, setTimeout: (fire, ms) => waits.push(ms) },
  });
  feed.start();
  feed.socket.onopen();
  const before = waits.length;
  feed.socket.push(table.events[0]);
  feed.socket.push(table.events[1]);
  assert.deepEqual(waits.slice(before), [15000, 15000]);
});

test("a gap fetches what is missing, in order", async () => {
  const table = server(5);
  const { feed, applied, sockets } = feedOn(table);
  feed.start();
  sockets[0].push(table.events[0]);
  sockets[0].push(table.events[3]);
  await feed.fetching;
  assert.deepEqual(applied, [1, 2, 3, 4, 5]);
  sockets[0].push(table.events[4]);
  assert.deepEqual(applied, [1, 2, 3, 4, 5]);
});

test("a reconnect's hello ahead of the page catches up; one behind changes nothing", async () => {
  const table = server(4);
  const { feed, applied, sockets } = feedOn(table, { last: 2 });
  feed.start();
  sockets[0].push({ hello: { seq: 2 } });
  assert.equal(table.fetches, 0);
  sockets[0].push({ hello: { seq: 4 } });
  await feed.fetching;
  assert.deepEqual(applied, [3, 4]);
});

test("the page's own answer is taken like pushes, and a socket's 'here' keeps the seat present", async () => {
  const table = server(3);
  const { feed, applied, sockets } = feedOn(table);
  feed.start();
  sockets[0].onopen();
  feed.take(table.events.slice(0, 2));
  sockets[0].push(table.events[1]);
  sockets[0].push(table.events[2]);
  assert.deepEqual(applied, [1, 2, 3]);
  feed.send({ type: "here" });
  assert.deepEqual(sockets[0].sent, [{ type: "here" }]);
});

test("with no socket the poll still brings every event", async () => {
  const table = server(6);
  const applied = [];
  const feed = new TableFeed({
    last: 0,
    openSocket: () => {
      throw new Error("no sockets here");
    },
    fetchAfter: (after) => table.fetchAfter(after),
    onEvents: (events) => applied.push(...events.map((event) => event.n)),
    timers: stillTimers,
  });
  feed.start();
  await feed.catchUp();
  table.events.push({ seq: 7, event: { n: 7 } });
  await feed.catchUp();
  assert.deepEqual(applied, [1, 2, 3, 4, 5, 6, 7]);
});
