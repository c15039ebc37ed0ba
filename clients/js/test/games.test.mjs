// Every game played to its end through the client and a real `cardrules serve` over WebSocket, at
// a fair table of two people (the creator, and a friend who claims the invitation on a connection
// of their own) and heuristic bots, watched by a spectator: every message valid under the
// protocol's schema (ajv, strict), every deal verified by each player, every event told once.
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { connect, PROTOCOL_VERSION, verifyDeal } from "../src/index.js";
import { checkedSockets, CONFIGS, playSeat, randomString, scratch, startServer } from "./support.mjs";

const folder = scratch();
let server;
let games;
const checks = checkedSockets();

before(async () => {
  server = await startServer({ db: `${folder.path}/tables.db` });
  const client = await connect(server.url, { createSocket: checks.createSocket });
  const reply = await client.request("games");
  assert.equal(reply.protocol, PROTOCOL_VERSION);
  games = reply.games;
  await client.close();
});

after(async () => {
  await server?.stop();
  folder.cleanup();
});

/** Each event told by `onEvents`, by number: none twice, in order. */
function tellings(client) {
  const told = [];
  client.onEvents(({ events }) => told.push(...events));
  return told;
}

describe("every game to its end at a fair table", () => {
  for (const name of ["clubs", "pub_derby", "rugby_league", "eighty_points", "manager"]) {
    test(name, async () => {
      const game = games.find((g) => g.name === name);
      assert.ok(game, `the server has no ${name}`);
      const creator = await connect(server.url, { createSocket: checks.createSocket });
      const friend = await connect(server.url, { createSocket: checks.createSocket });
      const watcher = await connect(server.url, { createSocket: checks.createSocket });
      try {
        const seats = Array.from({ length: game.players }, (_, k) => (k < 2 ? "human" : "heuristic"));
        const created = await creator.request("new", { game: name, config: CONFIGS[name] ?? {}, seats, seat: 0 });
        const table = created.table;
        assert.deepEqual(Object.keys(created.tokens), ["0"]);
        assert.deepEqual(Object.keys(created.invitations), ["1"]);
        const seen = created.deal.commitment;
        assert.match(seen, /^[0-9a-f]{64}$/);
        const claimed = await friend.request("claim", { table, invitation: created.invitations["1"] });
        assert.equal(claimed.seat, 1);
        assert.equal(claimed.deal.commitment, seen, "the friend is shown the same commitment");

        const watched = await watcher.request("join", { table });
        assert.equal(watched.seat, null);
        const pushes = [];
        watcher.onPush((push) => pushes.push(push));
        const creatorTold = tellings(creator);
        const friendTold = tellings(friend);

        const mine = { 0: randomString(), 1: `friend ü 🂡 ${randomString()}` };
        const first = await creator.request("sit", { table, token: created.tokens["0"], contribution: mine[0] });
        assert.deepEqual(first.deal.waiting, [1], "the deal waits for the friend");
        assert.deepEqual(first.legal, []);
        await friend.request("sit", { table, token: claimed.token, contribution: mine[1] });

        const [end0, end1] = await Promise.all([
          playSeat(creator, table, created.tokens["0"], 0),
          playSeat(friend, table, claimed.token, 1),
        ]);
        assert.ok(end0.outcome && end1.outcome);
        assert.ok(end0.moves >= 5, `${name} ended after ${end0.moves} moves`);
        console.log(`${name}: ${end0.moves} moves, ${pushes.length} pushes to the spectator`);
        assert.deepEqual(end0.outcome, end1.outcome);
        const last = await watcher.waitFor(table, (s) => s.outcome !== null, { timeout: 30_000 });
        assert.ok(pushes.length > 0 && pushes.every((p) => p.id === null && p.table === table));
        assert.equal(watcher.latest(table), last);

        const one = await verifyDeal(end0.deal.reveal, { commitmentSeen: seen, ownContribution: mine[0], seat: 0 });
        const two = await verifyDeal(end1.deal.reveal, { commitmentSeen: claimed.deal.commitment, ownContribution: mine[1], seat: 1 });
        assert.equal(one.seed, two.seed);
        assert.equal(typeof one.seed, "string");
        const transcript = await creator.request("transcript", { table });
        // A transcript writes a seed within 2**53 - 1 as a number (about one fair seed in 2,048),
        // beyond it as a decimal string (JSON format 3); the reveal's is always a string.
        const written = transcript.transcript.data.seed;
        assert.equal(typeof written === "number" ? Number.isSafeInteger(written) : typeof written === "string", true);
        assert.equal(String(written), one.seed);
        const told = creatorTold.length;
        const [dealt, over] = await Promise.all([0, told].map((events) => watcher.request("cards", { table, events })));
        assert.deepEqual([dealt.moves, over.moves, over.of], [0, end0.moves, end0.moves], "the start and the end of the game");
        const count = (/** @type {{zones: {cards: string[]}[]}} */ r) => r.zones.reduce((n, z) => n + z.cards.length, 0);
        assert.equal(count(dealt), count(over), "every card somewhere, at the start as at the end");
        if (name === "manager") {
          // A review of the friend's decisions, asked by the spectator (the game is public now):
          // waited for whole, then asked again and answered from the table's store.
          const reviewed = await watcher.request("review", { table, seat: 1, wait: true });
          assert.equal(reviewed.reviewed, 1);
          assert.ok(reviewed.review && reviewed.done === reviewed.total && reviewed.total > 0);
          assert.ok(reviewed.review.decisions.every((d) => d.seat === 1 && d.index < end0.moves));
          const again = await creator.request("review", { table, seat: 1 });
          assert.deepEqual(again.review, reviewed.review);
        }

        for (const [told, state] of [[creatorTold, end0], [friendTold, end1]]) {
          assert.deepEqual(told.map((e) => e.number), Array.from({ length: told.length }, (_, k) => k), "each event told once, in order");
          assert.equal(told.length, state.events_from + state.events.length);
          assert.ok(told.every((e) => typeof e.text === "string" && e.event.format >= 3));
        }
      } finally {
        await Promise.all([creator.close(), friend.close(), watcher.close()]);
      }
      assert.deepEqual(checks.problems, []);
    });
  }
});

test("every message was checked against the schema", () => {
  assert.ok(checks.counts.sent > 100 && checks.counts.received >= checks.counts.sent && checks.counts.pushes > 0, JSON.stringify(checks.counts));
  assert.deepEqual(checks.problems, []);
});
