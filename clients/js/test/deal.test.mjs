// verifyDeal against the fair-deal recipe's test vectors (test/vectors.json, the block that
// docs/protocol.md shows under "Test vectors"), and each way a reveal can fail to match.
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { DealCheckError, dealCommitment, dealSeed, sha256Hex, verifyDeal } from "../src/index.js";
import { VECTORS } from "./support.mjs";

const copy = (value) => JSON.parse(JSON.stringify(value));

async function problems(reveal, options) {
  try {
    await verifyDeal(reveal, options);
  } catch (error) {
    assert.ok(error instanceof DealCheckError, `not a DealCheckError: ${error}`);
    assert.equal(error.name, "DealCheckError");
    assert.equal(error.message, `the deal does not verify: ${error.problems.join("; ")}`);
    return error.problems;
  }
  assert.fail("the reveal verified");
}

describe("the documented test vectors", () => {
  assert.equal(VECTORS.scheme, "cardrules-deal-1");
  assert.ok(VECTORS.vectors.length >= 3);
  for (const vector of VECTORS.vectors) {
    test(vector.name, async () => {
      const { reveal, lines } = vector;
      assert.equal(await dealCommitment(reveal.server_seed, reveal.salt), reveal.commitment);
      const seats = Object.keys(reveal.contributions).sort((a, b) => a - b);
      const made = await Promise.all(seats.map(async (seat) => `${seat}=${await sha256Hex(reveal.contributions[seat])}`));
      assert.deepEqual(made, lines);
      assert.equal(await dealSeed(reveal.server_seed, reveal.contributions), reveal.seed);
      const seat = Number(seats[0]);
      const checked = await verifyDeal(reveal, { commitmentSeen: reveal.commitment.toUpperCase(), ownContribution: reveal.contributions[seats[0]], seat });
      assert.deepEqual(checked, { seed: reveal.seed });
      assert.deepEqual(await verifyDeal(reveal), { seed: reveal.seed });
    });
  }
});

test("a string not ASCII is hashed as its UTF-8 bytes", async () => {
  // "ü 🂡" is c3 bc 20 f0 9f 82 a1 in UTF-8 (its UTF-16 code units would hash otherwise).
  assert.equal(await sha256Hex("ü 🂡"), "b233ce48275db233c75777733f9253b780a046db12b6a4786d749e667715fed3");
  assert.equal(await sha256Hex(""), "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
});

describe("a reveal that does not match says exactly what", () => {
  const good = VECTORS.vectors[0].reveal;

  test("a salt that is not the committed one", async () => {
    const reveal = { ...copy(good), salt: "f".repeat(32) };
    const found = await problems(reveal);
    assert.equal(found.length, 1);
    assert.match(found[0], /^SHA-256 of the revealed server seed and salt is [0-9a-f]{64}, not the commitment 7d14feb1/);
  });

  test("a commitment other than the one seen before the deal", async () => {
    const found = await problems(copy(good), { commitmentSeen: "0".repeat(64) });
    assert.deepEqual(found, [`the commitment seen before the deal was ${"0".repeat(64)}, not the revealed ${good.commitment}`]);
  });

  test("one's own string not among the revealed ones", async () => {
    const found = await problems(copy(good), { ownContribution: "what I sent", seat: 0 });
    assert.deepEqual(found, ['seat 0 sent "what I sent", but the reveal gives it "9f86d081884c7d65"']);
    const missing = await problems(copy(good), { ownContribution: "x", seat: 2 });
    assert.deepEqual(missing, ['seat 2 sent "x", but the reveal gives it nothing']);
  });

  test("a seed the strings do not make", async () => {
    const found = await problems({ ...copy(good), seed: "8829139260595337806" });
    assert.deepEqual(found, ["the revealed server seed and contributions make seed 8829139260595337805, not 8829139260595337806"]);
  });

  test("a contribution changed", async () => {
    const reveal = copy(good);
    reveal.contributions["3"] = " ";
    const found = await problems(reveal);
    assert.equal(found.length, 1);
    assert.match(found[0], /^the revealed server seed and contributions make seed \d+, not 8829139260595337805$/);
  });

  test("seats sorted as text instead of as numbers make another seed", async () => {
    const { reveal } = VECTORS.vectors.find((v) => "10" in v.reveal.contributions);
    assert.equal(await dealSeed(reveal.server_seed, reveal.contributions), reveal.seed);
    const asText = Object.keys(reveal.contributions).sort();
    assert.notDeepEqual(asText, Object.keys(reveal.contributions).sort((a, b) => a - b));
  });

  test("a seed read as a number, rounded by JSON.parse", async () => {
    const rounded = JSON.parse(JSON.stringify(good).replace(`"seed":"${good.seed}"`, `"seed":${good.seed}`));
    assert.equal(typeof rounded.seed, "number");
    const found = await problems(rounded);
    assert.deepEqual(found, [`the reveal's seed is ${rounded.seed}, not a string (a seed sent as a number may have been rounded by JSON.parse)`]);
  });

  test("several things at once: each named", async () => {
    const found = await problems({ ...copy(good), salt: "00", seed: "1" }, { commitmentSeen: "ab" });
    assert.equal(found.length, 3);
  });

  test("not a reveal at all", async () => {
    assert.deepEqual(await problems(null), ["a reveal is an object (a finished table's deal.reveal), got null"]);
    const found = await problems({ ...copy(good), contributions: { zero: "a" } });
    assert.match(found[0], /^the reveal's contributions map each human seat/);
  });

  test("ownContribution without its seat is a mistake of the caller", async () => {
    await assert.rejects(verifyDeal(copy(good), { ownContribution: "x" }), TypeError);
  });
});
