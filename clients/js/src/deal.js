// The fair-deal recipe of docs/protocol.md ("Provably fair deals", scheme "cardrules-deal-1"),
// checked with the WebCrypto SHA-256 that browsers and Node 20 both have (globalThis.crypto.subtle).
import { DealCheckError } from "./errors.js";

/** The scheme's name; it prefixes every hashed text. */
export const SCHEME = "cardrules-deal-1";

const HEX64 = /^[0-9a-f]{64}$/;
const SEAT = /^(0|[1-9][0-9]*)$/;

function subtle() {
  const found = globalThis.crypto?.subtle;
  if (!found) {
    throw new Error(
      "this environment has no WebCrypto (globalThis.crypto.subtle): a browser gives it only to pages " +
        "served over HTTPS or from this computer; the deal cannot be checked here",
    );
  }
  return found;
}

async function digest(text) {
  return new Uint8Array(await subtle().digest("SHA-256", new TextEncoder().encode(text)));
}

function hex(bytes) {
  return Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
}

/** SHA-256 of `text`'s UTF-8 bytes, as lowercase hex. */
export async function sha256Hex(text) {
  return hex(await digest(text));
}

/** The commitment the server publishes before the deal: SHA-256("cardrules-deal-1:" + serverSeed
 * + ":" + salt), lowercase hex. */
export async function dealCommitment(serverSeed, salt) {
  return sha256Hex(`${SCHEME}:${serverSeed}:${salt}`);
}

/** The deal's seed, as a decimal string (0 to 2**64 - 1), from the server's seed and each human
 * seat's contribution (`{"0": "...", "2": ""}`: seat numbers as strings, `""` for a seat that
 * gave none). The seats are taken in numeric order. */
export async function dealSeed(serverSeed, contributions) {
  const seats = Object.keys(contributions).sort((a, b) => Number(a) - Number(b));
  const lines = [];
  for (const seat of seats) lines.push(`${seat}=${await sha256Hex(contributions[seat])}`);
  const bytes = await digest(`${SCHEME}:${serverSeed}\n${lines.join("\n")}`);
  return new DataView(bytes.buffer, bytes.byteOffset, 8).getBigUint64(0, false).toString();
}

function show(value) {
  return value === undefined ? "nothing" : JSON.stringify(value);
}

/** Check a finished table's `deal.reveal` as docs/protocol.md says: the commitment is the SHA-256
 * of the revealed seed and salt; it is the one `commitmentSeen` (the commitment you were shown
 * before the deal, if you noted it); seat `seat`'s revealed string is `ownContribution` (what you
 * sent with `sit`, if you give both); and the revealed strings with the server's seed make the
 * revealed seed. Resolves to `{seed}` (a decimal string), or rejects with a `DealCheckError`
 * listing every thing that did not match. */
export async function verifyDeal(reveal, { commitmentSeen, ownContribution, seat } = {}) {
  if ((ownContribution === undefined) !== (seat === undefined || seat === null)) {
    throw new TypeError("verifyDeal: give ownContribution and seat together (the string this seat sent, and its number)");
  }
  subtle();
  if (reveal === null || typeof reveal !== "object") {
    throw new DealCheckError([`a reveal is an object (a finished table's deal.reveal), got ${show(reveal)}`]);
  }
  const problems = [];
  for (const name of ["commitment", "server_seed", "salt", "seed"]) {
    if (typeof reveal[name] !== "string") {
      const rounded = name === "seed" && typeof reveal[name] === "number" ? " (a seed sent as a number may have been rounded by JSON.parse)" : "";
      problems.push(`the reveal's ${name} is ${show(reveal[name])}, not a string${rounded}`);
    }
  }
  const given = reveal.contributions;
  const contributionsOk =
    given !== null && typeof given === "object" && !Array.isArray(given) && Object.entries(given).every(([k, v]) => SEAT.test(k) && typeof v === "string");
  if (!contributionsOk) problems.push(`the reveal's contributions map each human seat (a number as a string) to its string, got ${show(given)}`);
  if (problems.length) throw new DealCheckError(problems);

  const made = await dealCommitment(reveal.server_seed, reveal.salt);
  if (!HEX64.test(reveal.commitment)) problems.push(`the reveal's commitment ${show(reveal.commitment)} is not 64 lowercase hex digits`);
  if (made !== reveal.commitment) problems.push(`SHA-256 of the revealed server seed and salt is ${made}, not the commitment ${reveal.commitment}`);
  if (commitmentSeen !== undefined && commitmentSeen !== null) {
    const seen = String(commitmentSeen).trim().toLowerCase();
    if (seen !== reveal.commitment) problems.push(`the commitment seen before the deal was ${seen}, not the revealed ${reveal.commitment}`);
  }
  if (ownContribution !== undefined) {
    const revealed = given[String(seat)];
    if (revealed !== ownContribution) problems.push(`seat ${seat} sent ${show(ownContribution)}, but the reveal gives it ${show(revealed)}`);
  }
  const seed = await dealSeed(reveal.server_seed, given);
  if (seed !== reveal.seed) problems.push(`the revealed server seed and contributions make seed ${seed}, not ${reveal.seed}`);
  if (problems.length) throw new DealCheckError(problems);
  return { seed };
}
