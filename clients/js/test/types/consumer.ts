// A TypeScript program using @cardrules/client as a consumer would: `tsc --strict` must accept
// it (test/types.test.mjs), so the declarations describe the API the tests drive. Never run.
import {
  connect,
  ConnectionClosedError,
  DealCheckError,
  PROTOCOL_VERSION,
  ProtocolReplyError,
  verifyDeal,
  type GameEvent,
  type Games,
  type GameView,
  type NumberedEvent,
  type StateReply,
} from "@cardrules/client";

export async function playClubs(url: string): Promise<string> {
  const client = await connect(url, { reconnect: { initialDelay: 100, maxAttempts: 10 } });
  const games = await client.request("games");
  const version: number = games.protocol;
  if (version !== PROTOCOL_VERSION) throw new Error(`the server speaks protocol ${version}`);
  const clubs = games.games.find((game) => game.name === "clubs");
  if (!clubs) throw new Error("no clubs here");
  const created = await client.request("new", { game: "clubs", seats: ["human", "random", "random", "heuristic"], config: { threshold: 5 } });
  const token = created.tokens["0"];
  if (token === undefined) throw new Error("no token for seat 0");
  const seen: string | null = created.deal.commitment;
  const mine = "my own string";
  let state: StateReply = await client.request("sit", { table: created.table, token, contribution: mine });
  client.onEvents(({ events }: { events: NumberedEvent[] }) => {
    for (const { number, text } of events) console.log(number, text);
  });
  while (state.outcome === null) {
    state = await client.waitFor(created.table, (s) => s.outcome !== null || s.to_act === s.seat);
    if (state.outcome !== null) break;
    const move = state.legal[0];
    if (move === undefined) throw new Error("no legal move");
    try {
      state = await client.play(created.table, token, move);
    } catch (error) {
      if (error instanceof ProtocolReplyError && error.type === "IllegalMoveError") continue;
      if (error instanceof ConnectionClosedError) await client.ready();
      else throw error;
    }
    // A seat's view, typed by its game.
    if (state.game === "clubs" && "data" in state.view) {
      const view: Games.Clubs.View = state.view.data as unknown as GameView<"clubs">;
      const hand: Games.Card[] = view.hand;
      const tricks: Games.Shared.CompletedTrick[] = view.tricks;
      console.log(hand.length, tricks.length, view.scores);
    }
    for (const { event } of state.events) {
      const data = event.data as unknown as GameEvent<"clubs">;
      if (data.type === "TrickWon") console.log(data.seat, data.points);
    }
  }
  const reveal = state.deal.reveal;
  if (reveal === null) throw new Error("a fair table reveals its deal at the end");
  try {
    const { seed } = await verifyDeal(reveal, { commitmentSeen: seen, ownContribution: mine, seat: 0 });
    return seed;
  } catch (error) {
    if (error instanceof DealCheckError) console.error(error.problems.join("\n"));
    throw error;
  } finally {
    await client.close();
  }
}

export function firstPushes(url: string, table: string): void {
  void (async () => {
    const client = await connect(url, { WebSocket: globalThis.WebSocket });
    await client.request("join", { table });
    for await (const push of client.pushes()) {
      const idNull: null = push.id;
      console.log(idNull, push.moves, push.events.map((e) => e.text));
      const events: Games.Events["manager"][] = [];
      console.log(events.length);
    }
  })();
}
