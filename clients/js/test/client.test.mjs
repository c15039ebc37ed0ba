// The client's own behaviour against a real `cardrules serve`: replies matched to their requests,
// error replies as ProtocolReplyError, closing, the push stream, and a server killed mid-game and
// started again on the same database and port, which the clients reconnect to, join again, and
// play on to the end.
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import WebSocket from "ws";
import { ConnectionClosedError, connect, ProtocolReplyError, verifyDeal, WaitTimeoutError } from "../src/index.js";
import { checkedSockets, freePort, playSeat, randomString, scratch, startServer } from "./support.mjs";

const checks = checkedSockets();
const FAST = { initialDelay: 50, maxDelay: 400, jitter: 0.1 };

describe("requests and replies", () => {
  const folder = scratch();
  let server;
  before(async () => {
    server = await startServer({ db: `${folder.path}/tables.db` });
  });
  after(async () => {
    await server?.stop();
    folder.cleanup();
  });

  test("concurrent requests each get their own reply", async () => {
    const client = await connect(server.url, { createSocket: checks.createSocket });
    const [games, created, missing] = await Promise.allSettled([
      client.request("games"),
      client.request("new", { game: "clubs", seats: ["human", "random", "random", "random"], seed: "18446744073709551615" }),
      client.request("view", { table: "nosuchtable", token: "x" }),
    ]);
    assert.equal(games.value.protocol, 4);
    assert.ok(games.value.games.length === 5);
    assert.equal(created.value.deal.chosen, true, "a practice table");
    assert.ok(missing.reason instanceof ProtocolReplyError);
    assert.equal(missing.reason.type, "StateError");
    assert.equal(missing.reason.reply.ok, false);
    assert.equal(missing.reason.request.op, "view");
    assert.equal(missing.reason.message, missing.reason.reply.error.message);
    await client.close();
  });

  test("an illegal move is an IllegalMoveError, and play fills in `at`", async () => {
    const client = await connect(server.url, { WebSocket });
    const created = await client.request("new", { game: "clubs", seats: ["human", "random", "random", "random"], seed: "7" });
    const token = created.tokens["0"];
    assert.equal(client.latest(created.table), undefined);
    const joined = await client.request("join", { table: created.table, token });
    assert.equal(client.latest(created.table), joined);
    assert.deepEqual([...client.joined()], [[created.table, token]]);
    const illegal = await client.play(created.table, token, "XX").catch((error) => error);
    assert.ok(illegal instanceof ProtocolReplyError && ["IllegalMoveError", "MoveParseError"].includes(illegal.type), String(illegal));
    const stale = await client.play(created.table, token, joined.legal[0], { at: joined.moves + 5 }).catch((error) => error);
    assert.ok(stale instanceof ProtocolReplyError && stale.type === "IllegalMoveError", String(stale));
    const played = await client.play(created.table, token, joined.legal[0]);
    assert.ok(played.moves > joined.moves);
    assert.equal(client.latest(created.table), played);
    await assert.rejects(client.request("games", { id: 5 }), TypeError);
    await client.close();
  });

  test("botsAfterReply: the reply has a bot to act, and the bots' moves come as pushes", async () => {
    const client = await connect(server.url, { WebSocket });
    const created = await client.request("new", { game: "clubs", seats: ["human", "random", "random", "random"], seed: "7" });
    const token = created.tokens["0"];
    const joined = await client.request("join", { table: created.table, token });
    assert.equal(joined.to_act, 0, "seat 0 leads the first trick");
    const pushed = [];
    client.onPush((push) => pushed.push(push.moves));
    const played = await client.play(created.table, token, joined.legal[0], { botsAfterReply: true });
    assert.deepEqual([played.moves, played.to_act, played.events.length], [joined.moves + 1, 1, 1]);
    const mine = await client.waitFor(created.table, (s) => s.to_act === 0 || s.outcome !== null, { timeout: 10_000 });
    assert.ok(mine.moves >= played.moves + 3 && pushed.length >= 1, `${mine.moves} ${pushed}`);
    assert.deepEqual(pushed, [...pushed].sort((a, b) => a - b), "each push further on than the one before");
    await client.close();
  });

  test("close() rejects what waits, and every later request", async () => {
    const client = await connect(server.url, { WebSocket });
    const created = await client.request("new", { game: "clubs", seats: ["human", "random", "random", "random"], seed: "7" });
    await client.request("join", { table: created.table, token: created.tokens["0"] });
    const waiting = client.waitFor(created.table, (s) => s.outcome !== null);
    const timed = client.waitFor(created.table, (s) => s.outcome !== null, { timeout: 50 });
    await assert.rejects(timed, WaitTimeoutError);
    const pending = client.request("games");
    const closing = client.close();
    await assert.rejects(pending, ConnectionClosedError);
    await assert.rejects(waiting, ConnectionClosedError);
    await closing;
    assert.equal(client.status, "closed");
    await assert.rejects(client.request("games"), ConnectionClosedError);
    await assert.rejects(client.ready(), ConnectionClosedError);
  });

  test("pushes arrive on onPush and through the async iterator, which ends at close", async () => {
    const player = await connect(server.url, { WebSocket });
    const spectator = await connect(server.url, { WebSocket });
    const created = await player.request("new", { game: "clubs", seats: ["human", "random", "random", "random"], seed: "3", config: { threshold: 1 } });
    const token = created.tokens["0"];
    await spectator.request("join", { table: created.table });
    const seen = [];
    spectator.onPush((push) => seen.push(push.moves));
    const iterated = (async () => {
      const moves = [];
      for await (const push of spectator.pushes()) moves.push(push.moves);
      return moves;
    })();
    let state = await player.request("join", { table: created.table, token });
    for (let k = 0; k < 3; k += 1) state = await player.play(created.table, token, state.legal[0]);
    await spectator.waitFor(created.table, (s) => s.moves === state.moves, { timeout: 10_000 });
    await spectator.close();
    assert.ok(seen.length >= 1);
    assert.deepEqual(await iterated, seen);
    await player.close();
  });

  test("events missed while away, more than a reply carries, are paged back and told once", async () => {
    // The spectator's connection is cut, and its reconnects sent nowhere, while the table plays on.
    let away = false;
    let current = null;
    const ops = [];
    const createSocket = (url) => {
      current = new WebSocket(away ? "ws://127.0.0.1:9/ws" : url);
      const send = current.send.bind(current);
      current.send = (text) => {
        ops.push(JSON.parse(text).op);
        send(text);
      };
      return current;
    };
    const spectator = await connect(server.url, { createSocket, reconnect: FAST });
    const player = await connect(server.url, { WebSocket });
    try {
      const created = await player.request("new", { game: "clubs", seats: ["human", "random", "random", "random"], seed: "11", config: { threshold: 200 } });
      const [table, token] = [created.table, created.tokens["0"]];
      const told = [];
      spectator.onEvents(({ events }) => told.push(...events.map((e) => e.number)));
      await spectator.request("join", { table });
      let state = await player.request("join", { table, token });
      for (let k = 0; k < 5; k += 1) state = await player.play(table, token, state.legal[0]);
      await spectator.waitFor(table, (s) => s.moves === state.moves, { timeout: 10_000 });
      const before = told.length;
      away = true;
      current.close();
      while (state.events_from + state.events.length < before + 300) state = await player.play(table, token, state.legal[0]);
      assert.ok(spectator.status !== "open");
      away = false;
      await spectator.ready();
      const last = await spectator.waitFor(table, (s) => s.moves === state.moves, { timeout: 10_000 });
      for (let k = 0; k < 100 && told.length < last.events_from + last.events.length; k += 1) await new Promise((done) => setTimeout(done, 50));
      assert.ok(last.events_from > before, "the join after the reconnect carried only the latest 200 events");
      assert.deepEqual(told, Array.from({ length: told.length }, (_, k) => k), "every event told once, in order");
      assert.equal(told.length, last.events_from + last.events.length);
      assert.ok(ops.includes("events"), `the client did not page back with events: ${ops}`);
    } finally {
      await Promise.all([spectator.close(), player.close()]);
    }
  });

  test("a first connection that fails rejects, and without a WebSocket there is no client", async () => {
    const port = await freePort();
    const refused = await connect(`ws://127.0.0.1:${port}/ws`, { WebSocket }).catch((error) => error);
    assert.ok(refused instanceof ConnectionClosedError, String(refused));
    if (typeof globalThis.WebSocket !== "function") await assert.rejects(connect(server.url), TypeError);
  });
});

describe("a server killed mid-game", () => {
  const folder = scratch();
  let server;
  after(async () => {
    await server?.stop();
    folder.cleanup();
  });

  test("the clients reconnect, join again, and the game finishes", async () => {
    const db = `${folder.path}/tables.db`;
    server = await startServer({ db });
    const creator = await connect(server.url, { createSocket: checks.createSocket, reconnect: FAST });
    const friend = await connect(server.url, { createSocket: checks.createSocket, reconnect: FAST });
    const watcher = await connect(server.url, { createSocket: checks.createSocket, reconnect: FAST });
    try {
      await playThroughARestart(db, creator, friend, watcher);
    } finally {
      await Promise.all([creator.close(), friend.close(), watcher.close()]);
    }
    assert.deepEqual(checks.problems, []);
  });

  async function playThroughARestart(db, creator, friend, watcher) {
    const port = server.port;
    const statuses = { creator: [], friend: [], watcher: [] };
    for (const [name, client] of Object.entries({ creator, friend, watcher })) client.onStatus((change) => statuses[name].push(change));
    const watched = [];
    watcher.onEvents(({ events }) => watched.push(...events.map((e) => e.number)));

    const created = await creator.request("new", { game: "clubs", seats: ["human", "human", "heuristic", "random"], config: { threshold: 10 } });
    const table = created.table;
    const claimed = await friend.request("claim", { table, invitation: created.invitations["1"] });
    await watcher.request("join", { table });
    const mine = [randomString(), `ü 🂡 ${randomString()}`];
    await creator.request("sit", { table, token: created.tokens["0"], contribution: mine[0] });
    await friend.request("sit", { table, token: claimed.token, contribution: mine[1] });

    let restarted = false;
    const restart = async (turn) => {
      if (turn !== 8 || restarted) return;
      restarted = true;
      await server.kill();
      await new Promise((done) => setTimeout(done, 300)); // the clients find nobody there, and retry
      server = await startServer({ db, port });
    };
    const [end0, end1] = await Promise.all([
      playSeat(creator, table, created.tokens["0"], 0, { afterMove: restart }),
      playSeat(friend, table, claimed.token, 1),
    ]);
    assert.ok(restarted, "the game ended before the server was killed");
    assert.ok(end0.outcome && end1.outcome);
    const last = await watcher.waitFor(table, (s) => s.outcome !== null, { timeout: 30_000 });
    // onEvents tells a reply's events in order after any it had to page back for: let it finish.
    for (let k = 0; k < 100 && watched.length < last.events_from + last.events.length; k += 1) await new Promise((done) => setTimeout(done, 50));

    // A join's reply can tell the end before the client says it is open again (it says so once
    // every table is joined again): on a loaded machine, give the status a moment to follow.
    const rejoined = () => Object.values(statuses).every((seen) => seen.some((s) => s.status === "open" && s.rejoined.includes(table)));
    for (let k = 0; k < 200 && !rejoined(); k += 1) await new Promise((done) => setTimeout(done, 50));
    for (const [name, seen] of Object.entries(statuses)) {
      const kinds = seen.map((s) => s.status);
      assert.ok(kinds.includes("reconnecting"), `${name} never saw the connection drop: ${kinds}`);
      const reopened = seen.filter((s) => s.status === "open" && s.rejoined.includes(table));
      assert.ok(reopened.length >= 1, `${name} did not join the table again: ${JSON.stringify(seen)}`);
    }
    assert.deepEqual(watched, Array.from({ length: watched.length }, (_, k) => k), "the spectator was told each event once, in order, across the restart");
    assert.equal(watched.length, last.events_from + last.events.length);
    const { seed } = await verifyDeal(end0.deal.reveal, { commitmentSeen: created.deal.commitment, ownContribution: mine[0], seat: 0 });
    assert.deepEqual(await verifyDeal(end1.deal.reveal, { ownContribution: mine[1], seat: 1 }), { seed });
  }

  test("a client that may not reconnect closes, and says so", async () => {
    const db = `${folder.path}/other.db`;
    const alone = await startServer({ db });
    const client = await connect(alone.url, { WebSocket, reconnect: { ...FAST, maxAttempts: 2 } });
    try {
      const seen = [];
      const closed = new Promise((done) =>
        client.onStatus((change) => {
          seen.push(change.status);
          if (change.status === "closed") done();
        }),
      );
      await alone.kill();
      // Sent on the dying connection or queued for the next: either way it fails.
      await assert.rejects(client.request("games"), ConnectionClosedError);
      await closed;
      assert.deepEqual(seen, ["reconnecting", "reconnecting", "closed"]);
      assert.equal(client.status, "closed");
    } finally {
      await client.close();
    }
  });

  test("an attempt to connect that hangs is given up after openTimeout", async () => {
    // A TCP server that accepts and never answers the WebSocket handshake.
    const { createServer } = await import("node:net");
    const held = [];
    const silent = createServer((socket) => held.push(socket));
    await new Promise((done) => silent.listen(0, "127.0.0.1", done));
    const url = `ws://127.0.0.1:${silent.address().port}/ws`;
    try {
      const started = Date.now();
      const failed = await connect(url, { WebSocket, openTimeout: 300 }).catch((error) => error);
      assert.ok(failed instanceof ConnectionClosedError, String(failed));
      assert.match(failed.message, /close code 1006/);
      assert.ok(Date.now() - started < 5000);
    } finally {
      for (const socket of held) socket.destroy();
      await new Promise((done) => silent.close(done));
    }
  });
});
