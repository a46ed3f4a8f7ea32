// A table's events, each applied once and in order, however they come: the socket's
// pushes ({seq, event}), its hello on (re)connecting ({hello: {seq}}), or the API's
// `events/?after=N` when a push is missing (a gap), after a reconnect, and as the
// poll that keeps the page playing with no socket at all. DOM-free: the page gives it
// how to open a socket, how to fetch, and what to do with the events.

const RECONNECT_MS = [1000, 2000, 4000, 8000];
const HERE_MS = 3000;

export class TableFeed {
  /**
   * `last`: the number of the last event the page has shown. `openSocket()` returns a
   * WebSocket-like object (or throws). `fetchAfter(n)` resolves to the events after n.
   * `onEvents(list)` gets each new run of events in order; `onReaction(r)`, reactions;
   * `onLink(up)`, whether the socket is up. `pollMs`: the poll while the socket is
   * down; `safetyMs`: a slower one while it is up (a push the layer dropped).
   * `present()`: whether the socket's "here" counts now (the server writes it only on
   * the seat's own turn: the others' pings would cost it a message for nothing).
   */
  constructor({ last, openSocket, fetchAfter, onEvents, onReaction = () => {}, onLink = () => {}, present = () => true, pollMs = 2500, safetyMs = 15000, timers = globalThis }) {
    this.last = last;
    this.openSocket = openSocket;
    this.fetchAfter = fetchAfter;
    this.onEvents = onEvents;
    this.onReaction = onReaction;
    this.onLink = onLink;
    this.present = present;
    this.pollMs = pollMs;
    this.safetyMs = safetyMs;
    this.timers = timers;
    this.socket = null;
    this.up = false;
    this.attempts = 0;
    this.fetching = null;
    this.again = false;
    this.stopped = false;
    this.pollTimer = null;
    this.hereTimer = null;
  }

  start() {
    this.connect();
    this.schedulePoll();
  }

  stop() {
    this.stopped = true;
    this.timers.clearTimeout(this.pollTimer);
    this.timers.clearInterval(this.hereTimer);
    this.socket?.close();
  }

  /** Events the page got another way (its own action's answer): taken like pushes.
   * `onEvents` gets, beside them, the part of the table a push carried with the last
   * of them (the table as that event leaves it), or null. */
  take(events) {
    const fresh = [];
    let shown = null;
    for (const { seq, event, table } of events) {
      if (seq === this.last + 1) {
        fresh.push(event);
        this.last = seq;
        shown = table ?? null;
      } else if (seq > this.last + 1) {
        if (fresh.length) this.onEvents(fresh.splice(0), shown);
        this.catchUp();
        return;
      }
    }
    if (fresh.length) this.onEvents(fresh, shown);
  }

  /** Fetches every event after the last one shown; one fetch at a time. */
  catchUp() {
    if (this.fetching) {
      this.again = true;
      return this.fetching;
    }
    this.fetching = (async () => {
      try {
        do {
          this.again = false;
          const events = await this.fetchAfter(this.last);
          this.take(events.filter((event) => event.seq > this.last));
        } while (this.again && !this.stopped);
      } catch {
        // Offline for now: the poll asks again.
      } finally {
        this.fetching = null;
      }
    })();
    return this.fetching;
  }

  connect() {
    if (this.stopped) return;
    let socket;
    try {
      socket = this.openSocket();
    } catch {
      this.retry();
      return;
    }
    this.socket = socket;
    socket.onopen = () => {
      this.attempts = 0;
      this.link(true);
      this.timers.clearInterval(this.hereTimer);
      this.hereTimer = this.timers.setInterval(() => {
        if (this.present()) this.send({ type: "here" });
      }, HERE_MS);
    };
    socket.onmessage = (message) => this.receive(message.data);
    socket.onclose = () => {
      if (this.socket !== socket) return;
      this.socket = null;
      this.timers.clearInterval(this.hereTimer);
      this.link(false);
      this.retry();
    };
    socket.onerror = () => socket.close();
  }

  receive(data) {
    let message;
    try {
      message = JSON.parse(data);
    } catch {
      return;
    }
    if (message.hello) {
      if (message.hello.seq > this.last) this.catchUp();
    } else if (message.reaction) {
      this.onReaction(message.reaction);
    } else if (typeof message.seq === "number") {
      this.take([message]);
      // The pushes flow: a dropped one shows as a gap at the next; the safety poll is
      // for the last one before a silence only.
      this.schedulePoll();
    }
  }

  send(message) {
    if (this.socket && this.up) {
      try {
        this.socket.send(JSON.stringify(message));
      } catch {
        // The close handler reconnects.
      }
    }
  }

  link(up) {
    if (this.up === up) return;
    this.up = up;
    this.onLink(up);
    this.schedulePoll();
  }

  retry() {
    if (this.stopped) return;
    const wait = RECONNECT_MS[Math.min(this.attempts, RECONNECT_MS.length - 1)];
    this.attempts += 1;
    this.timers.setTimeout(() => this.connect(), wait);
  }

  schedulePoll() {
    if (this.stopped) return;
    this.timers.clearTimeout(this.pollTimer);
    this.pollTimer = this.timers.setTimeout(
      () => {
        this.catchUp();
        this.schedulePoll();
      },
      this.up ? this.safetyMs : this.pollMs,
    );
  }
}
