// The cardrules web table: what this browser keeps of the tables it has been at (localStorage),
// "Your tables" in the lobby, and the lobby's last choices. A seat's link holds the seat's token,
// a secret: it stays in this browser (it is sent to no one but the server, to join), and
// forgetting a table removes it.

import { el } from "./cards.js";
import { GAMES } from "./games/index.js";
import { botTitle } from "./seats.js";
import { resultWords } from "./table.js";

/** @typedef {import("./types.js").KeptTable} KeptTable */
/** @typedef {import("./types.js").KeptState} KeptState */
/** @typedef {import("./types.js").LobbyChoices} LobbyChoices */
/** @typedef {import("./types.js").TableReply} TableReply */
/** @typedef {import("./types.js").Config} Config */
/** @typedef {import("./types.js").GameName} GameName */

export const TABLES_KEY = "cardrules.tables";
export const LOBBY_KEY = "cardrules.lobby";
// The tables kept, newest first: the oldest go once there are more.
export const MOST_TABLES = 40;

/**
 * What localStorage holds under `key`, as JSON (null: nothing, or not JSON).
 * @param {string} key
 * @returns {unknown}
 */
function stored(key) {
  try {
    return JSON.parse(localStorage.getItem(key) || "null");
  } catch {
    return null;
  }
}

/** @returns {KeptTable[]} the tables this browser keeps, newest first */
export function keptTables() {
  const list = stored(TABLES_KEY);
  if (!Array.isArray(list)) return [];
  // An entry is this page's own (keepTable); one of a game this server does not have is left out.
  return /** @type {KeptTable[]} */ (list).filter((t) => t && typeof t.id === "string" && GAMES[t.game]);
}

/** @param {KeptTable[]} list */
function keepList(list) {
  localStorage.setItem(TABLES_KEY, JSON.stringify(list.slice(0, MOST_TABLES)));
}

/** @param {string} id a table's */
export function forgetTable(id) {
  keepList(keptTables().filter((t) => t.id !== id));
}

// A state of the table the page is at, into its entry (made, or moved to the front).
/**
 * @param {import("./types.js").Table} table the page's table
 * @param {TableReply} reply a state reply for it
 */
export function noteState(table, reply) {
  const list = keptTables();
  const old = list.find((t) => t.id === reply.table);
  const view = /** @type {{data?: {config?: Config}, shared?: {config?: Config}}} */ (reply.view);
  const config = configOf(reply.game, (view.data || view.shared || {}).config) || (old ? old.config : {});
  const seat = reply.seat;
  const token = seat !== null ? table.token : null;
  /** @type {KeptTable} */
  const entry = {
    id: reply.table,
    game: reply.game,
    seat,
    link: seat !== null && token ? `#/t/${reply.table}/${seat}/${token}` : `#/t/${reply.table}`,
    seats: reply.seats ? [...reply.seats] : old ? old.seats : [],
    config,
    seen: Date.now(),
    state: stateOf(reply),
  };
  keepList([entry, ...list.filter((t) => t.id !== reply.table)]);
  keepLobbyChoices({
    ...lobbyChoices(),
    game: entry.game,
    configs: { ...lobbyChoices().configs, [entry.game]: config },
    seats: { ...lobbyChoices().seats, [entry.game]: entry.seats },
    you: seat === null ? "watch" : String(seat),
  });
}

// A view's config as the lobby reads it: the game's config fields only (a JSON document's "type" left out).
/**
 * @param {import("./types.js").GameName} game
 * @param {Config | undefined} config
 * @returns {Config | null}
 */
function configOf(game, config) {
  if (!config || typeof config !== "object") return null;
  /** @type {Config} */
  const fields = {};
  for (const [name, value] of Object.entries(config)) if (name !== "type") fields[name] = value;
  return GAMES[game] ? fields : null;
}

/**
 * A table's state in words, as its reply has it.
 * @param {TableReply} reply
 * @returns {KeptState}
 */
export function stateOf(reply) {
  const me = reply.seat;
  if (reply.outcome) {
    const { verdict, final } = resultWords(reply, me);
    return { kind: "over", text: `Over. ${verdict}${final ? ` ${final}` : ""}` };
  }
  if (reply.deal.waiting.length) return { kind: "waiting", text: "Waiting for a friend to sit down" };
  if (reply.to_act !== null && reply.to_act === me) return { kind: "your-turn", text: "Your turn" };
  if (reply.to_act === null) return { kind: "turn", text: "In play" };
  return { kind: "turn", text: `${seatWords(reply.seats || [], reply.to_act, me)}'s turn` };
}

/**
 * @param {string[]} seats who sits where
 * @param {number} seat
 * @param {number | null} me your seat
 */
function seatWords(seats, seat, me) {
  if (seat === me) return "You";
  const kind = seats[seat];
  return `Seat ${seat}${kind ? ` (${botTitle(kind)})` : ""}`;
}

/** @returns {LobbyChoices} the lobby's last choices (none: a newcomer's) */
export function lobbyChoices() {
  const saved = /** @type {Partial<LobbyChoices> | null} */ (stored(LOBBY_KEY));
  const ok = saved && typeof saved === "object";
  return {
    game: ok && Object.hasOwn(GAMES, String(saved.game)) ? /** @type {GameName} */ (saved.game) : null,
    configs: (ok && saved.configs) || {},
    seats: (ok && saved.seats) || {},
    you: ok && typeof saved.you === "string" ? saved.you : "0",
  };
}

/** @param {LobbyChoices} choices */
export function keepLobbyChoices(choices) {
  localStorage.setItem(LOBBY_KEY, JSON.stringify(choices));
}

// "Your tables": each kept table with its game, seats and state, a link to it, and a way to forget it.
/** @param {() => void} redraw draws the lobby's list again (after a forget) */
export function tablesNode(redraw) {
  const list = keptTables();
  const section = el(
    "section",
    { class: "your-tables", id: "your-tables", "aria-label": "Your tables" },
    el("h3", { text: "Your tables" }),
  );
  if (!list.length) {
    section.append(el("p", { class: "hint", text: "None yet: the tables you start, join or watch are kept here." }));
    return section;
  }
  const rows = list.map((t) => {
    const seats = t.seats.map((kind, k) => (k === t.seat ? "You" : botTitle(kind))).join(" · ");
    const where = t.seat === null ? "watching" : `you are Seat ${t.seat}`;
    return el(
      "li",
      { class: "kept", dataTable: t.id, dataState: t.state.kind },
      el("a", { href: t.link, class: "open", text: `${GAMES[t.game].title}, ${where}` }),
      el("span", { class: "state", text: t.state.text }),
      el("small", { class: "who", text: seats }),
      el("small", { class: "seen", text: `last seen ${new Date(t.seen).toLocaleString()}` }),
      el("button", {
        type: "button",
        class: "forget",
        "aria-label": `Forget ${GAMES[t.game].title} table ${t.id}`,
        text: "Forget",
        onclick: () => {
          forgetTable(t.id);
          redraw();
        },
      }),
    );
  });
  section.append(el("ul", {}, rows));
  return section;
}
