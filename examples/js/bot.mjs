// A bot that sits at a fair table of cardrules serve and plays random legal moves to the end, then
// checks the deal with its own SHA-256. Either it makes the table (any other human seats get an
// invitation, printed for friends to claim) or it claims a seat it was invited to:
//
//   node bot.mjs ws://127.0.0.1:8000/ws clubs [HUMANS]     # a new table: HUMANS human seats (1)
//   node bot.mjs ws://127.0.0.1:8000/ws TABLE INVITATION   # the seat an invitation is for
import { randomBytes } from "node:crypto";
import { connect, verifyDeal } from "@cardrules/client";
import WebSocket from "ws";

const [url, first, second] = process.argv.slice(2);
if (!url || !first) throw new Error("usage: node bot.mjs URL GAME [HUMANS] | URL TABLE INVITATION");
const client = await connect(url, { WebSocket: globalThis.WebSocket ?? WebSocket });
const { games } = await client.request("games");
const game = games.find((g) => g.name === first);
let table, token, seat, commitment;
if (game) {
  const humans = Number(second ?? 1);
  const seats = Array.from({ length: game.players }, (_, k) => (k < humans ? "human" : "heuristic"));
  const created = await client.request("new", { game: game.name, seats, seat: 0 });
  ({ table, deal: { commitment } } = created);
  [token, seat] = [created.tokens["0"], 0];
  for (const [other, code] of Object.entries(created.invitations)) console.log(`invitation for seat ${other}: ${table} ${code}`);
} else {
  const claimed = await client.request("claim", { table: first, invitation: second });
  ({ table, token, seat, deal: { commitment } } = claimed);
}
console.log(`table ${table}, seat ${seat}, commitment ${commitment}`);
const contribution = randomBytes(16).toString("hex"); // this seat's own part of the deal's seed
let state = await client.request("sit", { table, token, contribution });
while (state.outcome === null) {
  state = await client.waitFor(table, (s) => s.outcome !== null || (s.to_act === seat && s.legal.length > 0));
  if (state.outcome !== null) break;
  const move = state.legal[Math.floor(Math.random() * state.legal.length)];
  state = await client.play(table, token, move);
}
const { scores, winners } = state.outcome;
console.log(`game over after ${state.moves} moves: scores ${scores.join(", ")}; ${winners.includes(seat) ? "won" : "lost"}`);
const { seed } = await verifyDeal(state.deal.reveal, { commitmentSeen: commitment, ownContribution: contribution, seat });
console.log(`deal verified: seed ${seed} from the commitment shown before the deal and every seat's string, ours included`);
await client.close();
