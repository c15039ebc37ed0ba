// The cardrules web table, at a table: replies, and their events replayed at the chosen pace.

import { el, fact, playKind } from "./cards.js";
import { GAMES } from "./games/index.js";
import { seatCount } from "./felt.js";
import { app, ask, loadGames, screen, showError } from "./session.js";
import { drawTable, randomText } from "./table.js";
import { noteState } from "./tables.js";

/** @typedef {import("./types.js").Table} Table */
/** @typedef {import("./types.js").TableReply} TableReply */
/** @typedef {import("./types.js").StateReply} StateReply */
/** @typedef {import("./types.js").ErrorReply} ErrorReply */
/** @typedef {import("./types.js").ToldEvent} ToldEvent */
/** @typedef {import("./types.js").GameEvent} GameEvent */
/** @typedef {import("./types.js").Card} Card */

// The pause after each step of the replay, in seconds a card; 0 is full speed.
export const PACES = [
  ["1.2", "Slow (1.2 s a card)"],
  ["0.6", "Normal (0.6 s a card)"],
  ["0.25", "Fast (0.25 s a card)"],
  ["0", "Full speed"],
];
export const PACE_KEY = "cardrules.pace";

// ---------------------------------------------------------------- the table: replies and their replay

/** @param {Table} table */
export async function joinTable(table) {
  if (app.table !== table) return;
  if (!table.shown) screen("loading", el("p", { text: "Joining the table…" }));
  /** @type {StateReply | ErrorReply} */
  let reply;
  try {
    await loadGames();
    if (table.invitation && !(await claimSeat(table))) return;
    reply = await ask("join", { table: table.id, token: table.token || undefined });
    if (reply.ok && reply.seat !== null && reply.deal.waiting.includes(reply.seat)) reply = await sitDown(table, reply);
  } catch (error) {
    // The socket's close handler tries again in a second.
    // (#connection is the page's own, always there; what the client rejects with is an Error)
    if (app.table === table)
      /** @type {HTMLElement} */ (document.getElementById("connection")).textContent =
        `${/** @type {Error} */ (error).message}: reconnecting…`;
    return;
  }
  if (app.table !== table) return;
  if (!reply.ok) {
    showError(tableError(reply.error));
    return;
  }
  // A join's reply tells every event from the start: told at once, not replayed.
  if (reply.seats) table.kinds = reply.seats; // who sits where, for every page (a friend's too)
  table.log = logLines(/** @type {ToldEvent[]} */ (/** @type {unknown} */ (reply.events))); // see takeState
  table.queue = [];
  table.overlay = null;
  table.shown = /** @type {TableReply} */ (reply); // its game is one of GAMES' (see TableReply)
  table.target = /** @type {TableReply} */ (reply);
  table.error = "";
  noteState(table, table.target);
  drawTable();
}

// An invitation is claimed once: the seat's own token comes back, and the address becomes the
// seat's own link (kept by this browser; the invitation no longer opens the seat to anyone).
/** @param {Table} table a table with an invitation to claim */
export async function claimSeat(table) {
  const invitation = /** @type {string} */ (table.invitation); // joinTable claims only an invitation
  const reply = await ask("claim", { table: table.id, invitation });
  if (app.table !== table) return false;
  if (!reply.ok) {
    const taken = reply.error.type === "StateError" && reply.error.message.includes("is taken");
    showError(
      taken
        ? `This invitation was used already: Seat ${table.seat} is taken. Each invitation opens its seat once; ` +
            "if it was you, go back to the page where you opened it (its address holds your seat), " +
            "or find the table in Your tables."
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
/**
 * @param {Table} table a seat's table (it has the seat's token)
 * @param {StateReply} joined the join's reply
 * @returns {Promise<StateReply | ErrorReply>}
 */
export async function sitDown(table, joined) {
  if (joined.deal.chosen) return joined;
  // A deal that is not chosen (a fair deal) has its commitment from the start.
  sessionStorage.setItem(`commitment-${table.id}`, /** @type {string} */ (joined.deal.commitment));
  table.shown = /** @type {TableReply} */ (joined); // its game is one of GAMES' (see TableReply)
  table.target = /** @type {TableReply} */ (joined);
  drawTable();
  const contribution = randomText();
  sessionStorage.setItem(`contribution-${table.id}-${joined.seat}`, contribution);
  const token = /** @type {string} */ (table.token);
  return ask("sit", { table: table.id, token, contribution, bots_after_reply: true });
}

// A table's error as a person reads it: a table that is not there, a seat's link whose key is no
// seat's, an invitation that is not the table's; any other in the server's words, never its type.
/** @param {{type: string, message: string}} error a reply's error */
export function tableError(error) {
  const back = "Your tables (from the lobby) has the links this browser kept.";
  if (error.message.startsWith("no table"))
    return (
      "There is no such table on this server: the link may be mistyped, or the table was made on another " +
      `server. ${back}`
    );
  if (error.message.includes("token is no seat's"))
    return (
      "This link's seat key is not one of this table's seats: the link may have been cut short or mistyped. " + back
    );
  if (error.message.includes("invitation is no seat's"))
    return `This invitation is not one of this table's: it may have been cut short or mistyped. ${back}`;
  const said = error.message.charAt(0).toUpperCase() + error.message.slice(1);
  return `This table could not be opened: ${said.replace(/\.?$/, ".")}`;
}

/** @param {StateReply} reply a reply for the page's table (onPush and send check that there is one) */
export function takeState(reply) {
  const table = /** @type {Table} */ (app.table);
  if (reply.seats) table.kinds = reply.seats; // who sits where, for every page (a friend's too)
  // Each event the server tells is one of its games' (types/games.d.ts).
  const steps = stepsOf(/** @type {ToldEvent[]} */ (/** @type {unknown} */ (reply.events)));
  const known = table.target;
  if (!known || reply.moves >= known.moves) table.target = /** @type {TableReply} */ (reply); // see TableReply
  noteState(table, /** @type {TableReply} */ (table.target));
  // A PublicView (a spectator's, or before the deal) has no data.
  /** @typedef {{data?: object}} Data */
  if (!table.shown || !(/** @type {Data} */ (table.shown.view).data) || !(/** @type {Data} */ (reply.view).data)) {
    // Nothing on the table to replay onto (the deal was waiting): show the new position.
    table.log.push(...steps.map(stepLine));
    table.shown = table.target;
    clearChoice(table);
    drawTable();
    return;
  }
  if (table.early) {
    // The cards put on the felt when they were chosen are told by this reply: into the log only.
    const first = steps[0];
    const mine = first && first.kind === "CardPlayed" ? first.events.splice(0, table.early) : [];
    if (mine.length) table.log.push(stepLine({ kind: "CardPlayed", events: mine, closed: true }));
    if (first && !first.events.length) steps.shift();
    table.early = 0;
  }
  table.queue.push(...steps);
  replay(table);
}

// The events of a reply as steps of the replay: one event each, but the cards a seat plays at
// once (a double, sisters) are one step.
/** @param {ToldEvent[]} events */
export function stepsOf(events) {
  /** @type {import("./types.js").Step[]} */
  const steps = [];
  for (const e of events) {
    const data = e.event.data;
    const last = steps[steps.length - 1];
    if (
      data.type === "CardPlayed" &&
      last &&
      last.kind === "CardPlayed" &&
      // a CardPlayed step's events are CardPlayed
      /** @type {import("../client/index.js").Games.Shared.CardPlayed} */ (last.events[0].event.data).seat ===
        data.seat &&
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

/** @type {Partial<Record<import("./types.js").GameEvent["type"], number>>} */
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
/**
 * @param {Table} table
 * @param {number} seconds
 * @returns {Promise<void>}
 */
export function pause(table, seconds) {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, seconds * 1000);
    table.wake = () => {
      clearTimeout(timer);
      resolve();
    };
  });
}

/** @param {Table} table a table with a shown reply, whose view has data (takeState) */
export async function replay(table) {
  if (table.playing) return;
  table.playing = true;
  while (table.queue.length && !table.gone) {
    const step = /** @type {import("./types.js").Step} */ (table.queue.shift()); // the queue has one
    if (!table.overlay) table.overlay = freshOverlay(/** @type {TableReply} */ (table.shown));
    tell(table, step);
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

/** @param {Table} table */
export function clearChoice(table) {
  table.chosen = [];
  table.chosenIndexes = [];
  table.team = null;
}

/**
 * @param {TableReply} reply a seat's reply, whose view has data (the replay runs on no other)
 * @returns {import("./types.js").Overlay}
 */
export function freshOverlay(reply) {
  // What the overlay reads of a seat's view: a trick game's trick and leader, the hand sizes of a
  // game that counts them.
  /** @typedef {Partial<import("./types.js").TrickView> & {hand_sizes?: number[]}} Reads */
  const d = /** @type {Reads} */ (/** @type {{data?: unknown}} */ (reply.view).data);
  const seats = seatCount(reply);
  const plays = GAMES[reply.game].tricks
    ? (d.trick || []).map((play, i) => ({
        seat: (i + /** @type {number} */ (d.leader)) % seats, // a trick has its leader
        cards: Array.isArray(play) ? play : [play],
      }))
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

// One step told: into the log as one line, and each of its events onto the table being replayed.
/**
 * @param {Table} table a table being replayed (its overlay made, its shown reply there)
 * @param {import("./types.js").Step} step
 */
export function tell(table, step) {
  const line = stepLine(step);
  table.log.push(line);
  /** @type {import("./types.js").Overlay} */ (table.overlay).note = line;
  for (const e of step.events) place(table, e.event.data);
}

// The log's lines of some events: one a step, so a double or sisters played at once is one line.
/** @param {ToldEvent[]} events */
export function logLines(events) {
  return stepsOf(events).map(stepLine);
}

// A step's line in the log: its event's words; the cards a seat played at once, in one line
// ("Seat 2 plays the 9♠ 9♠ (a double)."), from the words of each card's event.
/** @param {import("./types.js").Step} step */
export function stepLine(step) {
  const texts = step.events.map((e) => e.text);
  if (texts.length === 1) return texts[0];
  // The words before the first card: the texts' common start, back to a word's end.
  let common = 0;
  while (common < texts[0].length && texts.every((t) => t[common] === texts[0][common])) common++;
  const start = texts[0].lastIndexOf(" ", common - 1) + 1;
  const cards = texts.map((t) => t.slice(start).replace(/\.$/, ""));
  const data = step.events.map((e) => e.event.data);
  const kind = playKind(data.map((d) => ("card" in d ? d.card : "")));
  return `${texts[0].slice(0, start)}${cards.join(" ")}${kind ? ` (${kind})` : ""}.`;
}

// An event onto the table being replayed (told, or a card of yours on its way to the server).
/**
 * @param {Table} table a table being replayed (its overlay made, its shown reply there)
 * @param {GameEvent} data
 */
export function place(table, data) {
  const ov = /** @type {import("./types.js").Overlay} */ (table.overlay);
  const me = /** @type {TableReply} */ (table.shown).seat;
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

// A move sent: the cards it plays go onto the felt at once (a trick game's), taken back only if
// the server refuses it; the reply comes as soon as the move is committed, and the bots' moves
// that follow come one by one as pushes (bots_after_reply), each told as it arrives.
/**
 * @param {string} move
 * @param {Card[]} cards the cards it plays (none: a move that is not a card's, or a slot's)
 */
export async function send(move, cards = []) {
  // A move is sent from a seat's controls: the page is at a table, shown, with the seat's token.
  const table = /** @type {Table} */ (app.table);
  if (table.busy) return;
  table.busy = true;
  table.error = "";
  const shown = /** @type {TableReply} */ (table.shown);
  if (cards.length && GAMES[shown.game].tricks && !table.overlay && !table.queue.length) {
    table.overlay = freshOverlay(shown);
    const seat = /** @type {number} */ (shown.seat); // a seat's controls
    for (const card of cards) place(table, { type: "CardPlayed", seat, card });
    table.early = cards.length;
  }
  drawTable();
  /** @type {StateReply | {ok: false, error: {type: string, message: string}}} */
  let reply;
  try {
    // "at": the position this move was chosen in; a move sent twice is refused the second time.
    const token = /** @type {string} */ (table.token);
    reply = await ask("play", { table: table.id, token, move, at: shown.moves, bots_after_reply: true });
  } catch (error) {
    // what the client rejects with is an Error
    reply = { ok: false, error: { type: "Disconnected", message: /** @type {Error} */ (error).message } };
  }
  table.busy = false;
  if (reply.ok) {
    takeState(reply);
  } else {
    if (table.early) [table.overlay, table.early] = [null, 0]; // the cards go back to the hand
    table.error = reply.error.message;
    drawTable();
  }
}
