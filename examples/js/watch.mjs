// Watch a table of cardrules serve without a page: join it as a spectator and print each event's
// text as the server pushes it (the history first), until the game is over. A dropped connection
// is reopened and the table joined again, with no event printed twice or missed.
//
//   node watch.mjs ws://127.0.0.1:8000/ws TABLE
import { connect } from "@cardrules/client";
import WebSocket from "ws";

const [url, table] = process.argv.slice(2);
if (!url || !table) throw new Error("usage: node watch.mjs URL TABLE");
const client = await connect(url, { WebSocket: globalThis.WebSocket ?? WebSocket });
client.onEvents(({ events }) => {
  for (const { number, text } of events) console.log(`${String(number).padStart(4)}  ${text}`);
});
client.onStatus((change) => {
  if (change.status === "reconnecting") console.error(`connection lost: trying again in ${change.delay} ms`);
});
const joined = await client.request("join", { table });
console.error(`watching ${table} (${joined.game}, ${joined.seats.join(", ")})`);
const end = await client.waitFor(table, (state) => state.outcome !== null);
console.log(`game over: scores ${end.outcome.scores.join(", ")}; won by seat ${end.outcome.winners.join(" and seat ")}`);
await client.close();
