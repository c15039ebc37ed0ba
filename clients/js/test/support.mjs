// What the tests share: a real `cardrules serve` on 127.0.0.1 (the Python of CARDRULES_PYTHON, or
// python3), sockets whose every message is validated against the protocol's JSON Schema with ajv
// in strict mode, and a seat that plays random legal moves to the end.
import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { createConnection, createServer } from "node:net";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import Ajv2020 from "ajv/dist/2020.js";
import addFormats from "ajv-formats";
import WebSocket from "ws";
import { ConnectionClosedError, ProtocolReplyError } from "../src/index.js";

const here = dirname(fileURLToPath(import.meta.url));
export const ROOT = resolve(here, "../../..");
export const PYTHON = process.env.CARDRULES_PYTHON || "python3";
export const VECTORS = JSON.parse(readFileSync(join(here, "vectors.json"), "utf8"));

const schema = JSON.parse(readFileSync(join(ROOT, "src/cardrules/serve/protocol.schema.json"), "utf8"));
const ajv = new Ajv2020({ strict: true, allErrors: true });
addFormats(ajv);
ajv.addSchema(schema, "protocol");
const validRequest = ajv.getSchema("protocol#/$defs/request");
const validReply = ajv.getSchema("protocol#/$defs/reply");

/** Short games: a handful of rounds each (the rest of each config keeps its default). */
export const CONFIGS = { clubs: { threshold: 10 }, eighty_points: { rounds: 1 }, manager: { max_exchanges: 1 } };

export function freePort() {
  return new Promise((done, fail) => {
    const probe = createServer();
    probe.once("error", fail);
    probe.listen(0, "127.0.0.1", () => {
      const { port } = probe.address();
      probe.close(() => done(port));
    });
  });
}

function listening(port) {
  return new Promise((done) => {
    const socket = createConnection({ host: "127.0.0.1", port });
    socket.once("connect", () => {
      socket.destroy();
      done(true);
    });
    socket.once("error", () => done(false));
  });
}

/** A scratch folder, removed by `cleanup()`. */
export function scratch() {
  const path = mkdtempSync(join(tmpdir(), "cardrules-js-"));
  return { path, cleanup: () => rmSync(path, { recursive: true, force: true }) };
}

/** `cardrules serve` on 127.0.0.1:`port` (a free one by default) with the database `db`, once it
 * listens: `{port, url, stop(), kill(), log()}`. */
export async function startServer({ db, port } = {}) {
  const at = port ?? (await freePort());
  const args = ["-m", "cardrules", "serve", "--host", "127.0.0.1", "--port", String(at), "--db", db ?? ":memory:"];
  const child = spawn(PYTHON, args, { stdio: ["ignore", "ignore", "pipe"], env: process.env });
  let log = "";
  child.stderr.on("data", (chunk) => (log += chunk));
  const exited = new Promise((done) => child.once("exit", (code, signal) => done({ code, signal })));
  const deadline = Date.now() + 30_000;
  while (!(await listening(at))) {
    if (child.exitCode !== null || Date.now() > deadline) {
      child.kill("SIGKILL");
      throw new Error(`cardrules serve did not start (${PYTHON} ${args.join(" ")}): ${log}`);
    }
    await new Promise((done) => setTimeout(done, 100));
  }
  return {
    port: at,
    url: `ws://127.0.0.1:${at}/ws`,
    log: () => log,
    /** Ctrl-C, as a person stops it. */
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill("SIGINT");
      return exited;
    },
    /** SIGKILL: no chance to clean up. */
    async kill() {
      if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
      return exited;
    },
  };
}

// Every integer a message holds must be one JavaScript holds exactly (a larger one would have been
// rounded by JSON.parse already: the protocol sends seeds as strings).
function unsafeNumbers(value, where, found) {
  if (typeof value === "number" && Number.isInteger(value) && !Number.isSafeInteger(value)) found.push(`${where}: ${value}`);
  else if (Array.isArray(value)) value.forEach((item, k) => unsafeNumbers(item, `${where}[${k}]`, found));
  else if (value && typeof value === "object") for (const [key, item] of Object.entries(value)) unsafeNumbers(item, `${where}.${key}`, found);
  return found;
}

/** A socket factory for `connect(url, {createSocket})`: a ws socket whose every request and every
 * message received is checked against the schema (ajv, strict), each problem put in `problems`;
 * `counts` counts what was checked. */
export function checkedSockets() {
  const problems = [];
  const counts = { sent: 0, received: 0, pushes: 0 };
  const createSocket = (url) => {
    const socket = new WebSocket(url);
    const send = socket.send.bind(socket);
    socket.send = (text) => {
      const request = JSON.parse(text);
      counts.sent += 1;
      if (!validRequest(request)) problems.push(`request ${text}: ${ajv.errorsText(validRequest.errors)}`);
      send(text);
    };
    socket.addEventListener("message", (message) => {
      const text = String(message.data);
      const reply = JSON.parse(text);
      counts.received += 1;
      if (reply.id === null) counts.pushes += 1;
      if (!validReply(reply)) problems.push(`reply ${text.slice(0, 300)}: ${ajv.errorsText(validReply.errors)}`);
      for (const where of unsafeNumbers(reply, "reply", [])) problems.push(`an integer JavaScript cannot hold: ${where}`);
      if (JSON.stringify(JSON.parse(text)) !== JSON.stringify(reply)) problems.push("a reply does not read back the same");
    });
    return socket;
  };
  return { createSocket, problems, counts };
}

export const randomString = () => randomBytes(16).toString("hex");

/** Play seat `seat` of `table` with `token` to the end of the game, a random legal move whenever
 * it is to act, through a dropped connection too (the client reconnects; a move whose reply was
 * lost is sent again with its `at`, and refused if it was played). Resolves to the last state. */
export async function playSeat(client, table, token, seat, { limit = 20_000, afterMove } = {}) {
  for (let turn = 0; turn < limit; turn += 1) {
    let state;
    try {
      state = await client.waitFor(table, (s) => s.outcome !== null || (s.to_act === seat && s.seat === seat && s.legal.length > 0), { timeout: 60_000 });
    } catch (error) {
      if (error instanceof ConnectionClosedError && client.status !== "closed") continue;
      throw error;
    }
    if (state.outcome !== null) return state;
    const move = state.legal[Math.floor(Math.random() * state.legal.length)];
    try {
      await client.play(table, token, move);
      await afterMove?.(turn);
    } catch (error) {
      if (error instanceof ConnectionClosedError && client.status !== "closed") {
        await client.ready();
      } else if (error instanceof ProtocolReplyError && error.type === "IllegalMoveError") {
        await client.request("view", { table, token }); // the table moved on: see where it is
      } else {
        throw error;
      }
    }
  }
  throw new Error(`table ${table}: no end after ${limit} moves`);
}
