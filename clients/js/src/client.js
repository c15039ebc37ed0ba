// A client of `cardrules serve` over WebSocket (docs/protocol.md): requests matched to their
// replies by id, the server's pushes, the latest state of each table, and a reconnect with
// backoff that joins every table again.
import { ConnectionClosedError, ProtocolReplyError, WaitTimeoutError } from "./errors.js";

/** The protocol version this client speaks (the `games` reply's `protocol`). */
export const PROTOCOL_VERSION = 4;

const DEFAULT_RECONNECT = Object.freeze({ initialDelay: 250, maxDelay: 5000, factor: 2, jitter: 0.2, maxAttempts: Infinity });
const DEFAULT_OPEN_TIMEOUT = 10_000;
const OPEN = 1; // WebSocket.OPEN, the same in browsers and in the ws package

/** Open a connection to `url` (`ws://HOST:PORT/ws`) and resolve to a `Client` once it is open;
 * reject with a `ConnectionClosedError` if that first attempt fails (later drops reconnect).
 * Options: `WebSocket`, a constructor (`globalThis.WebSocket` by default: Node 20 has none, pass
 * the ws package's), or `createSocket(url)`, a function that returns a new socket; `reconnect`,
 * `false` for none, or `{initialDelay, maxDelay, factor, jitter, maxAttempts}` (ms; 250, 5000, 2,
 * 0.2, Infinity by default); `openTimeout`, the ms an attempt to connect may take before it is
 * given up (10,000). */
export async function connect(url, options = {}) {
  const client = new Client(url, options);
  await client._open(true);
  return client;
}

function socketFactory({ WebSocket: Constructor, createSocket }) {
  if (createSocket) return createSocket;
  const Found = Constructor ?? globalThis.WebSocket;
  if (typeof Found !== "function") {
    throw new TypeError("no WebSocket here: pass connect(url, {WebSocket}) (in Node 20, the ws package's WebSocket)");
  }
  return (url) => new Found(url);
}

async function textOf(data) {
  if (typeof data === "string") return data;
  if (data instanceof ArrayBuffer || ArrayBuffer.isView(data)) return new TextDecoder().decode(data);
  if (typeof Blob !== "undefined" && data instanceof Blob) return data.text();
  return String(data);
}

export class Client {
  constructor(url, options = {}) {
    this.url = url;
    this._create = socketFactory(options);
    this._reconnect = options.reconnect === false ? null : { ...DEFAULT_RECONNECT, ...(options.reconnect ?? {}) };
    this._openTimeout = options.openTimeout ?? DEFAULT_OPEN_TIMEOUT;
    this._socket = null;
    this._status = "connecting";
    this._next = 1;
    this._pending = new Map(); // id -> {request, resolve, reject}
    this._queued = []; // requests waiting for the connection: {send, reject}
    this._latest = new Map(); // table -> its latest state reply
    this._joined = new Map(); // table -> the token it was joined with (null: a spectator)
    this._heard = new Map(); // table -> the number of the next event not yet told to onEvents
    this._eventChain = new Map(); // table -> the promise of its events being told, in order
    this._listeners = { push: new Set(), state: new Set(), status: new Set(), events: new Set() };
    this._waiters = new Set();
    this._readyWaiters = [];
    this._attempt = 0;
    this._timer = null;
    this._giveUp = null;
  }

  /** `"connecting"`, `"open"`, `"reconnecting"` or `"closed"`. */
  get status() {
    return this._status;
  }

  // ------------------------------------------------------------ requests

  /** Send `{op, ...fields}` and resolve to its reply (an `ok` one); an error reply rejects with a
   * `ProtocolReplyError`, a connection that closes first with a `ConnectionClosedError`. The
   * client sets `id`. While the connection is being reopened the request waits for it. */
  request(op, fields = {}) {
    if (typeof op !== "string") return Promise.reject(new TypeError("request(op, fields): op is a string such as 'games'"));
    if (fields && Object.hasOwn(fields, "id")) return Promise.reject(new TypeError("request(): the client sets each request's id"));
    if (this._status === "closed") return Promise.reject(new ConnectionClosedError("the client is closed"));
    const request = { op, ...fields };
    return new Promise((resolve, reject) => {
      const send = () => this._send(request, resolve, reject);
      if (this._status === "open") send();
      else this._queued.push({ send, reject });
    });
  }

  _send(request, resolve, reject) {
    const id = this._next++;
    const message = { ...request, id };
    this._pending.set(id, { request: message, resolve, reject });
    try {
      this._socket.send(JSON.stringify(message));
    } catch (error) {
      this._pending.delete(id);
      reject(new ConnectionClosedError(`could not send ${request.op}: ${error.message}`));
    }
  }

  /** Play `move` (a string in the game's notation, or an action number) for the seat of `token`,
   * with `at` the move count of the latest state this client has of the table (asked for with
   * `view` first if it has none), so that a copy sent again is refused rather than played twice.
   * Resolves to the state reply: after the bots that follow have moved, or with `botsAfterReply`
   * as soon as this move is committed (the bots' moves then come as pushes, one by one). */
  async play(table, token, move, { at, botsAfterReply = false } = {}) {
    if (typeof move !== "string" && !Number.isInteger(move)) throw new TypeError("play(): a move is its notation (a string) or its action number");
    let position = at;
    if (position === undefined) {
      const known = this._latest.get(table) ?? (await this.request("view", { table, token }));
      position = known.moves;
    }
    const fields = typeof move === "string" ? { move } : { action: move };
    const after = botsAfterReply ? { bots_after_reply: true } : {};
    return this.request("play", { table, token, ...fields, at: position, ...after });
  }

  /** The latest state reply this client has had of `table` (from a reply or a push; the one
   * furthest on), or `undefined`. */
  latest(table) {
    return this._latest.get(table);
  }

  /** The tables this connection watches, each with the token it joined with (`null`: a
   * spectator): each is joined again after a reconnect. */
  joined() {
    return new Map(this._joined);
  }

  /** Stop joining `table` again after a reconnect (the server pushes it until this connection
   * closes: the protocol has no op to leave a table). */
  forget(table) {
    this._joined.delete(table);
  }

  /** Resolve to the latest state of `table` as soon as `predicate(state)` holds for it (at once
   * if it already does); reject with a `WaitTimeoutError` after `timeout` ms, if given, or with a
   * `ConnectionClosedError` if the client closes. */
  waitFor(table, predicate, { timeout } = {}) {
    const now = this._latest.get(table);
    if (now !== undefined && predicate(now)) return Promise.resolve(now);
    if (this._status === "closed") return Promise.reject(new ConnectionClosedError("the client is closed"));
    return new Promise((resolve, reject) => {
      const waiter = { table, predicate, resolve, reject, timer: null };
      if (timeout !== undefined) {
        waiter.timer = setTimeout(() => {
          this._waiters.delete(waiter);
          reject(new WaitTimeoutError(`table ${table}: what was waited for did not happen within ${timeout} ms`));
        }, timeout);
      }
      this._waiters.add(waiter);
    });
  }

  /** Resolve once the connection is open and every joined table joined again (at once if it
   * is); reject with a `ConnectionClosedError` if the client closes. */
  ready() {
    if (this._status === "open") return Promise.resolve();
    if (this._status === "closed") return Promise.reject(new ConnectionClosedError("the client is closed"));
    return new Promise((resolve, reject) => this._readyWaiters.push({ resolve, reject }));
  }

  // ------------------------------------------------------------ listeners

  /** Call `callback(reply)` for each push (a state reply with `id: null`). Returns a function
   * that stops it. */
  onPush(callback) {
    return this._listen("push", callback);
  }

  /** Call `callback(reply)` for every state reply this client receives: replies to its requests,
   * pushes, and the replies to the joins a reconnect sends. Returns a function that stops it. */
  onState(callback) {
    return this._listen("state", callback);
  }

  /** Call `callback({status, ...})` when the connection changes: `{status: "reconnecting",
   * attempt, delay, code, reason}` when it has closed and is tried again in `delay` ms, `{status:
   * "open", rejoined, failed}` once open again with the tables joined again (and those that could
   * not be, each `{table, error}`: no longer joined), `{status: "closed", code, reason}` for good.
   * Returns a function that stops it. */
  onStatus(callback) {
    return this._listen("status", callback);
  }

  /** Call `callback({table, seat, events})` with the events of each table this client has not
   * told before, each `{number, event, text}`, oldest first, in order: the events of the first
   * state reply of a table (its latest 200 at most), then each new one once, a reconnect's join
   * repeating none and missing none (more than 200 missed are asked for with `events`). Returns a
   * function that stops it. */
  onEvents(callback) {
    return this._listen("events", callback);
  }

  _listen(kind, callback) {
    this._listeners[kind].add(callback);
    return () => this._listeners[kind].delete(callback);
  }

  _emit(kind, value) {
    for (const callback of [...this._listeners[kind]]) {
      try {
        callback(value);
      } catch (error) {
        queueMicrotask(() => {
          throw error;
        });
      }
    }
  }

  /** An async iterator of the pushes from now on (ends when the client closes). */
  pushes() {
    const buffered = [];
    let wake = null;
    let done = false;
    const stop = this.onPush((reply) => {
      buffered.push(reply);
      wake?.();
    });
    const stopStatus = this.onStatus(({ status }) => {
      if (status === "closed") {
        done = true;
        wake?.();
      }
    });
    const finish = () => {
      done = true;
      stop();
      stopStatus();
      wake?.();
    };
    if (this._status === "closed") done = true;
    return {
      next: async () => {
        while (!buffered.length && !done) await new Promise((resolve) => (wake = resolve));
        wake = null;
        if (buffered.length) return { value: buffered.shift(), done: false };
        finish();
        return { value: undefined, done: true };
      },
      return: async () => {
        finish();
        buffered.length = 0;
        return { value: undefined, done: true };
      },
      [Symbol.asyncIterator]() {
        return this;
      },
    };
  }

  // ------------------------------------------------------------ the connection

  /** Close the connection for good: pending and waiting requests reject with a
   * `ConnectionClosedError`; no reconnect. Resolves once the socket has closed. */
  close() {
    if (this._status === "closed") return Promise.resolve();
    clearTimeout(this._timer);
    const socket = this._socket;
    this._finish(new ConnectionClosedError("the client was closed"), 1000, "closed by the client");
    if (!socket || socket.readyState >= 2) return Promise.resolve();
    return new Promise((resolve) => {
      socket.addEventListener?.("close", () => resolve());
      socket.close(1000);
      setTimeout(resolve, 2000); // a socket that never says it closed holds nobody up
    });
  }

  _open(first) {
    return new Promise((resolve, reject) => {
      let socket;
      try {
        socket = this._create(this.url);
      } catch (error) {
        if (first) this._finish(new ConnectionClosedError(`cannot connect to ${this.url}: ${error.message}`), null, "");
        else this._dropped(null, error.message);
        reject(new ConnectionClosedError(`cannot connect to ${this.url}: ${error.message}`));
        return;
      }
      this._socket = socket;
      let opened = false;
      // A server that takes the connection but never completes the handshake is given up on, as
      // one that refuses it is (a socket can wait for its handshake forever).
      clearTimeout(this._giveUp);
      const giveUp = setTimeout(() => {
        if (opened || this._socket !== socket) return;
        socket.onclose?.({ code: 1006, reason: `not open after ${this._openTimeout} ms` });
        try {
          socket.close();
        } catch {
          // closing a socket still connecting may throw; it is abandoned either way
        }
      }, this._openTimeout);
      this._giveUp = giveUp;
      socket.onopen = () => {
        clearTimeout(giveUp);
        opened = true;
        this._attempt = 0;
        if (first) {
          this._opened({ rejoined: [], failed: [] });
          resolve();
        } else {
          this._rejoin(socket).then(resolve, resolve);
        }
      };
      socket.onmessage = (message) => {
        textOf(message.data).then((text) => this._receive(socket, text));
      };
      socket.onerror = () => {}; // a close event follows, which says what happened
      socket.onclose = (event) => {
        clearTimeout(giveUp);
        if (this._socket !== socket) return;
        const code = event?.code ?? null;
        const reason = event?.reason ?? "";
        if (first && !opened) {
          const error = new ConnectionClosedError(`cannot connect to ${this.url} (WebSocket close code ${code})`, { code, reason });
          this._finish(error, code, reason);
          reject(error);
          return;
        }
        if (!opened) resolve();
        this._dropped(code, reason);
      };
    });
  }

  _receive(socket, text) {
    if (socket !== this._socket) return;
    let message;
    try {
      message = JSON.parse(text);
    } catch {
      return; // not JSON: nothing this client asked for
    }
    if (message === null || typeof message !== "object") return;
    if (message.id === null) {
      if (message.ok) this._state(message);
      this._emit("push", message);
      return;
    }
    const pending = this._pending.get(message.id);
    if (pending === undefined) return;
    this._pending.delete(message.id);
    if (message.ok) {
      this._remember(pending.request, message);
      if ("moves" in message && "legal" in message) this._state(message);
      pending.resolve(message);
    } else {
      pending.reject(new ProtocolReplyError(pending.request, message));
    }
  }

  // A reply that says which seat it speaks for makes the connection watch its table (as the
  // server counts it): remember the token, to join again after a reconnect.
  _remember(request, reply) {
    if (typeof reply.table !== "string" || !("seat" in reply)) return;
    const token = request.op === "claim" || request.op === "rematch" ? reply.token : (request.token ?? (reply.seat === null ? null : this._joined.get(reply.table) ?? null));
    this._joined.set(reply.table, token);
  }

  _state(reply) {
    const known = this._latest.get(reply.table);
    if (known === undefined || reply.moves >= known.moves) this._latest.set(reply.table, reply);
    this._emit("state", reply);
    this._tellEvents(reply);
    const latest = this._latest.get(reply.table);
    for (const waiter of [...this._waiters]) {
      if (waiter.table !== reply.table) continue;
      let met;
      try {
        met = waiter.predicate(latest);
      } catch (error) {
        this._waiters.delete(waiter);
        clearTimeout(waiter.timer);
        waiter.reject(error);
        continue;
      }
      if (met) {
        this._waiters.delete(waiter);
        clearTimeout(waiter.timer);
        waiter.resolve(latest);
      }
    }
  }

  _tellEvents(reply) {
    if (!this._listeners.events.size && !this._heard.has(reply.table)) return;
    const table = reply.table;
    const before = this._eventChain.get(table) ?? Promise.resolve();
    const done = before.then(() => this._tellEventsNow(reply)).catch(() => {});
    this._eventChain.set(table, done);
  }

  async _tellEventsNow(reply) {
    const table = reply.table;
    const next = this._heard.get(table);
    const numbered = reply.events.map((item, k) => ({ number: reply.events_from + k, event: item.event, text: item.text }));
    let missed = [];
    if (next !== undefined && reply.events_from > next) {
      // More events happened than the reply carries (a reconnect after a long time away):
      // page back through them with `events`, oldest first.
      let before = reply.events_from;
      const token = this._joined.get(table) ?? undefined;
      while (before > next) {
        const page = await this.request("events", { table, ...(token ? { token } : {}), before, limit: Math.min(200, before - next) });
        missed = page.events.map((item, k) => ({ number: page.events_from + k, event: item.event, text: item.text })).concat(missed);
        if (page.events_from >= before || page.events.length === 0) break;
        before = page.events_from;
      }
    }
    const from = next ?? reply.events_from;
    const fresh = missed.concat(numbered).filter((item) => item.number >= from);
    const end = Math.max(from, reply.events_from + reply.events.length);
    this._heard.set(table, Math.max(end, next ?? 0));
    if (fresh.length) this._emit("events", { table, seat: reply.seat, events: fresh });
  }

  async _rejoin(socket) {
    const rejoined = [];
    const failed = [];
    const joins = [...this._joined].map(([table, token]) =>
      new Promise((resolve, reject) => {
        const fields = token === null ? { table } : { table, token };
        this._send({ op: "join", ...fields }, resolve, reject);
      }).then(
        () => rejoined.push(table),
        (error) => {
          if (error instanceof ProtocolReplyError) {
            this._joined.delete(table);
            failed.push({ table, error });
          } else {
            throw error;
          }
        },
      ),
    );
    try {
      await Promise.all(joins);
    } catch {
      return; // the connection dropped again: its close schedules the next attempt
    }
    if (socket === this._socket && socket.readyState === OPEN) this._opened({ rejoined, failed });
  }

  _opened(detail) {
    this._status = "open";
    this._emit("status", { status: "open", ...detail });
    const queued = this._queued.splice(0);
    for (const { send } of queued) send();
    for (const { resolve } of this._readyWaiters.splice(0)) resolve();
  }

  _dropped(code, reason) {
    const lost = new ConnectionClosedError(
      `the connection closed (code ${code}${reason ? `: ${reason}` : ""}) before the reply came: the request may or may not have been carried out`,
      { code, reason },
    );
    for (const [, pending] of this._pending) pending.reject(lost);
    this._pending.clear();
    if (this._status === "closed") return;
    this._socket = null;
    const policy = this._reconnect;
    if (policy === null || this._attempt >= policy.maxAttempts) {
      this._finish(new ConnectionClosedError(`the connection closed (code ${code}) and is not reopened`, { code, reason }), code, reason);
      return;
    }
    this._attempt += 1;
    const base = Math.min(policy.maxDelay, policy.initialDelay * policy.factor ** (this._attempt - 1));
    const delay = Math.round(base * (1 + policy.jitter * (2 * Math.random() - 1)));
    this._status = "reconnecting";
    this._emit("status", { status: "reconnecting", attempt: this._attempt, delay, code, reason });
    this._timer = setTimeout(() => {
      if (this._status !== "closed") this._open(false).catch(() => {});
    }, delay);
  }

  _finish(error, code, reason) {
    const wasClosed = this._status === "closed";
    clearTimeout(this._timer);
    clearTimeout(this._giveUp);
    this._status = "closed";
    this._socket = null;
    for (const [, pending] of this._pending) pending.reject(error);
    this._pending.clear();
    for (const { reject } of this._queued.splice(0)) reject(error);
    for (const { reject } of this._readyWaiters.splice(0)) reject(error);
    for (const waiter of this._waiters) {
      clearTimeout(waiter.timer);
      waiter.reject(error);
    }
    this._waiters.clear();
    if (!wasClosed) this._emit("status", { status: "closed", code, reason });
  }
}
