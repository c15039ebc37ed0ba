// The cardrules web table, at a table: replies, and their events replayed at the chosen pace.

import { el, fact } from "./cards.js";
import { GAMES } from "./games/index.js";
import { seatCount } from "./felt.js";
import { app, ask, loadGames, screen, showError } from "./session.js";
import { drawTable, randomText } from "./table.js";

// The pause after each step of the replay, in seconds a card; 0 is full speed.
export const PACES = [
  ["1.2", "Slow (1.2 s a card)"],
  ["0.6", "Normal (0.6 s a card)"],
  ["0.25", "Fast (0.25 s a card)"],
  ["0", "Full speed"],
];
export const PACE_KEY = "cardrules.pace";

// ---------------------------------------------------------------- the table: replies and their replay

export async function joinTable(table) {
  if (app.table !== table) return;
  if (!table.shown) screen("loading", el("p", { text: "Joining the table…" }));
  let reply;
  try {
    await loadGames();
    if (table.invitation && !(await claimSeat(table))) return;
    reply = await ask("join", { table: table.id, token: table.token || undefined });
    if (reply.ok && reply.seat !== null && reply.deal.waiting.includes(reply.seat)) reply = await sitDown(table, reply);
  } catch (error) {
    // The socket's close handler tries again in a second.
    if (app.table === table) document.getElementById("connection").textContent = `${error.message}: reconnecting…`;
    return;
  }
  if (app.table !== table) return;
  if (!reply.ok) {
    showError(tableError(reply.error));
    return;
  }
  // A join's reply tells every event from the start: told at once, not replayed.
  if (reply.seats) table.kinds = reply.seats; // who sits where, for every page (a friend's too)
  table.log = reply.events.map((e) => e.text);
  table.queue = [];
  table.overlay = null;
  table.shown = reply;
  table.target = reply;
  table.error = "";
  drawTable();
}

// An invitation is claimed once: the seat's own token comes back, and the address becomes the
// seat's own link (kept by this browser; the invitation no longer opens the seat to anyone).
export async function claimSeat(table) {
  const reply = await ask("claim", { table: table.id, invitation: table.invitation });
  if (app.table !== table) return false;
  if (!reply.ok) {
    const taken = reply.error.type === "StateError" && reply.error.message.includes("is taken");
    showError(
      taken
        ? `This invitation was used already: Seat ${table.seat} is taken. Each invitation opens its seat once; ` +
            "if it was you, go back to the page where you opened it (its address holds your seat)."
        : tableError(reply.error),
    );
    return false;
  }
  table.token = reply.token;
  table.invitation = null;
  history.replaceState(null, "", `#/t/${table.id}/${reply.seat}/${reply.token}`);
  return true;
}

// A seat sits down once, after the join's reply has shown it the deal's commitment: only then
// does it send its own random string, so the server cannot have chosen its seed knowing it.
export async function sitDown(table, joined) {
  if (joined.deal.chosen) return joined;
  sessionStorage.setItem(`commitment-${table.id}`, joined.deal.commitment);
  table.shown = joined;
  table.target = joined;
  drawTable();
  const contribution = randomText();
  sessionStorage.setItem(`contribution-${table.id}-${joined.seat}`, contribution);
  return ask("sit", { table: table.id, token: table.token, contribution });
}

// A table's error as a person reads it: a table that is not there is said plainly.
export function tableError(error) {
  if (error.type === "StateError" && error.message.startsWith("no table"))
    return "There is no such table on this server: the link may be mistyped, or the table was made on another server.";
  return `${error.type}: ${error.message}`;
}

export function takeState(reply) {
  const table = app.table;
  if (reply.seats) table.kinds = reply.seats; // who sits where, for every page (a friend's too)
  const steps = stepsOf(reply.events);
  const known = table.target;
  if (!known || reply.moves >= known.moves) table.target = reply;
  if (!table.shown || !table.shown.view.data || !reply.view.data) {
    // Nothing on the table to replay onto (the deal was waiting): show the new position.
    table.log.push(...reply.events.map((e) => e.text));
    table.shown = table.target;
    clearChoice(table);
    drawTable();
    return;
  }
  table.queue.push(...steps);
  replay(table);
}

// The events of a reply as steps of the replay: one event each, but the cards a seat plays at
// once (a double, sisters) are one step.
export function stepsOf(events) {
  const steps = [];
  for (const e of events) {
    const data = e.event.data;
    const last = steps[steps.length - 1];
    if (
      data.type === "CardPlayed" &&
      last &&
      last.kind === "CardPlayed" &&
      last.events[0].event.data.seat === data.seat &&
      !last.closed
    ) {
      last.events.push(e);
      continue;
    }
    if (last && last.kind === "CardPlayed") last.closed = true;
    steps.push({ kind: data.type, events: [e], closed: false });
  }
  return steps;
}

export const STEP_WEIGHTS = {
  CardPlayed: 1,
  TrickWon: 1.5,
  CardsRevealed: 1.2,
  SeasonRevealed: 2,
  Exchanged: 1,
  Discarded: 0.15,
  GameOver: 0,
};

export function pace() {
  const saved = localStorage.getItem(PACE_KEY);
  return saved === null ? 0.6 : Number(saved);
}

// A pause that a change of pace (to full speed, say) cuts short.
export function pause(table, seconds) {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, seconds * 1000);
    table.wake = () => {
      clearTimeout(timer);
      resolve();
    };
  });
}

export async function replay(table) {
  if (table.playing) return;
  table.playing = true;
  while (table.queue.length && !table.gone) {
    const step = table.queue.shift();
    if (!table.overlay) table.overlay = freshOverlay(table.shown);
    for (const e of step.events) tell(table, e);
    const weight = STEP_WEIGHTS[step.kind] ?? 0.6;
    const seconds = pace() * weight;
    if (seconds > 0 && (table.queue.length || step.kind === "TrickWon")) {
      drawTable();
      await pause(table, seconds);
    }
  }
  table.playing = false;
  if (table.gone) return;
  table.overlay = null;
  if (table.target !== table.shown) clearChoice(table);
  table.shown = table.target;
  drawTable();
}

export function clearChoice(table) {
  table.chosen = [];
  table.chosenIndexes = [];
  table.team = null;
}

export function freshOverlay(reply) {
  const d = reply.view.data;
  const seats = seatCount(reply);
  const plays = GAMES[reply.game].tricks
    ? (d.trick || []).map((play, i) => ({ seat: (d.leader + i) % seats, cards: Array.isArray(play) ? play : [play] }))
    : [];
  return {
    plays,
    winner: null,
    points: null,
    note: "",
    counts: d.hand_sizes ? [...d.hand_sizes] : null,
    mine: [],
    dealt: false,
    revealed: null,
    ball: null,
    actor: reply.to_act,
    season: null,
    lastKind: null,
  };
}

// One event told: into the log, and onto the table being replayed.
export function tell(table, e) {
  const ov = table.overlay;
  const data = e.event.data;
  const me = table.shown.seat;
  table.log.push(e.text);
  ov.note = e.text;
  if (data.type === "CardPlayed") {
    if (ov.winner !== null) Object.assign(ov, { plays: [], winner: null, points: null });
    const last = ov.plays[ov.plays.length - 1];
    if (ov.lastKind === "CardPlayed" && last && last.seat === data.seat) last.cards = [...last.cards, data.card];
    else ov.plays.push({ seat: data.seat, cards: [data.card] });
    if (ov.counts) ov.counts[data.seat] = Math.max(0, ov.counts[data.seat] - 1);
    if (data.seat === me) ov.mine.push(data.card);
    ov.actor = data.seat;
  } else if (data.type === "TrickWon") {
    Object.assign(ov, { winner: data.seat, points: data.points, actor: data.seat });
  } else if (data.type === "Dealt") {
    Object.assign(ov, { counts: [...data.hand_sizes], plays: [], winner: null, dealt: true });
  } else if (data.type === "BottomTaken" && ov.counts) {
    ov.counts[data.seat] += fact("bottom_cards");
  } else if (data.type === "Discarded" && ov.counts) {
    ov.counts[data.seat] = Math.max(0, ov.counts[data.seat] - 1);
  } else if (data.type === "CardsRevealed") {
    ov.revealed = data.cards;
  } else if (data.type === "BallMoved") {
    ov.ball = data.end;
  } else if (data.type === "SeasonRevealed") {
    ov.season = { season: data.season, teams: data.teams, values: data.values, winner: null };
  } else if (data.type === "SeasonWon" && ov.season) {
    ov.season.winner = data.seat;
  } else if ("seat" in data) {
    ov.actor = data.seat;
  }
  ov.lastKind = data.type;
}

export async function send(move) {
  const table = app.table;
  if (table.busy) return;
  table.busy = true;
  table.error = "";
  drawTable();
  let reply;
  try {
    // "at": the position this move was chosen in; a move sent twice is refused the second time.
    reply = await ask("play", { table: table.id, token: table.token, move, at: table.shown.moves });
  } catch (error) {
    reply = { ok: false, error: { type: "Disconnected", message: error.message } };
  }
  table.busy = false;
  if (reply.ok) {
    takeState(reply);
  } else {
    table.error = reply.error.message;
    drawTable();
  }
}
