// A client of `cardrules serve` as an outside developer writes one from docs/protocol.md: it
// drives `cardrules serve --stdio` (one JSON request a line in, one reply a line out), plays every
// game to its end at a fair table of two people (the creator and a friend who claims the
// invitation) and bots, validates every request and every reply with the protocol's JSON Schema
// under ajv's strict mode, checks that every number it is sent survives JSON.parse exactly, and
// verifies every fair deal with node's own SHA-256, its own strings among the revealed ones.
//
//   node tests/js/outside_client.mjs --python PYTHON --db FILE [--games clubs,manager,...]
//
// Prints one JSON line a game ({"game", "moves", "seed", "verified"}) and exits 1 on the first
// thing that does not hold, saying what.
import { spawn } from "node:child_process";
import { createHash, randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { createInterface } from "node:readline";
import { fileURLToPath } from "node:url";
import Ajv2020 from "ajv/dist/2020.js";
import addFormats from "ajv-formats";

const here = dirname(fileURLToPath(import.meta.url));
const schema = JSON.parse(readFileSync(resolve(here, "../../src/cardrules/serve/protocol.schema.json"), "utf8"));
const ajv = new Ajv2020({ strict: true, allErrors: true });
addFormats(ajv);
ajv.addSchema(schema, "protocol");
const validRequest = ajv.getSchema("protocol#/$defs/request");
const validReply = ajv.getSchema("protocol#/$defs/reply");

// Short games: a handful of rounds each (the rest of each config keeps its default).
const CONFIGS = { clubs: { threshold: 10 }, eighty_points: { rounds: 1 }, manager: { max_exchanges: 1 } };

function option(name, fallback) {
  const at = process.argv.indexOf(name);
  return at >= 0 ? process.argv[at + 1] : fallback;
}

function fail(message) {
  console.error(`outside client: ${message}`);
  process.exit(1);
}

// Every number a reply holds must be one JavaScript holds exactly (I-JSON: integers within
// ±(2**53 - 1)); a larger one would have been rounded by JSON.parse already.
function checkNumbers(value, where) {
  if (typeof value === "number" && Number.isInteger(value) && !Number.isSafeInteger(value)) fail(`${where}: ${value} is an integer JavaScript cannot hold`);
  if (Array.isArray(value)) value.forEach((item, k) => checkNumbers(item, `${where}[${k}]`));
  else if (value && typeof value === "object") for (const [key, item] of Object.entries(value)) checkNumbers(item, `${where}.${key}`);
}

class Server {
  constructor(python, db) {
    this.process = spawn(python, ["-m", "cardrules", "serve", "--stdio", "--db", db], { stdio: ["pipe", "pipe", "inherit"] });
    this.lines = createInterface({ input: this.process.stdout })[Symbol.asyncIterator]();
    this.next = 0;
  }

  async ask(request) {
    request.id = ++this.next;
    if (!validRequest(request)) fail(`request ${JSON.stringify(request)} is not one the schema describes: ${ajv.errorsText(validRequest.errors)}`);
    this.process.stdin.write(`${JSON.stringify(request)}\n`);
    const { value: line, done } = await this.lines.next();
    if (done) fail("the server closed its output");
    const reply = JSON.parse(line);
    if (!validReply(reply)) fail(`reply to ${request.op} is not one the schema describes: ${ajv.errorsText(validReply.errors)}`);
    if (reply.id !== request.id) fail(`reply id ${reply.id} for request ${request.id}`);
    checkNumbers(reply, request.op);
    if (JSON.stringify(JSON.parse(line)) !== JSON.stringify(reply)) fail("a reply does not read back the same");
    if (!reply.ok) fail(`${request.op} failed: ${reply.error.type}: ${reply.error.message}`);
    return reply;
  }

  close() {
    this.process.stdin.end();
  }
}

const sha256 = (text) => createHash("sha256").update(text, "utf8").digest();

// docs/protocol.md, "Provably fair deals": the commitment, then the seed from the server's seed
// and every human seat's string; the seed is returned as the decimal string the reveal holds.
function verifyDeal(reveal, seen, mine) {
  const commitment = sha256(`cardrules-deal-1:${reveal.server_seed}:${reveal.salt}`).toString("hex");
  if (commitment !== reveal.commitment) fail(`SHA-256 of the revealed seed and salt is ${commitment}, not ${reveal.commitment}`);
  if (seen !== reveal.commitment) fail(`the commitment seen before the deal was ${seen}, not ${reveal.commitment}`);
  for (const [seat, text] of Object.entries(mine)) {
    if (reveal.contributions[seat] !== text) fail(`seat ${seat} gave ${JSON.stringify(text)}, the reveal says ${JSON.stringify(reveal.contributions[seat])}`);
  }
  const seats = Object.keys(reveal.contributions).map(Number).sort((a, b) => a - b);
  const lines = seats.map((seat) => `${seat}=${sha256(reveal.contributions[String(seat)]).toString("hex")}`).join("\n");
  const seed = sha256(`cardrules-deal-1:${reveal.server_seed}\n${lines}`).readBigUInt64BE(0).toString();
  if (seed !== reveal.seed) fail(`the revealed strings make seed ${seed}, not ${reveal.seed}`);
  return seed;
}

async function playGame(server, game) {
  const seats = Array.from({ length: game.players }, (_, k) => (k < 2 ? "human" : "heuristic"));
  const created = await server.ask({ op: "new", game: game.name, config: CONFIGS[game.name] ?? {}, seats, seat: 0 });
  const seen = created.deal.commitment;
  if (!created.tokens["0"] || !created.invitations["1"] || created.tokens["1"]) fail("new gave another seat's token to its creator");
  const claimed = await server.ask({ op: "claim", table: created.table, invitation: created.invitations["1"] });
  if (claimed.deal.commitment !== seen) fail("the friend was shown another commitment");
  const tokens = { 0: created.tokens["0"], 1: claimed.token };
  const mine = { 0: randomBytes(16).toString("hex"), 1: `friend ü 🂡 ${randomBytes(4).toString("hex")}` };
  await server.ask({ op: "sit", table: created.table, token: tokens[0], contribution: mine[0] });
  let reply = await server.ask({ op: "sit", table: created.table, token: tokens[1], contribution: mine[1] });
  let turns = 0;
  while (reply.outcome === null) {
    if (++turns > 20_000) fail(`${game.name}: no end after 20,000 moves`);
    const seat = reply.to_act;
    const view = seat === reply.seat ? reply : await server.ask({ op: "view", table: created.table, token: tokens[seat] });
    if (!view.legal.length) fail(`${game.name}: seat ${seat} is to act with no legal move`);
    const move = view.legal[turns % view.legal.length];
    reply = await server.ask({ op: "play", table: created.table, token: tokens[seat], move, at: view.moves });
  }
  const seed = verifyDeal(reply.deal.reveal, seen, mine);
  const transcript = await server.ask({ op: "transcript", table: created.table });
  if (transcript.transcript.data.seed !== seed) fail(`${game.name}: the transcript's seed ${transcript.transcript.data.seed} is not the deal's ${seed}`);
  return { game: game.name, moves: reply.moves, seed, verified: true };
}

const server = new Server(option("--python", "python3"), option("--db", ":memory:"));
const wanted = option("--games", null);
const games = (await server.ask({ op: "games" })).games.filter((g) => !wanted || wanted.split(",").includes(g.name));
if (!games.length) fail("no game to play");
for (const game of games) console.log(JSON.stringify(await playGame(server, game)));
server.close();
